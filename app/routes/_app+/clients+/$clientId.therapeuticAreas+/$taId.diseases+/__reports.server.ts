// Data of the report viewer (user-app §2 "Report viewer"). The page draws reports in the browser (engine in a Web
// Worker, D3); this module gives it the disease, the resolved report type, the database parts of reports (events,
// news) and, for browsers without JavaScript, the same engine's model as tables built here on the server.
import { redirect } from "@remix-run/node";

import { REPORT_NAMES, type ReportTypeId } from "#common/constants";
import { isObjectId } from "#common/ids";
import { MISSING_COLUMNS, SHEET_LOAD_FAILED, WRONG_ID } from "#common/messages";
import type { BuildOptions, ReportModel } from "#workers/engine";
import type { InvalidRecord, RowWarning } from "#workers/engine/model";
import { logoImagesByName } from "~/models/company.server";
import { listDiseaseNews } from "~/models/news.server";
import type { PermittedDisease } from "~/models/permitted";
import type { DeckLogo } from "~/reports/deck.server";
import { reportTables } from "~/reports/tables";
import { exportFileName, readView, resolveReportType } from "~/reports/view";
import { requirePermitted } from "~/services/auth.server";
import { buildServerModel, engineOptions, type ServerFailure } from "~/services/report-model.server";
import { PAGE_SIZES, pageSizeOf, slicePage, type Page } from "~/utils/paging";
import { redirectWithToast } from "~/utils/toast.server";

/** Rows per page of the server-rendered tables and of the Invalid Records table without JavaScript. */
export const TABLE_PAGE = 100;

/**
 * A browser's own fetch (a client-side navigation: JavaScript is running and the worker draws the report) says
 * `Sec-Fetch-Dest: empty`; a document request — the only kind a browser without JavaScript makes — does not. The
 * server builds its tables only for the latter, so switching reports with JavaScript costs no engine run here.
 */
function isScriptFetch(request: Request) {
  return request.headers.get("Sec-Fetch-Dest") === "empty";
}

export async function loadReportPage(request: Request, params: { clientId?: string; taId?: string; diseaseId?: string }) {
  // user-app §2: a report address without a usable area or disease id is 'wrong id!' and home.
  if (!isObjectId(params.taId) || !isObjectId(params.diseaseId))
    throw await redirectWithToast(request, "/", { type: "error", message: WRONG_ID });
  const { client, area, disease } = await requirePermitted(request, {
    clientId: params.clientId,
    taId: params.taId,
    diseaseId: params.diseaseId,
  });
  const url = new URL(request.url);
  const view = readView(url.searchParams);
  const resolution = resolveReportType(disease.reports, view.type);
  if (resolution.kind === "redirect") {
    url.searchParams.set("type", resolution.type);
    throw redirect(`${url.pathname}?${url.searchParams}`);
  }
  const type = resolution.kind === "ok" ? resolution.type : null;
  const [options, news] = await Promise.all([
    engineOptions(disease, type, view),
    type === "list"
      ? listDiseaseNews({ disease, search: url.searchParams, size: pageSizeOf(url.searchParams, PAGE_SIZES.news) })
      : Promise.resolve(null),
  ]);
  return {
    client,
    area,
    disease: {
      id: disease.id,
      name: disease.name,
      titlePrefix: disease.titlePrefix,
      tm: disease.tm,
      reports: disease.reports.map((id) => ({ id, name: REPORT_NAMES[id] })),
    },
    resolution: resolution.kind,
    type,
    options: { tm: options.tm, combineLot: options.combineLot, startAtFirstLaunch: options.startAtFirstLaunch, slips: options.slips },
    events: options.events,
    news,
    sheetUrl: `/resources/sheet/${disease.id}`,
    server:
      type && !isScriptFetch(request)
        ? await serverReport(disease.id, type, options, url.searchParams, view.invalid && type !== "list")
        : null,
  };
}

export type ServerReport =
  | ServerFailure
  | {
      ok: true;
      title: string;
      footnotes: string[];
      generalFootnotes: string[];
      tables: Array<ReturnType<typeof reportTables>[number] & { page: Page }>;
      invalid: { page: Page; records: InvalidRecord[]; warnings: { page: Page; rows: RowWarning[] } } | null;
      stats: { shownRecords: number; invalidRecords: number };
    };

