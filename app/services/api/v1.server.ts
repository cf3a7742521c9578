import { z } from "zod";
import * as zm from "zod/mini";

import { EVENT_TYPES, NEWS_CATEGORIES, NEWS_PRIORITIES, REPORT_NAMES, REPORT_TYPE_IDS } from "#common/constants";
import { COMPANY_DELETED, INVALID_CLIENT_ID, INVALID_ID, KEYWORD_DELETED, MISSING_COLUMNS, NEWS_DELETED } from "#common/messages";
import { scopeOptions, scopeProblem } from "~/models/cascade.server";
import {
  CompanyFormError,
  companyFormValues,
  companyRows,
  createCompany,
  deleteCompany,
  findManagedCompany,
  listCompaniesPage,
  updateCompany,
} from "~/models/company.server";
import { compoundRows, listCompoundsPage } from "~/models/compound.server";
import { findPermittedDisease, listPermittedDiseasesOfAreas } from "~/models/disease.server";
import { findPermittedEvent, listEventsPage, listManagedEventsPage, managedEventRows } from "~/models/event.server";
import {
  createKeyword,
  deleteKeyword,
  findManagedKeyword,
  keywordFormValues,
  keywordRows,
  listKeywordsPage,
  updateKeyword,
} from "~/models/keyword.server";
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
  newsEditorOptions,
  newsFilterOptions,
  NewsFormError,
  newsFormValues,
  newsValuesOf,
  updateNews,
  type FeedCard,
} from "~/models/news.server";
import { findPermittedClient, listPermittedClients } from "~/models/permitted-client.server";
import { trialRegistryHistory } from "~/models/registry.server";
import { findPermittedArea, listPermittedAreas } from "~/models/therapeutic-area.server";
import { findManagedTrial, listTrialsPage, trialRows } from "~/models/trial.server";
import { readView } from "~/reports/view";
import { EXPORT_MAX_ITEMS, newsDeck, newsDeckResponse } from "~/services/news-deck.server";
import { buildServerModel, engineOptions } from "~/services/report-model.server";
import { CompanySchema } from "~/utils/company-schema";
import { dateRangePresets, dayBound } from "~/utils/dates";
import { appOrigin } from "~/utils/email.server";
import { newsFiltersOf, type FeedFilterValues } from "~/utils/feed-filters.server";
import { eventDownload } from "~/utils/ics.server";
import { KeywordSchema } from "~/utils/keyword-schema";
import { NewsSchema } from "~/utils/news-schema";
import type { Permission } from "~/utils/permissions";
import type { SessionUser } from "~/utils/session.server";

import { endpoint, type AnyEndpoint } from "./endpoint.server";
import { API_BASE } from "./handler.server";
import { ApiProblem } from "./problem.server";

// The endpoints of /api/v1 (issue 29): each reaches records through the caller's scope (the token owner's current
// access), never by a bare id, with the models the pages use. Field names follow the specifications' entities
// (user-app §3, §7): `_id`, `name`, `permissions`, `forwardToken`/`nextPage`, `filterValues`, `totalCount`.

const Id = z.string().regex(/^[0-9a-f]{24}$/i, "Not an id (24 hexadecimal characters)");
const Ref = z.object({ _id: z.string(), name: z.string() });
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "A day as YYYY-MM-DD");

/** The app's page of a record, for links back from a program or an assistant. */
const page = (path: string) => `${appOrigin()}${path}`;
const diseasePage = (d: { clientId: string; areaId: string; id: string }) =>
  page(`/clients/${d.clientId}/therapeuticAreas/${d.areaId}/diseases/${d.id}/reports`);

async function clientOf(user: SessionUser, id: string) {
  const client = await findPermittedClient({ user, id });
  if (!client) throw new ApiProblem(404, INVALID_CLIENT_ID);
  return client;
}

async function diseaseOf(user: SessionUser, id: string) {
  const found = await findPermittedDisease({ user, id });
  if (found.status !== "ok") throw new ApiProblem(404, INVALID_ID);
  return found.disease;
}

