// The Alzheimer's-disease fixture through every report type: products land in the right columns, and every row
// that is not shown is reported with its sheet row and reason.
import { describe, expect, test } from "vitest";

import { buildReport, type InvalidRecord, type ReportResult } from "#workers/engine";

import { alzheimersSheet, row } from "./fixtures/alzheimers";

const NOW = new Date("2026-01-15T00:00:00Z");
function ok<R extends ReportResult>(r: R): Extract<R, { ok: true }> {
  if (!r.ok) throw new Error(`report failed: ${JSON.stringify(r)}`);
  return r as Extract<R, { ok: true }>;
}
const rowsOf = (records: InvalidRecord[]) => records.map((r) => [r.sheetRow, r.kind]);

describe("landscape-type-1 (report 1)", () => {
  const model = ok(buildReport("landscape-type-1", alzheimersSheet(), { now: NOW }));
  const column = (id: string) => model.columns.find((c) => c.id === id)!;
  const products = (id: string) => column(id).boxes.map((b) => b.product);

  test("phase columns: default I-III plus Pre-Clinical, Filed, Approved/Marketed because rows land there", () => {
    expect(model.columns.map((c) => c.label)).toEqual(["Pre-Clinical", "Phase I", "Phase II", "Phase III", "Filed", "Approved/Marketed"]);
    expect(products("pre-clinical")).toEqual(["EX-105"]);
    expect(products("phase-1")).toEqual([]);
    expect(products("phase-2")).toEqual(["EX-104"]);
    expect(products("phase-3")).toEqual(["remternetug", "trontinemab", "buntanetap", "valiltramiprosate (ALZ-801)"]);
    expect(products("filed")).toEqual(["blarcamesine", "EX-101", "EX-106"]);
    expect(products("approved")).toEqual(["lecanemab (Leqembi)", "donanemab (Kisunla)"]);
  });

  test("only Phase I-III when no row lands elsewhere", () => {
    const s = alzheimersSheet();
    s.values = [s.values[0], s.values[3]];
    expect(ok(buildReport("landscape-type-1", s)).columns.map((c) => c.label)).toEqual(["Phase I", "Phase II", "Phase III"]);
  });

  test("multi-segment row: split, normalised, merged into one box", () => {
    const leqembi = column("approved").boxes[0];
    expect(leqembi.segments).toEqual(["Early AD (Mild & MCI)", "Mild to Moderate AD"]);
    expect(leqembi.sheetRows).toEqual([6]);
    expect(column("filed").boxes[0].segments).toEqual(["Mild to Moderate AD"]);
  });

  test("box contents", () => {
    const tront = column("phase-3").boxes[1];
    expect(tront).toMatchObject({
      product: "trontinemab",
      company: "Roche",
      moa: "Brain Shuttle anti-Aβ mAb",
      priority: "HH",
      priorityLetter: "H",
      isNew: true,
      launchText: "H2 2028",
      launch: { iso: "2028-07-01", precision: "half" },
      modality: "Bispecific antibody",
      modalityIcon: "mab",
    });
    expect(column("approved").boxes[0].nctLink).toBe("https://clinicaltrials.gov/study/NCT03887455");
    expect(model.optionalColumns).toEqual(["New", "RoA", "NCT link", "Therapeutic Modality"]);
    expect(model.boxSize).toEqual({ width: 185, height: 180 });
  });

  test("duplicates keep the earlier launch; invalid H/M/L and unmatched phases are invalid records", () => {
    expect(rowsOf(model.invalidRecords)).toEqual([
      [13, "duplicate"],
      [14, "duplicate"],
      [16, "invalid-value"],
      [17, "invalid-value"],
      [18, "left-behind"], // the Conference row: the event calendar's alone
      [22, "invalid-value"],
    ]);
    const [dupLeqembi, dupKisunla, discontinued, urgent] = model.invalidRecords;
    expect(dupLeqembi.duplicateOf).toBe(6);
    expect(dupLeqembi.reason).toMatch(/^Duplicated=Yes: .* as row 6, which has the earlier launch date$/);
    expect(dupKisunla.duplicateOf).toBe(7);
    expect(discontinued.reason).toBe("Invalid value 'Discontinued' in column 'Compound phase'");
    expect(urgent).toMatchObject({ column: "H/M/L", value: "Urgent" });
    expect(urgent.values).toMatchObject({ "H/M/L": "Urgent", "Product name": "EX-103", "Company Name": "Example Bio" });
  });

  test("an Invalid Record's values (read from its row when first used) reach the page and the server's JSON whole", () => {
    const [, , , urgent] = ok(buildReport("landscape-type-1", alzheimersSheet(), { now: NOW })).invalidRecords;
    const values = { "H/M/L": "Urgent", "Compound phase": "Phase II", "Product name": "EX-103", "Company Name": "Example Bio" };
    // As the worker posts a page of them (structured clone), and as the server answers (JSON), before any other read.
    expect(structuredClone(urgent).values).toMatchObject(values);
    expect(JSON.parse(JSON.stringify(urgent))).toMatchObject({ sheetRow: 17, column: "H/M/L", values });
    expect(Object.keys(urgent)).toEqual(["sheetRow", "kind", "reason", "column", "value", "duplicateOf", "values"]);
  });

  test("Invalid Records show a date cell's serial number as the date it is", () => {
    const s = alzheimersSheet();
    s.values[sheetIndex(17)][8] = 45925; // the 'Urgent' row
    const urgent = ok(buildReport("landscape-type-1", s)).invalidRecords.find((r) => r.sheetRow === 17)!;
    expect(urgent.values["Est. Launch"]).toBe("25/09/2025");
  });

  test("footnote numbers per sheet row, as the footnotes list numbers them", () => {
    const numbered = Object.entries(model.footnoteRefs);
    expect(numbered.length).toBeGreaterThan(0);
    for (const [, numbers] of numbered) for (const n of numbers) expect(model.footnotes[n - 1]).toBeDefined();
    // Every footnote annotates some row.
    expect(new Set(numbered.flatMap(([, numbers]) => numbers))).toEqual(new Set(model.footnotes.map((_, k) => k + 1)));
  });

  test("registry slips land on the rows naming the trial, by Trial Identifier or NCT link, in any letter case", () => {
    const slip = { trial: "nct04468659", from: "2027-10-01", to: "2028-03-01", seenAt: "2026-11-20" };
    const other = { trial: "NCT03887455", from: "2026-01-01", to: null, seenAt: "2026-11-21" };
    const slipped = ok(buildReport("landscape-type-1", alzheimersSheet(), { slips: [slip, other, { ...other, trial: "NCT99999999" }] }));
    // Row 6 names NCT04468659 as its trial and NCT03887455 in its NCT link.
    expect(slipped.slips[6]).toEqual([slip, other]);
    expect(
      Object.keys(slipped.slips)
        .map(Number)
        .every((row) => slipped.slips[row]!.every((s) => s.trial !== "NCT99999999")),
    ).toBe(true);
    expect(model.slips).toEqual({});
  });

  test("a bad launch date is a warning, the box stays", () => {
    expect(model.warnings).toEqual([
      { sheetRow: 10, column: "Est. Launch", value: "TBD", reason: "Launch date 'TBD' could not be read: not a recognised date" },
    ]);
    expect(column("filed").boxes[0]).toMatchObject({ product: "blarcamesine", launch: null, launchText: "TBD" });
  });

  test("footnotes: distinct lines of report-1 columns", () => {
    expect(model.reportNumber).toBe(1);
    expect(model.footnotes).toEqual(["Source: company press releases", "Launch dates are estimates", "sNDA = supplemental NDA"]);
    expect(model.generalFootnotes).toEqual(["HH = high priority"]);
  });

  test("every data row is shown or listed: the Conference row with its reason; blank rows are not records", () => {
    expect(model.stats).toEqual({ dataRows: 17, shownRecords: 11, invalidRecords: 6 });
    expect(model.invalidRecords.find((r) => r.sheetRow === 18)?.reason).toBe("Conference header row: shown on the event calendar only");
    const calendar = ok(buildReport("event-calendar", alzheimersSheet(), { now: NOW }));
    // The calendar shows it as its header row, so it lists it nowhere.
    expect(calendar.invalidRecords.some((r) => r.sheetRow === 18)).toBe(false);
    expect(calendar.stats.shownRecords + calendar.stats.invalidRecords).toBe(calendar.stats.dataRows);
  });

  test("modality variant: fixed modality order, then product name; empty modality last; icons and flags", () => {
    const s = alzheimersSheet();
    s.values[0] = [...s.values[0], "Dormant", "Potential DMT"];
    s.values[sheetIndex(8)][s.values[0].length - 2] = "Yes";
    s.values[sheetIndex(8)][s.values[0].length - 1] = "Y";
    const tm = ok(buildReport("landscape-type-1", s, { tm: true }));
    expect(tm.variant).toBe("modality");
    const phase3 = tm.columns.find((c) => c.id === "phase-3")!.boxes;
    expect(phase3.map((b) => [b.product, b.modalityIcon])).toEqual([
      ["remternetug", "mab"],
      ["trontinemab", "mab"],
      ["buntanetap", "small-molecule"],
      ["valiltramiprosate (ALZ-801)", "small-molecule"],
    ]);
    expect(phase3[0].flags).toEqual(["dormant", "potential-dmt"]);
    const filed = tm.columns.find((c) => c.id === "filed")!.boxes;
    expect(filed.map((b) => b.modalityIcon)).toEqual(["gene-therapy", "small-molecule", "peptide"]);
    const phase2 = tm.columns.find((c) => c.id === "phase-2")!.boxes;
    expect(phase2[0]).toMatchObject({ product: "EX-104", modality: null, modalityIcon: "unknown" });
  });

  test("modality variant needs Therapeutic Modality", () => {
    const s = alzheimersSheet();
    s.values[0] = s.values[0].map((h) => (h === "Therapeutic Modality" ? "Notes" : h));
    expect(buildReport("landscape-type-1", s, { tm: true })).toMatchObject({ ok: false, missingColumns: ["Therapeutic Modality"] });
  });
});

