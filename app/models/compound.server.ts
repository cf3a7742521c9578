import {
  COMPOUND_PRIORITIES,
  type ACTIVE_STATUSES,
  type DEVELOPMENT_PHASES,
  type REGIONS,
  type THERAPEUTIC_MODALITIES,
} from "#common/constants";
import { isObjectId } from "#common/ids";
import { compoundInUse } from "#common/messages";
import { connectDb, countMatching, totalOrder, trusted } from "#db/connection.server";
import { compoundSearchTokens } from "#db/models/compound.server";
import { Compound, Event, News, Trial } from "#db/models/index.server";
import type { CompoundFormOutput, CompoundFormValues } from "~/utils/compound-schema";
import { splitChips } from "~/utils/form-schema";
import { storeLogo } from "~/utils/images.server";
import { byLabel, byName } from "~/utils/options";
import { diseasesSeen } from "~/utils/permissions";
import type { SessionUser } from "~/utils/session.server";

import { changedFields, recordChange, recordChanges } from "./audit.server";
import { backfillNames } from "./backfill.server";
import { findByIds, idsOf } from "./by-ids.server";
import { carryInEvents, renameInNews, renameInTrials, type CompoundFacts } from "./carried-names.server";
import type { LogoUpload } from "./client.server";
import { companyNamesOf } from "./company.server";
import { heldScope } from "./grants.server";
import { findHeld, findHeldPage, type HeldPageQuery, type HeldRecordQuery } from "./held.server";
import { findPage, wordsFilter, type PageRequest } from "./list.server";
import { deleteLogoFiles } from "./logo.server";
import type { PermittedClient } from "./permitted";
import { createRecorded, deleteRecorded, setStatusRecorded } from "./recorded.server";
import { scopeNamesOf } from "./scope-names.server";

/** One page of compounds whose names (brand, generic, scientific or other) begin with the words typed, by generic
 *  name, within the user's clients (the top-level admin: all). Served by { searchTokens, name.generic }. */
export async function searchCompounds({ user, search, page }: { user: SessionUser; search?: string; page: PageRequest }) {
  await connectDb();
  const filter = { ...(user.isTopAdmin ? {} : { client: trusted({ $in: user.clients ?? [] }) }), ...wordsFilter(search) };
  return findPage(Compound, filter, {
    field: "name.generic",
    direction: 1,
    select: "name client therapeuticArea disease developmentPhase priority status",
    page,
  });
}

/** How a compound is named on cards, events and filters: its generic name, else its brand. */
export const compoundName = (c: { name?: { generic?: string | null; brand?: string | null } | null }) =>
  c.name?.generic || c.name?.brand || "";

type NamedCompound = {
  name?: { generic?: string | null; brand?: string | null; scientific?: string | null; other?: string[] | null } | null;
};

/** What an event's reports show of a compound (see CompoundFacts), with its originator's name. */
export const compoundFacts = (c: NamedCompound, company: string): CompoundFacts => ({
  name: compoundName(c),
  names: [c.name?.brand, c.name?.generic, c.name?.scientific, ...(c.name?.other ?? [])].filter((n): n is string => Boolean(n)),
  company,
});

/** compoundFacts of these compounds by id: one query (none for no ids), and one for originators' names they do not
 *  carry yet. */
export async function compoundFactsOf(ids: string[]) {
  const compounds = await findByIds(Compound, ids, "name originator originatorName");
  const companies = await originatorNames(compounds);
  return new Map(
    compounds.map((c) => [String(c._id), compoundFacts(c, c.originator ? (companies.get(String(c.originator)) ?? "") : "")] as const),
  );
}

/** A disease's active compounds as choices, by name, with `keep` (compounds a record already names, of that disease,
 *  even if made inactive since) so that editing the record loses none of them. */
export async function compoundOptionsOf(disease: { id: string; areaId: string; clientId: string }, keep: string[] = []) {
  await connectDb();
  const kept = keep.filter(isObjectId);
  const active = { client: disease.clientId, therapeuticArea: disease.areaId, disease: disease.id, status: "active" as const };
  // One read for both: the disease's active compounds and those of it the record names.
  const compounds = await Compound.find(kept.length ? { disease: disease.id, $or: [active, { _id: trusted({ $in: kept }) }] } : active)
    .select("name")
    // Sorted again below by the reader's collation (see totalOrder).
    .sort(totalOrder("name.generic"))
    .lean();
  return compounds.map((c) => ({ value: String(c._id), label: compoundName(c) })).sort(byLabel);
}

/** The most compounds one search returns (a client's pipeline is tens to hundreds). */
export const COMPOUND_SEARCH_MAX = 1000;

