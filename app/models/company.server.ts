import { Types } from "mongoose";

import type { ACTIVE_STATUSES, COMPANY_TYPES } from "#common/constants";
import { isObjectId } from "#common/ids";
import { companyInUse } from "#common/messages";
import { nameKey } from "#common/search";
import { connectDb, countMatching, trusted } from "#db/connection.server";
import { fileIdOf, openFileStream } from "#db/files.server";
import { Company, keysOf } from "#db/models/company.server";
import { Compound, News } from "#db/models/index.server";
import type { CompanySchema } from "~/utils/company-schema";
import type { FormValuesOf } from "~/utils/form-schema";
import { storeLogo } from "~/utils/images.server";
import type { SessionUser } from "~/utils/session.server";
import { httpUrl } from "~/utils/url";

import { recordChange } from "./audit.server";
import { backfillOnce } from "./backfill.server";
import { findByIds, idsOf } from "./by-ids.server";
import { renameAsOriginator, renameInNews } from "./carried-names.server";
import type { LogoUpload } from "./client.server";
import { findPage, wordsFilter, type PageRequest } from "./list.server";
import { deleteLogoFiles } from "./logo.server";
import { createRecorded, deleteRecorded, setStatusRecorded } from "./recorded.server";

/** A sheet's 'Company Name' may list partners ('Eisai / Biogen'): the first one is the originator. */
const originator = (cell: string) => cell.split(/\s*(?:\/|;|\+|,)\s*/)[0]!.trim();

/**
 * Logo addresses (the 200 px thumbnail, else the original) for company names as a report shows them, matched to
 * company names or aliases ignoring case; names without a logo are left out. Company logos are shared reference data.
 */
export async function logoUrlsByName(names: string[]): Promise<Record<string, string>> {
  const firsts = [...new Set(names.map(originator).filter(Boolean))];
  if (firsts.length === 0) return {};
  await connectDb();
  const companies = await Company.find({ nameKeys: trusted({ $in: firsts.map(nameKey) }) })
    .select("name alias logo thumbnails")
    .sort({ name: 1, _id: 1 })
    .lean();
  const byName = new Map<string, string>();
  for (const c of companies) {
    const url = c.thumbnails?.w200 || c.logo;
    if (!url) continue;
    for (const key of [c.name, c.alias]) if (key && !byName.has(nameKey(key))) byName.set(nameKey(key), url);
  }
  return Object.fromEntries(
    names.flatMap((name) => {
      const url = byName.get(nameKey(originator(name)));
      return url ? [[name, url]] : [];
    }),
  );
}

/**
 * The logos of `logoUrlsByName` as PNG bytes with their size in pixels (a deck embeds them): stored logos are PNGs made
 * by storeLogo, whose header gives the size. Names without a logo, or whose file is gone, are left out.
 */
export async function logoImagesByName(names: string[]): Promise<Record<string, { png: Buffer; width: number; height: number }>> {
  const urls = await logoUrlsByName(names);
  const byUrl = new Map<string, Promise<Buffer | null>>();
  const read = (url: string) => {
    const id = fileIdOf(url);
    if (!id) return Promise.resolve(null);
    return new Promise<Buffer | null>((resolve) => {
      const chunks: Buffer[] = [];
      openFileStream(new Types.ObjectId(id))
        .on("data", (chunk: Buffer) => chunks.push(chunk))
        .on("error", () => resolve(null))
        .on("end", () => resolve(Buffer.concat(chunks)));
    });
  };
  const found = await Promise.all(
    Object.entries(urls).map(async ([name, url]) => {
      if (!byUrl.has(url)) byUrl.set(url, read(url));
      const png = await byUrl.get(url)!;
      // A PNG's IHDR chunk: width and height at bytes 16 and 20.
      if (!png || png.length < 24 || png.toString("latin1", 1, 4) !== "PNG") return [];
      return [[name, { png, width: png.readUInt32BE(16), height: png.readUInt32BE(20) }] as const];
    }),
  );
  return Object.fromEntries(found.flat());
}

// ---- The administration console: companies (admin-console §2, §3, §5; editors and admins) ----

const COMPANY_FIELDS = "name type website alias headquarters parentCompany logo logoName thumbnails status";

