import { connectDb, trusted } from "#db/connection.server";
import { Client } from "#db/models/client.server";
import { Disease } from "#db/models/disease.server";
import { TherapeuticArea } from "#db/models/therapeutic-area.server";
import { User } from "#db/models/user.server";
import { redirectWithToast } from "./toast.server";
import type { SessionUser } from "./session.server";

// The single place that decides what a user may reach. The top-level admin reaches every client; everyone
// else exactly the clients, areas and diseases of their permission list (user-app §6).

export function isAdmin(user: SessionUser) {
  return user.role === "admin" || user.isTopAdmin;
}
export function isEditorOrAdmin(user: SessionUser) {
  return isAdmin(user) || user.role === "editor";
}

/** Active clients the user may open, sorted by name. */
export async function permittedClients(user: SessionUser) {
  await connectDb();
  const clients = await Client.find(
    user.isTopAdmin ? { status: "active" as const } : { _id: trusted({ $in: user.clients ?? [] }), status: "active" as const },
  ).select("name logo").sort({ name: 1 }).lean();
  return clients.map((c) => ({ id: String(c._id), name: c.name, logo: c.logo ?? null }));
}
export type PermittedClient = Awaited<ReturnType<typeof permittedClients>>[number];

/** The user's grants for one client: area id → permitted disease ids. The top-level admin gets every area. */
function grantsFor(user: SessionUser, clientId: string) {
  const grants = new Map<string, Set<string>>();
  for (const entry of user.permissions ?? []) {
    if (String(entry.client) !== clientId) continue;
    const diseases = grants.get(String(entry.therapeuticArea)) ?? new Set<string>();
    entry.diseases.forEach((d) => diseases.add(String(d)));
    grants.set(String(entry.therapeuticArea), diseases);
  }
  return grants;
}

/** Therapeutic areas of a client that the user may see, sorted by name. */
export async function permittedAreas(user: SessionUser, clientId: string) {
  await connectDb();
  const filter = user.isTopAdmin
    ? { client: clientId }
    : { client: clientId, _id: trusted({ $in: [...grantsFor(user, clientId).keys()] }) };
  const areas = await TherapeuticArea.find(filter).select("name").sort({ name: 1 }).lean();
  return areas.map((a) => ({ id: String(a._id), name: a.name }));
}

/**
 * Resolves a client id from the URL against the user's permitted clients; throws the spec's redirect with a
 * toast when it is missing ('Please, select a client first!') or not permitted ('Invalid Client ID').
 */
export async function requirePermittedClient(request: Request, user: SessionUser, clientId: string | undefined) {
  if (!clientId) throw await redirectWithToast(request, "/", { type: "error", message: "Please, select a client first!" });
  const client = (await permittedClients(user)).find((c) => c.id === clientId);
  if (!client) throw await redirectWithToast(request, "/", { type: "error", message: "Invalid Client ID" });
  return client;
}

/**
 * A disease the user may see: the top-level admin any disease of an active client; everyone else (admins
 * included) only a disease listed in one of their permission entries for that disease's client, of an active
 * client. Answers "not-found" for a malformed or unknown id and "forbidden" otherwise, so each caller can respond
 * in its own way (JSON for resources, the spec's redirect for pages).
 */
export async function findPermittedDisease(user: SessionUser, diseaseId: string | undefined) {
  if (!diseaseId || !/^[0-9a-f]{24}$/i.test(diseaseId)) return { status: "not-found" } as const;
  await connectDb();
  const disease = await Disease.findById(diseaseId).select("name therapeuticArea client sheetId sheetName range titlePrefix reports tm").lean();
  if (!disease) return { status: "not-found" } as const;
  const granted =
    user.isTopAdmin ||
    (user.permissions ?? []).some(
      (p) => String(p.client) === String(disease.client) && p.diseases.some((d) => String(d) === diseaseId.toLowerCase()),
    );
  const client = granted ? await Client.findById(disease.client).select("status").lean() : null;
  if (client?.status !== "active") return { status: "forbidden" } as const;
  return { status: "ok", disease } as const;
}

// ---------------------------------------------------------------------------------------------------------------
// Catalogue management (user-app §6): who may add, edit and delete therapeutic areas and diseases. Each action and
// loader calls the matching `require…` guard; a refused role gets a 403 Response, never data.

export type CatalogAction = "area:write" | "area:delete" | "disease:write" | "disease:delete";

