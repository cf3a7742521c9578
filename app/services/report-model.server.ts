// A report's model built on the server, by the same engine the page's Web Worker runs: for the tables of browsers
// without JavaScript, the exports (deck, workbook), the integration API and the assistants' tools (MCP).
import type { ReportTypeId } from "#common/constants";
import {
  EXPORT_BUSY,
  EXPORT_FAILED,
  NO_PREVIOUS_VERSION,
  NO_SUCH_VERSION,
  noVersionOn,
  REPORT_BUSY,
  SHEET_LOAD_FAILED,
  VERSION_UNREADABLE,
} from "#common/messages";
import type { BuildOptions, EngineEventInput } from "#workers/engine";
import type { ModelDiff } from "#workers/engine/diff";
import { listDiseaseEvents } from "~/models/event.server";
import type { PermittedDisease } from "~/models/permitted";
import { primaryCompletionSlips } from "~/models/registry.server";
import {
  produce,
  sheetJson,
  type Comparison,
  type LogoQuestion,
  type ModelFailure,
  type ModelJob,
  type ModelWant,
  type Outputs,
} from "~/reports/outputs.server";
import type { ModelOptions } from "~/reports/use-report-model";
import { endOfDay, PREVIOUS_VERSION, type ReportView } from "~/reports/view";
import { formatDay } from "~/utils/dates";
import { sheetConfig } from "~/utils/env.server";
import { sheetJsonStream, type StoredSheet } from "~/utils/sheets/parts.server";
import { resolveSheet } from "~/utils/sheets/refresh.server";
import { objectId, SheetUnavailableError } from "~/utils/sheets/store.server";
import { versionInForce, versionOf, versionStored, VersionUnreadableError } from "~/utils/sheets/versions.server";

import { buildInWorker, sheetInWorker } from "./deck-pool.server";

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

/** A disease's sheet as a report reads it: today's stored copy, or the version in force at the end of a day. */
export interface SheetSource {
  /** Changes whenever the content may: for ETags. */
  version: string;
  fetchedAt: string;
  stored(): Promise<StoredSheet>;
  /** Today's copy's body for the page's worker, brotli-compressed when it was stored (versions have none). */
  compressedBody?(): Promise<Uint8Array | null>;
  /** The version a report as of a day shows. */
  asOf: { day: string; versionId: string; readAt: string } | null;
}

/** The disease's sheet — today's, or as of a day (a version: issue 30) — or why there is none (the page's message). */
export async function openSheet(diseaseId: string, asOf: string | null = null): Promise<{ ok: true; sheet: SheetSource } | ServerFailure> {
  if (asOf) return openVersion(diseaseId, endOfDay(asOf), asOf);
  try {
    const { version, fetchedAt, stored, compressedBody } = await resolveSheet(diseaseId);
    return { ok: true, sheet: { version, fetchedAt, stored, compressedBody, asOf: null } };
  } catch (error) {
    if (error instanceof SheetUnavailableError) return { ok: false, failure: "fetch", missingColumns: [], message: SHEET_LOAD_FAILED };
    throw error;
  }
}

/** The version in force at a moment (read by then), as a report as of `day` reads it. */
async function openVersion(diseaseId: string, at: Date, day: string): Promise<{ ok: true; sheet: SheetSource } | ServerFailure> {
  const version = await versionInForce(objectId(diseaseId), at);
  if (!version) return { ok: false, failure: "version", missingColumns: [], message: noVersionOn(formatDay(day)) };
  return { ok: true, sheet: versionSource(diseaseId, version, day) };
}

/** A version of the disease's sheet by id (the page's worker comparing with the previous version), or why not. */
export async function openSheetVersion(diseaseId: string, versionId: string): Promise<{ ok: true; sheet: SheetSource } | ServerFailure> {
  const version = await versionOf(objectId(diseaseId), versionId);
  if (!version) return { ok: false, failure: "version", missingColumns: [], message: NO_SUCH_VERSION };
  return { ok: true, sheet: versionSource(diseaseId, version, version.readAt.slice(0, 10)) };
}

/** A version as a report reads it (as of `day`). */
function versionSource(diseaseId: string, version: { id: string; readAt: string }, day: string): SheetSource {
  return {
    version: `version-${version.id}`,
    fetchedAt: version.readAt,
    stored: () => versionStored(objectId(diseaseId), version.id),
    asOf: { day, versionId: version.id, readAt: version.readAt },
  };
}

/** The version a report as of `day` shows: when it was read, or null when the sheet had not been read by then. */
export async function asOfVersion(diseaseId: string, day: string) {
  const version = await versionInForce(objectId(diseaseId), endOfDay(day));
  return { day, readAt: version?.readAt ?? null, message: version ? null : noVersionOn(formatDay(day)) };
}

/** A sheet this small (SHEET_CACHE_CHUNK_ROWS rows, 2,000 by default: a build of 20–45 ms) is built on the event loop. */
const small = (sheet: StoredSheet) => sheet.rowCount <= sheetConfig().SHEET_CACHE_CHUNK_ROWS;

/** Wants that may be made on the event loop from a small sheet; files are always made in a worker. */
const LIGHT = new Set<ModelWant["as"]>(["json", "page", "summary", "changes"]);

/**
 * A report of the sheet, built by the engine the page's Web Worker runs and made into what `want` asks. A small sheet
 * is built here; a larger one, and every file, in a deck worker, so that no request holds the event loop for long
 * (decision 020). `logos` answers a deck's question for its company logos.
 */