/**
 * The compounds of a client's diseases the user may see (user-app §7 /compounds/search; §3 "Compound (as used in
 * reports)"), narrowed to an area, a disease and a status, by name, with their originators' names. Served by
 * { client, therapeuticArea, disease, status }.
 */
export async function listPermittedCompounds({
  user,
  client,
  areaId,
  diseaseId,
  status,
}: {
  user: SessionUser;
  client: PermittedClient;
  areaId?: string;
  diseaseId?: string;
  status?: (typeof ACTIVE_STATUSES)[number];
}) {
  await connectDb();
  const diseases = diseasesSeen(user, client.id, diseaseId ? [diseaseId] : null);
  const compounds = await Compound.find({
    client: client.id,
    ...(areaId ? { therapeuticArea: areaId } : {}),
    ...(diseases ? { disease: trusted({ $in: diseases }) } : {}),
    ...(status ? { status } : {}),
  })
    .select(
      "name mechanismOfAction priority developmentPhase originator originatorName patientSegment therapeuticModality isDMT therapeuticArea disease status",
    )
    // Ordered before the cap, so a client with more compounds than it always gets the same first ones.
    .sort({ "name.generic": 1, _id: 1 })
    .limit(COMPOUND_SEARCH_MAX)
    .lean();
  const companyName = await originatorNames(compounds);
  return compounds
    .map((c) => ({
      _id: String(c._id),
      name: compoundName(c),
      mechanismOfAction: c.mechanismOfAction ?? null,
      priority: COMPOUND_PRIORITIES[c.priority as keyof typeof COMPOUND_PRIORITIES] ?? null,
      developmentPhase: c.developmentPhase ?? null,
      originator: c.originator ? { _id: String(c.originator), name: companyName.get(String(c.originator)) ?? "" } : null,
      patientSegment: c.patientSegment ?? null,
      therapeuticModality: c.therapeuticModality ?? null,
      isDMT: Boolean(c.isDMT),
      therapeuticArea: String(c.therapeuticArea),
      disease: String(c.disease),
      status: c.status ?? "active",
    }))
    .sort((a, b) => byName(a.name, b.name));
}

// ---- The administration console: compounds (admin-console §2, §3, §5; editors and admins, of the diseases they hold) ----

const COMPOUND_FIELDS =
  "name client therapeuticArea disease originator licensee approvedInGeographies logo thumbnails compoundWebsite routeOfAdministration mechanismOfAction therapeuticModality priority developmentPhase isDMT status";

/** One page of the Compounds List by generic name, with the words typed (each must begin a word of any of the names).
 *  Served by { disease, name.generic, _id } within held diseases, { name.generic } between fences for the top-level
 *  admin, { searchTokens, name.generic } with words. */
export const listCompoundsPage = (query: HeldPageQuery) =>
  findHeldPage(Compound, query, {
    field: "name.generic",
    select: "name client therapeuticArea disease originator originatorName developmentPhase priority status",
  });

type CompoundItem = Awaited<ReturnType<typeof listCompoundsPage>>["items"][number];

/** The names of the compounds' originators by company id: those the compounds carry, and one query for the others (none
 *  when they all carry theirs). */
export async function originatorNames(compounds: ReadonlyArray<{ originator?: unknown; originatorName?: string | null }>) {
  const carried = compounds.flatMap((c) => (c.originator && c.originatorName ? [[String(c.originator), c.originatorName] as const] : []));
  const read = await companyNamesOf(idsOf(compounds, (c) => (c.originatorName ? null : c.originator)));
  return new Map([...read, ...carried]);
}

/** The stored fields of these values, each with its originator's name (one query for them all). */
async function withOriginatorNames(values: readonly CompoundValues[]) {
  const names = await companyNamesOf(idsOf(values, (v) => v.originator));
  return values.map((v) => ({ ...stored(v), originatorName: names.get(v.originator) }));
}

/** Gives the compounds saved before they carried their originator's name that name, once per database. */
export const backfillOriginatorNames = () =>
  backfillNames("once|compound-originator-names|1", Compound, { ref: "originator", field: "originatorName" }, companyNamesOf);

/** Compounds' names (compoundName) by id, in one query (none for no ids). */
export async function compoundNamesOf(ids: string[]) {
  return new Map((await findByIds(Compound, ids, "name")).map((c) => [String(c._id), compoundName(c)]));
}