const Me = z.object({
  _id: z.string(),
  name: z.object({ first: z.string(), last: z.string() }),
  email: z.string(),
  role: z.string(),
  status: z.string(),
  token: z.object({ name: z.string(), scope: z.enum(["read", "read+write"]) }),
});

/** user-app §7 GET /users/user-permissions: the clients the user may see, each with its areas and their diseases. */
const Permissions = z.array(
  z.object({
    _id: z.string(),
    name: z.string(),
    permissions: z.array(z.object({ therapeuticArea: Ref, diseases: z.array(Ref) })),
  }),
);

async function permissionsOf(user: SessionUser): Promise<z.input<typeof Permissions>> {
  const clients = await listPermittedClients({ user });
  return Promise.all(
    clients.map(async (client) => {
      const areas = await listPermittedAreas({ user, client });
      const diseasesOf = await listPermittedDiseasesOfAreas({ user, areas });
      return {
        _id: client.id,
        name: client.name,
        permissions: areas.map((area) => ({
          therapeuticArea: { _id: area.id, name: area.name },
          diseases: diseasesOf.get(area.id)!.map((d) => ({ _id: d.id, name: d.name })),
        })),
      };
    }),
  );
}

const Disease = z.object({
  _id: z.string(),
  name: z.string(),
  client: z.string(),
  therapeuticArea: z.string(),
  titlePrefix: z.string(),
  tm: z.boolean(),
  reports: z.array(z.object({ id: z.enum(REPORT_TYPE_IDS), name: z.string() })),
  link: z.string(),
});

/** A report's model as the engine builds it: the common parts described, each report type's own parts as they come. */
const ReportModel = z.looseObject({
  ok: z.literal(true),
  type: z.enum(REPORT_TYPE_IDS),
  title: z.string(),
  footnotes: z.array(z.string()),
  generalFootnotes: z.array(z.string()),
  /** The rows left out, each with the sheet row a person sees and why (user-app §4's rules). */
  invalidRecords: z.array(
    z.object({
      sheetRow: z.number(),
      kind: z.enum(["invalid-value", "duplicate", "left-behind"]),
      reason: z.string(),
      column: z.string().nullable(),
      value: z.string().nullable(),
      duplicateOf: z.number().nullable(),
      /** The row's non-empty cells by header. */
      values: z.record(z.string(), z.unknown()),
    }),
  ),
  /** Values the engine could not read in rows it still shows. */
  warnings: z.array(z.object({ sheetRow: z.number(), column: z.string(), value: z.string(), reason: z.string() })),
  /** The sheet's data rows, the records shown and the rows left out: every data row is one or the other. */
  stats: z.object({ dataRows: z.number(), shownRecords: z.number(), invalidRecords: z.number() }),
});

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
  const options = await newsEditorOptions({ user, client: body.client, area: body.therapeuticArea, disease: body.disease, keep });
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

const EventItem = z.object({
  _id: z.string(),
  title: z.string(),
  type: z.string(),
  /** The description as plain text. */
  summary: z.string(),
  startDateTime: z.string(),
  endDateTime: z.string(),
  /** The zone the event is held in (IANA). */
  timezone: z.string(),
  important: z.boolean(),
  disease: z.string().nullable(),
  compound: z.string().nullable(),
  /** The event as an .ics file (GET, with the same token). */
  ics: z.string(),
});

const EventSearch = z.object({
  limit: z.number().int().min(1).max(100).default(20),
  forwardToken: z.string().min(1).max(500).optional(),
  filters: z.object({
    client: Id,
    therapeuticArea: Id.optional(),
    disease: Id.optional(),
    compound: Id.optional(),
    type: z.enum(EVENT_TYPES).optional(),
    /** From and to, both days included; by default from today on. */
    startDate: Day.optional(),
    endDate: Day.optional(),
    status: z.literal("active").default("active"),
  }),
});

