import ExcelJS from "exceljs";
import type { Cell } from "#workers/engine/sheet";
import { dateToSerial, finishRows, trimRow } from "./cells.server";
import { sheetConfig, type SheetConfig } from "../env.server";
import { decodeCsv, parseCsv } from "./csv.server";
import { SheetSourceError } from "./errors.server";
import type { HeaderRange } from "./range.server";
import type { WorkbookKind } from "./upload-guard.server";

// Reads an uploaded workbook into the same cells the Google path gives (see cells.server.ts). Only call this
// on bytes that passed guardWorkbook().
//  - .xlsx: the tab named like the disease's Sheet Name (case and surrounding spaces ignored), else the first
//    tab. Rich text → its text, formulas → their cached result, hyperlinks → their text, errors → "#N/A" etc.,
//    dates → serial numbers, cells covered by a merge → "" (only the top-left cell holds the value, as in Google).
//  - .csv: one table; the Sheet Name does not apply. Plain numbers ("12", "-3.5") become numbers as in Google;
//    everything else, including dates written as text, stays text.
// In both, the Headers Range applies: rows above the header row and columns left of the first column are
// skipped (A5 → the 5th row is the header).

interface ParsedWorkbook {
  rows: Cell[][];
  /** The tab that was read (xlsx), for the admin's status. */
  sheetName?: string;
}

/** Excel keeps these parts we never need; skipping them makes loading faster. */
const IGNORED_NODES = ["dataValidations", "conditionalFormatting", "drawing", "picture", "tableParts", "extLst", "hyperlinks"];

type ExcelValue = ExcelJS.CellValue | undefined;

function excelValueToCell(value: ExcelValue): Cell {
  if (value === null || value === undefined) return "";
  if (typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : "";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : dateToSerial(value);
  if (typeof value === "object") {
    if ("richText" in value && Array.isArray(value.richText)) return value.richText.map((r) => r.text ?? "").join("");
    if ("formula" in value || "sharedFormula" in value) return excelValueToCell((value as { result?: ExcelValue }).result);
    if ("error" in value) return String(value.error);
    if ("text" in value) return excelValueToCell(value.text as ExcelValue);
  }
  return String(value);
}

function pickWorksheet(workbook: ExcelJS.Workbook, sheetName: string | null | undefined) {
  const wanted = (sheetName ?? "").trim().toLowerCase();
  const sheets = workbook.worksheets;
  return (wanted ? sheets.find((s) => s.name.trim().toLowerCase() === wanted) : undefined) ?? sheets[0];
}

async function readXlsx(data: Buffer, range: HeaderRange, sheetName: string | null | undefined, config: SheetConfig): Promise<ParsedWorkbook> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer, { ignoreNodes: IGNORED_NODES } as never);
  } catch (error) {
    throw new SheetSourceError("unreadable", `The workbook could not be read as .xlsx (${(error as Error).message}). Save it again from Excel and retry.`);
  }
  const sheet = pickWorksheet(workbook, sheetName);
  if (!sheet) throw new SheetSourceError("unreadable", "The workbook has no worksheet.");
  const rows: Cell[][] = [];
  const limit = config.SHEET_MAX_ROWS + 1;
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber < range.headerRow) return;
    const index = rowNumber - range.headerRow;
    if (index > limit) {
      rows[limit + 1] = [""]; // enough for finishRows to report the overflow
      return;
    }
    const out: Cell[] = [];
    row.eachCell({ includeEmpty: false }, (cell, col) => {
      if (col < range.firstColumn || col > range.lastColumn) return;
      const value = cell.type === ExcelJS.ValueType.Merge ? "" : excelValueToCell(cell.value);
      const at = col - range.firstColumn;
      while (out.length < at) out.push("");
      out[at] = value;
    });
    rows[index] = trimRow(out);
  });
  for (let i = 0; i < rows.length; i++) rows[i] ??= [];
  return { rows: finishRows(rows, config.SHEET_MAX_ROWS), sheetName: sheet.name };
}

const PLAIN_NUMBER = /^-?(?:0|[1-9]\d{0,14})(?:\.\d+)?$/;

function readCsv(data: Buffer, range: HeaderRange, config: SheetConfig): ParsedWorkbook {
  const records = parseCsv(decodeCsv(data));
  const rows: Cell[][] = [];
  for (let r = range.headerRow - 1; r < records.length; r++) {
    if (rows.length > config.SHEET_MAX_ROWS + 1) break;
    const fields = records[r].slice(range.firstColumn - 1, range.lastColumn);
    const cells: Cell[] = fields.map((f) => (PLAIN_NUMBER.test(f) ? Number(f) : f));
    rows.push(trimRow(cells));
  }
  return { rows: finishRows(rows, config.SHEET_MAX_ROWS) };
}

export async function parseWorkbook(
  data: Buffer,
  kind: WorkbookKind,
  range: HeaderRange,
  sheetName?: string | null,
  config: SheetConfig = sheetConfig(),
): Promise<ParsedWorkbook> {
  return kind === "xlsx" ? readXlsx(data, range, sheetName, config) : readCsv(data, range, config);
}