/** values index of a sheet row (header at sheet row 5 is values[0]). */
function sheetIndex(sheetRow: number) {
  return sheetRow - 5;
}

describe("timeline-chart (report 2)", () => {
  const model = ok(buildReport("timeline-chart", alzheimersSheet(), { now: NOW }));

  test("keeps HH, Medium, TAK ASSET with a readable launch; duplicates keep the later launch", () => {
    expect(model.items.map((i) => i.sheetRow)).toEqual([6, 14, 16, 13, 15, 8, 11, 9, 23, 22, 21]);
    expect(model.items.find((i) => i.sheetRow === 22)?.priority).toBe("TAK ASSET");
    expect(model.invalidRecords.map((r) => [r.sheetRow, r.kind, r.reason])).toEqual([
      [
        7,
        "duplicate",
        "Duplicated=Yes: same Product name, Company Name, Condition treated and Segment as row 14, which has the later launch date; left behind",
      ],
      [10, "left-behind", "Left behind because the launch date 'TBD' could not be read (not a recognised date)"],
      [12, "left-behind", "Left behind because priority 'Low' is not shown in this report (shown: HH, Medium, TAK ASSET)"],
      [17, "left-behind", "Left behind because priority 'Urgent' is not shown in this report (shown: HH, Medium, TAK ASSET)"],
      [18, "left-behind", "Conference header row: shown on the event calendar only"],
      [20, "left-behind", "Left behind because Est. Launch is empty"],
    ]);
  });

  test("the axis starts at 2019 or at an earlier first launch (spec), or at the first launch when asked, and ends at the last", () => {
    expect([model.startYear, model.endYear]).toEqual([2019, 2032]);
    expect(ok(buildReport("timeline-chart", alzheimersSheet(), { startAtFirstLaunch: true })).startYear).toBe(2023);
    const s = alzheimersSheet();
    s.values[sheetIndex(6)][8] = "2017";
    expect(ok(buildReport("timeline-chart", s)).startYear).toBe(2017);
    expect(ok(buildReport("timeline-chart", s, { startAtFirstLaunch: true })).startYear).toBe(2017);
  });

  test("legend by company with palette colours", () => {
    expect(model.legendBy).toBe("company");
    expect(model.legend[0]).toMatchObject({ label: "Example Bio", count: 3, isOther: false });
    const item = model.items.find((i) => i.company === "Example Bio")!;
    expect(item.colour).toBe(model.legend[item.legendIndex].colour);
    expect(model.footnotes).toEqual(["Launch dates are estimates"]);
  });
});

