import { connectDb, trusted } from "#db/connection.server";
import { Client, Disease, TherapeuticArea, User } from "#db/models/index.server";
import { grantKey, type AccessTree } from "~/utils/access";
import { grantsIn, type Actor } from "~/utils/permissions";
import type { SessionUser } from "~/utils/session.server";

// Grants, the bottom of the model layer (it imports no other model): a user's permission list (admin-console §3) as
// grant keys "client.area.disease" and back, what a user holds (the permissions picker's tree), the rule that an
// administrator gives only what they hold, readable names of grants, and the writes every area and disease change
// makes to everyone's grants.

type Grants = Actor["permissions"];

/** Every grant of a permission list as keys. */
export function grantKeys(permissions: Grants): Set<string> {
  return new Set((permissions ?? []).flatMap((p) => p.diseases.map((d) => grantKey(p.client, p.therapeuticArea, d))));
}

/** A permission list from keys: one entry per area, its diseases once each; areas without a disease are dropped. */
export function permissionsFromKeys(keys: Iterable<string>) {
  const byArea = new Map<string, { client: string; therapeuticArea: string; diseases: string[] }>();
  for (const key of new Set(keys)) {
    const [client, area, disease] = key.split(".");
    if (!client || !area || !disease) continue;
    const entry = byArea.get(`${client}.${area}`) ?? { client, therapeuticArea: area, diseases: [] };
    entry.diseases.push(disease);
    byArea.set(`${client}.${area}`, entry);
  }
  return [...byArea.values()];
}

/**
 * What `user` holds, as a tree with names: the top-level admin every active client with all its areas and diseases,
 * anyone else the granted diseases of active clients. Sorted by name at each level.
 */
export async function holdingsOf(user: Actor & { clients?: unknown[] | null }): Promise<AccessTree> {
  await connectDb();
  const held = grantKeys(user.permissions);
  const clientIds = user.isTopAdmin ? null : [...new Set([...held].map((k) => k.split(".")[0]!))];
  const clients = await Client.find({ status: "active", ...(clientIds ? { _id: trusted({ $in: clientIds }) } : {}) })
    .select("name")
    .sort({ name: 1, _id: 1 })
    .lean();
  const ids = clients.map((c) => c._id);
  const [areas, diseases] = await Promise.all([
    TherapeuticArea.find({ client: trusted({ $in: ids }) })
      .select("name client")
      .sort({ name: 1, _id: 1 })
      .lean(),
    Disease.find({ client: trusted({ $in: ids }) })
      .select("name client therapeuticArea")
      .sort({ name: 1, _id: 1 })
      .lean(),
  ]);
  const tree = clients.map((c) => ({
    id: String(c._id),
    name: c.name,
    areas: areas
      .filter((a) => String(a.client) === String(c._id))
      .map((a) => ({
        id: String(a._id),
        name: a.name,
        diseases: diseases
          .filter((d) => String(d.therapeuticArea) === String(a._id) && (user.isTopAdmin || held.has(grantKey(c._id, a._id, d._id))))
          .map((d) => ({ id: String(d._id), name: d.name })),
      }))
      .filter((a) => a.diseases.length > 0),
  }));
  return { clients: tree.filter((c) => c.areas.length > 0) };
}

/**
 * The grants after an administrator's edit: the target's grants outside the administrator's holdings stay as they
 * are (they cannot see or change them), inside them the chosen ones. `refused`: chosen keys the administrator does not
 * hold — a tampered form, since the picker offers only held ones.
 */
export function mergeGrants({ current, held, chosen }: { current: Iterable<string>; held: ReadonlySet<string>; chosen: Iterable<string> }) {
  const picked = new Set(chosen);
  const refused = [...picked].filter((key) => !held.has(key));
  const keys = new Set([...current].filter((key) => !held.has(key)));
  for (const key of picked) if (held.has(key)) keys.add(key);
  return { keys, refused };
}

/** Readable names of grant keys, "Client › Area › Disease", sorted (for the audit trail and the permissions dialog). */
export async function describeGrants(keys: Iterable<string>) {
  const parts = [...new Set(keys)].map((key) => key.split("."));
  if (parts.length === 0) return [];
  await connectDb();
  const ids = (i: number) => [...new Set(parts.map((p) => p[i]!))];
  const [clients, areas, diseases] = await Promise.all([
    Client.find({ _id: trusted({ $in: ids(0) }) })
      .select("name")
      .lean(),
    TherapeuticArea.find({ _id: trusted({ $in: ids(1) }) })
      .select("name")
      .lean(),
    Disease.find({ _id: trusted({ $in: ids(2) }) })
      .select("name")
      .lean(),
  ]);
  const names = new Map([...clients, ...areas, ...diseases].map((d) => [String(d._id), d.name]));
  return parts
    .map(([c, a, d]) => ({
      key: grantKey(c, a, d),
      client: names.get(c!) ?? "(deleted client)",
      area: names.get(a!) ?? "(deleted area)",
      disease: names.get(d!) ?? "(deleted disease)",
    }))
    .sort((x, y) => x.client.localeCompare(y.client) || x.area.localeCompare(y.area) || x.disease.localeCompare(y.disease));
}

export const grantLabel = (g: { client: string; area: string; disease: string }) => `${g.client} › ${g.area} › ${g.disease}`;

/** A filter on records' `disease` for the diseases a user holds in all their clients (the top-level admin: none, all
 *  of them): the console's keywords, compounds and events are managed by whoever holds their disease. */
export function heldScope(user: SessionUser) {
  if (user.isTopAdmin) return {};
  const diseases = new Set((user.clients ?? []).flatMap((c) => [...grantsIn(user, String(c)).values()].flatMap((d) => [...d])));
  return { disease: trusted({ $in: [...diseases] }) };
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
  const filter =
    "therapeuticArea" in target ? { "permissions.therapeuticArea": target.therapeuticArea } : { "permissions.diseases": target.disease };
  const users = await User.find(filter).sort({ _id: 1 });
  for (const doc of users) {
    if ("therapeuticArea" in target) {
      // Subdocuments without _id cannot be pulled by identity: keep the others instead.
      doc.set(
        "permissions",
        doc.permissions.filter((p) => String(p.therapeuticArea) !== target.therapeuticArea).map((p) => p.toObject()),
      );
    } else {
      for (const p of doc.permissions) {
        const kept = p.diseases.filter((d) => String(d) !== target.disease);
        if (kept.length !== p.diseases.length) p.diseases = kept as never;
      }
    }
    await doc.save();
  }
}
