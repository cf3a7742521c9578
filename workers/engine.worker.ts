/// <reference lib="webworker" />
import * as Comlink from "comlink";

import { SHEET_LOAD_FAILED } from "#common/messages";

import { buildReport, type BuildOptions } from "./engine";
import { diffModels, markChanges } from "./engine/diff";
import type { InvalidRecord, ReportFailure, ReportModel } from "./engine/model";
import { sliceLength, splitModel, type PartInfo } from "./engine/parts";
import type { SheetData } from "./engine/sheet";
import { ENGINE_VERSION } from "./engine/version";

// The report engine runs here, off the main thread; the page talks to it through Comlink. The worker fetches the
// sheet itself (GET {url} → { sheet: SheetData }, e.g. /resources/sheet/{diseaseId}) so raw sheet data never
// passes through the main thread; only the compact report model is posted back, in parts (engine/parts.ts): the
// models are plain objects, so transferable buffers would only move the cost to a JSON.parse on the page.

/** Options from the page: BuildOptions with `now` as an ISO string or epoch ms (Dates clone too). */
export type WorkerBuildOptions = Omit<BuildOptions, "now"> & { now?: Date | string | number };

/** How long the last build took, for the browser benchmark (seam for the headless-Chromium measurement). */
export interface BuildTimings {
  type: string;
  fetchMs: number;
  parseMs: number;
  buildMs: number;
  rows: number;
  fromCache: boolean;
  /** Comparing with an earlier version (0 when not comparing): reading its sheet (0 from the cache), building its
   *  report, and the diff with its marks. */
  compare: { readMs: number; buildMs: number; diffMs: number };
}

/** The earlier version a report is compared with (issue 30): its sheet's address, and the day it is as of. */
export interface CompareWith {
  url: string;
  since: string;
}

/**
 * The model with what changed since the compared version marked on its rows (engine/diff.ts). The version's sheet is
 * fetched (and cached) as today's is; one that cannot be read or built leaves the model unmarked — the page's "What
 * changed" panel, from the server, says why.
 */
async function compared(model: ReportModel, type: string, compare: CompareWith, options: BuildOptions) {
  const t0 = performance.now();
  try {
    const { sheet } = await loadSheet(compare.url, false);
    const t1 = performance.now();
    const before = buildReport(type, sheet, options);
    const t2 = performance.now();
    const marked = markChanges(model, diffModels(before.ok ? before : null, model), compare.since);
    return { model: marked, timings: { readMs: t1 - t0, buildMs: t2 - t1, diffMs: performance.now() - t2 } };
  } catch {
    return { model, timings: { readMs: performance.now() - t0, buildMs: 0, diffMs: 0 } };
  }
}

/** The sheets fetched last — today's, and the earlier version a comparison reads — so switching report types does not
 *  fetch again; each kept for a minute. */
const CACHE_MS = 60_000;
const CACHE_SHEETS = 2;
let cache: Array<{ url: string; at: number; sheet: SheetData }> = [];
const keep = (url: string, sheet: SheetData) => {
  cache = [{ url, at: Date.now(), sheet }, ...cache.filter((c) => c.url !== url)].slice(0, CACHE_SHEETS);
};
let lastTimings: BuildTimings | null = null;

/**
 * The page gets the first INVALID_PAGE invalid records with the model and pages through the rest with
 * `invalidRecords()`: on a large sheet they are most of the payload, and structured-cloning them all back would
 * block the main thread for seconds (measured by the browser benchmark).
 */
const INVALID_PAGE = 100;
const fullInvalid = new Map<string, InvalidRecord[]>();

/** A model as build() returns it: its long arrays are empty, and `part()` gives their items (`parts`). */
export type ModelShell = ReportModel & { build: number; parts: PartInfo[] };

/** The long arrays of the last build of each type, for `part()`; `build` tells a newer build of the type apart. */
const pending = new Map<string, { build: number; items: ReadonlyArray<readonly unknown[]>; slices: readonly number[] }>();
let builds = 0;

function isSheetData(value: unknown): value is SheetData {
  return !!value && typeof value === "object" && Array.isArray((value as SheetData).values);
}

