import { isObjectId } from "#common/ids";
import { areaNotPermitted, clientNotPermitted } from "#common/messages";
import { connectDb, trusted } from "#db/connection.server";
import { Client, Disease, TherapeuticArea } from "#db/models/index.server";
import { grantKey, type AccessTree } from "~/utils/access";
import { grantsIn, type Actor } from "~/utils/permissions";
import type { SessionUser } from "~/utils/session.server";

import { listPermittedClients } from "./client.server";
import { compoundOptionsOf } from "./compound.server";
import { listPermittedDiseases } from "./disease.server";
import { listPermittedAreas } from "./therapeutic-area.server";

// Access on the server: what a user holds (as the permissions picker's tree, and as the client → area → disease
// choices of a record's form), a user's permission list (admin-console §3) as grant keys and back, and the rule that
// an administrator gives only what they hold.

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

type Scoped = { client?: unknown; therapeuticArea?: unknown; disease?: unknown };
/** The client, area and disease names of a page of records (a console list's columns): three queries a page. */
export async function scopeNamesOf(items: ReadonlyArray<Scoped>) {
  await connectDb();
  const ids = (key: keyof Scoped) => [...new Set(items.flatMap((i) => (i[key] ? [String(i[key])] : [])))];
  const byId = (rows: Array<{ _id: unknown; name: string }>) => new Map(rows.map((r) => [String(r._id), r.name]));
  const [clients, areas, diseases] = await Promise.all([
    Client.find({ _id: trusted({ $in: ids("client") }) })
      .select("name")
      .lean()
      .then(byId),
    TherapeuticArea.find({ _id: trusted({ $in: ids("therapeuticArea") }) })
      .select("name")
      .lean()
      .then(byId),
    Disease.find({ _id: trusted({ $in: ids("disease") }) })
      .select("name")
      .lean()
      .then(byId),
  ]);
  return (i: Scoped) => ({
    client: clients.get(String(i.client)) ?? "",
    area: areas.get(String(i.therapeuticArea)) ?? "",
    disease: diseases.get(String(i.disease)) ?? "",
  });
}

// ---- Filing a record under client → therapeutic area → disease (user-app §4 cascades) ----

export type Option = { value: string; label: string };
export type ScopeSelection = { user: SessionUser; client?: string | null; area?: string | null; disease?: string | null };

/**
 * The choices of the cascade for a selection: the clients the user holds, the areas they hold in the chosen client,
 * the diseases they hold in the chosen area (the top-level admin: all). A choice outside what they hold yields no
 * dependent options (`scopeProblem` says why). `chosen`: the choices that are theirs.
 */
export async function scopeOptions({ user, client, area, disease }: ScopeSelection) {
  await connectDb();
  const clients = await listPermittedClients({ user });
  const chosenClient = clients.find((c) => c.id === client);
  const areas = chosenClient ? await listPermittedAreas({ user, client: chosenClient }) : [];
  const chosenArea = areas.find((a) => a.id === area);
  const diseases = chosenArea ? await listPermittedDiseases({ user, area: chosenArea }) : [];
  const chosenDisease = chosenArea ? diseases.find((d) => d.id === disease) : undefined;
  const option = (value: string, label: string): Option => ({ value, label });
  return {
    options: {
      clients: clients.map((c) => option(c.id, c.name)),
      areas: areas.map((a) => option(a.id, a.name)),
      diseases: diseases.map((d) => option(d.id, d.name)),
    },
    chosen: {
      client: chosenClient,
      area: chosenArea,
      disease: chosenDisease && chosenArea ? { id: chosenDisease.id, areaId: chosenArea.id, clientId: chosenArea.clientId } : undefined,
    },
  };
}
export type ScopeOptions = Awaited<ReturnType<typeof scopeOptions>>["options"];

/** The cascade's choices and the chosen disease's compounds (news, events); `keep`: compounds the record already names
 *  stay choosable (see `compoundOptionsOf`). */
export async function scopeOptionsWithCompounds({ keep, ...selection }: ScopeSelection & { keep?: string[] }) {
  const scope = await scopeOptions(selection);
  return { ...scope.options, compounds: scope.chosen.disease ? await compoundOptionsOf(scope.chosen.disease, keep) : [] };
}
export type ScopeField = "client" | "therapeuticArea" | "disease";

/**
 * Whether a selection is one the user may file a record under: a client they hold, an area they hold in it, a disease
 * they hold in that area. What is not chosen yet is the form's to ask for ('Field Required'). The spec's messages for
 * a client or an area outside their permissions (user-app §8; the area's worded like the client's).
 */
export async function scopeProblem({
  values,
  options,
}: {
  values: { client: string; therapeuticArea: string; disease: string };
  options: ScopeOptions;
}): Promise<{ field: ScopeField; message: string } | null> {
  const has = (list: Option[], id: string) => list.some((o) => o.value === id);
  if (values.client && !has(options.clients, values.client)) {
    const client = isObjectId(values.client) ? await Client.findById(values.client).select("name").lean() : null;
    return { field: "client", message: clientNotPermitted(client?.name ?? values.client) };
  }
  if (values.client && values.therapeuticArea && !has(options.areas, values.therapeuticArea)) {
    const area = isObjectId(values.therapeuticArea) ? await TherapeuticArea.findById(values.therapeuticArea).select("name").lean() : null;
    return { field: "therapeuticArea", message: areaNotPermitted(area?.name ?? values.therapeuticArea) };
  }
  if (values.therapeuticArea && values.disease && !has(options.diseases, values.disease))
    return { field: "disease", message: "Choose a disease of this therapeutic area." };
  return null;
}
