import { NEWS_CATEGORIES, NEWS_PRIORITIES } from "#common/constants";
import { isObjectId } from "#common/ids";
import { escapeHtml, plainText } from "#common/plain-text";
import { connectDb, countMatching, totalOrder, trusted } from "#db/connection.server";
import { claimFiles, fileIdOf, findFile } from "#db/files.server";
import { Company, Compound, Disease, Keyword, News, User } from "#db/models/index.server";
import type { NewsDoc } from "#db/models/news.server";
import { deleteOwnedAttachment, pendingOwner } from "~/utils/attachments.server";
import { dayBound, defaultNewsWindow, isoDay } from "~/utils/dates";
import type { NewsFormOutput, NewsFormValues } from "~/utils/news-schema";
import { byLabel, byName, type SelectOption } from "~/utils/options";
import { numberedPageOf } from "~/utils/paging";
import { can, diseasesIn, diseasesSeen } from "~/utils/permissions";
import { sanitizeRichText } from "~/utils/rich-text.server";
import type { SessionUser } from "~/utils/session.server";
import { httpUrl } from "~/utils/url";

import { recordChange } from "./audit.server";
import { onceInBatches } from "./backfill.server";
import { findByIds, idsOf } from "./by-ids.server";
import { scopeOptionsWithCompounds, scopeProblem, type ScopeSelection } from "./cascade.server";
import { clientNamesOf } from "./client.server";
import { companyChoices, companyNamesOf, offeredCompanies } from "./company.server";
import { compoundName, compoundNamesOf } from "./compound.server";
import { findPermittedDisease } from "./disease.server";
import { heldScope } from "./grants.server";
import { findHeld, type HeldRecordQuery } from "./held.server";
import { countUpTo, findPage, wordsFilter, type FeedPageQuery, type PageRequest } from "./list.server";
import type { PermittedClient, PermittedDisease } from "./permitted";
import { deleteRecorded } from "./recorded.server";
import { userFullName } from "./user.server";

/** user-app §9: a card is 'New' when published within 7 days. */
const NEW_BADGE_MS = 7 * 24 * 3600 * 1000;

type CardSource = {
  _id: unknown;
  title: string;
  analystCommentary?: string | null;
  publishedAt?: Date | null;
  categories?: string[];
  priority?: number | null;
  sources?: Array<{ name: string; link?: string | null }>;
};

/** What a news card shows of an item (the 'list' report and the feed). */
const newsCard = (now: number) => (n: CardSource) => ({
  id: String(n._id),
  title: n.title,
  summary: plainText(n.analystCommentary),
  publishedAt: n.publishedAt?.toISOString() ?? null,
  isNew: Boolean(n.publishedAt && now - n.publishedAt.getTime() <= NEW_BADGE_MS),
  /** All of them: the spec's entity list says the first is used, issue #12 puts "categories" on the card, and a feed
   *  filtered by a category must show it on every card it keeps (the filter matches any of an item's categories). */
  categories: n.categories ?? [],
  priority: NEWS_PRIORITIES[n.priority as keyof typeof NEWS_PRIORITIES] ?? "Low",
  /** Every source by name; its address only when it is a web address (anything else is shown as text). */
  sources: (n.sources ?? []).map((s) => ({ name: s.name, link: httpUrl(s.link) ?? null })),
});

/** Links with a name and an http(s) address; anything else (javascript:, data:, typos) is left out. */
const links = (list: Array<{ name: string; link?: string | null }> | undefined) =>
  (list ?? []).flatMap((s) => {
    const link = httpUrl(s.link);
    return link ? [{ name: s.name, link }] : [];
  });