describe("timeline-table (report 3)", () => {
  const model = ok(buildReport("timeline-table", alzheimersSheet()));
  test("keeps HH and Medium; TAK ASSET left behind; regional columns", () => {
    expect(model.rows.map((r) => r.sheetRow)).toEqual([6, 14, 16, 13, 15, 8, 11, 9, 23, 21]);
    expect(model.invalidRecords.find((r) => r.sheetRow === 22)?.reason).toBe(
      "Left behind because priority 'TAK ASSET' is not shown in this report (shown: HH, Medium)",
    );
    expect(model.rows[0]).toMatchObject({
      product: "lecanemab (Leqembi)",
      us: "Approved",
      eu: "Approved",
      japan: "Approved",
      restOfWorld: null,
    });
    expect(model.optionalColumns).toEqual(["US", "EU", "Japan", "Rest of World", "Est.Launch Country", "Launch Assumptions"]);
  });
});

describe("event-calendar (report 4)", () => {
  const model = ok(buildReport("event-calendar", alzheimersSheet(), { now: NOW }));
  test("month columns are the 8 before 'Events beyond…', grouped in quarters", () => {
    expect(model.months.map((m) => m.label)).toEqual([
      "Jan 2026",
      "Feb 2026",
      "Mar 2026",
      "Apr 2026",
      "May 2026",
      "Jun 2026",
      "Jul 2026",
      "Aug 2026",
    ]);
    expect(model.months[3]).toEqual({ label: "Apr 2026", year: 2026, month: 3, quarter: 2 });
    expect(model.quarters).toEqual([
      { label: "Q1 2026", start: 0, span: 3 },
      { label: "Q2 2026", start: 3, span: 3 },
      { label: "Q3 2026", start: 6, span: 2 },
    ]);
  });

  test("conference row is the header row", () => {
    expect(model.conferences.map((c) => c.map((e) => e.name))).toEqual([
      ["CTAD 2025 follow-up"],
      [],
      ["AD/PD 2026"],
      [],
      [],
      [],
      ["AAIC 2026"],
      [],
    ]);
    expect(model.conferences[2][0]).toMatchObject({ type: "Conference", category: "conference", colour: { background: "#d2b48c" } });
    expect(model.conferencesBeyond.map((e) => e.name)).toEqual(["CTAD 2026"]);
  });

  test("each row carries its name: a product with two rows with its segment, then its company too, another its name alone", () => {
    const sheet = alzheimersSheet();
    const base = { "H/M/L": "HH", "Est. Launch": "2027", "Feb 2026": "Readout" } as const;
    sheet.values.push(
      row({ ...base, "Product name": "twinmab", "Company Name": "Eisai", Segment: "Early AD" }),
      row({ ...base, "Product name": "twinmab", "Company Name": "Eisai", Segment: "Preclinical AD" }),
      row({ ...base, "Product name": "twinmab", "Company Name": "Biogen", Segment: "Preclinical AD" }),
      row({ ...base, "Product name": "solomab", "Company Name": "Roche", Segment: "Early AD" }),
    );
    const rows = ok(buildReport("event-calendar", sheet, { now: NOW })).rows;
    expect(rows.filter((r) => /^(twin|solo)mab/.test(r.product)).map((r) => r.name)).toEqual([
      "twinmab · Early AD",
      "twinmab · Preclinical AD · Eisai",
      "twinmab · Preclinical AD · Biogen",
      "solomab",
    ]);
  });

  test("a conference that several Conference rows name in the same column is shown once", () => {
    const sheet = alzheimersSheet();
    sheet.values.push(
      row({
        "H/M/L": "Conference",
        "Product name": "Conference",
        "Mar 2026": "AD/PD 2026, Conference",
        "Events beyond 6-month Timeframe": "CTAD 2026",
      }),
      row({ "H/M/L": "Conference", "Product name": "Conference", "Mar 2026": "ad/pd 2026\nAD/PD satellite", "Jul 2026": "AAIC 2026" }),
    );
    const m = ok(buildReport("event-calendar", sheet, { now: NOW }));
    expect(m.conferences.map((c) => c.map((e) => e.name))).toEqual([
      ["CTAD 2025 follow-up"],
      [],
      ["AD/PD 2026", "AD/PD satellite"],
      [],
      [],
      [],
      ["AAIC 2026"],
      [],
    ]);
    expect(m.conferencesBeyond.map((e) => e.name)).toEqual(["CTAD 2026"]);
  });

  test("HH rows only, with their events typed from the last comma part", () => {
    expect(model.rows.map((r) => r.sheetRow)).toEqual([6, 9, 13, 14, 20]);
    expect(model.rows[0].months[0]).toEqual([
      {
        text: "SC autoinjector launch, Commercial",
        name: "SC autoinjector launch",
        type: "Commercial",
        category: "commercial",
        colour: { background: "#1f5fa8", text: "#ffffff" },
      },
    ]);
    expect(model.rows[1].months[5][0]).toMatchObject({ type: "Trial Initiation/ Results", category: "other" });
    expect(model.invalidRecords.find((r) => r.sheetRow === 8)?.reason).toBe(
      "Left behind because priority 'Medium' is not shown in this report (shown: HH)",
    );
    expect(model.invalidRecords.find((r) => r.sheetRow === 7)?.kind).toBe("duplicate");
  });

  test("bare month names take their year from the sequence", () => {
    const s = alzheimersSheet();
    const names = ["November", "December", "January", "February", "March", "April", "May", "June"];
    names.forEach((n, k) => (s.values[0][18 + k] = n));
    const m = ok(buildReport("event-calendar", s, { now: new Date("2025-11-02T00:00:00Z") }));
    expect(m.months.map((x) => `${x.year}-${x.month}`)).toEqual([
      "2025-10",
      "2025-11",
      "2026-0",
      "2026-1",
      "2026-2",
      "2026-3",
      "2026-4",
      "2026-5",
    ]);
    expect(m.quarters[0]).toEqual({ label: "Q4 2025", start: 0, span: 2 });
  });

  test("the console's events join the month columns: conferences above, a compound on its asset's row or its own, the rest under 'Other events'", () => {
    const m = ok(
      buildReport("event-calendar", alzheimersSheet(), {
        now: NOW,
        events: [
          { title: "CTAD 2026 late-breaker", type: "Conference", startDateTime: "2026-03-04 09:00:00", compound: "lecanemab" },
          // The sheet shows AD/PD 2026 in March already: not twice.
          { title: "AD/PD 2026", type: "Conference", startDateTime: "2026-03-10 09:00:00" },
          // Leqembi is the brand of the sheet's "lecanemab (Leqembi)".
          {
            title: "Leqembi IV maintenance label",
            type: "Regulatory/ Other Development",
            startDateTime: "2026-01-30 23:30:00",
            compound: "lecanemab",
            compoundNames: ["Leqembi", "BAN2401"],
          },
          {
            title: "Phase 2 start",
            type: "Trial Initiation/ Results",
            startDateTime: "2026-05-02 10:00:00",
            compound: "zunsemetinib",
            company: "Eisai",
          },
          { title: "Payer summit", type: "Commercial", startDateTime: "2027-02-01 10:00:00" },
          // Before the first month column: not in the calendar's window.
          { title: "Old news", type: "Commercial", startDateTime: "2025-12-31 23:59:59", compound: "lecanemab" },
          { title: "Unreadable", type: "Commercial", startDateTime: "soon" },
        ],
      }),
    );
    expect(m.conferences[2].map((e) => e.text)).toEqual(["AD/PD 2026", "CTAD 2026 late-breaker, Conference"]);
    const lecanemab = m.rows.find((r) => r.product === "lecanemab (Leqembi)")!;
    expect(lecanemab.months[0].map((e) => e.text)).toEqual([
      "SC autoinjector launch, Commercial",
      "Leqembi IV maintenance label, Regulatory/ Other Development",
    ]);
    expect(lecanemab.months[0][1]).toMatchObject({
      name: "Leqembi IV maintenance label",
      category: "development",
      colour: { background: "#fff2cc" },
    });
    // After the sheet's HH assets: a compound without a row, then 'Other events'.
    expect(m.rows.slice(5).map((r) => [r.sheetRow, r.product, r.company])).toEqual([
      [null, "zunsemetinib", "Eisai"],
      [null, "Other events", ""],
    ]);
    expect(m.rows[5].months[4].map((e) => e.text)).toEqual(["Phase 2 start, Trial Initiation/ Results"]);
    expect(m.rows[6].beyond.map((e) => e.text)).toEqual(["Payer summit, Commercial"]);
    expect(m.rows.flatMap((r) => [...r.months.flat(), ...r.beyond]).map((e) => e.name)).not.toContain("Old news");
  });
});

