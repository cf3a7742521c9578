import type { ACTIVE_STATUSES } from "#common/constants";
import { isObjectId } from "#common/ids";
import { connectDb, countMatching } from "#db/connection.server";
import {
  Client,
  Compound,
  DeletedUser,
  Disease,
  Event,
  Keyword,
  News,
  Session,
  TherapeuticArea,
  Trial,
  User,
} from "#db/models/index.server";
import { grantedDiseasesOf } from "#db/models/user.server";
import { storeLogo } from "~/utils/images.server";
import type { SessionUser } from "~/utils/session.server";

import { recordChange } from "./audit.server";
import { findByIds } from "./by-ids.server";
import { deleteLogoFiles } from "./logo.server";
import { createRecorded, deleteRecorded, setStatusRecorded } from "./recorded.server";
import { deleteArea } from "./therapeutic-area.server";

// ---- The administration console: Clients (top-level admin; admin-console §2–§8) ----

const CLIENT_FIELDS = "name status logo thumbnails contacts";

/** Every client, active or not, by name: the Clients List pages and searches over these rows in memory (§1). */
export async function listAllClients() {
  await connectDb();
  const clients = await Client.find({}).select(CLIENT_FIELDS).sort({ name: 1, _id: 1 }).lean();
  return clients.map((c) => ({
    id: String(c._id),
    name: c.name,
    status: c.status,
    thumbnail: c.thumbnails?.w80 ?? c.logo ?? null,
    contacts: c.contacts?.length ?? 0,
  }));
}

export async function findManagedClient(id: string | undefined) {
  if (!isObjectId(id)) return null;
  await connectDb();
  return Client.findById(id).select(CLIENT_FIELDS).lean();
}
export type ManagedClient = NonNullable<Awaited<ReturnType<typeof findManagedClient>>>;

export interface ClientValues {
  name: string;
  status: (typeof ACTIVE_STATUSES)[number];
  contacts: Array<{ name: string; email: string; title: string }>;
}
/** A new logo for the client: the uploaded bytes, checked and re-encoded by storeLogo. */
export type LogoUpload = { data: Uint8Array; filename: string } | null;

type Contact = { name?: string | null; email?: string | null; title?: string | null };
const clientAudit = (c: { name: string; status: string; logo?: string | null; contacts?: ReadonlyArray<Contact> | null }) => ({
  name: c.name,
  status: c.status,
  logo: c.logo ? "set" : "none",
  contacts: (c.contacts ?? []).map((p) => [p.name, p.title, p.email].filter(Boolean).join(", ")),
});

export async function createClientRecord({ actor, values, logo }: { actor: SessionUser; values: ClientValues; logo: LogoUpload }) {
  await connectDb();
  const client = new Client(values);
  if (logo) client.set(await storeLogo(logo.data, logo.filename, { purpose: "client-logo", id: String(client._id) }));
  return createRecorded(client, { actor, entity: "client", name: client.name, after: clientAudit(client) });
}

/** Saves the client form; a new logo replaces the old one (whose files are removed), `removeLogo` drops it. */
export async function updateClientRecord({
  actor,
  client,
  values,
  logo,
  removeLogo = false,
}: {
  actor: SessionUser;
  client: ManagedClient;
  values: ClientValues;
  logo: LogoUpload;
  removeLogo?: boolean;
}) {
  await connectDb();
  const stored = logo ? await storeLogo(logo.data, logo.filename, { purpose: "client-logo", id: String(client._id) }) : null;
  const logoFields = stored ?? (removeLogo ? { logo: null, thumbnails: null } : {});
  await Client.updateOne({ _id: client._id }, { $set: { ...values, ...logoFields } });
  if (stored || removeLogo) await deleteLogoFiles(client);
  await recordChange({
    actor,
    entity: "client",
    entityId: client._id,
    entityName: values.name,
    action: "update",
    before: clientAudit(client),
    after: clientAudit({ ...values, logo: stored ? stored.logo : removeLogo ? null : client.logo }),
  });
}

/** The row menu's status switch ('Client active!' / 'Client inactive!'). Inactive clients leave users' dashboards. */
export async function setClientStatus({
  actor,
  client,
  status,
}: {
  actor: SessionUser;
  client: ManagedClient;
  status: ClientValues["status"];
}) {
  await setStatusRecorded(Client, { actor, entity: "client", record: client, name: client.name, status });
}

/** What deleting a client takes with it, for the confirmation. */
export async function clientDeletionImpact(client: ManagedClient) {
  await connectDb();
  const of = { client: client._id };
  const [areas, diseases, users, news, events, trials, keywords, compounds] = await Promise.all([
    countMatching(TherapeuticArea, of),
    countMatching(Disease, of),
    countMatching(User, { clients: client._id }),
    countMatching(News, of),
    countMatching(Event, of),
    countMatching(Trial, of),
    countMatching(Keyword, of),
    countMatching(Compound, of),
  ]);
  return { areas, diseases, users, news, events, trials, keywords, compounds };
}
export type DeletionImpact = Awaited<ReturnType<typeof clientDeletionImpact>>;

/**
 * Deletes a client and everything that is only its own: therapeutic areas and diseases (with their sheet caches), its
 * news, events, trials, keywords and compounds, its logo; and removes it from every user's access (and as their
 * sessions' selected client).
 */
export async function deleteClientRecord({ actor, client }: { actor: SessionUser; client: ManagedClient }) {
  await connectDb();
  const of = { client: client._id };
  const areas = await TherapeuticArea.find(of).select("name client").lean();
  for (const area of areas) await deleteArea({ area: { id: String(area._id), name: area.name, clientId: String(client._id) } });
  await Promise.all([News.deleteMany(of), Event.deleteMany(of), Trial.deleteMany(of), Keyword.deleteMany(of), Compound.deleteMany(of)]);
  const holders = await User.find({ clients: client._id }).sort({ _id: 1 });
  for (const doc of holders) {
    // Subdocuments without _id cannot be pulled by identity: keep the others instead (the save derives `clients`).
    doc.set(
      "permissions",
      doc.permissions.filter((p) => String(p.client) !== String(client._id)).map((p) => p.toObject()),
    );
    await doc.save();
  }
  await Session.updateMany({ selectedClient: client._id }, { $unset: { selectedClient: 1 } });
  // Users in the bin (deleted, still restorable) come back without it.
  for (const { _id, user } of await DeletedUser.find({ "user.clients": client._id }).lean()) {
    const { permissions = [], clients = [] } = user as {
      permissions?: Array<{ client: unknown; diseases: unknown[] }>;
      clients?: unknown[];
    };
    const kept = (id: unknown) => String(id) !== String(client._id);
    const left = permissions.filter((p) => kept(p.client));
    await DeletedUser.updateOne(
      { _id },
      { $set: { "user.permissions": left, "user.clients": clients.filter(kept), "user.grantedDiseases": grantedDiseasesOf(left) } },
    );
  }
  await deleteRecorded(Client, { actor, entity: "client", record: client, name: client.name, before: clientAudit(client) });
  await deleteLogoFiles(client);
}

/** Names of the clients with these ids (the users list's Clients column). */
export async function clientNamesOf(ids: Iterable<unknown>) {
  const wanted = [...new Set([...ids].map(String))].filter(isObjectId);
  if (wanted.length === 0) return new Map<string, string>();
  await connectDb();
  return new Map((await findByIds(Client, wanted, "name")).map((c) => [String(c._id), c.name]));
}