/** One page of the Company List by name, with the words typed (each must begin a word of the name or alias). Served
 *  by { name } between fences, and { searchTokens, name } with words (see findPage). */
export async function listCompaniesPage({ search, page }: { search?: string; page: PageRequest }) {
  await connectDb();
  return findPage(Company, wordsFilter(search), { field: "name", direction: 1, select: COMPANY_FIELDS, page, fenced: true });
}

type CompanyItem = Awaited<ReturnType<typeof listCompaniesPage>>["items"][number];

/** Companies' names by id, in one query (none for no ids). */
export async function companyNamesOf(ids: string[]) {
  return new Map((await findByIds(Company, ids, "name")).map((c) => [String(c._id), c.name]));
}

/** The list's rows: a page's companies with their parents' names (one query a page). */
export async function companyRows(items: CompanyItem[]) {
  const names = await companyNamesOf(idsOf(items, (c) => c.parentCompany));
  return items.map((c) => ({
    id: String(c._id),
    name: c.name,
    type: c.type,
    parent: c.parentCompany ? (names.get(String(c.parentCompany)) ?? "") : "",
    website: httpUrl(c.website) ?? null,
    thumbnail: c.thumbnails?.w80 ?? c.logo ?? null,
    status: c.status ?? "active",
  }));
}

export async function findManagedCompany(id: string | undefined) {
  if (!isObjectId(id)) return null;
  await connectDb();
  return Company.findById(id).select(COMPANY_FIELDS).lean();
}
export type ManagedCompany = NonNullable<Awaited<ReturnType<typeof findManagedCompany>>>;

/** The parent company picker's choices for `company` (none: a new one): every active company but the company itself
 *  and its descendants (no cycles, through inactive companies too), by name, and its current parent when that is now
 *  inactive (marked so: saving the company keeps it). */
export async function parentCompanyOptions(company?: { _id: unknown; parentCompany?: unknown }) {
  await connectDb();
  const companies = await Company.find().select("name parentCompany status").sort({ name: 1 }).lean();
  const self = company ? String(company._id) : null;
  const excluded = new Set(self ? [self] : []);
  // Descendants of the company: walk the parent links until nothing new joins (companies form shallow trees).
  for (let grew = Boolean(self); grew;) {
    grew = false;
    for (const c of companies) {
      if (!c.parentCompany || !excluded.has(String(c.parentCompany)) || excluded.has(String(c._id))) continue;
      excluded.add(String(c._id));
      grew = true;
    }
  }
  const current = company?.parentCompany ? String(company.parentCompany) : null;
  return companies
    .filter((c) => !excluded.has(String(c._id)) && (c.status !== "inactive" || String(c._id) === current))
    .map((c) => ({ value: String(c._id), label: c.status === "inactive" ? `${c.name} (inactive)` : c.name }));
}

/** A company picker's choices (a news item's companies, a compound's originator and licensees): the active companies by
 *  name, then the inactive ones `keep` names (a record naming them loses none on its next save), marked so. */
export async function companyChoices(keep: string[] = []) {
  await connectDb();
  const kept = keep.filter(isObjectId);
  // One read for both, in one batch: the list is read whole (the driver's first batch is otherwise 101 documents).
  const companies = await Company.find(
    kept.length ? { $or: [{ status: "active" }, { _id: trusted({ $in: kept }), status: "inactive" }] } : { status: "active" as const },
  )
    .select("name status")
    .sort({ name: 1, _id: 1 })
    .batchSize(10_000)
    .lean();
  return [...companies.filter((c) => c.status === "active"), ...companies.filter((c) => c.status !== "active")].map(companyChoice);
}

/** A company as the pickers offer it: marked when inactive. */
const companyChoice = (c: { _id: unknown; name: string; status?: string | null }) => ({
  value: String(c._id),
  label: c.status === "inactive" ? `${c.name} (inactive)` : c.name,
});

/** The companies among `keep` that companyChoices(keep) offers (those that exist, active or inactive), as it labels
 *  them: a save checks what was chosen by reading only those, not the thousands of the whole list. */
export async function offeredCompanies(keep: string[] = []) {
  await connectDb();
  return (await findByIds(Company, keep.filter(isObjectId), "name status")).map(companyChoice);
}

