import { connectDb, trusted } from "#db/connection.server";
import { Client, Disease, Keyword, TherapeuticArea } from "#db/models/index.server";
import { KEYWORD_PRIORITIES, type ACTIVE_STATUSES } from "#common/constants";
import { isObjectId } from "#common/ids";
import { grantsIn } from "~/utils/permissions";
import type { SessionUser } from "~/utils/session.server";
import { recordChange } from "./audit.server";
import { findPage, wordsFilter, type PageRequest } from "./list.server";

// Keywords (admin-console §2, §3): the terms news are tagged with, one set per disease. Editors and admins manage the
// keywords of the diseases they hold (the top-level admin: all), and every change goes to the change log.

/** The diseases a user holds in all their clients; null for all of them (the top-level admin). */
function heldDiseases(user: SessionUser): string[] | null {
  if (user.isTopAdmin) return null;
  return [...new Set((user.clients ?? []).flatMap((c) => [...grantsIn(user, String(c)).values()].flatMap((d) => [...d])))];
}
const heldScope = (user: SessionUser) => {
  const diseases = heldDiseases(user);
  return diseases ? { disease: trusted({ $in: diseases }) } : {};
};

/** One page of the Keyword List, by name, with the words typed (each must begin a word of the name). Served by
 *  { disease, name, _id } within held diseases, { name } between fences for the top-level admin, { searchTokens }. */
export async function listKeywordsPage({ user, search, page }: { user: SessionUser; search?: string; page: PageRequest }) {
  await connectDb();
  const filter = { ...heldScope(user), ...wordsFilter(search) };
  return findPage(Keyword, filter, { field: "name", direction: 1, select: "name status client therapeuticArea disease priority", page, fenced: !search && user.isTopAdmin === true });
}

type KeywordItem = Awaited<ReturnType<typeof listKeywordsPage>>["items"][number];

/** The list's rows: a page's keywords with their client's, area's and disease's names (three queries a page). */
export async function keywordRows(items: KeywordItem[]) {
  const ids = (pick: (k: KeywordItem) => unknown) => [...new Set(items.flatMap((k) => (pick(k) ? [String(pick(k))] : [])))];
  const byId = (rows: Array<{ _id: unknown; name: string }>) => new Map(rows.map((r) => [String(r._id), r.name]));
  const [clients, areas, diseases] = await Promise.all([
    Client.find({ _id: trusted({ $in: ids((k) => k.client) }) }).select("name").lean().then(byId),
    TherapeuticArea.find({ _id: trusted({ $in: ids((k) => k.therapeuticArea) }) }).select("name").lean().then(byId),
    Disease.find({ _id: trusted({ $in: ids((k) => k.disease) }) }).select("name").lean().then(byId),
  ]);
  return items.map((k) => ({
    id: String(k._id),
    name: k.name,
    status: k.status ?? "active",
    client: clients.get(String(k.client)) ?? "",
    area: areas.get(String(k.therapeuticArea)) ?? "",
    disease: diseases.get(String(k.disease)) ?? "",
    priority: KEYWORD_PRIORITIES[k.priority as keyof typeof KEYWORD_PRIORITIES] ?? "",
  }));
}

/** A keyword of a disease the user holds (any, for the top-level admin); null otherwise — the same for an unknown id. */
export async function findManagedKeyword({ user, id }: { user: SessionUser; id: string | undefined }) {
  if (!isObjectId(id)) return null;
  await connectDb();
  return Keyword.findOne({ _id: id, ...heldScope(user) }).select("name status client therapeuticArea disease priority").lean();
}
export type ManagedKeyword = NonNullable<Awaited<ReturnType<typeof findManagedKeyword>>>;

/** What the keyword form edits; client, area and disease already checked against the user's permissions. */
export interface KeywordValues {
  name: string;
  status: (typeof ACTIVE_STATUSES)[number];
  client: string;
  therapeuticArea: string;
  disease: string;
  priority: number;
}

const audited = (k: { name: string; status?: string | null; client?: unknown; therapeuticArea?: unknown; disease?: unknown; priority?: number | null }) => ({
  name: k.name,
  status: k.status ?? "active",
  client: String(k.client ?? ""),
  therapeuticArea: String(k.therapeuticArea ?? ""),
  disease: String(k.disease ?? ""),
  priority: KEYWORD_PRIORITIES[k.priority as keyof typeof KEYWORD_PRIORITIES] ?? "",
});

export async function createKeyword({ actor, values }: { actor: SessionUser; values: KeywordValues }) {
  await connectDb();
  const keyword = await Keyword.create(values);
  await recordChange({ actor, entity: "keyword", entityId: keyword._id, entityName: keyword.name, action: "create", after: audited(values) });
  return String(keyword._id);
}

export async function updateKeyword({ actor, keyword, values }: { actor: SessionUser; keyword: ManagedKeyword; values: KeywordValues }) {
  await connectDb();
  const doc = await Keyword.findById(keyword._id);
  if (!doc) throw new Response("No such keyword.", { status: 404 });
  doc.set(values);
  await doc.save();
  await recordChange({ actor, entity: "keyword", entityId: keyword._id, entityName: values.name, action: "update", before: audited(keyword), after: audited(values) });
}

/** The row menu's status switch (admin-console §4). */
export async function setKeywordStatus({ actor, keyword, status }: { actor: SessionUser; keyword: ManagedKeyword; status: KeywordValues["status"] }) {
  await connectDb();
  await Keyword.updateOne({ _id: keyword._id }, { $set: { status } });
  await recordChange({ actor, entity: "keyword", entityId: keyword._id, entityName: keyword.name, action: "status", before: { status: keyword.status ?? "active" }, after: { status } });
}

export async function deleteKeyword({ actor, keyword }: { actor: SessionUser; keyword: ManagedKeyword }) {
  await connectDb();
  await Keyword.deleteOne({ _id: keyword._id });
  await recordChange({ actor, entity: "keyword", entityId: keyword._id, entityName: keyword.name, action: "delete", before: audited(keyword) });
}
