import { KEYWORD_PRIORITIES, type ACTIVE_STATUSES } from "#common/constants";
import { searchTokens } from "#common/search";
import { connectDb, trusted } from "#db/connection.server";
import { Keyword } from "#db/models/index.server";
import type { FormValuesOf } from "~/utils/form-schema";
import type { KeywordSchema } from "~/utils/keyword-schema";
import type { SessionUser } from "~/utils/session.server";

import { changedFields, recordChanges } from "./audit.server";
import { findHeld, findHeldPage, type HeldPageQuery, type HeldRecordQuery } from "./held.server";
import { createRecorded, deleteRecorded, setStatusRecorded, updateRecorded } from "./recorded.server";
import { scopeNamesOf } from "./scope-names.server";

// Keywords (admin-console §2, §3): the terms news are tagged with, one set per disease. Editors and admins manage the
// keywords of the diseases they hold (the top-level admin: all), and every change goes to the change log.

const KEYWORD_FIELDS = "name status client therapeuticArea disease priority";

/** One page of the Keyword List, by name, with the words typed (each must begin a word of the name). Served by
 *  { disease, name, _id } within held diseases, { name } between fences for the top-level admin, { searchTokens }. */
export const listKeywordsPage = (query: HeldPageQuery) => findHeldPage(Keyword, query, { field: "name", select: KEYWORD_FIELDS });

type KeywordItem = Awaited<ReturnType<typeof listKeywordsPage>>["items"][number];

/** The list's rows: a page's keywords with their client's, area's and disease's names. */
export async function keywordRows(items: KeywordItem[], user: SessionUser) {
  const scopeOf = await scopeNamesOf(items, user);
  return items.map((k) => ({
    id: String(k._id),
    name: k.name,
    status: k.status ?? "active",
    ...scopeOf(k),
    priority: KEYWORD_PRIORITIES[k.priority as keyof typeof KEYWORD_PRIORITIES] ?? "",
  }));
}

/** A keyword of a disease the user holds (any, for the top-level admin); null otherwise — the same for an unknown id. */
export const findManagedKeyword = (query: HeldRecordQuery) => findHeld(Keyword, query, KEYWORD_FIELDS);
export type ManagedKeyword = NonNullable<Awaited<ReturnType<typeof findManagedKeyword>>>;

/** The form's values for a keyword (empty for Add: active, Medium). */
export function keywordFormValues(keyword?: ManagedKeyword | null): FormValuesOf<typeof KeywordSchema> {
  return {
    name: keyword?.name ?? "",
    status: keyword?.status ?? "active",
    client: keyword?.client ? String(keyword.client) : "",
    therapeuticArea: keyword?.therapeuticArea ? String(keyword.therapeuticArea) : "",
    disease: keyword?.disease ? String(keyword.disease) : "",
    priority: String(keyword?.priority ?? 2),
  };
}

/** What the keyword form edits; client, area and disease already checked against the user's permissions. */
export interface KeywordValues {
  name: string;
  status: (typeof ACTIVE_STATUSES)[number];
  client: string;
  therapeuticArea: string;
  disease: string;
  priority: number;
}

const audited = (k: {
  name: string;
  status?: string | null;
  client?: unknown;
  therapeuticArea?: unknown;
  disease?: unknown;
  priority?: number | null;
}) => ({
  name: k.name,
  status: k.status ?? "active",
  client: String(k.client ?? ""),
  therapeuticArea: String(k.therapeuticArea ?? ""),
  disease: String(k.disease ?? ""),
  priority: KEYWORD_PRIORITIES[k.priority as keyof typeof KEYWORD_PRIORITIES] ?? "",
});

export async function createKeyword({ actor, values }: { actor: SessionUser; values: KeywordValues }) {
  const keyword = new Keyword(values);
  return createRecorded(keyword, { actor, entity: "keyword", name: keyword.name, after: audited(values) });
}

export async function updateKeyword({ actor, keyword, values }: { actor: SessionUser; keyword: ManagedKeyword; values: KeywordValues }) {
  await updateRecorded(Keyword, {
    actor,
    entity: "keyword",
    record: keyword,
    name: values.name,
    set: values,
    before: audited(keyword),
    after: audited(values),
  });
}

/** The row menu's status switch (admin-console §4). */
export async function setKeywordStatus({
  actor,
  keyword,
  status,
}: {
  actor: SessionUser;
  keyword: ManagedKeyword;
  status: KeywordValues["status"];
}) {
  await setStatusRecorded(Keyword, { actor, entity: "keyword", record: keyword, name: keyword.name, status });
}

export async function deleteKeyword({ actor, keyword }: { actor: SessionUser; keyword: ManagedKeyword }) {
  await deleteRecorded(Keyword, { actor, entity: "keyword", record: keyword, name: keyword.name, before: audited(keyword) });
}

// ---- Imports (admin-console §5): many keywords written at once ----

/** The fields in which form values differ from a keyword (none: an import's row that changes nothing). */
export const keywordChanges = (keyword: ManagedKeyword, values: KeywordValues) => changedFields(audited(keyword), audited(values));

/** Writes an import's keywords in two round trips (and one for their change log); values checked by the caller. */
export async function writeImportedKeywords({
  actor,
  creates,
  updates,
}: {
  actor: SessionUser;
  creates: KeywordValues[];
  updates: Array<{ existing: ManagedKeyword; values: KeywordValues }>;
}) {
  await connectDb();
  const created = creates.length ? await Keyword.insertMany(creates, { ordered: true }) : [];
  if (updates.length)
    await Keyword.bulkWrite(
      updates.map(({ existing, values }) => ({
        updateOne: { filter: { _id: existing._id }, update: { $set: { ...values, searchTokens: searchTokens(values.name) } } },
      })),
    );
  await recordChanges([
    ...created.map((doc, i) => ({
      actor,
      entity: "keyword" as const,
      entityId: doc._id,
      entityName: doc.name,
      action: "create" as const,
      after: audited(creates[i]!),
    })),
    ...updates.map(({ existing, values }) => ({
      actor,
      entity: "keyword" as const,
      entityId: existing._id,
      entityName: values.name,
      action: "update" as const,
      before: audited(existing),
      after: audited(values),
    })),
  ]);
}

/** The keywords of some clients: an import matches its rows to them by name and disease. */
export async function keywordsOfClients(clientIds: string[]) {
  await connectDb();
  return Keyword.find({ client: trusted({ $in: clientIds }) })
    .select(KEYWORD_FIELDS)
    .lean();
}