export async function makeReport<W extends ModelWant>(
  sheet: SheetSource,
  type: ReportTypeId,
  options: BuildOptions,
  want: W,
  logos: LogoQuestion = async () => ({}),
): Promise<{ ok: true; value: Outputs[W["as"]] } | ServerFailure> {
  const stored = await storedOf(sheet);
  if (!stored.ok) return stored;
  const job: ModelJob<W> = { sheet: stored.sheet, type, options, want };
  const light = LIGHT.has(want.as);
  const compare = "compare" in want ? want.compare : undefined;
  const here = light && small(job.sheet) && (!compare || small(compare.before));
  return settled(here ? await produce(job, logos) : await buildInWorker(job, logos), light);
}

/** A sheet's stored data, or the failure of a version that cannot be read back (one it is built on is missing). */
async function storedOf(sheet: SheetSource): Promise<{ ok: true; sheet: StoredSheet } | ServerFailure> {
  try {
    return { ok: true, sheet: await sheet.stored() };
  } catch (error) {
    if (error instanceof VersionUnreadableError) return { ok: false, failure: "version", missingColumns: [], message: VERSION_UNREADABLE };
    throw error;
  }
}

/** A result as made here or by a deck worker, the pool's refusals in the page's words (`light`: not a file). */
function settled<T>(made: T | "busy" | "failed", light: boolean): T | ServerFailure {
  if (made === "busy") return { ok: false, failure: "busy", missingColumns: [], message: light ? REPORT_BUSY : EXPORT_BUSY };
  if (made === "failed") return { ok: false, failure: "worker", missingColumns: [], message: EXPORT_FAILED };
  return made;
}

/** What a report is compared with (issue 30): the version in force at `at` — the end of a day, or the moment the
 *  version before the report's own was read — its day (`since`), and how the page's worker asks for its sheet. */
export interface CompareTarget {
  since: string;
  at: Date;
  sheetQuery: string;
}

/** The view's `compare` (a day, or PREVIOUS_VERSION: the version before the one in force as of `asOf`, else now) as a
 *  version to compare with, or why there is none. */
export async function compareTarget(
  diseaseId: string,
  compare: string,
  asOf: string | null,
): Promise<{ ok: true; target: CompareTarget } | ServerFailure> {
  if (compare !== PREVIOUS_VERSION) return { ok: true, target: { since: compare, at: endOfDay(compare), sheetQuery: `asOf=${compare}` } };
  const id = objectId(diseaseId);
  const current = await versionInForce(id, asOf ? endOfDay(asOf) : new Date());
  const previous = current && (await versionInForce(id, new Date(Date.parse(current.readAt) - 1)));
  if (!previous) return { ok: false, failure: "version", missingColumns: [], message: NO_PREVIOUS_VERSION };
  return {
    ok: true,
    target: { since: previous.readAt.slice(0, 10), at: new Date(previous.readAt), sheetQuery: `version=${previous.id}` },
  };
}

/** The version in force at the end of `since` (or at the moment `at` of that day: a digest's last sending), as a report
 *  as of `until` (null: today's) is compared with it (issue 30), or why it cannot be. */
export async function comparison(
  diseaseId: string,
  since: string,
  until: string | null,
  at: Date = endOfDay(since),
): Promise<{ ok: true; compare: Comparison } | ServerFailure> {
  const opened = await openVersion(diseaseId, at, since);
  if (!opened.ok) return opened;
  const before = await storedOf(opened.sheet);
  return before.ok ? { ok: true, compare: { before: before.sheet, since, until } } : before;
}

/**
 * What changed in a report since a day (issue 30): the report as of `asOf` (null: today's) compared with the report as
 * of `since`, both built with the same options; with when the earlier version was read.
 */
export async function reportChanges(
  diseaseId: string,
  type: ReportTypeId,
  options: BuildOptions,
  { asOf, since, at }: { asOf: string | null; since: string; at?: Date },
): Promise<{ ok: true; since: string; readAt: string; diff: ModelDiff } | ServerFailure> {
  const [after, earlier] = await Promise.all([openSheet(diseaseId, asOf), comparison(diseaseId, since, asOf, at)]);
  if (!after.ok) return after;
  if (!earlier.ok) return earlier;
  const made = await makeReport(after.sheet, type, options, { as: "changes", compare: earlier.compare });
  return made.ok ? { ok: true, since, readAt: earlier.compare.before.fetchedAt, diff: made.value } : made;
}

/**
 * The body `{ sheet }` the report page's worker fetches: today's copy as stored brotli-compressed (`brotli`: the request
 * accepts it; `encoding` says so) or streamed from its stored chunks; a version (as of a day) rebuilt from its deltas, in
 * a deck worker when large. Either way no large sheet is parsed or serialised on the event loop.
 */
export async function sheetBody(
  sheet: SheetSource,
  { brotli }: { brotli: boolean },
): Promise<{ ok: true; body: BodyInit; encoding?: "br" } | ServerFailure> {
  const compressed = brotli ? await sheet.compressedBody?.() : null;
  if (compressed) return { ok: true, body: compressed as Uint8Array<ArrayBuffer>, encoding: "br" };
  const stored = await storedOf(sheet);
  if (!stored.ok) return stored;
  if (!sheet.asOf) return { ok: true, body: sheetJsonStream(stored.sheet) };
  const made = settled(small(stored.sheet) ? sheetJson(stored.sheet) : await sheetInWorker(stored.sheet), true);
  return made.ok ? { ok: true, body: made.value as Uint8Array<ArrayBuffer> } : made;
}