/** Published news about a permitted disease, newest first, one page of it (user-app §2 report 'list'). */
export async function listDiseaseNews({ disease, search, size }: { disease: PermittedDisease; search: URLSearchParams; size: number }) {
  await connectDb();
  const filter = { disease: disease.id, status: "published" as const };
  const total = await countMatching(News, filter);
  const page = numberedPageOf(search, total, size);
  const items = await News.find(filter)
    .select("title analystCommentary publishedAt categories priority sources")
    .sort({ publishedAt: -1, _id: -1 })
    .skip(page.offset)
    .limit(page.size)
    .lean();
  return { page, items: items.map(newsCard(Date.now())) };
}
export type DiseaseNews = Awaited<ReturnType<typeof listDiseaseNews>>;

export interface NewsFilters {
  /** Disease ids; only those the user may see count. */
  diseases?: string[];
  terms?: string[];
  categories?: Array<(typeof NEWS_CATEGORIES)[number]>;
  priorities?: number[];
  /** From and to (inclusive); without them the spec's default window, one month back to today. */
  from?: Date;
  to?: Date;
  /** What was typed in the search box: every word must begin a word of the title or summary. */
  search?: string;
}

/** One value or any of several: a single choice as an equality, which engines bound more tightly than an `$in`. */
const anyOf = <V>(values: V[]) => (values.length === 1 ? values[0] : trusted({ $in: values }));

/**
 * One page of a client's published news feed, newest first (user-app §2 "News list"): only news of the diseases the
 * user may see (the top-level admin: all of the client's) in the date window, narrowed by the filters. Served by
 * { client, status, publishedAt, _id } (or, for words and terms, their own indexes).
 */
export async function listNewsPage({ user, client, filters = {}, page }: FeedPageQuery<NewsFilters>) {
  await connectDb();
  const select = "title analystCommentary publishedAt categories priority disease companies compounds names sources attachments";
  return findPage(News, feedFilter(user, client, filters), { field: "publishedAt", direction: -1, newestFirst: true, select, page });
}

/** How many items the feed's filters match, for the feed's heading (counted up to COUNT_CAP, like the console's lists). */
export async function countNews({ user, client, filters = {} }: { user: SessionUser; client: PermittedClient; filters?: NewsFilters }) {
  await connectDb();
  return countUpTo(News, feedFilter(user, client, filters));
}

/** The feed's query: the client's published news of the diseases the user may see, narrowed by `filters`. */
function feedFilter(user: SessionUser, client: PermittedClient, filters: NewsFilters) {
  const diseases = diseasesSeen(user, client.id, filters.diseases?.length ? filters.diseases.filter(isObjectId) : undefined);
  // The window also bounds the index range read, which keeps a page fast however much news there is.
  const window = defaultNewsWindow();
  const publishedAt = { $gte: filters.from ?? window.from, $lte: filters.to ?? window.to };
  // The diseases first: SecantusDB plans by the order of the filter's fields, and read a feed's window through the
  // client's index before them (at 100k news: 58-112 ms a window against 6-25 ms; the client still bounds it).
  return {
    ...(diseases ? { disease: anyOf(diseases) } : {}),
    client: client.id,
    status: "published",
    ...(filters.terms?.length ? { terms: anyOf(filters.terms) } : {}),
    ...(filters.categories?.length ? { categories: anyOf(filters.categories) } : {}),
    ...(filters.priorities?.length ? { priority: anyOf(filters.priorities) } : {}),
    publishedAt: trusted(publishedAt),
    ...wordsFilter(filters.search),
  };
}

/** The news an admin manages: those of the diseases they hold (all, for the top-level admin), as the console's records.
 *  An item of a disease taken from them is, from then on, like one that does not exist. */
const managedScope = heldScope;
/** The same rule for an item already read. */
const manages = (user: SessionUser, news: { client?: unknown; disease?: unknown }) => {
  if (!can(user, "news:manage")) return false;
  const held = diseasesIn(user, String(news.client));
  return held === null || held.includes(String(news.disease));
};

