import { connectDb, trusted } from "#db/connection.server";
import { Client, Company, Compound, Disease, Keyword, News, User } from "#db/models/index.server";
import { deleteFile, fileIdOf, findFile } from "#db/files.server";
import { NEWS_CATEGORIES, NEWS_PRIORITIES } from "#common/constants";
import { isObjectId } from "#common/ids";
import { defaultNewsWindow } from "~/utils/dates";
import { pageOf } from "~/utils/paging";
import { plainText } from "#common/plain-text";
import { diseasesIn } from "~/utils/permissions";
import type { SessionUser } from "~/utils/session.server";
import { httpUrl } from "~/utils/url";
import type { PermittedClient } from "./client.server";
import type { PermittedDisease } from "./disease.server";
import { compoundName } from "./compound.server";
import { findPage, wordsFilter, type PageRequest } from "./list.server";
import { userFullName } from "./user.server";

/** user-app §9: a card is 'New' when published within 7 days. */
const NEW_BADGE_MS = 7 * 24 * 3600 * 1000;

type CardSource = { _id: unknown; title: string; analystCommentary?: string | null; publishedAt?: Date | null; categories?: string[]; priority?: number | null; sources?: Array<{ name: string; link?: string | null }> };

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
  sources: links(n.sources),
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
  const total = await News.countDocuments(filter);
  const page = pageOf(search, total, size);
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

/**
 * One page of a client's published news feed, newest first (user-app §2 "News list"): only news of the diseases the
 * user may see (the top-level admin: all of the client's) in the date window, narrowed by the filters. Served by
 * { client, status, publishedAt, _id } (or, for words and terms, their own indexes).
 */
export async function listNewsPage({ user, client, filters = {}, page }: { user: SessionUser; client: PermittedClient; filters?: NewsFilters; page: PageRequest }) {
  await connectDb();
  const granted = diseasesIn(user, client.id);
  const asked = filters.diseases?.length ? filters.diseases.filter(isObjectId) : undefined;
  const diseases = granted && asked ? asked.filter((d) => granted.includes(d)) : (asked ?? granted);
  // The window also bounds the index range read, which keeps a page fast however much news there is.
  const window = defaultNewsWindow();
  const publishedAt = { $gte: filters.from ?? window.from, $lte: filters.to ?? window.to };
  const filter = {
    client: client.id,
    status: "published",
    ...(diseases ? { disease: trusted({ $in: diseases }) } : {}),
    ...(filters.terms?.length ? { terms: trusted({ $in: filters.terms }) } : {}),
    ...(filters.categories?.length ? { categories: trusted({ $in: filters.categories }) } : {}),
    ...(filters.priorities?.length ? { priority: trusted({ $in: filters.priorities }) } : {}),
    publishedAt: trusted(publishedAt),
    ...wordsFilter(filters.search),
  };
  const select = "title analystCommentary publishedAt categories priority disease companies compounds sources attachments";
  return findPage(News, filter, { field: "publishedAt", direction: -1, newestFirst: true, select, page });
}

/** One page of drafts or fetched items (admin-console "News drafts list"), newest first, in the user's clients. */
export async function listDraftsPage({ user, status, search, page }: { user: SessionUser; status: "draft" | "fetch"; search?: string; page: PageRequest }) {
  await connectDb();
  const filter = { status, ...(user.isTopAdmin ? {} : { client: trusted({ $in: user.clients ?? [] }) }), ...wordsFilter(search) };
  return findPage(News, filter, { field: "createdAt", direction: -1, newestFirst: true, select: "title createdAt createdBy createdByName client disease priority status", page });
}

type FeedItem = Awaited<ReturnType<typeof listNewsPage>>["items"][number];

/** Attachments: files stored by the app (served with their own permission check) or http(s) links. */
const attachmentLinks = (list: FeedItem["attachments"]) =>
  (list ?? []).flatMap((a) => (a.link?.startsWith("/resources/files/") ? [{ name: a.name, link: a.link }] : links([a])));

/** The feed's cards (user-app §2 "News list"): each item's card with its companies and compounds by name and its
 *  attachments, two queries for the page whatever its size. */
