import type { Types } from "mongoose";

import { ACTIVE_STATUSES, TRIAL_PHASES } from "#common/constants";
import { isObjectId } from "#common/ids";
import { connectDb, totalOrder, trusted } from "#db/connection.server";
import { Trial, TrialDraft } from "#db/models/index.server";
import { sanitizeRichText } from "~/utils/rich-text.server";
import type { SessionUser } from "~/utils/session.server";

import { backfillNames } from "./backfill.server";
import { idsOf } from "./by-ids.server";
import { compoundNamesOf } from "./compound.server";
import { heldScope } from "./grants.server";
import { findHeld, type HeldRecordQuery } from "./held.server";
import { countUpTo, FEW_MATCHES, findPage, pageOfRows, wordsFilter, type PageRequest } from "./list.server";
import { createRecorded, deleteRecorded, setStatusRecorded, updateRecorded } from "./recorded.server";
import { scopeNamesOf } from "./scope-names.server";

// The administration console's trials (admin-console §2–§5, issue 15). Editors and admins manage the trials of the
// diseases they hold (the top-level admin: all), as events and compounds; every change goes to the change log. A trial
// is made or changed only by the form's final save: the steps before it are kept as a draft (TrialDraft).

export interface TrialFilters {
  clientId?: string;
  areaId?: string;
  diseaseId?: string;
  compoundId?: string;
  status?: (typeof ACTIVE_STATUSES)[number];
  phase?: (typeof TRIAL_PHASES)[number];
  /** Words of the title, acronym or registry identifier. */
  search?: string;
}

const LIST_FIELDS =
  "eventTitle trialIdentifier acronyms phase trialStatus startDateTime primaryCompletionDate client therapeuticArea disease compound compoundName status";

/**
 * One page of the Trials List, newest start first, within the diseases the user holds (the top-level admin: all), and
 * how many trials the filters match. Each filter is served by an index ending in (startDateTime, _id) — see the schema.
 */
export async function listTrialsPage({ user, filters = {}, page }: { user: SessionUser; filters?: TrialFilters; page: PageRequest }) {
  await connectDb();
  const id = (value: string | undefined) => (isObjectId(value) ? value : undefined);
  const searched = wordsFilter(filters.search);
  const words = ("$and" in searched ? searched.$and : undefined) ?? [];
  // A chosen disease narrows the held ones (one outside them matches nothing), so it joins the scope in an $and.
  const and = [...(id(filters.diseaseId) ? [{ disease: filters.diseaseId }] : []), ...words];
  const filter: Record<string, unknown> = {
    ...heldScope(user),
    ...(id(filters.clientId) ? { client: filters.clientId } : {}),
    ...(id(filters.areaId) ? { therapeuticArea: filters.areaId } : {}),
    ...(id(filters.compoundId) ? { compound: filters.compoundId } : {}),
    ...(filters.status && ACTIVE_STATUSES.includes(filters.status) ? { status: filters.status } : {}),
    ...(filters.phase && TRIAL_PHASES.includes(filters.phase) ? { phase: filters.phase } : {}),
    ...(and.length ? { $and: and } : {}),
  };
  const order = { field: "startDateTime", direction: -1 as const, page };
  if (words.length) {
    const total = await countUpTo(Trial, filter);
    if (total.count <= FEW_MATCHES) {
      // Ordered here again, by the page's order (see totalOrder).
      const rows = await Trial.find(filter).select(LIST_FIELDS).sort(totalOrder(order.field, order.direction)).lean();
      return { ...pageOfRows(Trial, rows, order), total };
    }
    return { ...(await findPage(Trial, filter, { ...order, newestFirst: true, select: LIST_FIELDS })), total };
  }
  const [result, total] = await Promise.all([
    findPage(Trial, filter, { ...order, newestFirst: true, select: LIST_FIELDS }),
    countUpTo(Trial, filter),
  ]);
  return { ...result, total };
}

