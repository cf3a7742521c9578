import { z } from "zod";
import * as zm from "zod/mini";

import { NEWS_CATEGORIES, NEWS_PRIORITIES } from "#common/constants";
import { NEWS_DELETED } from "#common/messages";
import { COUNT_CAP } from "~/models/list.server";
import {
  checkNewsScope,
  countNews,
  createNews,
  deleteNews,
  feedCards,
  findManagedNews,
  findNewsForEditor,
  findReadableNews,
  listNewsPage,
  newsCheckOptions,
  newsFilterOptions,
  NewsFormError,
  newsFormValues,
  newsValuesOf,
  updateNews,
  type FeedCard,
} from "~/models/news.server";
import { EXPORT_MAX_ITEMS, newsDeck, newsDeckResponse } from "~/services/news-deck.server";
import { dateRangePresets, dayBound } from "~/utils/dates";
import { newsFiltersOf, type FeedFilterValues } from "~/utils/feed-filters.server";
import { NewsSchema } from "~/utils/news-schema";
import type { SessionUser } from "~/utils/session.server";

import { endpoint, type AnyEndpoint } from "../endpoint.server";
import { ApiProblem } from "../problem.server";
import { clientOf, Day, deleteOne, filled, Id, page, updateOne, withSent } from "./shared.server";

// /api/v1: the news feed, its export and filter options, and news written by admins with the editor's own rules.

const NewsItem = z.object({
  _id: z.string(),
  title: z.string(),
  /** The analyst's summary as plain text. */
  analystCommentary: z.string(),
  /** Unix seconds (user-app §3), or null for an item not yet published. */
  publishedAt: z.number().nullable(),
  categories: z.array(z.string()),
  priority: z.number(),
  disease: z.string().nullable(),
  companies: z.array(z.string()),
  compounds: z.array(z.string()),
  sources: z.array(z.object({ name: z.string(), link: z.string().nullable() })),
  attachments: z.array(z.object({ name: z.string(), link: z.string() })),
  link: z.string(),
});

const PRIORITY_OF = Object.fromEntries(Object.entries(NEWS_PRIORITIES).map(([n, label]) => [label, Number(n)])) as Record<string, number>;

function newsItem(card: FeedCard): z.input<typeof NewsItem> {
  return {
    _id: card.id,
    title: card.title,
    analystCommentary: card.summary,
    publishedAt: card.publishedAt ? Math.floor(Date.parse(card.publishedAt) / 1000) : null,
    categories: card.categories,
    priority: PRIORITY_OF[card.priority] ?? 4,
    disease: card.disease,
    companies: card.companies,
    compounds: card.compounds,
    sources: card.sources,
    // The app's own files are links into the app, served to those who may read the item.
    attachments: card.attachments.map((a) => ({ name: a.name, link: a.link.startsWith("/") ? page(a.link) : a.link })),
    link: page(`/news/${card.id}`),
  };
}

const FilterValues = z.object({
  diseases: z.array(z.object({ value: z.string(), label: z.string() })),
  terms: z.array(z.string()),
  categories: z.array(z.string()),
  priorities: z.array(z.object({ value: z.number(), label: z.string() })),
});

/** The feed's filters (user-app §3 "News filter state", §7 /news/search). */
const NewsFilters = z.object({
  client: Id,
  status: z.literal("published").default("published"),
  diseases: z.array(Id).max(500).default([]),
  terms: z.array(z.string().trim().min(1).max(200)).max(200).default([]),
  categories: z.array(z.enum(NEWS_CATEGORIES)).default([]),
  priorities: z.array(z.number().int().min(1).max(4)).default([]),
  /** The published window, both days included; by default a month back to today (user-app §3). */
  startDate: Day.optional(),
  endDate: Day.optional(),
  /** Words that must each begin a word of the title or summary. */
  search: z.string().trim().max(200).default(""),
});

/** The filters as the feed reads them, the window's bounds, and the client they are of (the caller's, or a 404). */
async function feedOf(user: SessionUser, f: z.output<typeof NewsFilters>) {
  const client = await clientOf(user, f.client);
  const [from, to] = [dayBound(f.startDate), dayBound(f.endDate, true)];
  if (from && to && from > to) throw new ApiProblem(400, "startDate is after endDate.");
  const values: FeedFilterValues = {
    q: f.search,
    from: f.startDate ?? "",
    to: f.endDate ?? "",
    disease: f.diseases,
    term: f.terms,
    category: f.categories,
    priority: f.priorities,
  };
  return { client, values, from: from ?? undefined, to: to ?? undefined };
}