/** One page of drafts or fetched items (admin-console "News drafts list"), newest first, of the diseases the user holds. */
export async function listDraftsPage({
  user,
  status,
  search,
  page,
}: {
  user: SessionUser;
  status: "draft" | "fetch";
  search?: string;
  page: PageRequest;
}) {
  await connectDb();
  const filter = { status, ...managedScope(user), ...wordsFilter(search) };
  return findPage(News, filter, {
    field: "createdAt",
    direction: -1,
    newestFirst: true,
    select: "title createdAt createdBy createdByName client disease priority status",
    page,
  });
}

type FeedItem = Awaited<ReturnType<typeof listNewsPage>>["items"][number];

/** Attachments: files stored by the app (served with their own permission check) or http(s) links. */
const attachmentLinks = (list: FeedItem["attachments"]) =>
  (list ?? []).flatMap((a) => (a.link?.startsWith("/resources/files/") ? [{ name: a.name, link: a.link }] : links([a])));

/** The feed's cards (user-app §2 "News list"): each item's card with its disease, companies and compounds by name and
 *  its attachments. The companies and compounds are named by the names the item carries (News.names); only ids an item
 *  does not name yet (saved before it carried them, until the one-time fill) are read, two queries for the page at
 *  most. The disease is named from `diseases`, those the reader may see (the feed's filter choices, read already):
 *  never a name from beyond the reader's grants. */
export async function feedCards(items: FeedItem[], diseases: SelectOption[]) {
  const diseaseName = new Map(diseases.map((d) => [d.value, d.label]));
  // A lean read gives the Map as a plain object.
  const carried = (n: FeedItem, id: unknown) => (n.names as Record<string, string> | undefined)?.[String(id)];
  const unnamed = (list: (n: FeedItem) => unknown[] | undefined) =>
    idsOf(items, (n) => (list(n) ?? []).filter((id) => carried(n, id) === undefined));
  const [companies, compounds] = await Promise.all([
    companyNamesOf(unnamed((n) => n.companies)),
    compoundNamesOf(unnamed((n) => n.compounds)),
  ]);
  const read = new Map([...companies, ...compounds]);
  const named = (n: FeedItem, list: unknown[] | undefined) => (list ?? []).flatMap((id) => (carried(n, id) ?? read.get(String(id))) || []);
  const card = newsCard(Date.now());
  return items.map((n) => ({
    ...card(n),
    disease: diseaseName.get(String(n.disease)) ?? null,
    companies: named(n, n.companies),
    compounds: named(n, n.compounds),
    attachments: attachmentLinks(n.attachments),
  }));
}

/** The names an item carries of these companies and compounds (News.names), as its card shows them. */
const namesOf = (
  companies: ReadonlyArray<{ _id: unknown; name: string }>,
  compounds: ReadonlyArray<{ _id: unknown } & Parameters<typeof compoundName>[0]>,
) =>
  Object.fromEntries([
    ...companies.map((c) => [String(c._id), c.name] as const),
    ...compounds.map((c) => [String(c._id), compoundName(c)] as const),
  ]);

/** Gives the news items saved before they carried the names of their companies and compounds those names, once per
 *  database (an item saved meanwhile keeps its own). */
export const backfillNewsNames = () =>
  onceInBatches("once|news-names|1", News, "companies compounds names", async (batch) => {
    const missing = batch.filter((n) => !n.names);
    if (!missing.length) return 0;
    const [companies, compounds] = await Promise.all([
      findByIds(
        Company,
        idsOf(missing, (n) => n.companies),
        "name",
      ),
      findByIds(
        Compound,
        idsOf(missing, (n) => n.compounds),
        "name",
      ),
    ]);
    const byId = <R extends { _id: unknown }>(rows: R[]) => {
      const found = new Map(rows.map((r) => [String(r._id), r]));
      return (ids: unknown[] | undefined) => (ids ?? []).flatMap((id) => found.get(String(id)) ?? []);
    };
    const [companiesOf, compoundsOf] = [byId(companies), byId(compounds)];
    await News.bulkWrite(
      missing.map((n) => ({
        updateOne: {
          filter: { _id: n._id, names: trusted({ $exists: false }) },
          update: { $set: { names: namesOf(companiesOf(n.companies), compoundsOf(n.compounds)) } },
        },
      })),
    );
    return missing.length;
  });