export async function feedCards(items: FeedItem[]) {
  const ids = (pick: (n: FeedItem) => unknown[] | undefined) => [...new Set(items.flatMap((n) => (pick(n) ?? []).map(String)))];
  const [companyIds, compoundIds] = [ids((n) => n.companies), ids((n) => n.compounds)];
  const [companies, compounds] = await Promise.all([
    companyIds.length ? Company.find({ _id: trusted({ $in: companyIds }) }).select("name").lean() : [],
    compoundIds.length ? Compound.find({ _id: trusted({ $in: compoundIds }) }).select("name").lean() : [],
  ]);
  const names = new Map<string, string>([
    ...companies.map((c) => [String(c._id), c.name] as const),
    ...compounds.map((c) => [String(c._id), compoundName(c)] as const),
  ]);
  const named = (list: unknown[] | undefined) => (list ?? []).flatMap((id) => names.get(String(id)) || []);
  const card = newsCard(Date.now());
  return items.map((n) => ({ ...card(n), companies: named(n.companies), compounds: named(n.compounds), attachments: attachmentLinks(n.attachments) }));
}
export type FeedCard = Awaited<ReturnType<typeof feedCards>>[number];

/** The feed's filter choices for a client (user-app §7 /filters/news): the diseases the user may see there, the
 *  client's active keywords (the terms news are tagged with), categories and priorities. */
export async function newsFilterOptions({ user, client }: { user: SessionUser; client: PermittedClient }) {
  await connectDb();
  const granted = diseasesIn(user, client.id);
  const [diseases, keywords] = await Promise.all([
    Disease.find({ client: client.id, ...(granted ? { _id: trusted({ $in: granted }) } : {}) }).select("name").lean(),
    Keyword.find({ client: client.id, ...(granted ? { disease: trusted({ $in: granted }) } : {}), status: "active" }).select("name").lean(),
  ]);
  const byName = (a: string, b: string) => a.localeCompare(b, "en", { sensitivity: "base" });
  return {
    diseases: diseases.map((d) => ({ value: String(d._id), label: d.name })).sort((a, b) => byName(a.label, b.label)),
    terms: [...new Set(keywords.map((k) => k.name))].sort(byName),
    categories: [...NEWS_CATEGORIES],
    priorities: Object.entries(NEWS_PRIORITIES).map(([value, label]) => ({ value: Number(value), label })),
  };
}
export type NewsFilterOptions = Awaited<ReturnType<typeof newsFilterOptions>>;

// ---- Managing news (admins: user-app §6 "News Drafts, Add News, edit/delete cards") ----

/** The drafts list's rows: the page's items with their client's and author's names. */
export async function draftRows(items: Awaited<ReturnType<typeof listDraftsPage>>["items"]) {
  const ids = (pick: (n: (typeof items)[number]) => unknown) => [...new Set(items.flatMap((n) => (pick(n) ? [String(pick(n))] : [])))];
  const [clientIds, userIds] = [ids((n) => n.client), ids((n) => n.createdBy)];
  const [clients, users] = await Promise.all([
    clientIds.length ? Client.find({ _id: trusted({ $in: clientIds }) }).select("name").lean() : [],
    userIds.length ? User.find({ _id: trusted({ $in: userIds }) }).select("name email").lean() : [],
  ]);
  const clientName = new Map(clients.map((c) => [String(c._id), c.name]));
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

/** A news item, any status, in one of the clients an admin holds (any, for the top-level admin); null otherwise. */
export async function findManagedNews({ user, id }: { user: SessionUser; id: string | undefined }) {
  if (!isObjectId(id)) return null;
  await connectDb();
  const news = await News.findOne({ _id: id, ...(user.isTopAdmin ? {} : { client: trusted({ $in: user.clients ?? [] }) }) }).select("title status publishedAt client attachments").lean();
  return news;
}
export type ManagedNews = NonNullable<Awaited<ReturnType<typeof findManagedNews>>>;

/** Publish flips an item between draft and published (user-app §4); publishing stamps it now if it has no date. */
export async function toggleNewsPublished({ news }: { news: ManagedNews }) {
  await connectDb();
  const publish = news.status !== "published";
  await News.updateOne({ _id: news._id }, { $set: publish ? { status: "published", publishedAt: news.publishedAt ?? new Date() } : { status: "draft" } });
  return publish ? "published" : "draft";
}

/** Deletes a news item with the files uploaded as its attachments (only files stored as this item's). */
export async function deleteNews({ news }: { news: ManagedNews }) {
  await connectDb();
  await News.deleteOne({ _id: news._id });
  for (const a of news.attachments ?? []) {
    const file = await findFile(fileIdOf(a.link) ?? "");
    if (file?.metadata.purpose === "news-attachment" && file.metadata.owner === String(news._id)) await deleteFile(file.id);
  }
}
