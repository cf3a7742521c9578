// Data of the report viewer (user-app §2 "Report viewer"). The page draws reports in the browser (engine in a Web
// Worker, D3); this module gives it the disease, the resolved report type, the database parts of reports (events,
// news) and, for browsers without JavaScript, the same engine's model as tables built here on the server.
import { redirect } from "@remix-run/node";
import { buildReport, type EngineEventInput, type ReportFailure } from "#workers/engine";
import type { InvalidRecord } from "#workers/engine/model";
import { connectDb } from "#db/connection.server";
import { Compound, Event, News } from "#db/models/index.server";
import { trusted } from "mongoose";
import { REPORT_TYPES, NEWS_PRIORITIES, type ReportTypeId } from "~/utils/constants";
import { pageOf, slicePage } from "~/utils/paging";
import { plainText } from "~/utils/plain-text";
import { requirePermittedArea, requirePermittedDiseaseIn } from "~/utils/permissions.server";
import type { SessionUser } from "~/utils/session.server";
import { getCachedSheet, SheetUnavailableError } from "~/utils/sheets/cache.server";
import { SHEET_LOAD_FAILED } from "~/utils/sheets/errors.server";
import { redirectWithToast } from "~/utils/toast.server";
import { httpUrl } from "~/utils/url";
import { reportTables } from "./tables";
import { readView, resolveReportType } from "./view";

const OBJECT_ID = /^[0-9a-f]{24}$/i;
/** Rows per page of the server-rendered tables and of the Invalid Records table without JavaScript. */
export const TABLE_PAGE = 100;
/** News per page (user-app §9: news page size 10). */
export const NEWS_PAGE = 10;
const NEW_BADGE_MS = 7 * 24 * 3600 * 1000;

/**
 * A browser's own fetch (a client-side navigation: JavaScript is running and the worker draws the report) says
 * `Sec-Fetch-Dest: empty`; a document request — the only kind a browser without JavaScript makes — does not. The
 * server builds its tables only for the latter, so switching reports with JavaScript costs no engine run here.
 */
function isScriptFetch(request: Request) {
  return request.headers.get("Sec-Fetch-Dest") === "empty";
}

export async function loadReportPage(request: Request, user: SessionUser, params: { clientId?: string; taId?: string; dId?: string }) {
  // user-app §2: a report address without a usable area or disease id is 'wrong id!' and home.
  if (!params.taId || !params.dId || !OBJECT_ID.test(params.taId) || !OBJECT_ID.test(params.dId)) {
    throw await redirectWithToast(request, "/", { type: "error", message: "wrong id!" });
  }
  const { client, area } = await requirePermittedArea(request, user, params.clientId, params.taId);
  const disease = await requirePermittedDiseaseIn(request, user, area, params.dId);
  const url = new URL(request.url);
  const view = readView(url.searchParams);
  const configured = (disease.reports ?? []).map((r) => r.id as ReportTypeId);
  const resolution = resolveReportType(configured, view.type);
  if (resolution.kind === "redirect") {
    url.searchParams.set("type", resolution.type);
    throw redirect(`${url.pathname}?${url.searchParams}`);
  }
  const type = resolution.kind === "ok" ? resolution.type : null;
  const diseaseId = String(disease._id);
  const tm = type === "landscape-type-1" && Boolean(disease.tm) && view.tm;
  const [events, news] = await Promise.all([
    type === "events-2" ? diseaseEvents(diseaseId) : Promise.resolve([]),
    type === "list" ? diseaseNews(diseaseId, url.searchParams) : Promise.resolve(null),
  ]);
  return {
    client,
    area,
    disease: {
      id: diseaseId,
      name: disease.name,
      titlePrefix: disease.titlePrefix ?? "",
      tm: Boolean(disease.tm),
      reports: configured.map((id) => ({ id, name: REPORT_TYPES.find((r) => r.id === id)!.name })),
    },
    resolution: resolution.kind,
    type,
    options: { tm, combineLot: view.combineLot },
    events,
    news,
    sheetUrl: `/resources/sheet/${diseaseId}`,
    server: type && !isScriptFetch(request) ? await serverReport(diseaseId, type, { tm, combineLot: view.combineLot, events }, url.searchParams, view.invalid && type !== "list") : null,
  };
}