export type FeedCard = Awaited<ReturnType<typeof feedCards>>[number];

/** The feed's filter choices for a client (user-app §7 /filters/news): the diseases the user may see there, the
 *  client's active keywords (the terms news are tagged with), categories and priorities. */
export async function newsFilterOptions({ user, client }: { user: SessionUser; client: PermittedClient }) {
  await connectDb();
  const granted = diseasesIn(user, client.id);
  // The lists are sorted in the database too (see totalOrder), then again below by the reader's collation.
  const [diseases, keywords] = await Promise.all([
    Disease.find({ client: client.id, ...(granted ? { _id: trusted({ $in: granted }) } : {}) })
      .select("name")
      .sort(totalOrder("name"))
      .lean(),
    Keyword.find({ client: client.id, ...(granted ? { disease: trusted({ $in: granted }) } : {}), status: "active" })
      .select("name")
      .sort(totalOrder("name"))
      .lean(),
  ]);
  return {
    diseases: diseases.map((d) => ({ value: String(d._id), label: d.name })).sort(byLabel),
    terms: [...new Set(keywords.map((k) => k.name))].sort(byName),
    categories: [...NEWS_CATEGORIES],
    priorities: Object.entries(NEWS_PRIORITIES).map(([value, label]) => ({ value: Number(value), label })),
  };
}
export type NewsFilterOptions = Awaited<ReturnType<typeof newsFilterOptions>>;

// ---- Managing news (admins: user-app §6 "News Drafts, Add News, edit/delete cards") ----

/** The drafts list's rows: the page's items with their client's and author's names. */
export async function draftRows(items: Awaited<ReturnType<typeof listDraftsPage>>["items"]) {
  const [clientName, users] = await Promise.all([
    clientNamesOf(idsOf(items, (n) => n.client)),
    findByIds(
      User,
      idsOf(items, (n) => n.createdBy),
      "name email",
    ),
  ]);
  const userName = new Map(users.map((u) => [String(u._id), userFullName(u)]));
  return items.map((n) => ({
    id: String(n._id),
    title: n.title,
    createdAt: n.createdAt?.toISOString() ?? null,
    user: (n.createdBy ? userName.get(String(n.createdBy)) : null) ?? n.createdByName ?? "",
    client: n.client ? (clientName.get(String(n.client)) ?? "") : "",
    status: n.status,
  }));
}

/** A news item, any status, of a disease an admin holds (any, for the top-level admin); null otherwise. */
export const findManagedNews = (query: HeldRecordQuery) => findHeld(News, query, "title status publishedAt client attachments");
export type ManagedNews = NonNullable<Awaited<ReturnType<typeof findManagedNews>>>;

/** Publish flips an item between draft and published (user-app §4); publishing stamps it now if it has no date. */
export async function toggleNewsPublished({ user, news }: { user: SessionUser; news: ManagedNews }) {
  await connectDb();
  const publish = news.status !== "published";
  const set = publish ? { status: "published" as const, publishedAt: news.publishedAt ?? new Date() } : { status: "draft" as const };
  await News.updateOne({ _id: news._id }, { $set: set });
  await recordChange({
    actor: user,
    entity: "news",
    entityId: news._id,
    entityName: news.title,
    action: "status",
    before: { status: news.status },
    after: { status: set.status },
  });
  return publish ? "published" : "draft";
}

/** Deletes a news item with the files uploaded as its attachments (only files stored as this item's). */
export async function deleteNews({ user, news }: { user: SessionUser; news: ManagedNews }) {
  await deleteRecorded(News, { actor: user, entity: "news", record: news, name: news.title, before: { status: news.status } });
  for (const a of news.attachments ?? []) {
    const fileId = fileIdOf(a.link);
    if (fileId) await deleteOwnedAttachment(fileId, String(news._id));
  }
}