describe("landscape-type-2 (report 5)", () => {
  test("LOT columns in order; terminated, suspended and LOT-less rows left behind", () => {
    const model = ok(buildReport("landscape-type-2", alzheimersSheet()));
    expect(model.lotColumns.map((c) => [c.lot, c.trials.map((t) => t.sheetRow)])).toEqual([
      ["1L", [6, 7, 9]],
      ["1LC", [8]],
      ["2L", [9]],
    ]);
    const reasons = Object.fromEntries(model.invalidRecords.map((r) => [r.sheetRow, r.reason]));
    expect(reasons[10]).toBe("Left behind because LOT is empty");
    expect(reasons[11]).toBe("Left behind because Recruitment status is 'Terminated'");
    expect(reasons[12]).toBe("Left behind because Recruitment status is 'Suspended'");
    expect(model.lotColumns[0].trials[0]).toMatchObject({
      regimen: "Lecanemab",
      trialName: "AHEAD 3-45",
      trialIdentifier: "NCT04468659",
      registryUrl: "https://clinicaltrials.gov/study/NCT04468659",
      primaryCompletion: { iso: "2027-10-01" },
      establishedBiomarker: "Amyloid PET",
      exploratoryBiomarker: "Plasma p-tau217",
    });
    expect(model.warnings.map((w) => [w.sheetRow, w.column, w.value])).toEqual([[8, "Primary Completion Date", "TBD"]]);
  });

  test("combineLot groups 1L, 1LC, 1LM under 1L", () => {
    const model = ok(buildReport("landscape-type-2", alzheimersSheet(), { combineLot: true }));
    expect(model.lotColumns.map((c) => [c.lot, c.trials.map((t) => `${t.sheetRow}:${t.lot}`)])).toEqual([
      ["1L", ["6:1L", "7:1L", "8:1LC", "9:1L"]],
      ["2L", ["9:2L"]],
    ]);
  });

  test("an unreadable LOT is an invalid value", () => {
    const s = alzheimersSheet();
    s.values[sheetIndex(6)][31] = "first line";
    const model = ok(buildReport("landscape-type-2", s));
    expect(model.invalidRecords.find((r) => r.sheetRow === 6)?.reason).toMatch(/^Invalid value 'first line' in column 'LOT'/);
  });
});