/** The disease's active events (Event as used in reports, §3), compound ids resolved to names without $lookup. */
async function diseaseEvents(diseaseId: string): Promise<EngineEventInput[]> {
  await connectDb();
  const events = await Event.find({ disease: diseaseId, status: "active" })
    .select("title type startDateTime endDateTime compound")
    .sort({ startDateTime: 1 })
    .lean();
  const ids = [...new Set(events.flatMap((e) => (e.compound ? [String(e.compound)] : [])))];
  const compounds = ids.length ? await Compound.find({ _id: trusted({ $in: ids }) }).select("name").lean() : [];
  const names = new Map(compounds.map((c) => [String(c._id), c.name?.generic || c.name?.brand || ""]));
  return events.map((e) => ({
    title: e.title,
    type: e.type,
    startDateTime: e.startDateTime.toISOString(),
    endDateTime: e.endDateTime.toISOString(),
    compound: e.compound ? names.get(String(e.compound)) || null : null,
  }));
}

/** Published news about the disease, newest first (user-app §2: "list (news filtered to the disease)"). */
async function diseaseNews(diseaseId: string, search: URLSearchParams) {
  await connectDb();
  const filter = { disease: diseaseId, status: "published" as const };
  const total = await News.countDocuments(filter);
  const page = pageOf(search, total, NEWS_PAGE);
  const items = await News.find(filter)
    .select("title analystCommentary publishedAt categories priority sources")
    .sort({ publishedAt: -1, _id: -1 })
    .skip(page.offset)
    .limit(page.size)
    .lean();
  const now = Date.now();
  return {
    page,
    items: items.map((n) => ({
      id: String(n._id),
      title: n.title,
      summary: plainText(n.analystCommentary),
      publishedAt: n.publishedAt?.toISOString() ?? null,
      isNew: Boolean(n.publishedAt && now - n.publishedAt.getTime() <= NEW_BADGE_MS),
      category: n.categories?.[0] ?? null,
      priority: NEWS_PRIORITIES[n.priority as keyof typeof NEWS_PRIORITIES] ?? "Low",
      sources: (n.sources ?? []).flatMap((s) => {
        const link = httpUrl(s.link);
        return link ? [{ name: s.name, link }] : [];
      }),
    })),
  };
}

export type ServerReport =
  | { ok: false; failure: ReportFailure["failure"]; missingColumns: string[]; message: string }
  | {
      ok: true;
      title: string;
      footnotes: string[];
      generalFootnotes: string[];
      tables: Array<ReturnType<typeof reportTables>[number] & { page: ReturnType<typeof pageOf> }>;
      invalid: { page: ReturnType<typeof pageOf>; records: InvalidRecord[] } | null;
      stats: { shownRecords: number; invalidRecords: number };
    };

/** The report built here from the cached sheet, as one page of tables (the no-JavaScript view). */
async function serverReport(
  diseaseId: string,
  type: ReportTypeId,
  options: { tm: boolean; combineLot: boolean; events: EngineEventInput[] },
  search: URLSearchParams,
  withInvalid: boolean,
): Promise<ServerReport> {
  let sheet;
  try {
    sheet = await getCachedSheet(diseaseId);
  } catch (error) {
    if (error instanceof SheetUnavailableError) return { ok: false, failure: "fetch", missingColumns: [], message: SHEET_LOAD_FAILED };
    throw error;
  }
  const model = buildReport(type, sheet, options);
  if (!model.ok) return { ok: false, failure: model.failure, missingColumns: model.missingColumns, message: model.error ?? "" };
  return {
    ok: true,
    title: model.title,
    footnotes: model.footnotes,
    generalFootnotes: model.generalFootnotes,
    tables: reportTables(model).map((table) => {
      const { page, items } = slicePage(table.rows, search, TABLE_PAGE);
      return { ...table, rows: items, page };
    }),
    invalid: withInvalid ? (({ page, items }) => ({ page, records: items }))(slicePage(model.invalidRecords, search, TABLE_PAGE, "ipage")) : null,
    stats: { shownRecords: model.stats.shownRecords, invalidRecords: model.stats.invalidRecords },
  };
}