// ---- The news editor (user-app §5 "News form"; admins) ----

/** What the editor saves: ids already checked against the admin's permissions by `checkNewsScope`. */
export interface NewsValues {
  client: string;
  therapeuticArea: string;
  disease: string;
  companies: string[];
  compounds: string[];
  categories: Array<(typeof NEWS_CATEGORIES)[number]>;
  priority: number;
  title: string;
  /** Rich text as the browser sent it: sanitised here before it is stored. */
  content: string;
  /** Plain text (at most SUMMARY_MAX_CHARS), stored as a paragraph of escaped HTML like the rest of the summaries. */
  summary: string;
  publishedAt: Date | null;
  status: "published" | "draft";
  sources: Array<{ name: string; link?: string }>;
  attachments: Array<{ name: string; link: string }>;
}

type Keep = { companies?: string[]; compounds?: string[] };

/** The choices that follow a selection (user-app §4 cascades): client, area and disease as `scopeOptions` gives them,
 *  and the compounds of the chosen disease (`keep`: those the item names stay, see `compoundOptionsOf`). */
export const newsScopeOptions = ({ keep = {}, ...selection }: ScopeSelection & { keep?: Keep }) =>
  scopeOptionsWithCompounds({ ...selection, keep: keep.compounds });

/** The editor's choices: those of the selection and every active company (with the inactive ones `keep` names). */
export async function newsEditorOptions(args: Parameters<typeof newsScopeOptions>[0]) {
  const [scope, companies] = await Promise.all([newsScopeOptions(args), companyChoices(args.keep?.companies)]);
  return { ...scope, companies };
}
export type NewsEditorOptions = Awaited<ReturnType<typeof newsEditorOptions>>;

/** The editor's choices as a save checks them (checkNewsScope): those of the selection, and of the companies only the
 *  chosen ones `keep` names that the list offers (at 5,000 companies the whole list was 80-170 ms of a save). */
export async function newsCheckOptions(args: Parameters<typeof newsScopeOptions>[0]): Promise<NewsEditorOptions> {
  const [scope, companies] = await Promise.all([newsScopeOptions(args), offeredCompanies(args.keep?.companies)]);
  return { ...scope, companies };
}
export type NewsScopeOptions = Awaited<ReturnType<typeof newsScopeOptions>>;

/**
 * Whether a selection is one the admin may file news under (user-app §4): client, area and disease as `scopeProblem`
 * checks them, companies from the list, compounds of that disease. The first problem, with its message.
 */
export async function checkNewsScope({
  values,
  options,
}: {
  values: Pick<NewsValues, "client" | "therapeuticArea" | "disease" | "companies" | "compounds">;
  options: NewsEditorOptions;
}) {
  const problem = await scopeProblem({ values, options });
  if (problem) return problem;
  const has = (list: SelectOption[], id: string) => list.some((o) => o.value === id);
  if (!values.companies.every((id) => has(options.companies, id)))
    return { field: "companies" as const, message: "Choose companies from the list." };
  if (values.disease && !values.compounds.every((id) => has(options.compounds, id)))
    return { field: "compounds" as const, message: "Choose compounds of this disease." };
  return null;
}

/** A news item as the editor shows it (any status, of a disease the admin holds). */
export async function findNewsForEditor({ user, id }: { user: SessionUser; id: string | undefined }) {
  if (!isObjectId(id)) return null;
  await connectDb();
  return News.findOne({ _id: id, ...managedScope(user) }).lean();
}
export type EditorNews = NonNullable<Awaited<ReturnType<typeof findNewsForEditor>>>;

/** An attachment link the editor may keep: an http(s) address, or a file uploaded for this item (or by this admin
 *  for the item being written). Another item's or another client's file is refused: its id is no way in. */
