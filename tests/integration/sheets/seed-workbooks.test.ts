// The demo workbooks: spec §3 column names at row 5, rows that exercise each report rule, stored as uploads.
import { describe, expect, test } from "vitest";

import { Disease } from "#db/models/disease.server";
import { SheetCache } from "#db/models/sheet-cache.server";
import { parseHeaderRange } from "~/utils/sheets/range.server";
import { getCachedSheet } from "~/utils/sheets/refresh.server";
import { parseWorkbook } from "~/utils/sheets/workbook.server";

import { ALZHEIMERS_ROWS } from "../../../scripts/seed/workbooks/alzheimers";
import { buildWorkbook } from "../../../scripts/seed/workbooks/build";
import { LEADING_COLUMNS, TRAILING_COLUMNS } from "../../../scripts/seed/workbooks/columns";
import { NSCLC_ROWS } from "../../../scripts/seed/workbooks/nsclc";
import { seedWorkbooks } from "../../../scripts/seed/workbooks/seed-workbooks.server";
import { sheetWorld } from "./helpers";

const NOW = new Date(Date.UTC(2026, 0, 15));

async function parsed(key: "alzheimers" | "nsclc") {
  const data = await buildWorkbook({
    key,
    title: key,
    sheetName: "Landscape",
    rows: key === "alzheimers" ? ALZHEIMERS_ROWS : NSCLC_ROWS,
    now: NOW,
  });
  const { rows } = await parseWorkbook(data, "xlsx", parseHeaderRange("A5"), "Landscape");
  const header = rows[0] as string[];
  const records = rows.slice(1).map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ""])));
  return { header, records };
}

describe("demo workbooks", () => {
  test("header row 5 holds the spec's columns with eight month columns before the 6-month column", async () => {
    const { header } = await parsed("alzheimers");
    expect(header.slice(0, LEADING_COLUMNS.length)).toEqual([...LEADING_COLUMNS]);
    expect(header.slice(LEADING_COLUMNS.length, LEADING_COLUMNS.length + 8)).toEqual([
      "Nov 2025",
      "Dec 2025",
      "Jan 2026",
      "Feb 2026",
      "Mar 2026",
      "Apr 2026",
      "May 2026",
      "Jun 2026",
    ]);
    expect(header.slice(LEADING_COLUMNS.length + 8)).toEqual([...TRAILING_COLUMNS]);
  });

  test("Alzheimer's rows exercise the report rules", async () => {
    const { records } = await parsed("alzheimers");
    const priorities = new Set(records.map((r) => r["H/M/L"]));
    expect([...priorities]).toEqual(expect.arrayContaining(["HH", "Medium", "Low", "High", "TAK ASSET"]));
    const phases = new Set(records.map((r) => r["Compound phase"]));
    expect([...phases]).toEqual(
      expect.arrayContaining(["Marketed", "Approved", "Filed", "sNDA", "Phase III", "Phase II", "Phase I", "Pre-clinical"]),
    );
    const kisunla = records.filter((r) => r["Product name"] === "Kisunla (donanemab)" && r.Segment === "Early AD (Mild & MCI)");
    expect(kisunla).toHaveLength(2); // duplicate
    expect(records.some((r) => String(r.Segment).includes(","))).toBe(true);
    expect(records.filter((r) => r["Product name"] === "posdinemab").map((r) => r.Segment)).toHaveLength(2); // multi-segment merge
    expect(records.some((r) => /^\d{4}\+$/.test(String(r["Est. Launch"])))).toBe(true);
    expect(records.some((r) => ["TBD", "Q5 2029", "31/02/2026"].includes(String(r["Est. Launch"])))).toBe(true);
    expect(records.find((r) => r["Product name"] === "Leqembi (lecanemab)")?.["Est. Launch"]).toBe(44932); // 2023-01-06
    expect(records.find((r) => r["Product name"] === "trontinemab")?.["Est. Launch"]).toBe(47118); // formula → 2028-12-31
    const conference = records.find((r) => r["Product name"] === "Conference");
    expect(conference?.["Mar 2026"]).toBe("AD/PD 2026, Conference");
    expect(records.find((r) => r["Product name"] === "Leqembi (lecanemab)")?.["NCT Url"]).toBe(
      "https://clinicaltrials.gov/study/NCT03887455",
    );
    expect(records.find((r) => r["Product name"] === "Leqembi (lecanemab)")?.["report-1-footnotes"]).toMatch(/^ARIA-E 12.6%/);
  });

  test("NSCLC rows cover lines of therapy, trials and statuses", async () => {
    const { records } = await parsed("nsclc");
    const lots = new Set(records.map((r) => r.LOT));
    expect([...lots]).toEqual(expect.arrayContaining(["Neoadjuvant", "Adjuvant", "1LM", "1LC", "2LM", "2LC", "3LM", ""]));
    for (const trial of ["FLAURA2", "MARIPOSA", "KEYNOTE-189", "CheckMate-816", "ADAURA", "TROPION-Lung01", "HARMONi-2"]) {
      expect(records.some((r) => r["Trial Name"] === trial)).toBe(true);
    }
    expect(records.map((r) => r["Recruitment status"])).toEqual(
      expect.arrayContaining(["Terminated", "Suspended", "Recruiting", "Completed"]),
    );
    expect(records.map((r) => r["Compound phase"])).toContain("Filed (CRL Received)");
    expect(records.map((r) => r["Established Biomarker"]).join(" ")).toMatch(/EGFR.*ALK|ALK.*EGFR/);
    expect(records.map((r) => r["Established Biomarker"]).join(" ")).toMatch(/KRAS G12C/);
    expect(records.map((r) => r["Established Biomarker"]).join(" ")).toMatch(/PD-L1/);
  });

  test("seeding stores each demo disease's workbook as its upload and fills the cache", async () => {
    const w = await sheetWorld();
    await Disease.updateOne({ _id: w.nsclc._id }, { $set: { sheetName: "NSCLC Landscape" } });
    const started = performance.now();
    const result = await seedWorkbooks(NOW);
    const ms = performance.now() - started;
    console.info(`seedWorkbooks: ${result.workbooks} workbooks, ${result.rows} rows in ${ms.toFixed(0)} ms`);
    expect(result.workbooks).toBeGreaterThanOrEqual(4);
    const cache = await SheetCache.findOne({ disease: w.ad._id }).lean();
    expect(cache).toMatchObject({ source: "upload", sheetName: "AD Landscape", upload: { kind: "xlsx" } });
    const sheet = await getCachedSheet(w.nsclc._id);
    expect(sheet).toMatchObject({ source: "upload", headerRow: 5, firstColumn: 1 });
    expect(sheet.values[0][0]).toBe("H/M/L");
    expect(sheet.values.length).toBe(NSCLC_ROWS.length + 2); // header + conference row + rows
  });
});
