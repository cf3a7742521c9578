import ExcelJS from "exceljs";
import { describe, expect, test } from "vitest";

import { REPORT_NAMES, type ReportTypeId } from "#common/constants";
import * as excelRoute from "~/routes/_app+/clients+/$clientId.therapeuticAreas+/$taId.diseases+/$diseaseId.reports_.excel";

import { ALZHEIMERS_ROWS } from "../../scripts/seed/workbooks/alzheimers";
import { callLoader, createUser, diseaseParams, grantsFor, httpStatusOf, locationOf, scene } from "../db-utils";
import { uploadDemoSheet } from "../demo-sheets";
import { malformedXmlParts, workbookInLibreOffice } from "../libreoffice";
import { longestBlock } from "./sheets/helpers";

// 'Export as Excel' (issue 27): the report the page shows as a workbook — its rows as shown, the engine's dates as
// Excel dates beside the text the page shows, and the rows left out with their reasons — guarded as the page is, and
// opened by LibreOffice Calc.

async function world() {
  const reports = (ids: ReportTypeId[]) => ids.map((id) => ({ id, name: REPORT_NAMES[id] }));
  const w = await scene({
    clients: { client: {}, other: {} },
    areas: { area: { client: "client" }, otherArea: { client: "other" } },
    diseases: {
      ad: {
        area: "area",
        name: "Alzheimer's disease",
        titlePrefix: "Alzheimer's Disease",
        sheetName: "AD Landscape",
        range: "A5",
        tm: true,
        reports: reports(["timeline-table", "landscape-type-1", "timeline-chart", "list"]),
      },
      nsclc: {
        area: "area",
        name: "Non-small-cell lung cancer",
        titlePrefix: "NSCLC",
        sheetName: "NSCLC Landscape",
        range: "A5",
        reports: reports(["landscape-type-2"]),
      },
      foreign: { area: "otherArea", name: "Foreign", reports: reports(["timeline-table"]) },
    },
    users: { analyst: { role: "external", grants: ["ad", "nsclc"] } },
  });
  await uploadDemoSheet(w.ad._id, "alzheimers");
  await uploadDemoSheet(w.nsclc._id, "nsclc");
  return w;
}

type Params = ReturnType<typeof diseaseParams>;
const exportWorkbook = (user: unknown, params: Params, query: string) =>
  callLoader(excelRoute, {
    user,
    url: `/clients/${params.clientId}/therapeuticAreas/${params.taId}/diseases/${params.diseaseId}/reports/excel${query}`,
    params,
  });

async function workbookOf(response: unknown) {
  const bytes = new Uint8Array(await (response as Response).arrayBuffer());
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.buffer);
  return { bytes, workbook };
}

/** A worksheet's rows as values (row 1 the header), without ExcelJS' leading empty slot. */
const rowsOf = (sheet: ExcelJS.Worksheet) =>
  sheet.getSheetValues().flatMap((row) => (Array.isArray(row) ? [Array.from(row.slice(1), (v) => v ?? null)] : []));
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));