/** Companies by name or alias as a sheet writes them (nameKey): each key's company ids (two ids: an ambiguous name). */
export async function companyIdsByName(names: string[]) {
  const keys = new Set(names.map(nameKey).filter(Boolean));
  if (keys.size === 0) return new Map<string, string[]>();
  await connectDb();
  const companies = await Company.find({ nameKeys: trusted({ $in: [...keys] }) })
    .select("nameKeys")
    .lean();
  const byKey = new Map<string, string[]>();
  for (const c of companies)
    for (const key of new Set(c.nameKeys ?? [])) if (keys.has(key)) byKey.set(key, [...(byKey.get(key) ?? []), String(c._id)]);
  return byKey;
}

/** The form's values for a company (empty for Add: active). */
export function companyFormValues(company?: ManagedCompany | null): FormValuesOf<typeof CompanySchema> {
  return {
    name: company?.name ?? "",
    type: company?.type ?? "",
    website: company?.website ?? "",
    alias: company?.alias ?? "",
    headquarters: company?.headquarters ?? "",
    parentCompany: company?.parentCompany ? String(company.parentCompany) : "",
    status: company?.status ?? "active",
    removeLogo: false,
  };
}

export class CompanyFormError extends Error {
  constructor(
    readonly field: "" | "logo" | "parentCompany" | "name",
    message: string,
  ) {
    super(message);
  }
}

export interface CompanyValues {
  name: string;
  type: (typeof COMPANY_TYPES)[number];
  website?: string;
  alias?: string;
  headquarters?: string;
  parentCompany?: string;
  status: (typeof ACTIVE_STATUSES)[number];
}

/** A parent that exists and is not the company itself or one of its descendants (a cycle): one of the picker's choices. */
async function checkParent(company: ManagedCompany | null, parent: string | undefined) {
  if (!parent) return;
  const options = await parentCompanyOptions(company ?? undefined);
  if (!options.some((o) => o.value === parent))
    throw new CompanyFormError("parentCompany", "Choose an active company that is not this one or one of its own.");
}

const audited = (c: Partial<CompanyValues> & { name: string; logo?: string | null; parentCompany?: unknown }) => ({
  name: c.name,
  type: c.type ?? "",
  website: c.website ?? "",
  alias: c.alias ?? "",
  headquarters: c.headquarters ?? "",
  parentCompany: c.parentCompany ? String(c.parentCompany) : "",
  status: c.status ?? "active",
  logo: c.logo ? "yes" : "no",
});

export async function createCompany({ actor, values, logo }: { actor: SessionUser; values: CompanyValues; logo: LogoUpload }) {
  await connectDb();
  await checkParent(null, values.parentCompany);
  const company = new Company({ ...values, parentCompany: values.parentCompany || undefined });
  if (logo)
    company.set({
      ...(await storeLogo(logo.data, logo.filename, { purpose: "company-logo", id: String(company._id) })),
      logoName: logo.filename,
    });
  return createRecorded(company, { actor, entity: "company", name: company.name, after: audited({ ...values, logo: company.logo }) });
}

export async function updateCompany({
  actor,
  company,
  values,
  logo,
  removeLogo = false,
}: {
  actor: SessionUser;
  company: ManagedCompany;
  values: CompanyValues;
  logo: LogoUpload;
  removeLogo?: boolean;
}) {
  await connectDb();
  await checkParent(company, values.parentCompany);
  const doc = await Company.findById(company._id);
  if (!doc) throw new Response("No such company.", { status: 404 });
  const stored = logo ? await storeLogo(logo.data, logo.filename, { purpose: "company-logo", id: String(company._id) }) : null;
  doc.set({
    ...values,
    parentCompany: values.parentCompany || null,
    ...(stored ? { ...stored, logoName: logo!.filename } : removeLogo ? { logo: null, logoName: null, thumbnails: null } : {}),
  });
  await doc.save();
  // The records that carry its name: news items, and the compounds it originated.
  if (values.name !== company.name)
    await Promise.all([renameInNews("companies", [{ id: company._id, name: values.name }]), renameAsOriginator(company._id, values.name)]);
  if (stored || removeLogo) await deleteLogoFiles(company);
  await recordChange({
    actor,
    entity: "company",
    entityId: company._id,
    entityName: values.name,
    action: "update",
    before: audited(company as never),
    after: audited({ ...values, logo: doc.logo }),
  });
}