/** The report built here from the cached sheet, as one page of tables (the no-JavaScript view). */
async function serverReport(
  diseaseId: string,
  type: ReportTypeId,
  options: BuildOptions,
  search: URLSearchParams,
  withInvalid: boolean,
): Promise<ServerReport> {
  const model = await buildServerModel(diseaseId, type, options);
  if (!model.ok) return model;
  return {
    ok: true,
    title: model.title,
    footnotes: model.footnotes,
    generalFootnotes: model.generalFootnotes,
    // (The dates the workbook writes stay here: the page shows the text.)
    tables: reportTables(model).map(({ dates: _dates, ...table }) => {
      const { page, items } = slicePage(table.rows, search, TABLE_PAGE);
      return { ...table, rows: items, events: table.events?.slice(page.offset, page.offset + TABLE_PAGE), page };
    }),
    invalid: withInvalid ? invalidPages(model, search) : null,
    stats: { shownRecords: model.stats.shownRecords, invalidRecords: model.stats.invalidRecords },
  };
}

/** A page of the invalid records (`ipage`) and one of the unreadable values (`wpage`: thousands on a large sheet). */
function invalidPages(model: ReportModel, search: URLSearchParams) {
  const records = slicePage(model.invalidRecords, search, TABLE_PAGE, "ipage");
  const warnings = slicePage(model.warnings, search, TABLE_PAGE, "wpage");
  return { page: records.page, records: records.items, warnings: { page: warnings.page, rows: warnings.items } };
}

/** The company logos a report's deck draws as its page does (the phase board's cards), by company name. */
export async function deckLogos(model: ReportModel): Promise<Record<string, DeckLogo>> {
  if (model.type !== "landscape-type-1") return {};
  const images = await logoImagesByName([...new Set(model.columns.flatMap((c) => c.boxes.map((b) => b.company)))]);
  return Object.fromEntries(
    Object.entries(images).map(([name, { png, width, height }]) => [
      name,
      { data: `image/png;base64,${png.toString("base64")}`, width, height },
    ]),
  );
}

/**
 * The report an export (the PowerPoint deck, the Excel workbook) is made of: the one the page shows, with the page's
 * options, guarded as the page is except that a report the user may not see is a 404 — another's disease, a type this
 * disease does not have, or the news list (no sheet model; the news feed has its own deck). Without a type, the first
 * configured report, as the page shows it. A sheet that cannot be read goes back to the page with a toast saying why
 * there is no file (the page says what is wrong in full).
 */
export async function exportedReport(request: Request, params: { clientId?: string; taId?: string; diseaseId?: string }) {
  const { client, area, disease } = await requirePermitted(
    request,
    { clientId: params.clientId, taId: params.taId, diseaseId: params.diseaseId },
    { refusal: "not-found" },
  );
  const url = new URL(request.url);
  const view = readView(url.searchParams);
  const resolution = resolveReportType(disease.reports, view.type);
  const type = resolution.kind === "ok" || (resolution.kind === "redirect" && !view.type) ? resolution.type : null;
  if (!type || type === "list") throw new Response("Not found", { status: 404 });

  const options = await engineOptions(disease, type, view);
  const model = await buildServerModel(disease.id, type, options);
  const page = `/clients/${client.id}/therapeuticAreas/${area.id}/diseases/${disease.id}/reports${url.search}`;
  if (!model.ok) {
    const message = model.failure === "missing-columns" ? `${MISSING_COLUMNS}: ${model.missingColumns.join(", ")}` : SHEET_LOAD_FAILED;
    throw await redirectWithToast(request, page, { type: "error", message });
  }
  return { client, disease, type, view, options, model, page };
}

/** An export's file as the answer, named as the report ("Alzheimer's Disease - Pipeline by phase.xlsx"). */
export function exportResponse(
  bytes: Uint8Array<ArrayBuffer>,
  { disease, type, extension, contentType }: { disease: PermittedDisease; type: ReportTypeId; extension: string; contentType: string },
) {
  return new Response(bytes, {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": attachment(exportFileName(disease, REPORT_NAMES[type], extension)),
      "Content-Length": String(bytes.length),
      "Cache-Control": "private, no-store",
    },
  });
}

/** RFC 6266: a plain ASCII name as it is; any other with an ASCII stand-in and the UTF-8 name beside it. */
function attachment(name: string) {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_");
  if (ascii === name) return `attachment; filename="${name}"`;
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