describe("Export as Excel", () => {
  test("an analyst gets the launch table as a workbook: its rows with their dates as Excel dates, the left-out rows with their reasons, header bold and frozen", async () => {
    const w = await world();
    const response = (await exportWorkbook(w.analyst._id, diseaseParams(w.ad), "?type=timeline-table")) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="Alzheimer's Disease - Launch table.xlsx"`);
    const { workbook } = await workbookOf(response);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(["Launch timeline", "Left out"]);

    const table = workbook.getWorksheet("Launch timeline")!;
    const rows = rowsOf(table);
    expect(rows[0]!.slice(0, 6)).toEqual(["Product", "Company", "MOA", "Priority", "Est. Launch", "Est. Launch (as shown)"]);
    expect(table.getRow(1).font?.bold).toBe(true);
    expect(table.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    // A launch given as a day: an Excel date shown DD/MM/YYYY, nothing beside it.
    const leqembi = rows.find((r) => String(r[0]).startsWith("Leqembi (lecanemab)"))!;
    expect(leqembi.slice(1, 6)).toEqual(["Eisai / Biogen", "Anti-amyloid beta protofibril mAb", "HH", utc(2023, 1, 6), null]);
    const launchColumn = rows[0]!.indexOf("Est. Launch") + 1;
    expect(table.getColumn(launchColumn).numFmt).toBe("dd/mm/yyyy");
    // A period: the date the engine placed it at, the text the page shows beside it.
    const posdinemab = rows.find((r) => r[0] === "posdinemab")!;
    expect(posdinemab.slice(4, 6)).toEqual([utc(2030, 12, 31), "2030+\n(placed at 31/12/2030)"]);
    // Columns as wide as their content: the product column holds the longest product name.
    const longest = Math.max(...rows.slice(1).map((r) => String(r[0]).length));
    expect(table.getColumn(1).width).toBeGreaterThanOrEqual(Math.min(60, longest));

    const left = rowsOf(workbook.getWorksheet("Left out")!);
    expect(left[0]!.slice(0, 2)).toEqual(["Row", "Reason"]);
    const aci = left.find((r) => r.includes("ACI-24.060"))!;
    expect(aci[1]).toBe("Left behind because priority 'Low' is not shown in this report (shown: HH, Medium)");
    expect(aci[left[0]!.indexOf("Est. Launch")]).toBe("2031+");
    expect(left.some((r) => r[1] === "Conference header row: shown on the event calendar only")).toBe(true);
  });

  test("the workbook follows the page's options: the modality view, Combine LOT", async () => {
    const w = await world();
    const board = async (query: string) =>
      rowsOf((await workbookOf(await exportWorkbook(w.analyst._id, diseaseParams(w.ad), query))).workbook.worksheets[0]!)[0];
    expect(await board("?type=landscape-type-1")).not.toContain("Therapeutic Modality");
    expect(await board("?type=landscape-type-1&tm=true")).toContain("Therapeutic Modality");

    const lots = async (query: string) => {
      const rows = rowsOf((await workbookOf(await exportWorkbook(w.analyst._id, diseaseParams(w.nsclc), query))).workbook.worksheets[0]!);
      return new Set(rows.slice(1).map((r) => r[0]));
    };
    const separate = await lots("?type=landscape-type-2");
    const combined = await lots("?type=landscape-type-2&lot=true");
    expect(separate).toContain("1LM");
    expect(combined).toContain("1L");
    expect([...combined].filter((lot) => /^\dL[CM]$/.test(String(lot)))).toEqual([]);
  });

  test("LibreOffice Calc opens the workbook: every sheet, the rows and dates as the page shows them, the left-out rows with their reasons, the footnotes", async () => {
    const w = await world();
    const { bytes } = await workbookOf(await exportWorkbook(w.analyst._id, diseaseParams(w.ad), "?type=landscape-type-1"));
    const calc = workbookInLibreOffice(bytes, ["Pipeline by phase", "Left out", "Footnotes"]);
    const board = calc["Pipeline by phase"]!;
    expect(board[0]!.slice(0, 7)).toEqual(["Phase", "Product", "Company", "MOA", "Segment", "Est. Launch", "Est. Launch (as shown)"]);
    const leqembi = board.find((r) => r[1]!.startsWith("Leqembi (lecanemab)"))!;
    expect(leqembi.slice(5, 7)).toEqual(["06/01/2023", ""]);
    // The product carries its footnote numbers, as on the page, and the Footnotes sheet says what they refer to.
    expect(leqembi[1]).toMatch(/^Leqembi \(lecanemab\) \[1(,\d+)*\]/);
    expect(calc.Footnotes![0]).toEqual(["Number", "Footnote"]);
    expect(calc.Footnotes![1]![0]).toBe("1");
    expect(calc.Footnotes![1]![1]).toContain("ARIA-E 12.6% in CLARITY AD");
    // A date the engine could not read: the page's flagged text, in place of a date.
    expect(board.find((r) => r[1] === "etalanetug (E2814)")![5]).toBe("⚠ Q5 2029 (not a date)");
    const left = calc["Left out"]!;
    expect(left[0]!.slice(0, 2)).toEqual(["Row", "Reason"]);
    expect(left.slice(1).every((r) => /^\d+$/.test(r[0]!) && r[1] !== "")).toBe(true);
    expect(left.some((r) => r[1] === "Conference header row: shown on the event calendar only")).toBe(true);
  }, 120_000);

  test("a user without the disease, another client's disease and the news list get no workbook; a signed-out visitor signs in first", async () => {
    const w = await world();
    const stranger = await createUser({ role: "external", permissions: [] });
    const admin = await createUser({ role: "admin", permissions: grantsFor([w.nsclc]) });
    expect(httpStatusOf(await exportWorkbook(stranger._id, diseaseParams(w.ad), "?type=timeline-table"))).toBe(404);
    expect(httpStatusOf(await exportWorkbook(admin._id, diseaseParams(w.ad), "?type=timeline-table"))).toBe(404);
    expect(httpStatusOf(await exportWorkbook(w.analyst._id, diseaseParams(w.foreign), "?type=timeline-table"))).toBe(404);
    expect(httpStatusOf(await exportWorkbook(w.analyst._id, diseaseParams(w.ad), "?type=list"))).toBe(404);
    expect(locationOf(await exportWorkbook(null, diseaseParams(w.ad), "?type=timeline-table"))).toMatch(/^\/login\?redirectTo=/);
  });

  test("characters XML forbids in a sheet's cells (as Excel escapes them: _x000B_) are left out, the workbook stays well-formed", async () => {
    const w = await world();
    const rows = ALZHEIMERS_ROWS.map((row) =>
      row.product === "Leqembi Iqlik (lecanemab SC)"
        ? { ...row, product: "Leqembi_x000B_ Iqlik_x0000_ (lecanemab_x000C_ SC_x0001_)" }
        : row,
    );
    await uploadDemoSheet(w.ad._id, "alzheimers", rows);
    const { bytes, workbook } = await workbookOf(await exportWorkbook(w.analyst._id, diseaseParams(w.ad), "?type=timeline-table"));
    expect(await malformedXmlParts(bytes)).toEqual([]);
    expect(rowsOf(workbook.getWorksheet("Launch timeline")!).map((r) => r[0])).toContain("Leqembi Iqlik (lecanemab SC)");
  });

  test("a 2,000-row table is written off the main thread: the event loop is never held 100 ms, and every row is in the workbook", async () => {
    const w = await world();
    const template = ALZHEIMERS_ROWS.find((row) => row.product === "Leqembi Iqlik (lecanemab SC)")!;
    const rows = Array.from({ length: 2_000 }, (_, i) => ({ ...template, product: `Product ${i} (lecanemab SC)` }));
    await uploadDemoSheet(w.ad._id, "alzheimers", rows);
    const { result, blockedMs } = await longestBlock(() => exportWorkbook(w.analyst._id, diseaseParams(w.ad), "?type=timeline-table"));
    expect(blockedMs).toBeLessThan(100);
    const { workbook } = await workbookOf(result);
    expect(workbook.getWorksheet("Launch timeline")!.rowCount).toBe(2_001);
  }, 180_000);
});
