// "Every data row shown or listed" (issue 27) as a property over generated sheets: for a few hundred random sheets —
// Conference rows, unreadable dates, duplicates, empty cells and rows, odd priorities, phases and LOT values, TAK
// ASSET rows, numbers and booleans where text is expected — every report built from the sheet's rows accounts for
// every data row exactly once: shown, or listed as left out with its reason; never both, never neither.
import { describe, expect, test } from "vitest";

import { buildReport, type Cell, type ReportModel, type SheetData } from "#workers/engine";

import { mulberry32 } from "../../../scripts/seed/random";
import { HEADER, row } from "./fixtures/alzheimers";

const CASES = 300;
const NOW = new Date("2026-01-15T00:00:00Z");
/** The reports drawn from the sheet's rows (events by quarter and the news list are not). */
const SHEET_REPORTS = [
  "landscape-type-1",
  "timeline-chart",
  "timeline-table",
  "event-calendar",
  "landscape-type-2",
  "landscape-type-3",
] as const;

type Col = (typeof HEADER)[number];
/** Values each column draws from: the usual ones, and the odd ones a real sheet holds. */
const POOLS: Partial<Record<Col, readonly Cell[]>> = {
  "H/M/L": ["HH", "HH", "Medium", "Medium", "Low", "TAK ASSET", "hh", " medium ", "Urgent", "H", "", "Conference", 3],
  New: ["New", "Yes", "", "", true, "x"],
  "Compound phase": [
    "Phase I",
    "Phase II",
    "Phase III",
    "Phase 2/3",
    "Phase IIb",
    "Ph 1",
    "Filed",
    "Approved",
    "Marketed",
    "Pre-clinical",
    "Discontinued",
    "dormant Phase II",
    "CRL",
    "",
  ],
  "Product name": ["lecanemab", "donanemab", "remternetug", "Blarcamesine", "EX-1", "EX-2", "EX 2", "conference", "", 42],
  "MOA (Revised)": ["Anti-Aβ mAb", "Tau inhibitor", "", "Sigma-1 agonist"],
  "Company Name": ["Eisai", "Lilly", "Roche", "Anavex", "", "Eisai / Biogen"],
  Segment: ["Early AD", "Mild AD", "MCI, Mild AD", "Early AD; Preclinical AD", ""],
  "Condition treated": ["Alzheimer's disease", "AD", ""],
  "Est. Launch": [
    "2027",
    "2031+",
    "Q3 2028",
    "H2 2029",
    "Jan 2030",
    "2028e",
    "2026-07-06",
    "Q5 2029",
    "31/02/2026",
    "TBD",
    "",
    46_000,
    46_000.5,
  ],
  "Launch Assumptions": ["", "Accelerated approval"],
  US: ["Approved", "", "-"],
  "Jan 2026": ["", "", "Readout, Trial", "AAIC, Conference"],
  "Mar 2026": ["", "", "Filing, Regulatory"],
  "Aug 2026": ["", "Launch, Commercial"],
  "Events beyond 6-month Timeframe": ["", "", "Phase III start, Trial Initiation"],
  Regimen: ["Drug A + B", "Drug C", ""],
  "Trial Name": ["TRIAL-1", "TRIAL-2", "TRIAL-3", ""],
  "Trial Identifier": ["NCT01234567", "NCT07654321", "EudraCT 2020-1", ""],
  "Trial Sponsor": ["Eisai", "Lilly", ""],
  LOT: ["1L", "1LC", "1LM", "2L", "2LM", "3L", "Adjuvant", "Neoadjuvant", "1L, 2L", "1l", "1L/2LC", "xL", "0L", "9LM", "1L, bad", "", " "],
  Class: ["ADC", "TKI", "", "IO"],
  "Trial Phase": ["Phase III", "Phase II", "", "Phase 1/2"],
  "Primary Completion Date": ["2027-03-31", "Q2 2028", "2029+", "31/13/2027", "soon", "", 47_000],
  "Established Biomarker": ["EGFR", ""],
  "Focus Area": ["Synaptic", "Amyloid", "Tau", "", "synaptic "],
  "Recruitment status": ["Recruiting", "Completed", "Terminated", "Suspended (funding)", "Active, not recruiting", ""],
  "report-1-footnotes": ["", "", "", "Footnote one", "Line a\nLine b"],
};

