// The cache stores rows in chunks so no document approaches MongoDB's 16 MB limit; 50,000 rows round-trip.
import { describe, expect, test } from "vitest";

import { SheetCache, SheetCacheBody, SheetCacheChunk } from "#db/models/sheet-cache.server";
import type { Cell } from "#workers/engine/sheet";
import { sheetConfig } from "~/utils/env.server";
import { getCachedSheet, resolveSheet } from "~/utils/sheets/refresh.server";
import { deleteSheetCache, storeSheetCopy } from "~/utils/sheets/store.server";

import { sheetWorld } from "./helpers";

const COLUMNS = 42;

function bigSheet(rows: number, variant = ""): Cell[][] {
  const header = Array.from({ length: COLUMNS }, (_, i) => `Column ${i + 1}`);
  const values: Cell[][] = [header];
  for (let r = 1; r < rows; r++) {
    const row: Cell[] = [];
    for (let c = 0; c < COLUMNS; c++) {
      row.push(
        c % 7 === 0
          ? 44_000 + r
          : c % 11 === 0
            ? r % 2 === 0
            : c % 13 === 0
              ? ""
              : `Row ${r}${variant} value ${c} — Phase III, "quoted", ünïcode`,
      );
    }
    if (r % 997 === 0) row.length = 3; // ragged
    values.push(r % 5003 === 0 ? [] : row);
  }
  return values;
}

describe("chunked cache", () => {
  test("50,000 rows: write, read back identical, replace without leftovers", async () => {
    const w = await sheetWorld();
    const values = bigSheet(50_000);

    let started = performance.now();
    const status = await storeSheetCopy(w.ad._id, { values, headerRow: 5, firstColumn: 1, source: "google" });
    const writeMs = performance.now() - started;

    started = performance.now();
    const copy = await resolveSheet(w.ad._id);
    const sheet = await copy.load();
    const readMs = performance.now() - started;

    expect(sheet.values).toEqual(values);
    expect(sheet).toMatchObject({ headerRow: 5, firstColumn: 1, source: "google" });
    // The status counts data rows: the header row is not one of them.
    expect(status).toMatchObject({ hasCopy: true, rowCount: 49_999, columnCount: COLUMNS });

    const chunks = await SheetCacheChunk.find({ disease: w.ad._id }).select("index data").lean();
    expect(chunks).toHaveLength(25);
    const largest = Math.max(...chunks.map((c) => (c.data as unknown as { length(): number }).length()));
    expect(largest).toBeLessThan(1024 * 1024);

    started = performance.now();
    await storeSheetCopy(w.ad._id, { values: bigSheet(50_000, "b"), headerRow: 5, firstColumn: 1, source: "google" });
    const rewriteMs = performance.now() - started;
    expect(await SheetCacheChunk.countDocuments({ disease: w.ad._id })).toBe(25);
    expect(await SheetCacheBody.countDocuments({ disease: w.ad._id })).toBe(1);
    const again = await getCachedSheet(w.ad._id);
    expect(again.values[1][1]).toMatch(/^Row 1b value 1/);
    expect((await resolveSheet(w.ad._id)).version).not.toBe(copy.version);

    console.info(
      `cache 50k rows × ${COLUMNS} cols: ${(status.bytes / 1024 / 1024).toFixed(1)} MB JSON in 25 deflated chunks (largest ${(largest / 1024).toFixed(0)} KB); ` +
        `write ${writeMs.toFixed(0)} ms, read ${readMs.toFixed(0)} ms, replace ${rewriteMs.toFixed(0)} ms`,
    );
    await deleteSheetCache(w.ad._id);
    expect(await SheetCache.countDocuments({ disease: w.ad._id })).toBe(0);
    expect(await SheetCacheChunk.countDocuments({ disease: w.ad._id })).toBe(0);
    expect(await SheetCacheBody.countDocuments({ disease: w.ad._id })).toBe(0);
  }, 120_000);

  test("a reader holding an old header re-reads after a concurrent replace", async () => {
    const w = await sheetWorld();
    // More rows than one chunk holds, so the copy is in chunks.
    const sheet = (value: string) => [["a"], ...Array.from({ length: sheetConfig().SHEET_CACHE_CHUNK_ROWS }, () => [value])];
    await storeSheetCopy(w.ad._id, { values: sheet("1"), headerRow: 1, firstColumn: 1, source: "upload" });
    const old = await resolveSheet(w.ad._id);
    await storeSheetCopy(w.ad._id, { values: sheet("2"), headerRow: 1, firstColumn: 1, source: "upload" });
    expect((await old.load()).values).toEqual(sheet("2")); // old generation deleted: falls through to the new one
  });

  test("a copy of one chunk lives in its header: one read, and a reader keeps the copy it found", async () => {
    const w = await sheetWorld();
    await storeSheetCopy(w.ad._id, { values: [["a"], ["1"]], headerRow: 1, firstColumn: 1, source: "upload" });
    expect(await SheetCacheChunk.countDocuments({ disease: w.ad._id })).toBe(0);
    const old = await resolveSheet(w.ad._id);
    await storeSheetCopy(w.ad._id, { values: [["a"], ["2"]], headerRow: 1, firstColumn: 1, source: "upload" });
    expect((await old.load()).values).toEqual([["a"], ["1"]]);
    expect((await getCachedSheet(w.ad._id)).values).toEqual([["a"], ["2"]]);
    // Grown past one chunk, the copy moves to chunks and the header lets its inline copy go.
    const rows = [["a"], ...Array.from({ length: sheetConfig().SHEET_CACHE_CHUNK_ROWS }, () => ["3"])];
    await storeSheetCopy(w.ad._id, { values: rows, headerRow: 1, firstColumn: 1, source: "upload" });
    expect((await SheetCache.findOne({ disease: w.ad._id }).lean())?.inline).toBeUndefined();
    expect((await getCachedSheet(w.ad._id)).values).toEqual(rows);
  });
});
