// Public API of the report engine: pure functions from SheetData (+ options) to serialisable report models.
// No DOM, no Node APIs; runs in the worker (workers/engine.worker.ts), in Node tests and in the benchmark.
import { isReportType, REPORT_TYPE_IDS } from "#common/constants";

import { missingColumns } from "./columns";
import type { ReportType } from "./constants";
import { BuildContext, prepareSheet, type PreparedSheet } from "./context";
import type { EngineEventInput, ModelOf, ReportFailure, ReportModel, ReportResult, TrialSlip } from "./model";
import { buildEventCalendar } from "./reports/calendar";
import { buildEvents2 } from "./reports/events2";
import { buildLandscape1 } from "./reports/landscape1";
import { buildLandscape2 } from "./reports/landscape2";
import { buildLandscape3 } from "./reports/landscape3";
import { buildTimelineChart, buildTimelineTable } from "./reports/timeline";
import type { SheetData } from "./sheet";

export * from "./model";
export { LEGEND_PALETTE } from "./constants";
export type { SheetData, Cell } from "./sheet";

export interface BuildOptions {
  /** Report 1: therapeutic-modality variant (needs the Therapeutic Modality column). */
  tm?: boolean;
  /** Report 5: group LOT columns by combined LOT (1L, 1LC and 1LM under 1L). */
  combineLot?: boolean;
  /** Report 2 (timeline chart): the axis starts at the first launch, not at TIMELINE_START_YEAR. */
  startAtFirstLaunch?: boolean;
  /** Events-2 and the event calendar: the disease's events from the console (the database). */
  events?: readonly EngineEventInput[];
  /** Primary completion date moves of the disease's trials (the registry change log), marked on the rows naming them. */
  slips?: readonly TrialSlip[];
  /** 'Today' for year inference and past events; defaults to the current time. */
  now?: Date;
}

function failure(type: string, kind: ReportFailure["failure"], error: string | null, missing: string[] = []): ReportFailure {
  return { ok: false, type, failure: kind, missingColumns: missing, error };
}

function buildPrepared(type: ReportType, sheet: PreparedSheet, options: BuildOptions): ReportResult {
  const missing = missingColumns(type, sheet.header, options);
  if (missing.length > 0) return failure(type, "missing-columns", null, missing);
  const ctx = new BuildContext(sheet, type, options.slips);
  switch (type) {
    case "landscape-type-1":
      return buildLandscape1(ctx, options);
    case "timeline-chart":
      return buildTimelineChart(ctx, options);
    case "timeline-table":
      return buildTimelineTable(ctx);
    case "event-calendar":
      return buildEventCalendar(ctx, options);
    case "landscape-type-2":
      return buildLandscape2(ctx, options);
    case "landscape-type-3":
      return buildLandscape3(ctx);
    case "events-2":
      return buildEvents2(ctx, options);
    case "list":
      return ctx.base("list", 0);
  }
}

function guarded(type: string, run: () => ReportResult): ReportResult {
  try {
    return run();
  } catch (e) {
    return failure(type, "error", e instanceof Error ? e.message : String(e));
  }
}

/** Builds one report. Never throws: missing columns, unknown types and unexpected errors come back as
 *  { ok: false, failure, missingColumns, error }. */
export function buildReport<T extends ReportType>(type: T, sheet: SheetData, options?: BuildOptions): ModelOf<T> | ReportFailure;
export function buildReport(type: string, sheet: SheetData, options?: BuildOptions): ReportResult;
export function buildReport(type: string, sheet: SheetData, options: BuildOptions = {}): ReportResult {
  if (!isReportType(type)) return failure(String(type), "unknown-type", `Report Not Available: '${String(type)}'`);
  return guarded(type, () => buildPrepared(type, prepareSheet(sheet), options ?? {}));
}

/** Builds several report types from one sheet, indexing the header and scanning blank rows once. */
export function buildAll(
  sheet: SheetData,
  types: readonly string[] = REPORT_TYPE_IDS,
  options: BuildOptions = {},
): Record<string, ReportResult> {
  const out: Record<string, ReportResult> = {};
  let prepared: PreparedSheet;
  try {
    prepared = prepareSheet(sheet);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    for (const t of types) out[t] = failure(t, "error", message);
    return out;
  }
  for (const t of types) {
    out[t] = isReportType(t)
      ? guarded(t, () => buildPrepared(t, prepared, options ?? {}))
      : failure(t, "unknown-type", `Report Not Available: '${t}'`);
  }
  return out;
}

/** Narrowing helper for the screens. */
export function isModel(result: ReportResult): result is ReportModel {
  return result.ok;
}