/** A random sheet: random rows, some blank, some ragged, some copies of an earlier row (with one cell changed). */
function generateSheet(seed: number): SheetData {
  const random = mulberry32(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const rows: Cell[][] = [];
  const count = 1 + Math.floor(random() * 30);
  for (let k = 0; k < count; k++) {
    const roll = random();
    if (roll < 0.06) rows.push(random() < 0.5 ? [] : HEADER.map(() => pick(["", null, "  "])));
    else if (roll < 0.25 && rows.length) {
      const copy = [...pick(rows)];
      const column = HEADER.indexOf(pick(["Est. Launch", "Segment", "LOT", "Compound phase", "H/M/L"] as const));
      if (random() < 0.6) copy[column] = pick(POOLS[HEADER[column]!]!);
      rows.push(copy);
    } else {
      const row = HEADER.map((name) => (random() < 0.08 ? "" : pick(POOLS[name] ?? ["", "", "text"])));
      rows.push(random() < 0.15 ? row.slice(0, 1 + Math.floor(random() * row.length)) : row);
    }
  }
  return { values: [[...HEADER], ...rows], headerRow: 1 + Math.floor(random() * 5), firstColumn: 1, fetchedAt: "", source: "upload" };
}

const blank = (cell: Cell | undefined) => cell === null || cell === undefined || (typeof cell === "string" && cell.trim() === "");

/** The sheet rows a model shows: its boxes', items', rows', cards' and trials' own rows. */
function shownRows(model: ReportModel, conferenceRows: readonly number[]): number[] {
  switch (model.type) {
    case "landscape-type-1":
      return model.columns.flatMap((c) => c.boxes.flatMap((b) => b.sheetRows));
    case "timeline-chart":
      return model.items.map((i) => i.sheetRow);
    case "timeline-table":
      return model.rows.map((r) => r.sheetRow);
    case "event-calendar":
      // (The Conference rows make its header row.)
      return [...model.rows.flatMap((r) => (r.sheetRow === null ? [] : [r.sheetRow])), ...conferenceRows];
    case "landscape-type-2":
      return model.lotColumns.flatMap((c) => c.trials.map((t) => t.sheetRow));
    case "landscape-type-3":
      return model.focusAreas.flatMap((a) => a.cells.flatMap((cards) => cards.map((c) => c.sheetRow)));
    default:
      throw new Error(`${model.type} is not built from the sheet's rows`);
  }
}

describe("every data row is shown or listed, never both", () => {
  test(`${CASES} generated sheets through every report built from the sheet's rows`, () => {
    const problems: string[] = [];
    const tally = Object.fromEntries(SHEET_REPORTS.map((type) => [type, { shown: 0, listed: 0 }]));
    for (let seed = 1; seed <= CASES; seed++) {
      const sheet = generateSheet(seed);
      const rows = sheet.values.slice(1) as Cell[][];
      const sheetRow = (k: number) => sheet.headerRow + k + 1;
      const dataRows = rows.flatMap((row, k) => (row.every(blank) ? [] : [sheetRow(k)]));
      const conference = (row: Cell[]) =>
        [row[HEADER.indexOf("H/M/L")], row[HEADER.indexOf("Product name")]].some(
          (c) =>
            String(c ?? "")
              .trim()
              .toLowerCase() === "conference",
        );
      const conferenceRows = rows.flatMap((row, k) => (!row.every(blank) && conference(row) ? [sheetRow(k)] : []));
      const random = mulberry32(seed * 7919);
      const options = { tm: random() < 0.5, combineLot: random() < 0.5, startAtFirstLaunch: random() < 0.5, now: NOW };
      for (const type of SHEET_REPORTS) {
        const model = buildReport(type, sheet, options);
        if (!model.ok) {
          problems.push(`seed ${seed}, ${type}: ${model.failure} ${model.error ?? model.missingColumns.join(", ")}`);
          continue;
        }
        const shown = new Set(shownRows(model, conferenceRows));
        const listed = new Map<number, string[]>();
        for (const record of model.invalidRecords) listed.set(record.sheetRow, [...(listed.get(record.sheetRow) ?? []), record.reason]);
        tally[type]!.shown += shown.size;
        tally[type]!.listed += listed.size;
        const where = `seed ${seed}, ${type} ${JSON.stringify(options)}`;
        for (const row of dataRows) {
          const reasons = listed.get(row) ?? [];
          if (shown.has(row) && reasons.length) problems.push(`${where}: row ${row} shown and listed (${reasons.join("; ")})`);
          if (!shown.has(row) && !reasons.length) problems.push(`${where}: row ${row} neither shown nor listed`);
          if (reasons.length > 1) problems.push(`${where}: row ${row} listed ${reasons.length} times (${reasons.join("; ")})`);
          if (reasons.some((reason) => !reason.trim())) problems.push(`${where}: row ${row} listed without a reason`);
        }
        const strays = [...shown, ...listed.keys()].filter((row) => !dataRows.includes(row));
        if (strays.length) problems.push(`${where}: rows ${strays.join(", ")} are no data rows`);
        if (model.stats.dataRows !== dataRows.length)
          problems.push(`${where}: stats.dataRows ${model.stats.dataRows}, expected ${dataRows.length}`);
      }
    }
    expect(problems.slice(0, 20)).toEqual([]);
    // Every report both shows and leaves out a good many of the generated rows.
    for (const type of SHEET_REPORTS) expect(Math.min(tally[type]!.shown, tally[type]!.listed), type).toBeGreaterThan(100);
  });

  test("the generated sheets hold what the property is about", () => {
    const cells = Array.from({ length: CASES }, (_, i) => generateSheet(i + 1).values.slice(1) as Cell[][]).flat(2);
    for (const value of ["Conference", "TAK ASSET", "Q5 2029", "31/02/2026", "xL", "1L, 2L", "Terminated", ""] as const)
      expect(cells, value).toContain(value);
  });
});

describe("landscape-type-1: a row whose segments are duplicates of other rows' is accounted for once", () => {
  const product = (segment: string, launch: string) =>
    row({
      "H/M/L": "HH",
      "Compound phase": "Phase II",
      "Product name": "EX-1",
      "Company Name": "Example Bio",
      "Condition treated": "AD",
      Segment: segment,
      "Est. Launch": launch,
    });
  const model = buildReport(
    "landscape-type-1",
    {
      values: [[...HEADER], product("Early AD, Mild AD", "2027"), product("Mild AD", "2026"), product("MCI, Mild AD", "2030")],
      headerRow: 1,
      firstColumn: 1,
      fetchedAt: "",
      source: "upload",
    },
    { now: NOW },
  );
  if (!model.ok) throw new Error("report failed");
  const same = "Duplicated=Yes: same Product name, Company Name, Condition treated and Segment";

  test("shown while one of its segments is kept, the segment it lost a warning on its box", () => {
    expect(model.columns.flatMap((c) => c.boxes.map((b) => [b.sheetRows, b.segments]))).toEqual([
      [[2], ["Early AD (Mild & MCI)"]],
      [[3], ["Mild to Moderate AD"]],
    ]);
    expect(model.warnings).toEqual([
      {
        sheetRow: 2,
        column: "Segment",
        value: "Mild to Moderate AD",
        reason: `${same} ('Mild to Moderate AD') as row 3, which has the earlier launch date`,
      },
    ]);
  });

  test("listed once when every segment lost, naming each segment and the row that kept it", () => {
    expect(model.invalidRecords.map((r) => [r.sheetRow, r.kind, r.reason, r.duplicateOf])).toEqual([
      [
        4,
        "duplicate",
        `${same} ('Early AD (Mild & MCI)') as row 2 and ('Mild to Moderate AD') as row 3, which have the earlier launch date`,
        2,
      ],
    ]);
    expect(model.stats).toMatchObject({ dataRows: 3, invalidRecords: 1 });
  });
});