type TrialListItem = Awaited<ReturnType<typeof listTrialsPage>>["items"][number];

/** The list's rows: a page's trials with the names of their client, area, disease and compound (the compound's carried
 *  by the trial; read only for a trial saved before it was). */
export async function trialRows(items: TrialListItem[], user: SessionUser) {
  const [placeOf, compoundNames] = await Promise.all([
    scopeNamesOf(items, user),
    compoundNamesOf(idsOf(items, (t) => (t.compoundName == null ? t.compound : null))),
  ]);
  return items.map((t) => ({
    id: String(t._id),
    title: t.eventTitle,
    identifier: t.trialIdentifier ?? "",
    phase: t.phase ?? "",
    ...placeOf(t),
    compound: t.compound ? (t.compoundName ?? compoundNames.get(String(t.compound)) ?? "") : "",
    status: t.status ?? "active",
  }));
}

/** A trial of a disease the user holds (any, for the top-level admin); null otherwise — the same for an unknown id. */
export const findManagedTrial = (query: HeldRecordQuery) => findHeld(Trial, query, "-searchTokens -__v");
export type ManagedTrial = NonNullable<Awaited<ReturnType<typeof findManagedTrial>>>;

type EndpointGroup<K extends string> = { details?: string; endpoints: Array<{ group: string; subgroup: string } & Record<K, string>> };

/** What the trial form saves (admin-console §3 "Trial form fields"): client, area, disease and compound already checked
 *  against the user's permissions; rich text as the browser sent it (sanitised here before it is stored). */
export interface TrialValues {
  client: string;
  therapeuticArea: string;
  disease: string;
  compound: string | null;
  eventTitle: string;
  trialStatus: string;
  trialIdentifier: string;
  startDateTime: Date;
  acronyms?: string;
  startDateType: string;
  lineOfTherapy?: string;
  patientSegmentByDisease?: string;
  "patientSegmentByAge&Sex": string;
  enrollment: Array<{ enrollmentNumber: number; enrollmentType: string }>;
  pcdType?: string;
  phase: string;
  dosageBeingEvaluated: string;
  otherDrugs: string[];
  comparator?: string;
  primaryDrugs: string;
  class?: string;
  routeOfAdministration: string;
  biomarkers: string;
  diagnosticTest: string;
  therapyType: string;
  primaryCompletionDate: Date | null;
  sponsors: string[];
  collaborators: string[];
  objective: string;
  countries: string[];
  regions: string[];
  priority: 1 | 2 | 3;
  status: (typeof ACTIVE_STATUSES)[number];
  notes: Array<{ details: string }>;
  trialArms: Array<{ armsDetails: string }>;
  primaryEndpoints: Array<EndpointGroup<"primaryEndpoint">>;
  secondayEndpoints: Array<EndpointGroup<"secondaryEndpoint">>;
  minAge: number | null;
  minAgeUnits?: string;
  maxAge: number | null;
  maxAgeUnits?: string;
  gender?: string;
  inclusionCriteria: string;
  exclusionCriteria: string;
  studyDesign?: string;
  studyKeywords: string[];
  patientPopulation?: string;
  treatmentPlan?: string;
  results: { details: string; resultsMeetExpectation: boolean };
}

/** A trial's texts and choices (optional ones "" in the form for none). */
export const TRIAL_TEXTS = [
  "eventTitle",
  "trialStatus",
  "trialIdentifier",
  "acronyms",
  "startDateType",
  "lineOfTherapy",
  "patientSegmentByDisease",
  "patientSegmentByAge&Sex",
  "pcdType",
  "phase",
  "comparator",
  "primaryDrugs",
  "class",
  "routeOfAdministration",
  "biomarkers",
  "diagnosticTest",
  "therapyType",
  "minAgeUnits",
  "maxAgeUnits",
  "gender",
  "studyDesign",
  "patientPopulation",
  "treatmentPlan",
] as const satisfies ReadonlyArray<keyof TrialValues>;
/** Its rich texts (HTML), sanitised on the server before a trial or a draft keeps them. */
export const TRIAL_RICH_TEXTS = [
  "dosageBeingEvaluated",
  "objective",
  "inclusionCriteria",
  "exclusionCriteria",
] as const satisfies ReadonlyArray<keyof TrialValues>;
/** Its lists of texts. */
export const TRIAL_LISTS = [
  "otherDrugs",
  "sponsors",
  "collaborators",
  "countries",
  "regions",
  "studyKeywords",
] as const satisfies ReadonlyArray<keyof TrialValues>;

