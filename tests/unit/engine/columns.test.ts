import { describe, expect, test } from "vitest";

import { buildReport } from "#workers/engine";
import { indexHeader, missingColumns, REQUIRED_COLUMNS } from "#workers/engine/columns";
import type { SheetData } from "#workers/engine/sheet";
import { canonicalHeader } from "#workers/engine/text";

const sheet = (header: unknown[], ...rows: unknown[][]): SheetData =>
  ({ values: [header, ...rows], headerRow: 1, firstColumn: 1, fetchedAt: "", source: "upload" }) as SheetData;

describe("header matching", () => {
  test.each([
    ["Est.Launch Country", "Est. Launch Country"],
    ["Est. Launch", " est launch "],
    ["H/M/L", "H / M / L"],
    ["MOA (Revised)", "MOA(Revised)"],
    ["Product name", "PRODUCT  NAME"],
    ["report-1-footnotes", "Report 1 Footnotes"],
    ["Events beyond 6-month Timeframe", "Events Beyond 6 month timeframe"],
  ])("%s ≡ %s", (a, b) => {
    expect(canonicalHeader(a)).toBe(canonicalHeader(b));
  });

  test("columns are found trimmed, case-insensitively, via aliases; the first of repeated headers wins", () => {
    const h = indexHeader([
      " product NAME ",
      "Company",
      "Est.Launch",
      "MOA",
      "Product name",
      "report-2-footnotes",
      "Report 2 General Footnotes",
    ]);
    expect(h.col.product).toBe(0);
    expect(h.col.company).toBe(1);
    expect(h.col.estLaunch).toBe(2);
    expect(h.col.moa).toBe(3);
    expect(h.col.segment).toBe(-1);
    expect(h.footnotes[2]).toEqual([5]);
    expect(h.generalFootnotes[2]).toEqual([6]);
  });

  test("the spec spelling wins over an alias", () => {
    const h = indexHeader(["Company", "Company Name"]);
    expect(h.col.company).toBe(1);
  });
});

describe("required columns", () => {
  const full = indexHeader([
    "H/M/L",
    "Compound phase",
    "Product name",
    "MOA (Revised)",
    "Company Name",
    "Segment",
    "Condition treated",
    "Est. Launch",
  ]);
  test("report 1 has them; the modality variant also needs Therapeutic Modality", () => {
    expect(missingColumns("landscape-type-1", full)).toEqual([]);
    expect(missingColumns("landscape-type-1", full, { tm: true })).toEqual(["Therapeutic Modality"]);
  });

  test.each(Object.entries(REQUIRED_COLUMNS))("%s on an empty header lists every required column", (type, ids) => {
    const missing = missingColumns(type as never, indexHeader([]));
    expect(missing.length).toBe(ids.length);
  });

  test("missing columns come back as a result, never an exception", () => {
    const r = buildReport("landscape-type-2", sheet(["Regimen", "LOT"]));
    expect(r).toEqual({
      ok: false,
      type: "landscape-type-2",
      failure: "missing-columns",
      error: null,
      missingColumns: [
        "Trial Name",
        "Trial Identifier",
        "Trial Sponsor",
        "Class",
        "Trial Phase",
        "Primary Completion Date",
        "Established Biomarker",
        "Exploratory Biomarker",
        "Recruitment status",
      ],
    });
  });

  test("event calendar needs 8 month columns before 'Events beyond 6-month Timeframe'", () => {
    const r = buildReport("event-calendar", sheet(["H/M/L", "Product name", "Company Name", "Jan", "Events beyond 6-month Timeframe"]));
    expect(r.ok === false && r.missingColumns).toEqual(["8 month columns before 'Events beyond 6-month Timeframe'"]);
  });

  test("unknown report type", () => {
    expect(buildReport("pie-chart", sheet(["a"]))).toMatchObject({ ok: false, failure: "unknown-type" });
  });
});