/** A console list's query (admin-console §1: by name, more rows by forward token). */
const ListQuery = z.object({
  name: z.string().trim().max(200).optional(),
  forwardToken: z.string().min(1).max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
/** Where a record lies, by name, as the console's lists show it. */
const Place = { client: z.string(), area: z.string(), disease: z.string() };

/**
 * A console list as an endpoint (admin-console §1 `GET /{collection}?name&forwardToken`): the records the owner manages
 * (those of the diseases they hold; all for the top-level admin), by name, a page at a time — the list page's own
 * query and rows, ids as `_id`.
 */
function consoleList<R extends z.ZodObject>({
  path,
  key,
  summary,
  permission,
  row,
  read,
}: {
  path: string;
  key: string;
  summary: string;
  permission: Permission;
  row: R;
  read: (
    user: SessionUser,
    name: string | undefined,
    page: { size: number; after: string | null },
  ) => Promise<{
    rows: Array<{ id: string } & Omit<z.input<R>, "_id">>;
    next: string | null;
    restarted: boolean;
  }>;
}) {
  return endpoint({
    method: "GET",
    path,
    operationId: `list${key[0]!.toUpperCase()}${key.slice(1)}`,
    tag: "Reference data",
    summary,
    description: "Follow nextPage (as forwardToken) for the next page.",
    access: "read",
    permission,
    query: ListQuery,
    response: z.object({ [key]: z.array(row), nextPage: z.string().nullable() }),
    handle: async ({ caller: { user }, query }) => {
      const found = await read(user, query.name, { size: query.limit, after: query.forwardToken ?? null });
      if (found.restarted) throw new ApiProblem(400, "The forwardToken cannot be used: start again from the first page.");
      // (Typed by `read` row by row; a computed key is beyond what TypeScript follows.)
      return { [key]: found.rows.map(({ id, ...rest }) => ({ _id: id, ...rest })), nextPage: found.next } as never;
    },
  });
}

/** A console list's page and its rows. */
const rowsOf = async <I, Row>(page: { items: I[]; next: string | null; restarted: boolean }, rows: (items: I[]) => Promise<Row[]>) => ({
  rows: await rows(page.items),
  next: page.next,
  restarted: page.restarted,
});

const KeywordRow = z.object({ _id: z.string(), name: z.string(), status: z.string(), ...Place, priority: z.string() });

/** A body's client, area and disease within the owner's own, as the console's cascade checks them (its messages). */
async function checkScope(user: SessionUser, values: { client: string; therapeuticArea: string; disease: string }) {
  const { options } = await scopeOptions({ user, client: values.client, area: values.therapeuticArea, disease: values.disease });
  const problem = await scopeProblem({ values, options });
  if (problem) throw new ApiProblem(400, problem.message, { errors: [{ pointer: `body.${problem.field}`, detail: problem.message }] });
}

/** A keyword as the list shows it, after a write. */
async function keywordRow(user: SessionUser, id: string) {
  const keyword = await findManagedKeyword({ user, id });
  if (!keyword) throw new ApiProblem(404, INVALID_ID);
  const [row] = await keywordRows([keyword], user);
  const { id: _id, ...rest } = row!;
  return { keyword: { _id, ...rest } };
}

/** A record's form values without the empty ones, as a form sends them (an empty field is no value: conform reads it so). */
const filled = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ""));

/** A zod/mini schema's issues as the problem's field errors. */
const invalid = (error: zm.core.$ZodError) =>
  new ApiProblem(400, "The record would not be valid: see errors.", {
    errors: error.issues.map((i) => ({ pointer: ["body", ...i.path.map(String)].join("."), detail: i.message })),
  });

const CompanyRow = z.object({
  _id: z.string(),
  name: z.string(),
  type: z.string(),
  parent: z.string(),
  website: z.string().nullable(),
  thumbnail: z.string().nullable(),
  status: z.string(),
});
/** A company as written through the API: the console form's fields without the logo (uploaded in the console). */
const CompanyBody = zm.omit(CompanySchema, { logo: true, removeLogo: true });

