import { useEffect, useMemo, useRef, useState } from "react";

import { LOGO_QUERY } from "#common/constants";
import type { CompareWith, EngineApi } from "#workers/engine.worker";
import type { EngineEventInput, InvalidRecord, ReportFailure, ReportModel, TrialSlip } from "#workers/engine/model";
import { joinModel } from "#workers/engine/parts";
import { connectWorker } from "~/utils/worker-client";

import { takePrefetchedSheet } from "./sheet-prefetch";

// The report page's side of the engine: one worker per page (kept while the user switches reports, so the sheet
// is fetched once), a build per (type, options) received in parts, and the company logos report 1 draws. The first
// build's sheet is fetched by the page (from its HTML on, sheet-prefetch.tsx) while the worker's script loads, rather
// than by the worker once it runs: on a slow connection (2 s round trips) round trips less before the report is drawn.

type ModelState =
  | { status: "loading" }
  | { status: "ready"; model: ReportModel; logos: Record<string, string> }
  | { status: "failed"; failure: ReportFailure };

type Engine = ReturnType<typeof connectWorker<EngineApi>>["api"];

/** What the engine builds a report with besides the sheet and the events, as the page's loader worked it out. */
export interface ModelOptions {
  tm: boolean;
  combineLot: boolean;
  startAtFirstLaunch: boolean;
  slips: TrialSlip[];
}

interface ModelRequest {
  type: string;
  sheetUrl: string;
  options: ModelOptions;
  events: EngineEventInput[];
  /** The earlier version whose changes the report marks (issue 30), or null. */
  compare: CompareWith | null;
  /** Bumped by 'Try again' / 'Refresh': builds again, reading the sheet afresh. */
  attempt: number;
}

/** Logo addresses for the companies on a report-1 board (one request; the board waits for it). */
async function fetchLogos(model: ReportModel): Promise<Record<string, string>> {
  if (model.type !== "landscape-type-1") return {};
  const names = [...new Set(model.columns.flatMap((c) => c.boxes.map((b) => b.company)))]
    .filter((name) => name && name.length <= LOGO_QUERY.maxNameLength)
    .slice(0, LOGO_QUERY.maxNames);
  if (names.length === 0) return {};
  const query = new URLSearchParams(names.map((name) => ["name", name]));
  const response = await fetch(`/resources/company-logos?${query}`, { headers: { Accept: "application/json" } });
  return response.ok ? ((await response.json()) as { logos: Record<string, string> }).logos : {};
}

/** The sheet's JSON (as the page's script started fetching it, or fetched now) as a Blob, or null when it could not be
 *  read (the worker then fetches it and says why). A Blob, not the bytes: Chromium hands a response's body to a Blob
 *  without the page's thread reading it, and the worker reads it; read here, the 25 MB of a 50,000-row sheet took the
 *  page's thread 63 ms in one task. */
async function fetchSheet(url: string): Promise<Blob | null> {
  try {
    const response = await (takePrefetchedSheet(url) ?? fetch(url, { credentials: "same-origin" }));
    return response?.ok ? await response.blob() : null;
  } catch {
    return null;
  }
}

export function useReportModel(workerUrl: string | undefined, request: ModelRequest) {
  const engine = useRef<Engine | null>(null);
  const [state, setState] = useState<ModelState>({ status: "loading" });
  const { type, sheetUrl, attempt } = request;
  const compareUrl = request.compare?.url ?? null;
  const since = request.compare?.since ?? null;
  const { tm, combineLot, startAtFirstLaunch } = request.options;
  // A reload of the page's data (after following the disease, say) brings equal events and slips in new arrays: the
  // same report, not built again.
  const events = useSameWhileEqual(request.events);
  const slips = useSameWhileEqual(request.options.slips);
  /** Whether the page has fetched the sheet for the worker already (only the first build needs it). */
  const prefetched = useRef(false);

  useEffect(() => {
    if (!workerUrl) return;
    const worker = connectWorker<EngineApi>(workerUrl);
    engine.current = worker.api;
    return () => {
      engine.current = null;
      worker.dispose();
    };
  }, [workerUrl]);

  useEffect(() => {
    const api = engine.current;
    if (!api) return;
    let current = true;
    setState({ status: "loading" });
    const early = prefetched.current ? null : fetchSheet(sheetUrl);
    prefetched.current = true;
    (async () => {
      const body = await early;
      if (body && current) await api.provideSheet(sheetUrl, body);
      const compare = compareUrl && since ? { url: compareUrl, since } : null;
      const result = await api.build(type, sheetUrl, { tm, combineLot, startAtFirstLaunch, slips, events, compare, refresh: attempt > 0 });
      if (!result.ok) return current && setState({ status: "failed", failure: result });
      const { build, parts, ...shell } = result;
      const model: ReportModel = await joinModel(shell, parts, (index, offset) => api.part(type, build, index, offset));
      const logos = await fetchLogos(model).catch(() => ({}));
      if (current) setState({ status: "ready", model, logos });
    })().catch((error: unknown) => {
      if (current) setState({ status: "failed", failure: { ok: false, type, failure: "error", missingColumns: [], error: String(error) } });
    });
    return () => {
      current = false;
    };
  }, [type, sheetUrl, compareUrl, since, tm, combineLot, startAtFirstLaunch, slips, events, attempt, workerUrl]);

  /** The next page of the current build's invalid records (the model carries the first page). */
  const moreInvalid = (offset: number): Promise<InvalidRecord[]> => engine.current?.invalidRecords(type, offset) ?? Promise.resolve([]);
  return { state, moreInvalid };
}

/** `value`, or the equal value (as JSON) it had at the last render: an effect that depends on it runs again only when
 *  its content changes. */
function useSameWhileEqual<T>(value: T): T {
  const key = useMemo(() => JSON.stringify(value), [value]);
  const kept = useRef({ key, value });
  if (kept.current.key !== key) kept.current = { key, value };
  return kept.current.value;
}
