// Uploaded workbooks → the same cells as the Google path (dates as serial numbers, "" for empty cells inside
// a row, trailing empties dropped), honouring the Sheet Name and the Headers Range.
import ExcelJS from "exceljs";
import JSZip from "jszip";
import { describe, expect, test } from "vitest";

import { dateToSerial, serialToDate } from "~/utils/sheets/cells.server";
import { parseCsv, sniffDelimiter } from "~/utils/sheets/csv.server";
import { parseHeaderRange } from "~/utils/sheets/range.server";
import { getCachedSheet } from "~/utils/sheets/refresh.server";
import { sheetStatus } from "~/utils/sheets/store.server";
import { storeUploadedWorkbook } from "~/utils/sheets/upload.server";
import { parseWorkbook } from "~/utils/sheets/workbook.server";

import { sheetWorld } from "./helpers";

async function sampleXlsx() {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet("Read me").addRow(["not this tab"]);
  const ws = wb.addWorksheet("AD Landscape");
  ws.getCell("A1").value = "Alzheimer's Disease landscape";
  ws.getCell("B2").value = "title rows above the header";
  // Header at B5 (column A holds row notes that must be skipped).
  ws.getCell("A5").value = "note";
  ["H/M/L", "Product name", "Est. Launch", "Notes", "Link", "Calc", "Flag"].forEach((h, i) => (ws.getCell(5, i + 2).value = h));
  ws.getCell("A6").value = "skip me";
  ws.getCell("B6").value = "HH";
  ws.getCell("C6").value = { richText: [{ text: "Leqembi ", font: { bold: true } }, { text: "(lecanemab)" }] };
  ws.getCell("D6").value = new Date(Date.UTC(2023, 0, 6));
  ws.getCell("D6").numFmt = "dd-mmm-yyyy";
  ws.getCell("E6").value = "plain";
  ws.getCell("F6").value = { text: "NCT03887455", hyperlink: "https://clinicaltrials.gov/study/NCT03887455" };
  ws.getCell("G6").value = { formula: "DATE(2027,12,31)", result: new Date(Date.UTC(2027, 11, 31)) };
  ws.getCell("G6").numFmt = "yyyy-mm-dd";
  ws.getCell("H6").value = true;
  // Row 7 empty; row 8 with a gap, a number, an error value and a merged range.
  ws.getCell("B8").value = "Medium";
  ws.getCell("D8").value = "2027+";
  ws.getCell("E8").value = 12.5;
  ws.getCell("F8").value = { error: "#N/A" } as ExcelJS.CellErrorValue;
  ws.getCell("G8").value = "merged";
  ws.mergeCells("G8:H8");
  ws.getCell("B9").value = "Low";
  ws.getCell("AB9").value = ""; // trailing empty
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe("xlsx", () => {
  test("reads the named tab from the Headers Range, converting every kind of cell", async () => {
    const parsed = await parseWorkbook(await sampleXlsx(), "xlsx", parseHeaderRange("B5"), "ad landscape ");
    expect(parsed.sheetName).toBe("AD Landscape");
    expect(parsed.rows).toEqual([
      ["H/M/L", "Product name", "Est. Launch", "Notes", "Link", "Calc", "Flag"],
      ["HH", "Leqembi (lecanemab)", 44932, "plain", "NCT03887455", 46752, true],
      [],
      ["Medium", "", "2027+", 12.5, "#N/A", "merged"],
      ["Low"],
    ]);
    expect(dateToSerial(new Date(Date.UTC(2023, 0, 6)))).toBe(44932); // the Sheets API serial for 2023-01-06
    expect(serialToDate(46752).toISOString()).toBe("2027-12-31T00:00:00.000Z");
  });

  test("falls back to the first tab when no tab has the Sheet Name", async () => {
    const parsed = await parseWorkbook(await sampleXlsx(), "xlsx", parseHeaderRange("A1"), "Missing");
    expect(parsed.sheetName).toBe("Read me");
    expect(parsed.rows).toEqual([["not this tab"]]);
  });

  test("an end column in the Headers Range limits the columns", async () => {
    const parsed = await parseWorkbook(await sampleXlsx(), "xlsx", parseHeaderRange("B5:D5"), "AD Landscape");
    expect(parsed.rows[0]).toEqual(["H/M/L", "Product name", "Est. Launch"]);
    expect(parsed.rows[1]).toEqual(["HH", "Leqembi (lecanemab)", 44932]);
  });

  test("read as a stream, cells are as Excel kept them: characters across chunks whole, formulas' TRUE, #N/A and text, _x000D_ escapes, no phonetic guide", async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("Data");
    ws.addRow(["Name", "Flag", "Lookup", "Joined", "Notes"]);
    ws.addRow([
      "漢字",
      { formula: "1=1", result: true },
      { formula: "NA()", result: { error: "#N/A" } },
      { formula: 'A2&"x"', result: "漢字x" },
      "line_x000D_\nbreak",
    ]);
    // Enough text that the sheet's XML comes in many chunks, with characters of two to four bytes all along.
    for (let i = 0; i < 5_000; i++) ws.addRow([`Café – Zürich 漢字 😀 ${i}`]);
    const zip = await JSZip.loadAsync(await wb.xlsx.writeBuffer());
    // A phonetic guide, as Japanese Excel writes one after the text it reads.
    const strings = await zip.file("xl/sharedStrings.xml")!.async("string");
    zip.file(
      "xl/sharedStrings.xml",
      strings.replace("<t>漢字</t>", '<t>漢字</t><rPh sb="0" eb="2"><t>かんじ</t></rPh><phoneticPr fontId="1"/>'),
    );
    const parsed = await parseWorkbook(
      Buffer.from(await zip.generateAsync({ type: "uint8array", compression: "DEFLATE" })),
      "xlsx",
      parseHeaderRange("A1"),
      "Data",
    );
    expect(parsed.rows.slice(0, 2)).toEqual([
      ["Name", "Flag", "Lookup", "Joined", "Notes"],
      ["漢字", true, "#N/A", "漢字x", "line\r\nbreak"],
    ]);
    expect(parsed.rows.slice(2)).toEqual(Array.from({ length: 5_000 }, (_, i) => [`Café – Zürich 漢字 😀 ${i}`]));
  });

  test("an upload becomes the source: stored, cached, and read back with headerRow and firstColumn", async () => {
    const w = await sheetWorld({ range: "B5" });
    const status = await storeUploadedWorkbook({ diseaseId: w.ad._id, filename: "AD landscape.xlsx", data: await sampleXlsx() });
    expect(status).toMatchObject({ hasCopy: true, source: "upload", configuredSource: "upload", rowCount: 4, sheetName: "AD Landscape" });
    expect(status.upload).toMatchObject({ filename: "AD landscape.xlsx", kind: "xlsx" });
    const sheet = await getCachedSheet(w.ad._id);
    expect(sheet).toMatchObject({ headerRow: 5, firstColumn: 2, source: "upload" });
    expect(sheet.values[1][1]).toBe("Leqembi (lecanemab)");
  });
});