async function loadSheet(
  url: string,
  refresh: boolean,
): Promise<{ sheet: SheetData; fetchMs: number; parseMs: number; fromCache: boolean }> {
  const cached = cache.find((c) => c.url === url);
  if (!refresh && cached && Date.now() - cached.at < CACHE_MS) {
    return { sheet: cached.sheet, fetchMs: 0, parseMs: 0, fromCache: true };
  }
  const t0 = performance.now();
  const response = await fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const text = await response.text();
  const t1 = performance.now();
  const body = JSON.parse(text) as { sheet?: unknown };
  if (!isSheetData(body?.sheet)) throw new Error("The response has no sheet");
  const t2 = performance.now();
  keep(url, body.sheet);
  return { sheet: body.sheet, fetchMs: t1 - t0, parseMs: t2 - t1, fromCache: false };
}

export const api = {
  info() {
    return { version: ENGINE_VERSION };
  },

  /**
   * The JSON of GET `url` as the page fetched it (while this worker's script was still loading: on a slow connection
   * that spares a round trip), kept as the cached sheet. The page only passes the response's Blob on; it is read,
   * decoded and parsed here. A body that holds no sheet is dropped, and build() fetches for itself.
   */
  async provideSheet(url: string, json: Blob) {
    try {
      const body = JSON.parse(await json.text()) as { sheet?: unknown };
      if (isSheetData(body?.sheet)) keep(url, body.sheet);
    } catch {
      // Not JSON (a proxy's error page): build() fetches again and says what went wrong.
    }
  },

  /** Fetches the sheet at `url` (same-origin resource route) and builds report `type`. Never rejects: a failed
   *  fetch comes back as { ok: false, failure: 'fetch', error }. `refresh` skips the one-minute sheet cache. */
  async build(
    type: string,
    url: string,
    options: WorkerBuildOptions & { refresh?: boolean; compare?: CompareWith | null } = {},
  ): Promise<ModelShell | ReportFailure> {
    let loaded;
    try {
      loaded = await loadSheet(url, options.refresh === true);
    } catch (e) {
      return {
        ok: false,
        type,
        failure: "fetch",
        missingColumns: [],
        error: `${SHEET_LOAD_FAILED} (${e instanceof Error ? e.message : String(e)})`,
      };
    }
    const { refresh: _refresh, compare, now, ...rest } = options;
    const buildOptions = { ...rest, now: now === undefined ? undefined : new Date(now) };
    const t0 = performance.now();
    const built = buildReport(type, loaded.sheet, buildOptions);
    const t1 = performance.now();
    const comparison = built.ok && compare ? await compared(built, type, compare, buildOptions) : null;
    const result = comparison?.model ?? built;
    lastTimings = {
      type,
      fetchMs: loaded.fetchMs,
      parseMs: loaded.parseMs,
      buildMs: t1 - t0,
      compare: comparison?.timings ?? { readMs: 0, buildMs: 0, diffMs: 0 },
      rows: loaded.sheet.values.length,
      fromCache: loaded.fromCache,
    };
    if (!result.ok) return result;
    fullInvalid.set(type, result.invalidRecords);
    const { shell, parts } = splitModel<ReportModel>({ ...result, invalidRecords: result.invalidRecords.slice(0, INVALID_PAGE) });
    const build = ++builds;
    pending.set(type, { build, items: parts.map((p) => p.items), slices: parts.map((p) => sliceLength(p.items)) });
    return { ...shell, build, parts: parts.map((p) => ({ path: p.path, length: p.items.length })) };
  },

  /** The next slice (sliceLength) from `offset` of part `index` of build `build` of `type` (see ModelShell); none once
   *  a newer build of the type replaced it. */
  part(type: string, build: number, index: number, offset: number): readonly unknown[] {
    const last = pending.get(type);
    return last?.build === build ? (last.items[index]?.slice(offset, offset + (last.slices[index] ?? 0)) ?? []) : [];
  },

  /** A page of the last build's invalid records of `type` (the model carries the first INVALID_PAGE; the total
   *  is `stats.invalidRecords`). */
  invalidRecords(type: string, offset: number, limit = INVALID_PAGE): InvalidRecord[] {
    return (fullInvalid.get(type) ?? []).slice(offset, offset + limit);
  },

  /** Timings of the last build() (for the browser benchmark). */
  timings(): BuildTimings | null {
    return lastTimings;
  },

  /** Drops the cached sheet (e.g. after the sheet was refreshed on the server). */
  clearCache() {
    cache = [];
    fullInvalid.clear();
    pending.clear();
  },
};

export type EngineApi = typeof api;

Comlink.expose(api);
