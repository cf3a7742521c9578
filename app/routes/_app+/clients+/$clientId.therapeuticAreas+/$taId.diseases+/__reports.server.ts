// Data of the report viewer (user-app §2 "Report viewer"). The page draws reports in the browser (engine in a Web
// Worker, D3); this module gives it the disease, the resolved report type, the database parts of reports (events,
// news) and, for browsers without JavaScript, the same engine's model as tables built here on the server.
import { redirect } from "@remix-run/node";

import { FOLLOW_LABELS, REPORT_NAMES, type ReportTypeId } from "#common/constants";
import { isObjectId } from "#common/ids";
import { followSaved, followStopped, MISSING_COLUMNS, WRONG_ID } from "#common/messages";
import type { BuildOptions } from "#workers/engine";
import type { ModelDiff } from "#workers/engine/diff";
import type { ChangesPanel } from "~/components/reports/what-changed";
import { logoImagesByName } from "~/models/company.server";
import { followOf, setFollow } from "~/models/disease-follow.server";
import { listDiseaseNews } from "~/models/news.server";
import type { PermittedDisease } from "~/models/permitted";
import type { DeckLogo } from "~/reports/deck.server";
import { drawnHere } from "~/reports/drawn-here";
import type { ModelWant, PageTables } from "~/reports/outputs.server";
import { exportFileName, PREVIOUS_VERSION, readView, resolveReportType, type ReportView } from "~/reports/view";
import { requirePermitted } from "~/services/auth.server";
import {
  asOfVersion,
  compareTarget,
  comparison,
  engineOptions,
  makeReport,
  openSheet,
  reportChanges,
  type ServerFailure,
  type SheetSource,
} from "~/services/report-model.server";
import { parseForm } from "~/utils/form-schema";
import { toJsonText } from "~/utils/json-text";
import { PAGE_SIZES, pageSizeOf } from "~/utils/paging";
import { registryText } from "~/utils/registry/slips";
import { readFormData } from "~/utils/request.server";
import { redirectWithToast } from "~/utils/toast.server";

import { FollowSchema } from "./__follow-form";

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
  const { user, client, area, disease } = await requirePermitted(request, {
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
  // What changed since another version (issue 30): a day's, or the one before the version the report shows.
  const comparing = type && type !== "list" && type !== "events-2" ? view.compare : null;
  const target = comparing ? await compareTarget(disease.id, comparing, view.asOf) : null;
  // The server's tables, for a document request, unless its cookie says that the browser draws reports itself
  // (reports/drawn-here.ts: it ran the page's scripts, on a connection not known to be slow): then the page says
  // "Loading report…" until the drawing is ready.
  const tablesLeftOut = !isScriptFetch(request) && drawnHere(request.headers.get("Cookie"));
  const server =
    type && !isScriptFetch(request) && !tablesLeftOut
      ? await serverReport(disease.id, type, options, view, url.searchParams, target)
      : null;
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
    sheetUrl: `/resources/sheet/${disease.id}${view.asOf ? `?asOf=${view.asOf}` : ""}`,
    // The version compared with, whose changes the drawn report marks (the worker reads it as it reads today's).
    compare: target?.ok ? { url: `/resources/sheet/${disease.id}?${target.target.sheetQuery}`, since: target.target.since } : null,
    // A report as of a day: the version it shows; what changed since another (issue 30) — from the server's tables'
    // own comparison where it made them, else compared for the panel alone.
    asOf: view.asOf && type !== "list" ? await asOfVersion(disease.id, view.asOf) : null,
    changes: type && target ? (server?.compared ?? (await changesSince(disease.id, type, options, view, target))) : null,
    // As one JSON text (utils/json-text.ts): rebuilt as loader data, its objects were the page's longest task.
    server: server ? toJsonText(server.report) : null,
    // Should the browser now run without scripts, the page's <noscript> asks for them (resources/without-scripts).
    tablesLeftOut,
    follow: followOf({ user, disease }),
  };
}

/** The report page's action: follow the disease, change how often, or stop; back to the same view with a toast. */
export async function followDisease(request: Request, params: { clientId?: string; taId?: string; diseaseId?: string }) {
  const { user, disease } = await requirePermitted(request, { clientId: params.clientId, taId: params.taId, diseaseId: params.diseaseId });
  const submission = parseForm(await readFormData(request), { schema: FollowSchema });
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  // Only a crafted post gets here (the form offers the choices): what is wrong, as a toast on the same view.
  if (submission.status !== "success")
    return redirectWithToast(request, back, {
      type: "error",
      message: Object.values(submission.error ?? {}).flat()[0] ?? "Choose how often",
    });
  const { frequency } = submission.value;
  await setFollow({ user, disease, frequency });
  const message = frequency === "off" ? followStopped(disease.name) : followSaved(disease.name, FOLLOW_LABELS[frequency].toLowerCase());
  return redirectWithToast(request, back, { type: "success", message });
}

/** The "What changed" panel's at most this many changes (the count says how many more). */
const CHANGES_SHOWN = 500;

/** What changed, as the panel lists it (`since`: the compared day; `readAt`: when that version was read). */
function changesPanel(
  found: { ok: true; since: string; readAt: string; diff: ModelDiff } | ServerFailure,
  since: string,
  previous: boolean,
): ChangesPanel {
  if (!found.ok) return { ok: false, since, previous, message: found.message };
  const { changes, unchanged, registry } = found.diff;
  return {
    ok: true,
    since,
    previous,
    readAt: found.readAt,
    changes: changes.slice(0, CHANGES_SHOWN),
    total: changes.length,
    unchanged,
    registry: registry.slice(0, CHANGES_SHOWN).map(registryText),
  };
}