describe("csv", () => {
  const csv =
    "\uFEFFAlzheimer's landscape,,\r\nexported 2025-12-01\r\n" +
    "H/M/L,Product name,Company Name,Notes,Est. Launch\r\n" +
    'HH,"Leqembi, SC","Eisai / Biogen","He said ""go""\r\nsecond line",2023-01-06\r\n' +
    "\r\n" +
    "Medium,remternetug,Eli Lilly,,2027\r\n" +
    "Low,007,x,,-3.5,,\r\n";

  test("quotes, CRLF, BOM and the Headers Range", async () => {
    const parsed = await parseWorkbook(Buffer.from(csv), "csv", parseHeaderRange("A3"));
    expect(parsed.rows).toEqual([
      ["H/M/L", "Product name", "Company Name", "Notes", "Est. Launch"],
      ["HH", "Leqembi, SC", "Eisai / Biogen", 'He said "go"\r\nsecond line', "2023-01-06"],
      [],
      ["Medium", "remternetug", "Eli Lilly", "", 2027],
      ["Low", "007", "x", "", -3.5],
    ]);
  });

  test("semicolon-separated (European Excel), Windows-1252 text, a column offset", async () => {
    const text = "x;H/M/L;Product name\nx;HH;Caf\xe9 compound\n";
    const bytes = Buffer.from(text, "latin1");
    expect(sniffDelimiter(text)).toBe(";");
    const parsed = await parseWorkbook(bytes, "csv", parseHeaderRange("B1"));
    expect(parsed.rows).toEqual([
      ["H/M/L", "Product name"],
      ["HH", "Café compound"],
    ]);
  });

  test("lenient with stray quotes and a missing final line break", () => {
    expect(parseCsv('a,b"c,"d"\n1,2,3', ",")).toEqual([
      ["a", 'b"c', "d"],
      ["1", "2", "3"],
    ]);
  });

  test("an uploaded csv replaces the previous upload", async () => {
    const w = await sheetWorld({ range: "A3" });
    await storeUploadedWorkbook({ diseaseId: w.ad._id, filename: "first.csv", data: Buffer.from(csv) });
    const status = await storeUploadedWorkbook({
      diseaseId: w.ad._id,
      filename: "second.csv",
      data: Buffer.from(csv.replace("remternetug", "donanemab")),
    });
    expect(status.upload?.filename).toBe("second.csv");
    expect((await getCachedSheet(w.ad._id)).values[3][1]).toBe("donanemab");
    expect((await sheetStatus(w.ad._id)).rowCount).toBe(4); // data rows: the header row is not counted
  });
});

describe("Headers Range", () => {
  test.each([
    ["A5", { headerRow: 5, firstColumn: 1, lastColumn: 702 }],
    ["$C$12", { headerRow: 12, firstColumn: 3, lastColumn: 702 }],
    ["a5:ah5", { headerRow: 5, firstColumn: 1, lastColumn: 34 }],
    ["'AD Landscape'!B2", { headerRow: 2, firstColumn: 2, lastColumn: 702 }],
    ["", { headerRow: 1, firstColumn: 1, lastColumn: 702 }],
  ])("%s", (range, expected) => {
    expect(parseHeaderRange(range)).toEqual(expected);
  });

  test.each(["5A", "A0", "row 5", "B5:A5", "ZZZ5"])("%s is refused with an example", (range) => {
    expect(() => parseHeaderRange(range)).toThrow(/e\.g\. A5/);
  });
});