/** The list's rows: a page's compounds with their names, scope and originator's name. */
export async function compoundRows(items: CompoundItem[], user: SessionUser) {
  const [scopeOf, companyName] = await Promise.all([scopeNamesOf(items, user), originatorNames(items)]);
  return items.map((c) => ({
    id: String(c._id),
    name: compoundName(c),
    otherNames: [c.name?.brand, c.name?.scientific, ...(c.name?.other ?? [])].filter(
      (n): n is string => Boolean(n) && n !== compoundName(c),
    ),
    ...scopeOf(c),
    originator: companyName.get(String(c.originator)) ?? "",
    phase: c.developmentPhase ?? "",
    priority: COMPOUND_PRIORITIES[c.priority as keyof typeof COMPOUND_PRIORITIES] ?? "",
    status: c.status ?? "active",
  }));
}

/** A compound of a disease the user holds (any, for the top-level admin); null otherwise — the same for an unknown id. */
export const findManagedCompound = (query: HeldRecordQuery) => findHeld(Compound, query, COMPOUND_FIELDS);
export type ManagedCompound = NonNullable<Awaited<ReturnType<typeof findManagedCompound>>>;

/** What the compound form edits; client, area, disease and companies already checked against the choices offered. */
export interface CompoundValues {
  name: { brand?: string; generic?: string; scientific?: string; other: string[] };
  client: string;
  therapeuticArea: string;
  disease: string;
  originator: string;
  licensee: Array<{ region: (typeof REGIONS)[number]; companies: string[] }>;
  approvedInGeographies: string[];
  compoundWebsite?: string;
  routeOfAdministration?: string;
  mechanismOfAction?: string;
  therapeuticModality: (typeof THERAPEUTIC_MODALITIES)[number];
  priority: number;
  developmentPhase: (typeof DEVELOPMENT_PHASES)[number];
  isDMT: boolean;
  status: (typeof ACTIVE_STATUSES)[number];
}

/** The form's values for a compound (empty for Add: active, Medium priority, no licensees). */
export function compoundFormValues(compound?: ManagedCompound | null): CompoundFormValues {
  const id = (value: unknown) => (value ? String(value) : "");
  return {
    name: {
      brand: compound?.name?.brand ?? "",
      generic: compound?.name?.generic ?? "",
      scientific: compound?.name?.scientific ?? "",
      other: (compound?.name?.other ?? []).join(", "),
    },
    client: id(compound?.client),
    therapeuticArea: id(compound?.therapeuticArea),
    disease: id(compound?.disease),
    originator: id(compound?.originator),
    licensee: (compound?.licensee ?? []).map((l) => ({ region: l.region ?? "", companies: (l.companies ?? []).map(String) })),
    approvedInGeographies: (compound?.approvedInGeographies ?? []).join(", "),
    compoundWebsite: compound?.compoundWebsite ?? "",
    routeOfAdministration: compound?.routeOfAdministration ?? "",
    mechanismOfAction: compound?.mechanismOfAction ?? "",
    therapeuticModality: compound?.therapeuticModality ?? "",
    priority: String(compound?.priority ?? 2),
    developmentPhase: compound?.developmentPhase ?? "",
    isDMT: compound?.isDMT ? "on" : "",
    status: compound?.status ?? "active",
  };
}

/** What the form's checked values store (also an import row's, checked by the same schema). */
export const compoundValuesOf = (value: CompoundFormOutput): CompoundValues => ({
  name: {
    brand: value.name?.brand,
    generic: value.name?.generic,
    scientific: value.name?.scientific,
    other: splitChips(value.name?.other ?? ""),
  },
  client: value.client,
  therapeuticArea: value.therapeuticArea,
  disease: value.disease,
  originator: value.originator,
  licensee: (value.licensee ?? []).map((l) => ({ region: l.region, companies: [...new Set(l.companies)] })),
  approvedInGeographies: splitChips(value.approvedInGeographies ?? ""),
  compoundWebsite: value.compoundWebsite,
  routeOfAdministration: value.routeOfAdministration,
  mechanismOfAction: value.mechanismOfAction,
  therapeuticModality: value.therapeuticModality,
  priority: value.priority,
  developmentPhase: value.developmentPhase,
  isDMT: value.isDMT ?? false,
  status: value.status,
});

/** A company a compound's values name that was not offered (the form's pickers, the API's check), on its field. */
export function strayCompany(value: CompoundFormOutput, offered: Array<{ value: string }>): Record<string, string[]> {
  const { originator, licensee } = compoundValuesOf(value);
  const ids = new Set(offered.map((c) => c.value));
  const stray = [originator, ...licensee.flatMap((l) => l.companies)].find((id) => !ids.has(id));
  if (!stray) return {};
  const field = stray === originator ? "originator" : `licensee[${licensee.findIndex((l) => l.companies.includes(stray))}].companies`;
  return { [field]: ["Choose companies from the list."] };
}