/** Add/edit area: admin or editor; delete area: admin; add/edit disease: admin; delete disease: top-level admin. */
export function mayManage(user: SessionUser, action: CatalogAction) {
  switch (action) {
    case "area:write":
      return isEditorOrAdmin(user);
    case "area:delete":
    case "disease:write":
      return isAdmin(user);
    case "disease:delete":
      return Boolean(user.isTopAdmin);
  }
}

/** Throws a 403 unless the user's role allows the action. */
export function requireCatalogRole(user: SessionUser, action: CatalogAction) {
  if (!mayManage(user, action)) throw new Response("You don't have permission to do this.", { status: 403 });
}

const OBJECT_ID = /^[0-9a-f]{24}$/i;

/**
 * A client and one of its therapeutic areas the user may see; any mismatch (malformed, unknown, foreign, or an area
 * of another client) throws the spec's redirect to / with 'Invalid ID'.
 */
export async function requirePermittedArea(request: Request, user: SessionUser, clientId: string | undefined, taId: string | undefined) {
  const invalid = async () => redirectWithToast(request, "/", { type: "error", message: "Invalid ID" });
  if (!clientId || !taId || !OBJECT_ID.test(taId)) throw await invalid();
  const client = (await permittedClients(user)).find((c) => c.id === clientId);
  if (!client) throw await invalid();
  const area = (await permittedAreas(user, client.id)).find((a) => a.id === taId.toLowerCase());
  if (!area) throw await invalid();
  return { client, area };
}

/** Diseases of a permitted area that the user may see (the top-level admin: all of them), sorted by name. */
export async function permittedDiseases(user: SessionUser, clientId: string, taId: string) {
  await connectDb();
  const filter = user.isTopAdmin
    ? { therapeuticArea: taId, client: clientId }
    : { therapeuticArea: taId, client: clientId, _id: trusted({ $in: [...(grantsFor(user, clientId).get(taId) ?? [])] }) };
  const diseases = await Disease.find(filter).select("name reports").sort({ name: 1 }).lean();
  return diseases.map((d) => ({ id: String(d._id), name: d.name, reportCount: d.reports?.length ?? 0 }));
}

/** A permitted disease that belongs to the given permitted area; otherwise the spec's 'Invalid ID' redirect. */
export async function requirePermittedDiseaseIn(request: Request, user: SessionUser, area: { id: string }, dId: string | undefined) {
  const found = await findPermittedDisease(user, dId);
  if (found.status !== "ok" || String(found.disease.therapeuticArea) !== area.id) {
    throw await redirectWithToast(request, "/", { type: "error", message: "Invalid ID" });
  }
  return found.disease;
}

/**
 * Grants a newly created area (and optionally a disease in it) to its creator, so they see what they added. The
 * top-level admin sees everything already. Loaded and saved as a document (FerretDB lacks positional updates), which
 * also keeps `clients` derived.
 */
export async function grantToCreator(user: SessionUser, grant: { client: string; therapeuticArea: string; disease?: string }) {
  if (user.isTopAdmin) return;
  await connectDb();
  const doc = await User.findById(user._id);
  if (!doc) return;
  let entry = doc.permissions.find((p) => String(p.client) === grant.client && String(p.therapeuticArea) === grant.therapeuticArea);
  if (!entry) {
    doc.permissions.push({ client: grant.client, therapeuticArea: grant.therapeuticArea, diseases: [] });
    entry = doc.permissions[doc.permissions.length - 1];
  }
  if (grant.disease && !entry.diseases.some((d) => String(d) === grant.disease)) entry.diseases.push(grant.disease as never);
  await doc.save();
}

/** Removes an area (its whole entry) or a disease from every user's permission list. */
export async function revokeFromAllUsers(target: { therapeuticArea: string } | { disease: string }) {
  await connectDb();
  const filter = "therapeuticArea" in target ? { "permissions.therapeuticArea": target.therapeuticArea } : { "permissions.diseases": target.disease };
  const users = await User.find(filter);
  for (const doc of users) {
    if ("therapeuticArea" in target) {
      // Subdocuments without _id cannot be pulled by identity: keep the others instead.
      doc.set("permissions", doc.permissions.filter((p) => String(p.therapeuticArea) !== target.therapeuticArea).map((p) => p.toObject()));
    } else {
      for (const p of doc.permissions) {
        const kept = p.diseases.filter((d) => String(d) !== target.disease);
        if (kept.length !== p.diseases.length) p.diseases = kept as never;
      }
    }
    await doc.save();
  }
}