describe("landscape-type-3 (report 6)", () => {
  test("focus areas × phase columns with biomarkers; duplicates and rows without focus area listed", () => {
    const model = ok(buildReport("landscape-type-3", alzheimersSheet()));
    const labels = model.phaseColumns.map((p) => p.id);
    const grid = Object.fromEntries(
      model.focusAreas.map((f) => [
        f.focusArea,
        Object.fromEntries(f.cells.map((c, k) => [labels[k], c.map((x) => x.product)]).filter(([, v]) => v.length)),
      ]),
    );
    expect(grid).toEqual({
      Amyloid: {
        "phase-3": ["remternetug", "trontinemab", "valiltramiprosate (ALZ-801)"],
        approved: ["lecanemab (Leqembi)", "donanemab (Kisunla)"],
      },
      Neuroprotection: { "phase-3": ["buntanetap"], filed: ["blarcamesine"] },
      Tau: { "pre-clinical": ["EX-105"], filed: ["EX-101"] },
      Synaptic: { filed: ["EX-106"] },
    });
    expect(model.focusAreas[2].cells[0][0]).toMatchObject({ establishedBiomarker: "CSF p-tau181", exploratoryBiomarker: "Tau PET" });
    expect(rowsOf(model.invalidRecords)).toEqual([
      [13, "duplicate"],
      [14, "duplicate"],
      [16, "left-behind"],
      [17, "left-behind"],
      [18, "left-behind"],
      [20, "left-behind"],
      [22, "left-behind"],
    ]);
  });
});

