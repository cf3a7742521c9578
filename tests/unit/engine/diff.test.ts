import { describe, expect, test } from "vitest";

import { buildReport, type ReportModel } from "#workers/engine";
import { diffModels } from "#workers/engine/diff";
import type { Cell, SheetData } from "#workers/engine/sheet";

import { generateSheet } from "../../../scripts/bench/generate";
import { alzheimersSheet, HEADER } from "./fixtures/alzheimers";

// What changed between two versions of a report (issue 30): each kind of change, rows matched by their identity
// whatever their order, duplicates, and a renamed product matched by a similar name (and said to be uncertain).

const NOW = new Date("2026-01-15T00:00:00Z");
const col = (name: string) => HEADER.indexOf(name as (typeof HEADER)[number]);

/** The fixture sheet with `edit` applied to a copy of its rows (index 0 is the header). */
function edited(edit: (rows: Cell[][]) => void): SheetData {
  const sheet = alzheimersSheet();
  const values = sheet.values.map((r) => [...r]);
  edit(values);
  return { ...sheet, values };
}
const build = (type: string, sheet: SheetData) => {
  const model = buildReport(type, sheet, { now: NOW });
  if (!model.ok) throw new Error(`${type}: ${model.failure}`);
  return model as ReportModel;
};
const diff = (type: string, after: SheetData, before = alzheimersSheet()) => diffModels(build(type, before), build(type, after));
const rowOf = (rows: Cell[][], product: string) => rows.findIndex((r) => r[col("Product name")] === product);

describe("diffModels", () => {
  test("the same sheet, and the same rows in another order, change nothing", () => {
    expect(diff("landscape-type-1", alzheimersSheet()).changes).toEqual([]);
    const reordered = edited((rows) => rows.splice(1, rows.length - 1, ...rows.slice(1).reverse()));
    for (const type of ["landscape-type-1", "timeline-chart", "timeline-table", "event-calendar", "landscape-type-2", "landscape-type-3"]) {
      const found = diff(type, reordered);
      expect(found.changes, type).toEqual([]);
      expect(found.unchanged, type).toBeGreaterThan(0);
    }
  });

  test("a phase move, a launch slip, a priority and a segment change are each named in words", () => {
    const after = edited((rows) => {
      const k = rowOf(rows, "trontinemab");
      rows[k]![col("Compound phase")] = "Filed";
      rows[k]![col("Est. Launch")] = "2028-06-30";
      rows[k]![col("H/M/L")] = "Medium";
      rows[k]![col("Segment")] = "Mild AD";
    });
    const found = diff("landscape-type-1", after).changes;
    expect(found.map((c) => [c.product, c.kind]).sort()).toEqual([
      ["trontinemab", "launch"],
      ["trontinemab", "phase"],
      ["trontinemab", "priority"],
      ["trontinemab", "segment"],
    ]);
    expect(found.find((c) => c.kind === "phase")!.text).toBe("trontinemab: Phase III → Filed");
    expect(found.find((c) => c.kind === "launch")!.text).toBe("trontinemab: launch moved from H2 2028 to 30/06/2028");
    expect(found.every((c) => !c.uncertain && c.sheetRow !== null)).toBe(true);
    // The launch table says the same slip.
    expect(diff("timeline-table", after).changes.map((c) => c.text)).toContain("trontinemab: launch moved from H2 2028 to 30/06/2028");
  });

  test("rows added and removed; events added and moved on the calendar", () => {
    const after = edited((rows) => {
      const k = rowOf(rows, "lecanemab (Leqembi)");
      rows.push(rows[rowOf(rows, "remternetug")]!.map((c, i) => (i === col("Product name") ? "newumab" : c)));
      // The calendar: lecanemab's January event moves to March, a new one in April.
      rows[k]![col("Mar 2026")] = rows[k]![col("Jan 2026")]!;
      rows[k]![col("Jan 2026")] = "";
      rows[k]![col("Apr 2026")] = "Phase 3 readout, Clinical";
      rows.splice(rowOf(rows, "trontinemab"), 1);
    });
    const board = diff("landscape-type-1", after).changes;
    expect(board.filter((c) => c.kind === "added").map((c) => [c.product, c.to])).toEqual([["newumab", "Phase III"]]);
    expect(board.filter((c) => c.kind === "removed").map((c) => [c.product, c.sheetRow, c.text])).toEqual([
      ["trontinemab", null, "Removed: trontinemab (Roche), Phase III"],
    ]);
    const calendar = diff("event-calendar", after).changes.filter((c) => c.product === "lecanemab (Leqembi)");
    expect(calendar.map((c) => c.text).sort()).toEqual([
      "lecanemab (Leqembi): Phase 3 readout added (Apr 2026)",
      "lecanemab (Leqembi): SC autoinjector launch (Jan 2026) moved to Mar 2026",
    ]);
  });

  test("a product renamed in place is one row renamed, matched by its name and said to be uncertain", () => {
    const renamed = (name: string) =>
      edited((rows) => {
        rows[rowOf(rows, "trontinemab")]![col("Product name")] = name;
      });
    const found = diff("timeline-table", renamed("trontinemab SC")).changes;
    expect(found.map((c) => [c.kind, c.uncertain, c.text])).toEqual([
      ["renamed", true, "trontinemab renamed trontinemab SC (matched by a similar name)"],
    ]);
    // Another name of the same company is not taken for a rename.
    expect(
      diff("timeline-table", renamed("RG6102"))
        .changes.map((c) => c.kind)
        .sort(),
    ).toEqual(["added", "removed"]);
  });

  test("two 10,000-row versions: a renamed row and a removed one found among thousands unchanged", () => {
    const before = generateSheet(10_000);
    const first = build("timeline-table", before);
    if (first.type !== "timeline-table") throw new Error("timeline table expected");
    const index = (sheetRow: number) => sheetRow - before.headerRow;
    const [renamed, removed] = [first.rows[100]!, first.rows[2_000]!];
    const values = before.values.map((r) => [...r]);
    const product = values[0]!.indexOf("Product name");
    values[index(renamed.sheetRow)]![product] = "Entirely new name";
    values.splice(index(removed.sheetRow), 1);
    const found = diffModels(first, build("timeline-table", { ...before, values }));
    expect(found.changes.filter((c) => c.kind === "added").map((c) => c.product)).toEqual(["Entirely new name"]);
    expect(
      found.changes
        .filter((c) => c.kind === "removed")
        .map((c) => c.product)
        .sort(),
    ).toEqual([renamed.product, removed.product].sort());
    expect(found.unchanged).toBeGreaterThan(first.rows.length - 10);
  });
});
