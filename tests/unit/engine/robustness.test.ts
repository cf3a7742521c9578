// Bad input never throws out of the engine, results are plain serialisable data, and large sheets stay fast.
import { afterEach, describe, expect, test, vi } from "vitest";

import { REPORT_TYPE_IDS } from "#common/constants";
import { buildAll, buildReport, type ReportResult } from "#workers/engine";
import type { SheetData } from "#workers/engine/sheet";

import { generateSheet } from "../../../scripts/bench/generate";
import { alzheimersSheet, HEADER } from "./fixtures/alzheimers";

const make = (values: unknown): SheetData => ({ values, headerRow: 5, firstColumn: 1, fetchedAt: "", source: "upload" }) as SheetData;

/** Only plain objects, arrays and primitives (no Map, Set, Date, class instances, functions). */
function assertPlain(value: unknown, path = "$"): void {
  if (value === null || ["string", "number", "boolean"].includes(typeof value)) return;
  if (Array.isArray(value)) return value.forEach((v, i) => assertPlain(v, `${path}[${i}]`));
  if (typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [k, v] of Object.entries(value as object)) assertPlain(v, `${path}.${k}`);
    return;
  }
  throw new Error(`${path} is not plain data: ${Object.prototype.toString.call(value)}`);
}

const bad: [string, unknown][] = [
  ["empty values", []],
  ["no values", undefined],
  ["values not an array", "nope"],
  ["header only", [[...HEADER]]],
  ["header row not an array", [null, ["HH"]]],
  ["rows not arrays", [[...HEADER], null, "x", 5, { a: 1 }]],
  ["ragged and blank rows", [[...HEADER], [], ["HH"], [null, null], ["Medium", "", "Phase II", "X", "", "", "", "", 2027]]],
  [
    "numbers and booleans where text is expected",
    [
      [...HEADER],
      [
        1,
        true,
        3,
        4,
        5,
        6,
        7,
        8,
        9,
        10,
        11,
        12,
        13,
        14,
        15,
        16,
        17,
        18,
        19,
        20,
        21,
        22,
        23,
        24,
        25,
        26,
        27,
        28,
        29,
        30,
        31,
        32,
        33,
        34,
        35,
        36,
        37,
        38,
        39,
        40,
        41,
        42,
      ],
    ],
  ],
  ["NaN and Infinity cells", [[...HEADER], ["HH", NaN, Infinity, -Infinity, "P", "M", "C", "Early AD", "AD", NaN]]],
  [
    "numeric headers",
    [
      [1, 2, 3],
      [4, 5, 6],
    ],
  ],
];

describe("bad input", () => {
  test.each(bad)("%s: every report type returns a result", (_, values) => {
    for (const type of REPORT_TYPE_IDS) {
      const r = buildReport(type, make(values), { tm: true, events: [{ title: 1 }, "x" as never, { startDateTime: {} }] });
      expect(typeof r.ok).toBe("boolean");
      assertPlain(r);
      if (!r.ok) expect(["missing-columns", "error"]).toContain(r.failure);
    }
  });

  test("a null sheet and a bad headerRow", () => {
    for (const type of REPORT_TYPE_IDS) {
      expect(() => buildReport(type, null as never)).not.toThrow();
    }
    const r = buildReport("landscape-type-1", { ...alzheimersSheet(), headerRow: -3 });
    expect(r.ok && r.invalidRecords[0].sheetRow).toBe(9); // headerRow read as 1: data row 8 (sheet row 13 with headerRow 5)
  });

  test("header-only sheet builds empty reports", () => {
    const r = buildReport("landscape-type-1", make([[...HEADER]]));
    expect(r).toMatchObject({ ok: true, stats: { dataRows: 0, shownRecords: 0, invalidRecords: 0 } });
  });

  test("empty sheet: missing columns listed, no exception", () => {
    expect(buildReport("timeline-chart", make([]))).toMatchObject({
      ok: false,
      failure: "missing-columns",
      missingColumns: ["H/M/L", "Product name", "Company Name", "Est. Launch"],
    });
  });

  test("an unexpected exception becomes { ok: false, error }", () => {
    const sheet = alzheimersSheet();
    const poisoned = new Proxy(sheet.values[1], {
      get(target, prop) {
        if (prop === "2") throw new Error("boom");
        return Reflect.get(target, prop);
      },
    });
    sheet.values[1] = poisoned;
    const r = buildReport("landscape-type-1", sheet);
    expect(r).toEqual({ ok: false, type: "landscape-type-1", failure: "error", missingColumns: [], error: "boom" });
  });

  test("results survive structuredClone unchanged (Comlink posts them)", () => {
    const all = buildAll(alzheimersSheet(), undefined, { tm: true, now: new Date("2026-01-15T00:00:00Z") });
    for (const r of Object.values(all)) {
      assertPlain(r);
      expect(structuredClone(r)).toEqual(r);
    }
  });
});

describe("large sheets", () => {
  test("100k rows: every report type builds, invalid rows carry sheet row numbers", () => {
    const sheet = generateSheet(100_000, 3);
    const results: Record<string, ReportResult> = buildAll(sheet, undefined, { tm: true });
    for (const [type, r] of Object.entries(results)) {
      expect(r.ok, type).toBe(true);
      if (!r.ok) continue;
      expect(r.stats.dataRows).toBeGreaterThan(95_000);
      for (const rec of r.invalidRecords.slice(0, 50)) {
        expect(rec.sheetRow).toBeGreaterThan(5);
        expect(rec.sheetRow).toBeLessThanOrEqual(100_005);
      }
    }
  }, 60_000);
});

describe("worker", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  async function loadWorker() {
    vi.stubGlobal("addEventListener", () => {});
    vi.stubGlobal("postMessage", () => {});
    return (await import("#workers/engine.worker")).api;
  }

  test("build fetches { sheet } from the resource URL with same-origin credentials", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ sheet: alzheimersSheet() }), { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    const api = await loadWorker();
    expect(api.info()).toEqual({ version: expect.any(String) });
    const r = await api.build("landscape-type-1", "/resources/sheet/abc", { now: "2026-01-15T00:00:00Z" });
    expect(r.ok).toBe(true);
    expect(fetchMock).toHaveBeenCalledWith("/resources/sheet/abc", expect.objectContaining({ credentials: "same-origin" }));
    await api.build("timeline-chart", "/resources/sheet/abc");
    expect(fetchMock).toHaveBeenCalledTimes(1); // cached for a minute
    expect(api.timings()).toMatchObject({ type: "timeline-chart", fromCache: true });
  });

  test("a failed fetch is a result, not a rejection", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("nope", { status: 403 })),
    );
    const api = await loadWorker();
    const r = await api.build("landscape-type-1", "/resources/sheet/x", { refresh: true });
    expect(r).toMatchObject({ ok: false, failure: "fetch" });
    expect(r.ok === false && r.error).toMatch(/^Something Unexpected happened while getting the sheet data/);
  });
});