const TRIAL_KEYS = [
  "client",
  "therapeuticArea",
  "disease",
  "compound",
  "startDateTime",
  "enrollment",
  "primaryCompletionDate",
  "priority",
  "status",
  "notes",
  "trialArms",
  "primaryEndpoints",
  "secondayEndpoints",
  "minAge",
  "maxAge",
  "results",
  ...TRIAL_TEXTS,
  ...TRIAL_RICH_TEXTS,
  ...TRIAL_LISTS,
] as const satisfies ReadonlyArray<keyof TrialValues>;
/** Every field of TrialValues is in TRIAL_KEYS, so the change log compares them all: a field left out is a type error. */
const _everyTrialKey: Record<Exclude<keyof TrialValues, (typeof TRIAL_KEYS)[number]>, never> = {};

/** A trial's fields as the change log compares them (ids and dates become strings there). */
const audited = (trial: Partial<Record<(typeof TRIAL_KEYS)[number], unknown>>) =>
  Object.fromEntries(TRIAL_KEYS.map((key) => [key, trial[key] ?? null]));

function sanitized<T extends Record<string, unknown>>(values: T): T {
  const results = values.results as { details?: unknown } | undefined;
  return {
    ...values,
    ...Object.fromEntries(
      TRIAL_RICH_TEXTS.flatMap((key) => (typeof values[key] === "string" ? [[key, sanitizeRichText(values[key] as string)]] : [])),
    ),
    ...(results && typeof results === "object" && typeof results.details === "string"
      ? { results: { ...results, details: sanitizeRichText(results.details) } }
      : {}),
  };
}

/** The stored trial: rich text sanitised; the list's end and importance follow the form (as the seed has them); its
 *  compound's name as the caller read it ("" for none). */
const stored = (values: TrialValues, compoundName: string) => ({
  ...sanitized({ ...values }),
  endDateTime: values.primaryCompletionDate ?? values.startDateTime,
  isImportant: values.priority === 1,
  compoundName: values.compound ? compoundName : "",
});

/** Gives the trials of a compound saved before they carried its name that name, once per database (one of no compound
 *  has no name to read). */
export const backfillTrialCompoundNames = () =>
  backfillNames("once|trial-compound-names|1", Trial, { ref: "compound", field: "compoundName" }, compoundNamesOf);

/** What a trial of this compound (or of none) carries as its compoundName. */
export async function trialCompoundName(compound: string | null | undefined) {
  return compound ? ((await compoundNamesOf([compound])).get(compound) ?? "") : "";
}

/** A new trial; `compoundName`: its compound's name, as the form's choices (read to check the compound) give it. */
export async function createTrial({ actor, values, compoundName }: { actor: SessionUser; values: TrialValues; compoundName: string }) {
  const doc = stored(values, compoundName);
  const trial = new Trial(doc);
  return createRecorded(trial, { actor, entity: "trial", name: trial.eventTitle, after: audited(doc) });
}

export async function updateTrial({
  actor,
  trial,
  values,
  compoundName,
}: {
  actor: SessionUser;
  trial: ManagedTrial;
  values: TrialValues;
  compoundName: string;
}) {
  const after = stored(values, compoundName);
  await updateRecorded(Trial, {
    actor,
    entity: "trial",
    record: trial,
    name: values.eventTitle,
    set: after,
    before: audited(trial),
    after: audited(after),
  });
}

