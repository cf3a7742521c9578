// Runs inside the benchmark's Chromium page (bundled by scripts/bench/browser.ts): starts the report-engine worker
// from its hashed URL, asks it through Comlink to fetch the sheet from the resource route and build each report,
// and watches the main thread with the Long Tasks API meanwhile.
import * as Comlink from "comlink";

import type { BuildTimings, EngineApi, ModelShell } from "../../workers/engine.worker";
import type { ReportFailure } from "../../workers/engine/model";
import { joinModel } from "../../workers/engine/parts";

interface HarnessResult {
  type: string;
  /** From the page's call to the whole model on the main thread (includes structured clone of every part). */
  totalMs: number;
  fetchMs: number;
  parseMs: number;
  buildMs: number;
  /** Longest main-thread task that started during this call. */
  longestTaskMs: number;
  ok: boolean;
}

/** A report built and compared with an earlier version of its sheet in the worker (issue 30). */
export interface CompareResult {
  type: string;
  /** From the page's call to the marked model on the main thread. */
  totalMs: number;
  /** In the worker: the earlier version's sheet read (0 from the worker's cache), its report built, the diff and marks. */
  readMs: number;
  buildMs: number;
  diffMs: number;
  /** Rows marked as changed. */
  marked: number;
  longestTaskMs: number;
}

declare global {
  interface Window {
    /** Each report of `sheetUrl` compared with the sheet at `compareUrl` (the page's "Compare with"). */
    runCompareBench: (workerUrl: string, sheetUrl: string, compareUrl: string, types: string[]) => Promise<CompareResult[]>;
    /** One build through the worker, for the browser tests: the model as the page receives it. */
    buildWithEngine: (workerUrl: string, sheetUrl: string, type: string, options?: { tm?: boolean }) => Promise<unknown>;
    runEngineBench: (
      workerUrl: string,
      sheetUrl: string,
      types: string[],
    ) => Promise<{ results: HarnessResult[]; longestTaskMs: number; longTasks: number }>;
  }
}

/** build() and then its parts, as the report page receives a model. */
async function receive(
  api: Comlink.Remote<EngineApi>,
  type: string,
  sheetUrl: string,
  options: { tm?: boolean; refresh?: boolean; compare?: { url: string; since: string } },
) {
  const result: ModelShell | ReportFailure = await api.build(type, sheetUrl, options);
  if (!result.ok) return result;
  const { build, parts, ...shell } = result;
  return joinModel(shell, parts, (index, offset) => api.part(type, build, index, offset));
}

/**
 * One worker, each type built in turn (`build`) with the main thread's long tasks watched meanwhile; `record` makes a
 * result of each build: its model, the worker's timings, the time from call to model, the longest task during it.
 */
async function benchBuilds<R>(
  workerUrl: string,
  types: string[],
  build: (api: Comlink.Remote<EngineApi>, type: string, index: number) => ReturnType<typeof receive>,
  record: (
    type: string,
    model: Awaited<ReturnType<typeof receive>>,
    timings: BuildTimings | null,
    totalMs: number,
    longestTaskMs: number,
  ) => R,
) {
  const tasks: Array<{ start: number; duration: number }> = [];
  const observer = new PerformanceObserver((list) =>
    list.getEntries().forEach((e) => tasks.push({ start: e.startTime, duration: e.duration })),
  );
  observer.observe({ type: "longtask" });
  const worker = new Worker(workerUrl, { type: "module" });
  const api = Comlink.wrap<EngineApi>(worker);
  const results: R[] = [];
  for (const [index, type] of types.entries()) {
    const t0 = performance.now();
    const model = await build(api, type, index);
    const totalMs = performance.now() - t0;
    const timings = await api.timings();
    await new Promise((r) => setTimeout(r, 50)); // let the observer deliver this call's entries
    const during = tasks.filter((t) => t.start >= t0 && t.start <= t0 + totalMs).map((t) => t.duration);
    results.push(record(type, model, timings, totalMs, Math.max(0, ...during)));
  }
  observer.disconnect();
  worker.terminate();
  return { results, tasks };
}

window.runEngineBench = async (workerUrl, sheetUrl, types) => {
  const { results, tasks } = await benchBuilds(
    workerUrl,
    types,
    (api, type, index) => receive(api, type, sheetUrl, { tm: true, refresh: index === 0 }),
    (type, model, timings, totalMs, longestTaskMs): HarnessResult => ({
      type,
      totalMs,
      fetchMs: timings?.fetchMs ?? 0,
      parseMs: timings?.parseMs ?? 0,
      buildMs: timings?.buildMs ?? 0,
      longestTaskMs,
      ok: model.ok,
    }),
  );
  return { results, longestTaskMs: Math.max(0, ...tasks.map((t) => t.duration)), longTasks: tasks.length };
};

window.runCompareBench = async (workerUrl, sheetUrl, compareUrl, types) => {
  const { results } = await benchBuilds(
    workerUrl,
    types,
    (api, type) => receive(api, type, sheetUrl, { tm: true, compare: { url: compareUrl, since: "2026-01-01" } }),
    (type, model, timings, totalMs, longestTaskMs): CompareResult => {
      const { readMs, buildMs, diffMs } = timings?.compare ?? { readMs: 0, buildMs: 0, diffMs: 0 };
      const marked = model.ok ? Object.keys(model.changes?.rows ?? {}).length : 0;
      return { type, totalMs, readMs, buildMs, diffMs, marked, longestTaskMs };
    },
  );
  return results;
};

window.buildWithEngine = async (workerUrl, sheetUrl, type, options = {}) => {
  const worker = new Worker(workerUrl, { type: "module" });
  try {
    return await receive(Comlink.wrap<EngineApi>(worker), type, sheetUrl, options);
  } finally {
    worker.terminate();
  }
};