/** The change log's view of a compound: names and references as text, the logo as yes/no. */
const audited = (
  c: Partial<Omit<CompoundValues, "name">> & {
    name?: { brand?: string | null; generic?: string | null; scientific?: string | null; other?: string[] | null } | null;
    originator?: unknown;
    logo?: string | null;
  },
) => ({
  brand: c.name?.brand ?? "",
  generic: c.name?.generic ?? "",
  scientific: c.name?.scientific ?? "",
  other: (c.name?.other ?? []).join(", "),
  client: String(c.client ?? ""),
  therapeuticArea: String(c.therapeuticArea ?? ""),
  disease: String(c.disease ?? ""),
  originator: String(c.originator ?? ""),
  licensee: (c.licensee ?? []).map((l) => `${l.region}: ${l.companies.map(String).join(" ")}`).join("; "),
  approvedInGeographies: (c.approvedInGeographies ?? []).join(", "),
  compoundWebsite: c.compoundWebsite ?? "",
  routeOfAdministration: c.routeOfAdministration ?? "",
  mechanismOfAction: c.mechanismOfAction ?? "",
  therapeuticModality: c.therapeuticModality ?? "",
  priority: COMPOUND_PRIORITIES[c.priority as keyof typeof COMPOUND_PRIORITIES] ?? "",
  developmentPhase: c.developmentPhase ?? "",
  isDMT: c.isDMT ? "yes" : "no",
  status: c.status ?? "active",
  logo: c.logo ? "yes" : "no",
});

/** The stored fields of form values: empty texts unset rather than stored empty. */
const stored = (values: CompoundValues) => ({
  ...values,
  name: {
    brand: values.name.brand || undefined,
    generic: values.name.generic || undefined,
    scientific: values.name.scientific || undefined,
    other: values.name.other,
  },
  compoundWebsite: values.compoundWebsite || undefined,
  routeOfAdministration: values.routeOfAdministration || undefined,
  mechanismOfAction: values.mechanismOfAction || undefined,
});

export async function createCompound({ actor, values, logo }: { actor: SessionUser; values: CompoundValues; logo: LogoUpload }) {
  await connectDb();
  const [fields] = await withOriginatorNames([values]);
  const compound = new Compound(fields);
  if (logo) compound.set(await storeLogo(logo.data, logo.filename, { purpose: "compound-logo", id: String(compound._id) }));
  return createRecorded(compound, {
    actor,
    entity: "compound",
    name: compoundName(values),
    after: audited({ ...values, logo: compound.logo }),
  });
}

export async function updateCompound({
  actor,
  compound,
  values,
  logo,
  removeLogo = false,
}: {
  actor: SessionUser;
  compound: ManagedCompound;
  values: CompoundValues;
  logo: LogoUpload;
  removeLogo?: boolean;
}) {
  await connectDb();
  const doc = await Compound.findById(compound._id);
  if (!doc) throw new Response("No such compound.", { status: 404 });
  const image = logo ? await storeLogo(logo.data, logo.filename, { purpose: "compound-logo", id: String(compound._id) }) : null;
  const [fields] = await withOriginatorNames([values]);
  doc.set({ ...fields, ...(image ?? (removeLogo ? { logo: null, thumbnails: null } : {})) });
  await doc.save();
  await carryChanges([{ existing: compound, values }], [fields!]);
  if (image || removeLogo) await deleteLogoFiles(compound);
  await recordChange({
    actor,
    entity: "compound",
    entityId: compound._id,
    entityName: compoundName(values),
    action: "update",
    before: audited(compound as never),
    after: audited({ ...values, logo: doc.logo }),
  });
}

/** The row menu's status switch (admin-console §4). */
export async function setCompoundStatus({
  actor,
  compound,
  status,
}: {
  actor: SessionUser;
  compound: ManagedCompound;
  status: CompoundValues["status"];
}) {
  await setStatusRecorded(Compound, { actor, entity: "compound", record: compound, name: compoundName(compound), status });
}

/** What names a compound: news items, events and trials. */
export async function compoundReferences(compound: ManagedCompound) {
  await connectDb();
  const [news, events, trials] = await Promise.all([
    countMatching(News, { compounds: compound._id }),
    countMatching(Event, { compound: compound._id }),
    countMatching(Trial, { compound: compound._id }),
  ]);
  return { news, events, trials };
}

export class CompoundInUseError extends Error {}