/** The row's status switch (admin-console §4). */
export async function setTrialStatus({
  actor,
  trial,
  status,
}: {
  actor: SessionUser;
  trial: ManagedTrial;
  status: (typeof ACTIVE_STATUSES)[number];
}) {
  await setStatusRecorded(Trial, { actor, entity: "trial", record: trial, name: trial.eventTitle, status });
}

/** Deletes the trial and any draft of an edit of it. */
export async function deleteTrial({ actor, trial }: { actor: SessionUser; trial: ManagedTrial }) {
  await deleteRecorded(Trial, { actor, entity: "trial", record: trial, name: trial.eventTitle, before: audited(trial) });
  await TrialDraft.deleteMany({ trial: trial._id });
}

// ---- Drafts of the trial form ----

/** How long an untouched draft is kept. */
export const DRAFT_TTL_SECONDS = 7 * 86_400;
const draftCutoff = () => new Date(Date.now() - DRAFT_TTL_SECONDS * 1000);

/** The TTL index that lets the engine drop abandoned drafts; FerretDB 1.24 refuses the option (NotImplemented, 238),
 *  and there the drafts past their time are refused on read and purged at each new draft instead. */
export async function ensureDraftExpiry() {
  try {
    await TrialDraft.collection.createIndex({ updatedAt: 1 }, { expireAfterSeconds: DRAFT_TTL_SECONDS, name: "draft_expiry" });
  } catch (error) {
    if ((error as { code?: number }).code !== 238) throw error;
  }
}

/** A form's values as a draft keeps them: texts, lists and groups of them, under plain names only (a crafted field
 *  name never becomes an operator or a path in the stored document). */
function draftValue(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return value.slice(0, 200_000);
  if (depth > 4) return undefined;
  if (Array.isArray(value)) return value.slice(0, 100).map((v) => draftValue(v, depth + 1));
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).flatMap(([key, v]) => (/^[A-Za-z][A-Za-z0-9&]{0,60}$/.test(key) ? [[key, draftValue(v, depth + 1)]] : [])),
    );
  }
  return undefined;
}

type DraftOf = { user: SessionUser; trial?: Types.ObjectId | string | null };
const draftFilter = ({ user, trial }: DraftOf, id: string) => ({
  _id: id,
  user: user._id,
  trial: trial ?? null,
  updatedAt: trusted({ $gte: draftCutoff() }),
});

/** The user's draft `id` of a new trial (no `trial`) or of an edit of `trial`, unless it has expired. */
export async function findTrialDraft({ id, ...of }: DraftOf & { id: string | null | undefined }) {
  if (!isObjectId(id)) return null;
  await connectDb();
  const draft = await TrialDraft.findOne(draftFilter(of, id)).select("step values").lean();
  return draft ? { id: String(draft._id), step: draft.step ?? 0, values: (draft.values ?? {}) as Record<string, unknown> } : null;
}

/** Keeps the form's values in the user's draft `id` (a new draft when there is none yet, or it expired); its id. Rich
 *  text is sanitised here too: a draft is shown again. */
export async function saveTrialDraft({
  id,
  step,
  values,
  ...of
}: DraftOf & { id: unknown; step: number; values: Record<string, unknown> }) {
  await connectDb();
  const kept = sanitized(draftValue(values) as Record<string, unknown>);
  if (typeof id === "string" && isObjectId(id)) {
    if ((await TrialDraft.updateOne(draftFilter(of, id), { $set: { step, values: kept } })).matchedCount === 1) return id;
  }
  await ensureDraftExpiry();
  await TrialDraft.deleteMany({ user: of.user._id, updatedAt: trusted({ $lt: draftCutoff() }) });
  const draft = await TrialDraft.create({ user: of.user._id, trial: of.trial ?? null, step, values: kept });
  return String(draft._id);
}

export async function deleteTrialDraft({ id, ...of }: DraftOf & { id: string }) {
  await connectDb();
  await TrialDraft.deleteOne({ _id: id, user: of.user._id });
}