type Target = Awaited<ReturnType<typeof compareTarget>>;

/** The day a failed comparison names: the view's day ("" for the previous version, which the title names instead). */
const failedSince = (view: ReportView) => (view.compare === PREVIOUS_VERSION ? "" : (view.compare ?? ""));

/** What changed in the report since the view's `compare`, for the panel. */
async function changesSince(diseaseId: string, type: ReportTypeId, options: BuildOptions, view: ReportView, target: Target) {
  const previous = view.compare === PREVIOUS_VERSION;
  if (!target.ok) return changesPanel(target, failedSince(view), previous);
  const { since, at } = target.target;
  return changesPanel(await reportChanges(diseaseId, type, options, { asOf: view.asOf, since, at }), since, previous);
}

/** The version `target` names, to compare a report with (a failure as it is). */
const comparisonOf = (diseaseId: string, target: Target, asOf: string | null) =>
  target.ok ? comparison(diseaseId, target.target.since, asOf, target.target.at) : Promise.resolve(target);

export type ServerReport = ServerFailure | PageTables;

/**
 * The report built here from the stored sheet (as of the view's day), as one page of tables (the no-JavaScript view);
 * compared with `target`, its rows' changes marked and the panel's list from the same builds.
 */
async function serverReport(
  diseaseId: string,
  type: ReportTypeId,
  options: BuildOptions,
  view: ReportView,
  search: URLSearchParams,
  target: Target | null,
) {
  const withInvalid = view.invalid && type !== "list";
  const [opened, earlier] = await Promise.all([
    openSheet(diseaseId, view.asOf),
    target ? comparisonOf(diseaseId, target, view.asOf) : null,
  ]);
  const compare = earlier?.ok ? earlier.compare : undefined;
  const made = opened.ok
    ? await makeReport(opened.sheet, type, options, { as: "page", search: String(search), withInvalid, compare })
    : opened;
  const report: ServerReport = made.ok ? made.value : made;
  // The panel: what the tables were compared with, or why the other version cannot be (a report that could not be
  // made leaves the panel to its own comparison, which says why).
  const previous = view.compare === PREVIOUS_VERSION;
  let compared: ChangesPanel | null = null;
  if (earlier && !earlier.ok) compared = changesPanel(earlier, failedSince(view), previous);
  else if (compare && made.ok && made.value.diff)
    compared = changesPanel(
      { ok: true, since: compare.since, readAt: compare.before.fetchedAt, diff: made.value.diff },
      compare.since,
      previous,
    );
  return { report, compared };
}

/** The company logos of a report's deck (the phase board's cards draw them as the page does), by company name. */
export async function deckLogos(companies: string[]): Promise<Record<string, DeckLogo>> {
  const images = await logoImagesByName(companies);
  return Object.fromEntries(
    Object.entries(images).map(([name, { png, width, height }]) => [
      name,
      { data: `image/png;base64,${png.toString("base64")}`, width, height },
    ]),
  );
}

/** What an export makes of its report, and its file's name and type. */
interface ExportKind {
  extension: string;
  contentType: string;
  want: (ctx: ExportContext) => Promise<Extract<ModelWant, { as: "deck" | "workbook" }>>;
}
type ExportContext = {
  client: { name: string };
  disease: PermittedDisease;
  type: ReportTypeId;
  view: ReportView;
  options: BuildOptions;
  /** The sheet it is made of: today's, or the version as of the view's day. */
  sheet: SheetSource;
};

/**
 * An export of a report (the PowerPoint deck, the Excel workbook): the one the page shows, with the page's options, made
 * in a deck worker from the stored sheet (decision 020), answered as a file named as the report. Guarded as the page
 * is, except that a report the user may not see is a 404 — another's disease, a type this disease does not have, or
 * the news list (no sheet model; the news feed has its own deck). Without a type, the first configured report, as the
 * page shows it. A file that cannot be made goes back to the page with a toast saying why (the page says what is wrong
 * in full).
 */
export async function exportReport(request: Request, params: { clientId?: string; taId?: string; diseaseId?: string }, kind: ExportKind) {
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

  // Compared with another version (issue 30): the changed rows marked, and the deck's "What changed" slides.
  const comparing = type !== "events-2" ? view.compare : null;
  const [options, opened, earlier] = await Promise.all([
    engineOptions(disease, type, view),
    openSheet(disease.id, view.asOf),
    comparing ? compareTarget(disease.id, comparing, view.asOf).then((target) => comparisonOf(disease.id, target, view.asOf)) : null,
  ]);
  const made = !opened.ok
    ? opened
    : earlier && !earlier.ok
      ? earlier
      : await makeReport(
          opened.sheet,
          type,
          options,
          { ...(await kind.want({ client, disease, type, view, options, sheet: opened.sheet })), compare: earlier?.compare },
          deckLogos,
        );
  if (!made.ok) {
    const message = made.failure === "missing-columns" ? `${MISSING_COLUMNS}: ${made.missingColumns.join(", ")}` : made.message;
    const page = `/clients/${client.id}/therapeuticAreas/${area.id}/diseases/${disease.id}/reports${url.search}`;
    throw await redirectWithToast(request, page, { type: "error", message });
  }
  return new Response(made.value as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": kind.contentType,
      "Content-Disposition": attachment(exportFileName(disease, REPORT_NAMES[type], kind.extension)),
      "Content-Length": String(made.value.length),
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