const NewsSearch = z.object({
  limit: z.number().int().min(1).max(100).default(10),
  /** 1-based; a later page is reached by following nextPage (forwardToken), or by number within the first 1,000 items. */
  page: z.number().int().min(1).default(1),
  forwardToken: z.string().min(1).max(500).optional(),
  orderBy: z.literal("publishedAt").default("publishedAt"),
  filters: NewsFilters,
});

const PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation";

/** A news item as written (user-app §7 POST /news): the editor's own schema, its summary under the spec's name. */
const NewsBody = zm.extend(zm.omit(NewsSchema, { summary: true }), { analystCommentary: NewsSchema.shape.summary });

type NewsBodyOutput = zm.output<typeof NewsBody>;

/** The values the editor would save for a checked body: its client, area, disease, companies and compounds within the
 *  owner's own (the editor's rule and messages), the day no later than the editor allows. */
async function newsValuesFor(user: SessionUser, { analystCommentary, ...body }: NewsBodyOutput, stored?: Date | null) {
  const keep = { companies: body.companies, compounds: body.compounds };
  const options = await newsCheckOptions({ user, client: body.client, area: body.therapeuticArea, disease: body.disease, keep });
  const scope = await checkNewsScope({ values: body, options });
  if (scope) throw new ApiProblem(400, scope.message, { errors: [{ pointer: `body.${scope.field}`, detail: scope.message }] });
  const { max } = dateRangePresets();
  if (body.publishedAt && body.publishedAt > max)
    throw new ApiProblem(400, `Choose a day until ${max}`, {
      errors: [{ pointer: "body.publishedAt", detail: `Choose a day until ${max}` }],
    });
  return newsValuesOf({ ...body, summary: analystCommentary }, stored);
}

/** The item as the API answers it after a write. */
async function writtenNews(user: SessionUser, id: string) {
  const news = await findReadableNews({ user, id });
  if (!news) throw new ApiProblem(404, "No such news item.");
  return { news: { ...newsItem(news), content: news.content, status: news.status } };
}

/** An editor's refusal of a write (an attachment that is no web address) as the API's. */
async function savingNews<T>(save: () => Promise<T>) {
  try {
    return await save();
  } catch (error) {
    if (error instanceof NewsFormError)
      throw new ApiProblem(400, error.message, { errors: [{ pointer: `body.${error.field}`, detail: error.message }] });
    throw error;
  }
}

const WrittenNews = z.object({ news: NewsItem.extend({ content: z.string(), status: z.string() }) });

