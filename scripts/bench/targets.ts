// Where a benchmark build runs. nodeTarget calls the engine in this process. A later browser target (headless
// Chromium through workers/engine.worker.ts: serve the sheet as { sheet } at a local URL, call build(type, url)
// via Comlink, read timings() for build/parse/fetch ms and performance.memory or CDP for heap) implements the same
// interface and is appended to TARGETS in scripts/bench.ts.
import { buildReport, type BuildOptions } from "../../workers/engine";
import type { SheetData } from "../../workers/engine/sheet";

export interface BenchRun {
  /** Wall time of one build in milliseconds. */
  ms: number;
  /** Heap growth during the build (peak sampled after the build, before the result is dropped). */
  heapDeltaBytes: number;
  shown: number;
  invalid: number;
}

export interface BenchTarget {
  name: string;
  /** Called once per sheet size before its runs (e.g. to serve the sheet to a browser). */
  prepare?(sheet: SheetData): Promise<void> | void;
  run(type: string, sheet: SheetData, options: BuildOptions): Promise<BenchRun>;
}

const gc = (globalThis as { gc?: () => void }).gc;

export const nodeTarget: BenchTarget = {
  name: "node",
  async run(type, sheet, options) {
    gc?.();
    const before = process.memoryUsage().heapUsed;
    const t0 = performance.now();
    const result = buildReport(type, sheet, options);
    const ms = performance.now() - t0;
    const after = process.memoryUsage().heapUsed;
    return {
      ms,
      heapDeltaBytes: Math.max(0, after - before),
      shown: result.ok ? result.stats.shownRecords : -1,
      invalid: result.ok ? result.stats.invalidRecords : -1,
    };
  },
};