async function attachmentProblem(user: SessionUser, newsId: string | null, links: NewsValues["attachments"]) {
  for (const a of links) {
    const fileId = fileIdOf(a.link);
    if (!fileId) {
      if (!httpUrl(a.link)) return `"${a.name}" is neither an uploaded file nor a web address.`;
      continue;
    }
    const file = await findFile(fileId);
    const owner = file?.metadata.owner;
    if (file?.metadata.purpose !== "news-attachment" || (owner !== pendingOwner(user) && owner !== newsId))
      return `"${a.name}" is not a file uploaded here.`;
  }
  return null;
}

/** What the stored item holds for the values: sanitised content, the summary as HTML, the names search finds. */
async function storedFields(values: NewsValues) {
  const [companies, compounds] = await Promise.all([
    findByIds(Company, values.companies, "name"),
    findByIds(Compound, values.compounds, "name"),
  ]);
  const { summary, ...rest } = values;
  return {
    ...rest,
    content: sanitizeRichText(values.content),
    analystCommentary: summary ? `<p>${escapeHtml(summary)}</p>` : "",
    publishedAt: values.publishedAt ?? (values.status === "published" ? new Date() : null),
    names: namesOf(companies, compounds),
    searchNames: [
      ...companies.map((c) => c.name),
      ...compounds.flatMap((c) => [c.name?.generic, c.name?.brand].filter((n): n is string => Boolean(n))),
    ],
  };
}

/** The form's values for a news item (empty for Add: today's date, a draft). */
export function newsFormValues(news?: EditorNews | null): NewsFormValues {
  const ids = (list: unknown[] | undefined | null) => (list ?? []).map(String);
  return {
    client: news?.client ? String(news.client) : "",
    therapeuticArea: news?.therapeuticArea ? String(news.therapeuticArea) : "",
    disease: news?.disease ? String(news.disease) : "",
    companies: ids(news?.companies),
    compounds: ids(news?.compounds),
    categories: news?.categories ?? [],
    priority: news?.priority ? String(news.priority) : "",
    title: news?.title ?? "",
    content: news?.content ?? "",
    summary: plainText(news?.analystCommentary),
    publishedAt: isoDay(news?.publishedAt ?? new Date()),
    // A fetched item is completed here: it leaves the fetch queue as a draft unless published.
    status: news?.status === "published" ? "published" : "draft",
    sources: (news?.sources ?? []).map((s) => ({ name: s.name, link: s.link ?? "" })),
    attachments: (news?.attachments ?? []).map((a) => ({ name: a.name, link: a.link ?? "" })),
  };
}

/** When the item is published: the day chosen keeps the stored time when it is the same day, today is now, another day
 *  is its start (UTC, like every day the app shows). */
function publishedAtFor(day: string | undefined, stored: Date | null | undefined): Date | null {
  if (!day) return null;
  if (stored && isoDay(stored) === day) return stored;
  return day === isoDay(new Date()) ? new Date() : dayBound(day);
}

/** What the editor saves for the form's checked values (`stored`: the item's publication time so far). */
export const newsValuesOf = (value: NewsFormOutput, stored: Date | null | undefined): NewsValues => ({
  client: value.client,
  therapeuticArea: value.therapeuticArea,
  disease: value.disease,
  companies: [...new Set(value.companies)],
  compounds: [...new Set(value.compounds)],
  categories: [...new Set(value.categories)],
  priority: value.priority,
  title: value.title,
  content: value.content,
  summary: value.summary ?? "",
  publishedAt: publishedAtFor(value.publishedAt, stored),
  status: value.status,
  sources: (value.sources ?? []).map((s) => ({ name: s.name, ...(s.link ? { link: s.link } : {}) })),
  attachments: value.attachments ?? [],
});

/** What the change log keeps of an item: its place, labels and dates; the content's text is kept as its length (an
 *  article's HTML would fill the log), so an edit of it still shows as a change. */