export const NEWS: AnyEndpoint[] = [
  endpoint({
    method: "POST",
    path: "/news/search",
    operationId: "searchNews",
    tag: "News",
    summary: "A page of a client's published news, newest first (user-app §7 /news/search)",
    description:
      "Only news of the diseases the owner may see. Follow nextPage (as forwardToken) for the next page. totalCount counts up to 1,000 " +
      "(totalCountExact is false beyond). filterValues are the client's filter options, as GET /filters/news/{clientId}.",
    access: "read",
    body: NewsSearch,
    response: z.object({
      news: z.array(NewsItem),
      filterValues: FilterValues,
      totalCount: z.number(),
      totalCountExact: z.boolean(),
      nextPage: z.string().nullable(),
    }),
    handle: async ({ caller: { user }, body }) => {
      const { client, values, from, to } = await feedOf(user, body.filters);
      const filters = newsFiltersOf(values, { from, to });
      if (!body.forwardToken && body.page * body.limit > COUNT_CAP)
        throw new ApiProblem(400, `page × limit may not pass ${COUNT_CAP}: follow nextPage (forwardToken) instead.`);
      // Page n by number: the pages before it are walked by their tokens (each an index range read).
      let after = body.forwardToken ?? null;
      for (let n = 1; !body.forwardToken && n < body.page; n++) {
        const skipped = await listNewsPage({ user, client, filters, page: { size: body.limit, after } });
        after = skipped.next;
        if (!after) break;
      }
      const [found, options] = await Promise.all([
        body.page > 1 && !after && !body.forwardToken
          ? { items: [], next: null, restarted: false }
          : listNewsPage({ user, client, filters, page: { size: body.limit, after } }),
        newsFilterOptions({ user, client }),
      ]);
      if (found.restarted) throw new ApiProblem(400, "The forwardToken cannot be used: start again from the first page.");
      // A first page that holds every match is its own count (as the feed's page counts); a longer list is counted.
      const total = !after && !found.next ? { count: found.items.length, more: false } : await countNews({ user, client, filters });
      const cards = await feedCards(found.items, options.diseases);
      return {
        news: cards.map(newsItem),
        filterValues: options,
        totalCount: total.count,
        totalCountExact: !total.more,
        nextPage: found.next,
      };
    },
  }),
  endpoint({
    method: "POST",
    path: "/news/export",
    operationId: "exportNews",
    tag: "News",
    summary: "The news the filters select as PowerPoint, News.pptx (user-app §7 /news/export)",
    description: `The deck the feed's Download News makes: a title slide with the filters, then a slide an item, ${EXPORT_MAX_ITEMS} items at most.`,
    access: "read",
    file: PPTX,
    problems: { 503: "Exports are busy: try again in a moment" },
    body: z.object({ filters: NewsFilters }),
    response: z.string(),
    handle: async ({ caller: { user }, body }) => {
      const deck = await newsDeck({ user, ...(await feedOf(user, body.filters)) });
      if (!deck.ok) throw new ApiProblem(503, deck.message);
      return newsDeckResponse(deck.bytes);
    },
  }),
  endpoint({
    method: "GET",
    path: "/news/{newsId}",
    operationId: "getNews",
    tag: "News",
    summary: "A news item in full, its content as sanitised HTML",
    access: "read",
    params: z.object({ newsId: Id }),
    response: NewsItem.extend({ content: z.string(), status: z.string() }),
    handle: async ({ caller: { user }, params }) => {
      const news = await findReadableNews({ user, id: params.newsId });
      if (!news) throw new ApiProblem(404, "No such news item.");
      return { ...newsItem(news), content: news.content, status: news.status };
    },
  }),
  endpoint({
    method: "POST",
    path: "/news",
    operationId: "createNews",
    tag: "News",
    summary: "Writes a news item, a draft or published (user-app §7 POST /news; admins, for the diseases they hold)",
    description:
      "Checked as the editor checks it (user-app §5: the same rules and messages), its content sanitised. Attachments are web " +
      "addresses (files are uploaded in the app). Recorded in the change log with the token's name.",
    access: "write",
    permission: "news:manage",
    body: NewsBody,
    response: WrittenNews,
    handle: async ({ caller: { user }, body }) => {
      const values = await newsValuesFor(user, body);
      return writtenNews(user, await savingNews(() => createNews({ user, values })));
    },
  }),
  updateOne({
    path: "/news/{newsId}",
    param: "newsId",
    operationId: "updateNews",
    tag: "News",
    summary: "Changes a news item: the fields sent replace the item's (e.g. status to publish it)",
    description:
      "The item with the fields sent must pass the editor's rules, as a whole. Recorded in the change log with the token's name.",
    permission: "news:manage",
    body: zm.partial(NewsBody),
    response: WrittenNews,
    // The item as the editor reads it, and as the owner manages it (what the write takes).
    find: async (user, id) => {
      const [stored, managed] = await Promise.all([findNewsForEditor({ user, id }), findManagedNews({ user, id })]);
      return stored && managed ? { stored, managed } : null;
    },
    missing: "No such news item.",
    update: async (user, { stored, managed }, sent, id) => {
      const { summary, priority, ...current } = newsFormValues(stored);
      const merged = withSent(NewsBody, { ...filled(current), priority: Number(priority), analystCommentary: summary }, sent);
      const values = await newsValuesFor(user, merged, stored.publishedAt);
      await savingNews(() => updateNews({ user, news: managed, values }));
      return writtenNews(user, id);
    },
  }),
  deleteOne({
    path: "/news/{newsId}",
    param: "newsId",
    operationId: "deleteNews",
    tag: "News",
    summary: "Deletes a news item and the files uploaded with it",
    permission: "news:manage",
    find: (user, id) => findManagedNews({ user, id }),
    remove: (user, news) => deleteNews({ user, news }),
    missing: "No such news item.",
    message: NEWS_DELETED,
  }),
  endpoint({
    method: "GET",
    path: "/filters/news/{clientId}",
    operationId: "getNewsFilters",
    tag: "News",
    summary: "A client's news filter options (user-app §7 /filters/news)",
    access: "read",
    params: z.object({ clientId: Id }),
    response: FilterValues,
    handle: async ({ caller: { user }, params }) => newsFilterOptions({ user, client: await clientOf(user, params.clientId) }),
  }),
];