describe("events-2 (report 7)", () => {
  test("events by quarter and month with §9 colours; bad dates listed", () => {
    const model = ok(
      buildReport("events-2", alzheimersSheet(), {
        now: NOW,
        events: [
          {
            title: "AAIC 2026",
            type: "Conference",
            startDateTime: "2026-07-12 00:00:00",
            endDateTime: "2026-07-16 00:00:00",
            compound: null,
          },
          {
            title: "Leqembi sBLA decision",
            type: "Regulatory/ Other Development",
            startDateTime: "2026-02-01",
            compound: { name: "lecanemab" },
          },
          {
            title: "TRAILBLAZER-ALZ 3 readout",
            type: "Trial Initiation/ Results",
            startDateTime: new Date("2026-03-20T00:00:00Z"),
            compound: "donanemab",
          },
          { title: "Kisunla EU launch", type: "Commercial", startDateTime: "01/01/2026", endDateTime: "2025-01-01" },
          { title: "Broken", type: "Conference", startDateTime: "soon" },
          null as never,
        ],
      }),
    );
    expect(model.quarters.map((q) => [q.label, q.months.map((m) => [m.label, m.events.map((e) => e.title)])])).toEqual([
      [
        "Q1 2026",
        [
          ["Jan 2026", ["Kisunla EU launch"]],
          ["Feb 2026", ["Leqembi sBLA decision"]],
          ["Mar 2026", ["TRAILBLAZER-ALZ 3 readout"]],
        ],
      ],
      [
        "Q3 2026",
        [
          ["Jul 2026", ["AAIC 2026"]],
          ["Aug 2026", []],
          ["Sep 2026", []],
        ],
      ],
    ]);
    const all = model.quarters.flatMap((q) => q.months.flatMap((m) => m.events));
    expect(all.map((e) => [e.category, e.colour.background, e.compound, e.isPast])).toEqual([
      ["commercial", "#1f5fa8", null, true],
      ["development", "#fff2cc", "lecanemab", false],
      ["other", "#f8c8dc", "donanemab", false],
      ["conference", "#d2b48c", null, false],
    ]);
    expect(all[0].end).toBeNull();
    expect(model.invalidEvents).toEqual([
      { index: 4, title: "Broken", reason: "Start date could not be read (not a recognised date)" },
      { index: 5, title: "", reason: "No start date" },
    ]);
    expect(model.eventTypes.map((t) => t.type)).toEqual([
      "Conference",
      "Regulatory/ Other Development",
      "Trial Initiation/ Results",
      "Commercial",
    ]);
    expect(model.reportNumber).toBe(7);
  });

  test("no events → an empty model", () => {
    expect(ok(buildReport("events-2", alzheimersSheet())).quarters).toEqual([]);
  });
});

describe("list (report 8)", () => {
  test("footnotes only", () => {
    expect(ok(buildReport("list", alzheimersSheet()))).toMatchObject({ type: "list", reportNumber: 8, invalidRecords: [] });
  });
});
