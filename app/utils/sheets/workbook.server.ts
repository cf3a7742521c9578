import path from "node:path";
import { Readable } from "node:stream";
import { setImmediate } from "node:timers/promises";
import ExcelJS from "exceljs";
import yauzl from "yauzl";

import type { Cell } from "#workers/engine/sheet";

import { sheetConfig, type SheetConfig } from "../env.server";
import { dateToSerial, finishRows, tooManyRows, trimRow } from "./cells.server";
import { csvRows, decodeCsv } from "./csv.server";
import { SheetSourceError } from "./errors.server";
import type { HeaderRange } from "./range.server";
import { forEachEntry, type WorkbookKind } from "./upload-guard.server";

// Reads an uploaded workbook into the same cells the Google path gives (see cells.server.ts). Only call this
// on bytes that passed guardWorkbook().
//  - .xlsx: the tab named like the disease's Sheet Name (case and surrounding spaces ignored), else the first
//    tab. Rich text → its text, formulas → their cached result, hyperlinks → their text, errors → "#N/A" etc.,
//    dates → serial numbers; Excel's escapes of characters XML cannot hold (_x000D_) are read back. The workbook is
//    read part by part as it inflates (exceljs' streaming reader, see StepReader), a chunk of XML at a time: a huge
//    sheet never holds the event loop, and reading stops at the first row past the row limit — the rest of the sheet
//    is never parsed.
//  - .csv: one table; the Sheet Name does not apply. Plain numbers ("12", "-3.5") become numbers as in Google;
//    everything else, including dates written as text, stays text.
// In both, the Headers Range applies: rows above the header row and columns left of the first column are
// skipped (A5 → the 5th row is the header).

interface ParsedWorkbook {
  rows: Cell[][];
  /** The tab that was read (xlsx), for the admin's status. */
  sheetName?: string;
}

type ExcelValue = ExcelJS.CellValue | undefined;

/** Excel writes a character XML cannot hold as _xHHHH_ (and a literal "_x" as _x005F_x). */
const unescapeText = (text: string) => text.replace(/_x([0-9A-F]{4})_/g, (_, code: string) => String.fromCharCode(parseInt(code, 16)));

function excelValueToCell(value: ExcelValue): Cell {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return unescapeText(value);
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : "";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : dateToSerial(value);
  if (typeof value === "object") {
    if ("richText" in value && Array.isArray(value.richText)) return unescapeText(value.richText.map((r) => r.text ?? "").join(""));
    if ("formula" in value || "sharedFormula" in value) return excelValueToCell((value as { result?: ExcelValue }).result);
    if ("error" in value) return String(value.error);
    if ("text" in value) return excelValueToCell(value.text as ExcelValue);
  }
  return String(value);
}

/** The longest tag `without` waits for the end of across chunks (real ones are short). */
const MAX_TAG = 64 * 1024;

/**
 * The text of an XML part, as it streams, without the elements named `name` and what they hold. Relies on what
 * SpreadsheetML parts are: no "<" but in markup, no ">" inside a tag, no such element inside another.
 */
async function* without(name: string, chunks: AsyncIterable<string>): AsyncGenerator<string> {
  const opens = new RegExp(`^<${name}[\\s/>]`);
  const closes = new RegExp(`^</${name}\\s*>`);
  let dropping = false; // inside an element left out
  let carry = ""; // a tag cut short by the chunk's end
  for await (const chunk of chunks) {
    const text = carry + chunk;
    carry = "";
    let out = "";
    let at = text.indexOf("<");
    if (!dropping) out += at < 0 ? text : text.slice(0, at);
    while (at >= 0) {
      const next = text.indexOf("<", at + 1);
      const piece = next < 0 ? text.slice(at) : text.slice(at, next); // a tag and the text after it
      const tagEnd = piece.indexOf(">");
      if (tagEnd < 0 && next < 0) {
        if (piece.length > MAX_TAG) throw new Error(`a tag longer than ${MAX_TAG / 1024} KB`);
        carry = piece;
        break;
      }
      if (dropping) {
        const end = closes.exec(piece);
        if (end) {
          dropping = false;
          out += piece.slice(end[0].length);
        }
      } else if (opens.test(piece)) {
        dropping = piece[tagEnd - 1] !== "/";
        if (!dropping) out += piece.slice(tagEnd + 1);
      } else {
        out += piece;
      }
      at = next;
    }
    if (out) yield out;
  }
  if (carry) yield carry; // an unfinished tag at the end: the parser says the part is damaged
}

/**
 * The steps of exceljs' streaming reader (`WorkbookReader`) this module drives one part at a time, in its own order
 * and with text it decoded itself. Reading the zip as exceljs does (its parts in the file's order) has three faults:
 * Excel writes the worksheets before the shared strings, so each worksheet went to a temporary file first (and stayed
 * there when reading stopped early); a character split across two chunks became "�"; and a formula's TRUE or #N/A
 * result became a number. Its workbook loader has none of these, and this reads the same cells as it did.
 */