/** A company as the list shows it, after a write. */
async function companyRow(id: string) {
  const company = await findManagedCompany(id);
  if (!company) throw new ApiProblem(404, INVALID_ID);
  const [row] = await companyRows([company]);
  const { id: _id, ...rest } = row!;
  return { company: { _id, ...rest } };
}

/** The console's refusal of a company write (a parent that would make a cycle, a company still in use) as the API's. */
async function savingCompany<T>(save: () => Promise<T>) {
  try {
    return await save();
  } catch (error) {
    if (!(error instanceof CompanyFormError)) throw error;
    if (!error.field) throw new ApiProblem(409, error.message);
    throw new ApiProblem(400, error.message, { errors: [{ pointer: `body.${error.field}`, detail: error.message }] });
  }
}

export const V1_ENDPOINTS: AnyEndpoint[] = [
  endpoint({
    method: "GET",
    path: "/me",
    operationId: "getMe",
    tag: "Account",
    summary: "The token's owner",
    access: "read",
    response: Me,
    handle: async ({ caller: { user, token } }) => ({
      _id: String(user._id),
      name: { first: user.name?.first ?? "", last: user.name?.last ?? "" },
      email: user.email,
      role: user.isTopAdmin ? "top-level admin" : user.role,
      status: user.status,
      token: { name: token.name, scope: token.scope },
    }),
  }),
  endpoint({
    method: "GET",
    path: "/users/user-permissions",
    operationId: "getUserPermissions",
    tag: "Account",
    summary: "The clients, therapeutic areas and diseases the owner may see (user-app §7)",
    access: "read",
    response: Permissions,
    handle: ({ caller }) => permissionsOf(caller.user),
  }),
  endpoint({
    method: "GET",
    path: "/clients",
    operationId: "listClients",
    tag: "Landscape",
    summary: "The clients the owner may see",
    access: "read",
    response: z.object({ clients: z.array(Ref) }),
    handle: async ({ caller }) => ({
      clients: (await listPermittedClients({ user: caller.user })).map((c) => ({ _id: c.id, name: c.name })),
    }),
  }),
  endpoint({
    method: "GET",
    path: "/clients/{clientId}/therapeutic-areas",
    operationId: "listTherapeuticAreas",
    tag: "Landscape",
    summary: "A client's therapeutic areas that the owner may see",
    access: "read",
    params: z.object({ clientId: Id }),
    response: z.object({ therapeuticAreas: z.array(Ref.extend({ client: z.string() })) }),
    handle: async ({ caller: { user }, params }) => {
      const client = await clientOf(user, params.clientId);
      const areas = await listPermittedAreas({ user, client });
      return { therapeuticAreas: areas.map((a) => ({ _id: a.id, name: a.name, client: client.id })) };
    },
  }),
  endpoint({
    method: "GET",
    path: "/clients/{clientId}/therapeutic-areas/{taId}/diseases",
    operationId: "listDiseases",
    tag: "Landscape",
    summary: "A therapeutic area's diseases that the owner may see",
    access: "read",
    params: z.object({ clientId: Id, taId: Id }),
    response: z.object({ diseases: z.array(Ref.extend({ therapeuticArea: z.string(), reportCount: z.number() })) }),
    handle: async ({ caller: { user }, params }) => {
      const client = await clientOf(user, params.clientId);
      const area = await findPermittedArea({ user, client, id: params.taId });
      if (!area) throw new ApiProblem(404, INVALID_ID);
      const diseases = (await listPermittedDiseasesOfAreas({ user, areas: [area] })).get(area.id)!;
      return { diseases: diseases.map((d) => ({ _id: d.id, name: d.name, therapeuticArea: area.id, reportCount: d.reportCount })) };
    },
  }),
  endpoint({
    method: "GET",
    path: "/diseases/{diseaseId}",
    operationId: "getDisease",
    tag: "Landscape",
    summary: "A disease and its reports",
    access: "read",
    params: z.object({ diseaseId: Id }),
    response: Disease,
    handle: async ({ caller: { user }, params }) => {
      const disease = await diseaseOf(user, params.diseaseId);
      return {
        _id: disease.id,
        name: disease.name,
        client: disease.clientId,
        therapeuticArea: disease.areaId,
        titlePrefix: disease.titlePrefix,
        tm: disease.tm,
        reports: disease.reports.map((id) => ({ id, name: REPORT_NAMES[id] })),
        link: diseasePage(disease),
      };
    },
  }),
  endpoint({
    method: "GET",
    path: "/diseases/{diseaseId}/reports/{type}",
    operationId: "getReportModel",
    tag: "Landscape",
    summary: "A report's model, built from the disease's sheet by the engine the report page runs",
    description:
      "The rows the report shows, the rows it left out with their reasons (invalidRecords), the footnotes and the sheet's read time. " +
      "Options as on the report page: tm (the modality variant of the phase board), lot (LOT combined) and first (the timeline starting at the first launch). " +
      "A report the disease does not offer is a 404; a sheet that cannot be read or lacks columns a 422 with the page's message. " +
      "The news list (type list) comes from /news/search.",
    access: "read",
    problems: { 422: "The disease's sheet cannot be read, or lacks required columns (the message says which)" },
    params: z.object({ diseaseId: Id, type: z.enum(REPORT_TYPE_IDS.filter((t) => t !== "list") as [string, ...string[]]) }),
    query: z.object({
      tm: z.enum(["true", "false"]).optional(),
      lot: z.enum(["true", "false"]).optional(),
      first: z.enum(["true", "false"]).optional(),
    }),
    response: z.object({
      disease: Ref,
      type: z.enum(REPORT_TYPE_IDS),
      name: z.string(),
      sheetReadAt: z.string(),
      link: z.string(),
      model: ReportModel,
    }),
    handle: async ({ caller: { user }, params, request }) => {
      const disease = await diseaseOf(user, params.diseaseId);
      const type = disease.reports.find((t) => t === params.type);
      if (!type) throw new ApiProblem(404, `${disease.name} has no report '${params.type}'.`);
      // The page's own reading of tm, lot and first (the query schema above documents and checks them).
      const view = readView(new URL(request.url).searchParams);
      const built = await buildServerModel(disease.id, type, await engineOptions(disease, type, view));
      if (!built.ok)
        throw new ApiProblem(
          422,
          built.failure === "missing-columns" ? `${MISSING_COLUMNS}: ${built.missingColumns.join(", ")}` : built.message,
        );
      const { sheetFetchedAt, ...model } = built;
      return {
        disease: { _id: disease.id, name: disease.name },
        type,
        name: REPORT_NAMES[type],
        sheetReadAt: sheetFetchedAt,
        link: `${diseasePage(disease)}?type=${type}`,
        // The engine's types hold each report type's parts; the schema describes what they share, and lets the rest through.
        model: model as typeof model & Record<string, unknown>,
      };
    },
  }),
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
      const [found, options, total] = await Promise.all([
        body.page > 1 && !after && !body.forwardToken
          ? { items: [], next: null, restarted: false }
          : listNewsPage({ user, client, filters, page: { size: body.limit, after } }),
        newsFilterOptions({ user, client }),
        countNews({ user, client, filters }),
      ]);
      if (found.restarted) throw new ApiProblem(400, "The forwardToken cannot be used: start again from the first page.");
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
  endpoint({
    method: "PUT",
    path: "/news/{newsId}",
    operationId: "updateNews",
    tag: "News",
    summary: "Changes a news item: the fields sent replace the item's (e.g. status to publish it)",
    description:
      "The item with the fields sent must pass the editor's rules, as a whole. Recorded in the change log with the token's name.",
    access: "write",
    permission: "news:manage",
    params: z.object({ newsId: Id }),
    body: zm.partial(NewsBody),
    response: WrittenNews,
    handle: async ({ caller: { user }, params, body }) => {
      const [stored, managed] = await Promise.all([
        findNewsForEditor({ user, id: params.newsId }),
        findManagedNews({ user, id: params.newsId }),
      ]);
      if (!stored || !managed) throw new ApiProblem(404, "No such news item.");
      const { summary, priority, ...current } = newsFormValues(stored);
      const merged = zm.safeParse(NewsBody, { ...filled(current), priority: Number(priority), analystCommentary: summary, ...body });
      if (!merged.success) throw invalid(merged.error);
      const values = await newsValuesFor(user, merged.data, stored.publishedAt);
      await savingNews(() => updateNews({ user, news: managed, values }));
      return writtenNews(user, params.newsId);
    },
  }),
  endpoint({
    method: "DELETE",
    path: "/news/{newsId}",
    operationId: "deleteNews",
    tag: "News",
    summary: "Deletes a news item and the files uploaded with it",
    access: "write",
    permission: "news:manage",
    params: z.object({ newsId: Id }),
    response: z.object({ message: z.string() }),
    handle: async ({ caller: { user }, params }) => {
      const news = await findManagedNews({ user, id: params.newsId });
      if (!news) throw new ApiProblem(404, "No such news item.");
      await deleteNews({ user, news });
      return { message: NEWS_DELETED };
    },
  }),
  endpoint({
    method: "POST",
    path: "/events/search",
    operationId: "searchEvents",
    tag: "Events",
    summary: "A client's active events, soonest first, of the diseases the owner may see (user-app §7 /events/search)",
    description: "From today on unless startDate says otherwise. Follow nextPage (as forwardToken) for the next page.",
    access: "read",
    body: EventSearch,
    response: z.object({ events: z.array(EventItem), nextPage: z.string().nullable() }),
    handle: async ({ caller: { user }, body }) => {
      const client = await clientOf(user, body.filters.client);
      const f = body.filters;
      const [from, to] = [dayBound(f.startDate), dayBound(f.endDate, true)];
      if (from && to && from > to) throw new ApiProblem(400, "startDate is after endDate.");
      const filters = {
        areaId: f.therapeuticArea,
        diseaseId: f.disease,
        compoundId: f.compound,
        type: f.type,
        from: from ?? undefined,
        to: to ?? undefined,
      };
      const found = await listEventsPage({ user, client, filters, page: { size: body.limit, after: body.forwardToken ?? null } });
      if (found.restarted) throw new ApiProblem(400, "The forwardToken cannot be used: start again from the first page.");
      return {
        events: found.items.map((e) => ({
          _id: e.id,
          title: e.title,
          type: e.type,
          summary: e.summary,
          startDateTime: e.start,
          endDateTime: e.end,
          timezone: e.timezone,
          important: e.important,
          disease: e.disease,
          compound: e.compound,
          ics: page(`${API_BASE}/events/${e.id}/ics`),
        })),
        nextPage: found.next,
      };
    },
  }),
  endpoint({
    method: "GET",
    path: "/events/{eventId}/ics",
    operationId: "getEventIcs",
    tag: "Events",
    summary: "An event as an .ics file, for Outlook, Google Calendar and the like",
    access: "read",
    file: "text/calendar",
    params: z.object({ eventId: Id }),
    response: z.string(),
    handle: async ({ caller: { user }, params }) => {
      const event = await findPermittedEvent({ user, id: params.eventId });
      if (!event) throw new ApiProblem(404, "No such event.");
      return eventDownload(event);
    },
  }),
  consoleList({
    path: "/events",
    key: "events",
    summary: "The events the owner manages, by title (admin-console; editors and admins)",
    permission: "event:manage",
    row: z.object({
      _id: z.string(),
      title: z.string(),
      type: z.string(),
      ...Place,
      compound: z.string(),
      start: z.string(),
      end: z.string(),
      status: z.string(),
    }),
    read: async (user, search, page) =>
      rowsOf(await listManagedEventsPage({ user, search, page }), (items) => managedEventRows(items, user)),
  }),
  consoleList({
    path: "/compounds",
    key: "compounds",
    summary: "The compounds the owner manages, by generic name (user-app §7 /compounds; editors and admins)",
    permission: "compound:manage",
    row: z.object({
      _id: z.string(),
      name: z.string(),
      otherNames: z.array(z.string()),
      ...Place,
      originator: z.string(),
      phase: z.string(),
      priority: z.string(),
      status: z.string(),
    }),
    read: async (user, search, page) => rowsOf(await listCompoundsPage({ user, search, page }), (items) => compoundRows(items, user)),
  }),
  consoleList({
    path: "/companies",
    key: "companies",
    summary: "The companies, by name (admin-console; editors and admins)",
    permission: "company:manage",
    row: CompanyRow,
    read: async (_user, search, page) => rowsOf(await listCompaniesPage({ search, page }), (items) => companyRows(items)),
  }),
  endpoint({
    method: "POST",
    path: "/companies",
    operationId: "createCompany",
    tag: "Reference data",
    summary: "Adds a company (admin-console; editors and admins); its logo is uploaded in the console",
    description: "Checked as the console's form checks it (its rules and messages). Recorded in the change log with the token's name.",
    access: "write",
    permission: "company:manage",
    body: CompanyBody,
    response: z.object({ company: CompanyRow }),
    handle: async ({ caller: { user }, body }) =>
      companyRow(await savingCompany(() => createCompany({ actor: user, values: body, logo: null }))),
  }),
  endpoint({
    method: "PUT",
    path: "/companies/{companyId}",
    operationId: "updateCompany",
    tag: "Reference data",
    summary: "Changes a company: the fields sent replace the company's (its logo stays)",
    access: "write",
    permission: "company:manage",
    params: z.object({ companyId: Id }),
    body: zm.partial(CompanyBody),
    response: z.object({ company: CompanyRow }),
    handle: async ({ caller: { user }, params, body }) => {
      const company = await findManagedCompany(params.companyId);
      if (!company) throw new ApiProblem(404, INVALID_ID);
      const { removeLogo: _, ...current } = companyFormValues(company);
      const merged = zm.safeParse(CompanyBody, { ...filled(current), ...body });
      if (!merged.success) throw invalid(merged.error);
      await savingCompany(() => updateCompany({ actor: user, company, values: merged.data, logo: null }));
      return companyRow(params.companyId);
    },
  }),
  endpoint({
    method: "DELETE",
    path: "/companies/{companyId}",
    operationId: "deleteCompany",
    tag: "Reference data",
    summary: "Deletes a company no compound, news item or company names",
    access: "write",
    permission: "company:manage",
    problems: { 409: "The company is still named by compounds, news or companies (the message says how many)" },
    params: z.object({ companyId: Id }),
    response: z.object({ message: z.string() }),
    handle: async ({ caller: { user }, params }) => {
      const company = await findManagedCompany(params.companyId);
      if (!company) throw new ApiProblem(404, INVALID_ID);
      await savingCompany(() => deleteCompany({ actor: user, company }));
      return { message: COMPANY_DELETED };
    },
  }),
  consoleList({
    path: "/keywords",
    key: "keywords",
    summary: "The keywords the owner manages, by name (admin-console; editors and admins)",
    permission: "keyword:manage",
    row: KeywordRow,
    read: async (user, search, page) => rowsOf(await listKeywordsPage({ user, search, page }), (items) => keywordRows(items, user)),
  }),
  endpoint({
    method: "POST",
    path: "/keywords",
    operationId: "createKeyword",
    tag: "Reference data",
    summary: "Adds a keyword to a disease the owner holds (admin-console; editors and admins)",
    description: "Checked as the console's form checks it (its rules and messages). Recorded in the change log with the token's name.",
    access: "write",
    permission: "keyword:manage",
    body: KeywordSchema,
    response: z.object({ keyword: KeywordRow }),
    handle: async ({ caller: { user }, body }) => {
      await checkScope(user, body);
      return keywordRow(user, await createKeyword({ actor: user, values: body }));
    },
  }),
  endpoint({
    method: "PUT",
    path: "/keywords/{keywordId}",
    operationId: "updateKeyword",
    tag: "Reference data",
    summary: "Changes a keyword: the fields sent replace the keyword's (e.g. status to switch it off)",
    access: "write",
    permission: "keyword:manage",
    params: z.object({ keywordId: Id }),
    body: zm.partial(KeywordSchema),
    response: z.object({ keyword: KeywordRow }),
    handle: async ({ caller: { user }, params, body }) => {
      const keyword = await findManagedKeyword({ user, id: params.keywordId });
      if (!keyword) throw new ApiProblem(404, INVALID_ID);
      const { priority, ...current } = keywordFormValues(keyword);
      const merged = zm.safeParse(KeywordSchema, { ...filled(current), priority: Number(priority), ...body });
      if (!merged.success) throw invalid(merged.error);
      await checkScope(user, merged.data);
      await updateKeyword({ actor: user, keyword, values: merged.data });
      return keywordRow(user, params.keywordId);
    },
  }),
  endpoint({
    method: "DELETE",
    path: "/keywords/{keywordId}",
    operationId: "deleteKeyword",
    tag: "Reference data",
    summary: "Deletes a keyword",
    access: "write",
    permission: "keyword:manage",
    params: z.object({ keywordId: Id }),
    response: z.object({ message: z.string() }),
    handle: async ({ caller: { user }, params }) => {
      const keyword = await findManagedKeyword({ user, id: params.keywordId });
      if (!keyword) throw new ApiProblem(404, INVALID_ID);
      await deleteKeyword({ actor: user, keyword });
      return { message: KEYWORD_DELETED };
    },
  }),
  consoleList({
    path: "/trials",
    key: "trials",
    summary: "The trials the owner manages, newest start first (admin-console; editors and admins)",
    permission: "trial:manage",
    row: z.object({
      _id: z.string(),
      title: z.string(),
      identifier: z.string(),
      phase: z.string(),
      ...Place,
      compound: z.string(),
      status: z.string(),
    }),
    read: async (user, search, page) =>
      rowsOf(await listTrialsPage({ user, filters: { search }, page }), (items) => trialRows(items, user)),
  }),
  endpoint({
    method: "GET",
    path: "/trials/{trialId}",
    operationId: "getTrial",
    tag: "Reference data",
    summary: "A trial the owner manages, with what the registry sync saw change (primary completion slips among them)",
    access: "read",
    permission: "trial:manage",
    params: z.object({ trialId: Id }),
    response: z.object({
      _id: z.string(),
      title: z.string(),
      identifier: z.string().nullable(),
      acronyms: z.string().nullable(),
      phase: z.string().nullable(),
      trialStatus: z.string().nullable(),
      startDateTime: z.string().nullable(),
      primaryCompletionDate: z.string().nullable(),
      status: z.string(),
      registryHistory: z.array(z.object({ field: z.string(), previous: z.string(), next: z.string(), seenAt: z.string() })),
    }),
    handle: async ({ caller: { user }, params }) => {
      const trial = await findManagedTrial({ user, id: params.trialId });
      if (!trial) throw new ApiProblem(404, INVALID_ID);
      const history = await trialRegistryHistory(String(trial._id));
      return {
        _id: String(trial._id),
        title: trial.eventTitle,
        identifier: trial.trialIdentifier ?? null,
        acronyms: trial.acronyms ?? null,
        phase: trial.phase ?? null,
        trialStatus: trial.trialStatus ?? null,
        startDateTime: trial.startDateTime?.toISOString() ?? null,
        primaryCompletionDate: trial.primaryCompletionDate?.toISOString() ?? null,
        status: trial.status ?? "active",
        registryHistory: history.map(({ id: _id, ...change }) => change),
      };
    },
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