function audited(news: Partial<NewsDoc>) {
  return {
    title: news.title,
    status: news.status,
    priority: news.priority,
    categories: news.categories,
    client: news.client,
    therapeuticArea: news.therapeuticArea,
    disease: news.disease,
    companies: news.companies,
    compounds: news.compounds,
    publishedAt: news.publishedAt,
    summary: news.analystCommentary,
    content: `${plainText(news.content).length} characters`,
    sources: news.sources?.map((s) => ({ name: s.name, link: s.link })),
    attachments: news.attachments?.map((a) => a.name),
  };
}

export class NewsFormError extends Error {
  constructor(
    readonly field: "attachments",
    message: string,
  ) {
    super(message);
  }
}

/** Adds a news item by `user`; its uploaded attachments become its own. Its id. */
export async function createNews({ user, values }: { user: SessionUser; values: NewsValues }) {
  await connectDb();
  const problem = await attachmentProblem(user, null, values.attachments);
  if (problem) throw new NewsFormError("attachments", problem);
  const news = await News.create({ ...(await storedFields(values)), createdBy: user._id });
  await recordChange({ actor: user, entity: "news", entityId: news._id, entityName: values.title, action: "create", after: audited(news) });
  await claimFiles(
    values.attachments.flatMap((a) => fileIdOf(a.link) ?? []),
    { from: pendingOwner(user), to: String(news._id) },
  );
  return String(news._id);
}

/** Saves the editor's values over an item; files it no longer lists are deleted, newly uploaded ones claimed. A
 *  fetched item that is saved leaves the fetch queue as a draft or published item. */
export async function updateNews({ user, news, values }: { user: SessionUser; news: ManagedNews; values: NewsValues }) {
  await connectDb();
  const id = String(news._id);
  const problem = await attachmentProblem(user, id, values.attachments);
  if (problem) throw new NewsFormError("attachments", problem);
  const doc = await News.findById(id);
  if (!doc) throw new Response("No such news item.", { status: 404 });
  const before = audited(doc);
  doc.set(await storedFields(values));
  await doc.save();
  await recordChange({
    actor: user,
    entity: "news",
    entityId: id,
    entityName: values.title,
    action: "update",
    before,
    after: audited(doc),
  });
  const kept = new Set(values.attachments.flatMap((a) => fileIdOf(a.link) ?? []));
  await claimFiles([...kept], { from: pendingOwner(user), to: id });
  for (const a of news.attachments ?? []) {
    const fileId = fileIdOf(a.link);
    if (fileId && !kept.has(fileId)) await deleteOwnedAttachment(fileId, id);
  }
  return id;
}

/**
 * A news item to read in full (its card and its content, sanitised again as it is shown: items the fetch queue or an
 * import stored never passed the editor). Published items of a disease the user may see; drafts and fetched items
 * only to the admins who manage them. null otherwise — the same answer for an id that does not exist.
 */
export async function findReadableNews({ user, id }: { user: SessionUser; id: string | undefined }) {
  if (!isObjectId(id)) return null;
  await connectDb();
  const news = await News.findById(id)
    .select(
      "title content analystCommentary publishedAt categories priority disease client status companies compounds names sources attachments",
    )
    .lean();
  if (!news?.disease) return null;
  const managed = manages(user, news);
  const permitted = managed ? null : await findPermittedDisease({ user, id: String(news.disease) });
  if (permitted && (news.status !== "published" || permitted.status !== "ok")) return null;
  // Its disease by name: as the check read it for a reader; for the admin who manages the item (a disease they hold),
  // read beside the names of its companies and compounds.
  const [[card], disease] = await Promise.all([
    feedCards([news], []),
    permitted?.status === "ok"
      ? permitted.disease.name
      : Disease.findById(news.disease)
          .select("name")
          .lean()
          .then((d) => d?.name ?? null),
  ]);
  return { ...card!, disease, status: news.status, content: sanitizeRichText(news.content), managed };
}
