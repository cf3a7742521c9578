import { connectDb, trusted } from "#db/connection.server";
import { Client } from "#db/models/client.server";
import { Disease } from "#db/models/disease.server";
import { TherapeuticArea } from "#db/models/therapeutic-area.server";
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
