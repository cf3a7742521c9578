// A report's model built on the server, by the same engine the page's Web Worker runs: for the tables of browsers
// without JavaScript, the exports (deck, workbook), the integration API and the assistants' tools (MCP).
import type { ReportTypeId } from "#common/constants";
import { EXPORT_BUSY, EXPORT_FAILED, REPORT_BUSY, SHEET_LOAD_FAILED } from "#common/messages";
import type { BuildOptions, EngineEventInput } from "#workers/engine";
import { listDiseaseEvents } from "~/models/event.server";
import type { PermittedDisease } from "~/models/permitted";
import { primaryCompletionSlips } from "~/models/registry.server";
import { produce, type LogoQuestion, type ModelFailure, type ModelJob, type ModelWant, type Outputs } from "~/reports/outputs.server";
import type { ModelOptions } from "~/reports/use-report-model";
import type { ReportView } from "~/reports/view";
import { resolveSheet, type ResolvedSheet } from "~/utils/sheets/refresh.server";
import { SheetUnavailableError } from "~/utils/sheets/store.server";

import { buildInWorker } from "./deck-pool.server";

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

/** Why a report could not be made here, with the message the page shows; "busy": the workers' queue is full, "worker":
 *  the worker failed (logged). */
export type ServerFailure = Omit<ModelFailure, "failure"> & { failure: ModelFailure["failure"] | "busy" | "worker" };

/** The disease's stored sheet, or why there is none (the page's message). */
export async function openSheet(diseaseId: string): Promise<{ ok: true; sheet: ResolvedSheet } | ServerFailure> {
  try {
    return { ok: true, sheet: await resolveSheet(diseaseId) };
  } catch (error) {
    if (error instanceof SheetUnavailableError) return { ok: false, failure: "fetch", missingColumns: [], message: SHEET_LOAD_FAILED };
    throw error;
  }
}

/** Wants that may be made on the event loop from a small sheet; files are always made in a worker. */
const LIGHT = new Set<ModelWant["as"]>(["json", "page", "summary"]);

/**
 * A report of the sheet, built by the engine the page's Web Worker runs and made into what `want` asks. A sheet of
 * one stored chunk (SHEET_CACHE_CHUNK_ROWS rows, 2,000 by default: a build of 20–45 ms) is built here; a larger one,
 * and every file, in a deck worker, so that no request holds the event loop for long (decision 020). `logos` answers a
 * deck's question for its company logos.
 */
export async function makeReport<W extends ModelWant>(
  sheet: ResolvedSheet,
  type: ReportTypeId,
  options: BuildOptions,
  want: W,
  logos: LogoQuestion = async () => ({}),
): Promise<{ ok: true; value: Outputs[W["as"]] } | ServerFailure> {
  const job: ModelJob<W> = { sheet: await sheet.stored(), type, options, want };
  const light = LIGHT.has(want.as);
  const made = light && job.sheet.parts.length <= 1 ? await produce(job, logos) : await buildInWorker(job, logos);
  if (made === "busy") return { ok: false, failure: "busy", missingColumns: [], message: light ? REPORT_BUSY : EXPORT_BUSY };
  if (made === "failed") return { ok: false, failure: "worker", missingColumns: [], message: EXPORT_FAILED };
  return made;
}

/** openSheet, then makeReport. */
export async function reportOutput<W extends ModelWant>(
  diseaseId: string,
  type: ReportTypeId,
  options: BuildOptions,
  want: W,
  logos?: LogoQuestion,
): Promise<{ ok: true; value: Outputs[W["as"]] } | ServerFailure> {
  const opened = await openSheet(diseaseId);
  return opened.ok ? makeReport(opened.sheet, type, options, want, logos) : opened;
}