interface StepReader {
  model?: { sheets?: Array<{ name: string; rId: string }> };
  workbookRels?: Array<{ Id: string; Type: string; Target: string }>;
  sharedStrings?: unknown[];
  _parseWorkbook(part: Readable): Promise<void>;
  _parseRels(part: Readable): Promise<void>;
  _parseStyles(part: Readable): Promise<void>;
  _parseSharedStrings(part: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(part: AsyncIterable<string>, sheetNo: string): Generator<{ value: AsyncIterable<ExcelJS.Row> }>;
}

/** The tab to read and its part: the one named `sheetName`, else the first tab that is a worksheet. */
function tabToRead(reader: StepReader, parts: Map<string, yauzl.Entry>, sheetName: string | null | undefined) {
  const partOf = (target: string) => (target.startsWith("/") ? target.slice(1) : path.posix.join("xl", target));
  const tabs = (reader.model?.sheets ?? []).flatMap((sheet) => {
    const rel = reader.workbookRels?.find((r) => r.Id === sheet.rId && r.Type.endsWith("/worksheet"));
    return rel && parts.has(partOf(rel.Target)) ? [{ name: sheet.name, part: partOf(rel.Target) }] : [];
  });
  const wanted = (sheetName ?? "").trim().toLowerCase();
  return (wanted ? tabs.find((t) => t.name.trim().toLowerCase() === wanted) : undefined) ?? tabs[0];
}

/** A row's cells in the Headers Range's columns. */
function rowCells(row: ExcelJS.Row, range: HeaderRange): Cell[] {
  const out: Cell[] = [];
  row.eachCell({ includeEmpty: false }, (cell, col) => {
    if (col < range.firstColumn || col > range.lastColumn) return;
    const at = col - range.firstColumn;
    while (out.length < at) out.push("");
    out[at] = excelValueToCell(cell.value);
  });
  return trimRow(out);
}

/** The rows from the header row down, by their place below it; stops (refusing the sheet) at the first row with
 *  cells past the limit. */
async function sheetRows(worksheet: AsyncIterable<ExcelJS.Row>, range: HeaderRange, maxRows: number): Promise<Cell[][]> {
  const rows: Cell[][] = [];
  for await (const row of worksheet) {
    if (row.number < range.headerRow) continue;
    const cells = rowCells(row, range);
    const index = row.number - range.headerRow;
    if (index > maxRows && cells.length) throw tooManyRows(maxRows);
    if (index <= maxRows) rows[index] = cells;
  }
  for (let i = 0; i < rows.length; i++) rows[i] ??= [];
  return rows;
}

async function readXlsx(
  data: Buffer,
  range: HeaderRange,
  sheetName: string | null | undefined,
  config: SheetConfig,
): Promise<ParsedWorkbook> {
  let zip: yauzl.ZipFile | undefined;
  try {
    zip = await yauzl.fromBufferPromise(data, { lazyEntries: true, autoClose: false, strictFileNames: false });
    const parts = new Map<string, yauzl.Entry>();
    await forEachEntry(zip, (entry) => void parts.set(entry.fileName, entry));
    /** A part as UTF-8 text (a character split across two chunks stays whole). */
    const text = async (name: string) => {
      const stream = await zip!.openReadStreamPromise(parts.get(name)!);
      stream.setEncoding("utf8");
      return stream;
    };
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(undefined as never, {
      worksheets: "emit",
      sharedStrings: "cache",
      styles: "cache",
      hyperlinks: "ignore",
      entries: "ignore",
    }) as unknown as StepReader;
    if (parts.has("xl/workbook.xml")) await reader._parseWorkbook(await text("xl/workbook.xml"));
    reader.workbookRels = [];
    if (parts.has("xl/_rels/workbook.xml.rels")) await reader._parseRels(await text("xl/_rels/workbook.xml.rels"));
    if (parts.has("xl/styles.xml")) await reader._parseStyles(await text("xl/styles.xml"));
    reader.sharedStrings = [];
    if (parts.has("xl/sharedStrings.xml")) {
      // Phonetic guides (Japanese) are left out: the reader would take their text for the string's. Caching, the
      // step yields nothing: one step reads it all.
      await reader._parseSharedStrings(Readable.from(without("rPh", await text("xl/sharedStrings.xml")))).next();
    }
    const tab = tabToRead(reader, parts, sheetName);
    if (!tab) throw new SheetSourceError("unreadable", "The workbook has no worksheet.");
    // Formulas are left out: a cell reads as the value Excel kept for it (all that is shown).
    const [{ value: worksheet }] = reader._parseWorksheet(without("f", await text(tab.part)), tab.part);
    const rows = await sheetRows(worksheet, range, config.SHEET_MAX_ROWS);
    return { rows: finishRows(rows, config.SHEET_MAX_ROWS), sheetName: tab.name };
  } catch (error) {
    if (error instanceof SheetSourceError) throw error;
    throw new SheetSourceError(
      "unreadable",
      `The workbook could not be read as .xlsx (${(error as Error).message}). Save it again from Excel and retry.`,
    );
  } finally {
    zip?.close();
  }
}

const PLAIN_NUMBER = /^-?(?:0|[1-9]\d{0,14})(?:\.\d+)?$/;

/** The records from the header row down; stops (refusing the file) at the first record with cells past the limit. */
async function readCsv(data: Buffer, range: HeaderRange, config: SheetConfig): Promise<ParsedWorkbook> {
  const rows: Cell[][] = [];
  let record = 0;
  for (const fields of csvRows(await decodeCsv(data))) {
    if (fields === null) {
      await setImmediate(); // a turn for the event loop between slices of a big file
      continue;
    }
    if (++record < range.headerRow) continue;
    const cells = trimRow(fields.slice(range.firstColumn - 1, range.lastColumn).map((f): Cell => (PLAIN_NUMBER.test(f) ? Number(f) : f)));
    if (rows.length > config.SHEET_MAX_ROWS && cells.length) throw tooManyRows(config.SHEET_MAX_ROWS);
    if (rows.length <= config.SHEET_MAX_ROWS) rows.push(cells);
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