/** Deletes a compound no record names, with its logo files; one still named is refused (CompoundInUseError). */
export async function deleteCompound({ actor, compound }: { actor: SessionUser; compound: ManagedCompound }) {
  const refs = await compoundReferences(compound);
  if (refs.news + refs.events + refs.trials > 0) throw new CompoundInUseError(compoundInUse(compoundName(compound), refs));
  await deleteRecorded(Compound, {
    actor,
    entity: "compound",
    record: compound,
    name: compoundName(compound),
    before: audited(compound as never),
  });
  await deleteLogoFiles(compound);
}

// ---- Imports (admin-console §5): many compounds written at once ----

/** The fields in which form values differ from a compound (none: an import's row that changes nothing). */
export const compoundChanges = (compound: ManagedCompound, values: CompoundValues) =>
  changedFields(audited(compound as never), audited({ ...values, logo: compound.logo }));

/** An update's $set and $unset: what the stored fields give, and what they leave empty (removed, not stored empty). */
function updateOf({ name, ...rest }: Awaited<ReturnType<typeof withOriginatorNames>>[number]) {
  const flat: Record<string, unknown> = {
    ...rest,
    "name.brand": name.brand,
    "name.generic": name.generic,
    "name.scientific": name.scientific,
    "name.other": name.other,
    searchTokens: compoundSearchTokens(name),
  };
  const entries = Object.entries(flat);
  const unset = entries.filter(([, v]) => v === undefined).map(([k]) => [k, 1]);
  // MongoDB refuses an empty $unset.
  return {
    $set: Object.fromEntries(entries.filter(([, v]) => v !== undefined)),
    ...(unset.length ? { $unset: Object.fromEntries(unset) } : {}),
  };
}

/** The compounds of these updates whose name (as cards show it) changes, with the new one. */
const renamed = (updates: ReadonlyArray<{ existing: ManagedCompound; values: CompoundValues }>) =>
  updates.flatMap(({ existing, values }) =>
    compoundName(values) === compoundName(existing) ? [] : [{ id: existing._id, name: compoundName(values) }],
  );

/** Carries updated compounds where other records show them (`fields`: each one's stored fields): the new names where
 *  news items and trials carry them, and what their events' reports show (always: a name or the originator may have
 *  changed). */
async function carryChanges(
  updates: ReadonlyArray<{ existing: ManagedCompound; values: CompoundValues }>,
  fields: Awaited<ReturnType<typeof withOriginatorNames>>,
) {
  const names = renamed(updates);
  const facts = updates.map(({ existing }, i) => ({ id: existing._id, facts: compoundFacts(fields[i]!, fields[i]!.originatorName ?? "") }));
  await Promise.all([renameInNews("compounds", names), renameInTrials(names), carryInEvents(facts)]);
}

/** Writes an import's compounds in three round trips (their originators' names, the inserts, the updates) and one for
 *  their change log, one each for the news items, trials and events naming those updated; values checked by the
 *  caller. */
export async function writeImportedCompounds({
  actor,
  creates,
  updates,
}: {
  actor: SessionUser;
  creates: CompoundValues[];
  updates: Array<{ existing: ManagedCompound; values: CompoundValues }>;
}) {
  await connectDb();
  const named = await withOriginatorNames([...creates, ...updates.map((u) => u.values)]);
  const created = creates.length ? await Compound.insertMany(named.slice(0, creates.length), { ordered: true }) : [];
  if (updates.length)
    await Compound.bulkWrite(
      updates.map(({ existing }, i) => ({ updateOne: { filter: { _id: existing._id }, update: updateOf(named[creates.length + i]!) } })),
    );
  await carryChanges(updates, named.slice(creates.length));
  await recordChanges([
    ...created.map((doc, i) => ({
      actor,
      entity: "compound" as const,
      entityId: doc._id,
      entityName: compoundName(creates[i]!),
      action: "create" as const,
      after: audited(creates[i]!),
    })),
    ...updates.map(({ existing, values }) => ({
      actor,
      entity: "compound" as const,
      entityId: existing._id,
      entityName: compoundName(values),
      action: "update" as const,
      before: audited(existing as never),
      after: audited({ ...values, logo: existing.logo }),
    })),
  ]);
}

/** The compounds of some clients that `user` manages (those of the diseases they hold), with what the form edits: an
 *  import matches its rows to them by name, so a row can never update a compound of a disease its importer does not
 *  hold. */
export async function managedCompoundsOfClients({ user, clientIds }: { user: SessionUser; clientIds: string[] }) {
  await connectDb();
  return Compound.find({ client: trusted({ $in: clientIds }), ...heldScope(user) })
    .select(COMPOUND_FIELDS)
    .sort(totalOrder("name.generic"))
    .lean();
}
