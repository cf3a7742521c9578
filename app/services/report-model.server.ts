// A report's model built on the server, by the same engine the page's Web Worker runs: for the tables of browsers
// without JavaScript, the exports (deck, workbook) and the integration API.
import type { ReportTypeId } from "#common/constants";
import { SHEET_LOAD_FAILED } from "#common/messages";
import { buildReport, type BuildOptions, type EngineEventInput, type ReportFailure, type ReportModel } from "#workers/engine";
import { listDiseaseEvents } from "~/models/event.server";
import type { PermittedDisease } from "~/models/permitted";
import { primaryCompletionSlips } from "~/models/registry.server";
import type { ModelOptions } from "~/reports/use-report-model";
import type { ReportView } from "~/reports/view";
import { getCachedSheet } from "~/utils/sheets/refresh.server";
import { SheetUnavailableError } from "~/utils/sheets/store.server";

/** What the engine needs besides the sheet, as the view asks: the modality variant (when the disease offers it),
 *  Combine LOT, the disease's events for the two event reports, and for the reports drawn from the sheet's rows the
 *  primary completion dates the trial registry saw move (issue 15), marked on the rows naming those trials. */
export async function engineOptions(
  disease: PermittedDisease,
  type: ReportTypeId | null,
  view: ReportView,
): Promise<BuildOptions & ModelOptions & { events: EngineEventInput[] }> {
  const [events, slips] = await Promise.all([
    type === "events-2" || type === "event-calendar" ? listDiseaseEvents({ disease }) : [],
    type && type !== "list" && type !== "events-2" ? primaryCompletionSlips({ diseaseId: disease.id }) : [],
  ]);
  const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);
  return {
    tm: type === "landscape-type-1" && disease.tm && view.tm,
    combineLot: view.combineLot,
    startAtFirstLaunch: view.startAtFirstLaunch,
    events,
    slips: slips.flatMap((trial) =>
      trial.slips.map((s) => ({ trial: trial.trialIdentifier, from: day(s.from), to: day(s.to), seenAt: day(s.seenAt)! })),
    ),
  };
}

/** Why a report could not be built here, with the message the page shows. */
export type ServerFailure = { ok: false; failure: ReportFailure["failure"]; missingColumns: string[]; message: string };

/** The engine's model of a report, built here from the cached sheet (the same engine the browser's worker runs). */
export async function buildServerModel(
  diseaseId: string,
  type: ReportTypeId,
  options: BuildOptions,
): Promise<(ReportModel & { sheetFetchedAt: string }) | ServerFailure> {
  let sheet;
  try {
    sheet = await getCachedSheet(diseaseId);
  } catch (error) {
    if (error instanceof SheetUnavailableError) return { ok: false, failure: "fetch", missingColumns: [], message: SHEET_LOAD_FAILED };
    throw error;
  }
  const model = buildReport(type, sheet, options);
  return model.ok
    ? { ...model, sheetFetchedAt: sheet.fetchedAt }
    : { ok: false, failure: model.failure, missingColumns: model.missingColumns, message: model.error ?? "" };
}