export async function setCompanyStatus({
  actor,
  company,
  status,
}: {
  actor: SessionUser;
  company: ManagedCompany;
  status: CompanyValues["status"];
}) {
  await setStatusRecorded(Company, { actor, entity: "company", record: company, name: company.name, status });
}

/** What names a company: compounds (as originator or licensee), news items, companies (as their parent). */
export async function companyReferences(company: ManagedCompany) {
  await connectDb();
  const id = company._id;
  const [originated, licensed, news, children] = await Promise.all([
    countMatching(Compound, { originator: id }),
    countMatching(Compound, { "licensee.companies": id }),
    countMatching(News, { companies: id }),
    countMatching(Company, { parentCompany: id }),
  ]);
  return { compounds: originated + licensed, news, companies: children };
}

/** Deletes a company no record names, with its logo files; one still named is refused (CompanyFormError). */
export async function deleteCompany({ actor, company }: { actor: SessionUser; company: ManagedCompany }) {
  const refs = await companyReferences(company);
  if (refs.compounds + refs.news + refs.companies > 0) throw new CompanyFormError("", companyInUse(company.name, refs));
  await deleteRecorded(Company, { actor, entity: "company", record: company, name: company.name, before: audited(company as never) });
  await deleteLogoFiles(company);
}

// ---- The company logos manager (user-app §2 "Company logos manager") ----

/** One page of the companies that have a logo, by name, with the words typed. */
export async function listCompanyLogosPage({ search, page }: { search?: string; page: PageRequest }) {
  await connectDb();
  return findPage(
    Company,
    { logo: trusted({ $type: "string" }), ...wordsFilter(search) },
    { field: "name", direction: 1, select: COMPANY_FIELDS, page, fenced: true },
  );
}

/** A logo for a company by name: the company of that name or alias gets it (its old files go), or a company of that
 *  name is added with it (type Others: the manager asks only for a name and a logo). Whether it was added. */
export async function setCompanyLogo({ actor, name, logo }: { actor: SessionUser; name: string; logo: NonNullable<LogoUpload> }) {
  await connectDb();
  const existing = await Company.findOne({ nameKeys: nameKey(name) })
    .select(COMPANY_FIELDS)
    .lean();
  if (!existing) {
    await createCompany({ actor, values: { name, type: "Others", status: "active" }, logo });
    return { added: true };
  }
  const stored = await storeLogo(logo.data, logo.filename, { purpose: "company-logo", id: String(existing._id) });
  await changeLogo(actor, existing, { ...stored, logoName: logo.filename }, existing.logoName ?? (existing.logo ? "yes" : "no"));
  return { added: false };
}

/** Removes a company's logo and its thumbnails (the company stays). */
export async function deleteCompanyLogo({ actor, company }: { actor: SessionUser; company: ManagedCompany }) {
  await connectDb();
  await changeLogo(actor, company, { logo: null, logoName: null, thumbnails: null }, company.logoName ?? "yes");
}

/** Sets a company's logo fields (`logo` a new one, or nulls), deletes the old files and records the change (`before`:
 *  the old logo's name; after: the new one's, or "no"). */
async function changeLogo(
  actor: SessionUser,
  company: ManagedCompany,
  logo: { logo: string | null; logoName: string | null; thumbnails: unknown },
  before: string,
) {
  await Company.updateOne({ _id: company._id }, { $set: logo });
  await deleteLogoFiles(company);
  await recordChange({
    actor,
    entity: "company",
    entityId: company._id,
    entityName: company.name,
    action: "update",
    before: { logo: before },
    after: { logo: logo.logoName ?? "no" },
  });
}

/** Gives the companies saved before name keys read curly quotes as straight ones (issue 28: a sheet's "Dr. Reddy’s" is
 *  "Dr. Reddy's") their keys again, once per database. */
export const backfillCompanyNameKeys = () =>
  backfillOnce("once|company-name-keys|2", Company, "name alias nameKeys", (c) =>
    keysOf(c).join("\n") !== (c.nameKeys ?? []).join("\n") ? { nameKeys: keysOf(c) } : null,
  );
