import type { Cell } from "#workers/engine/sheet";

import { SheetSourceError } from "./errors.server";

// One shape for both sources, the one the Sheets API gives with valueRenderOption UNFORMATTED_VALUE and
// dateTimeRenderOption SERIAL_NUMBER:
//  - text is a string, numbers are numbers, TRUE/FALSE are booleans;
//  - dates and times are serial numbers (days since 1899-12-30, the fraction is the time of day);
//  - an empty cell inside a row is "" (never null); trailing empty cells and trailing empty rows are dropped,
//    so rows are ragged, and an empty row in the middle is [].

/** Milliseconds of the Sheets/Excel epoch, 1899-12-30T00:00:00Z. */
const EPOCH_MS = Date.UTC(1899, 11, 30);

/** A Date whose UTC fields hold the wall-clock date and time (as exceljs gives them) → serial number. */
export function dateToSerial(date: Date): number {
  const serial = (date.getTime() - EPOCH_MS) / 86_400_000;
  // Keep whole-second precision; binary fractions of a day are otherwise noisy (e.g. 0.3333333333333357).
  return Math.round(serial * 86_400) / 86_400;
}

export function serialToDate(serial: number): Date {
  return new Date(EPOCH_MS + Math.round(serial * 86_400_000));
}

function isEmpty(cell: Cell) {
  return cell === "" || cell === null;
}

/** Drops trailing empty cells of a row (in place) and returns it. */
export function trimRow(row: Cell[]): Cell[] {
  let end = row.length;
  while (end > 0 && isEmpty(row[end - 1])) end--;
  row.length = end;
  for (let i = 0; i < end; i++) if (row[i] === null) row[i] = "";
  return row;
}

/** Drops trailing empty rows (in place) and enforces the row limit. */
export function finishRows(rows: Cell[][], maxRows: number): Cell[][] {
  let end = rows.length;
  while (end > 0 && rows[end - 1].length === 0) end--;
  rows.length = end;
  if (end > maxRows + 1) throw tooManyRows(maxRows, end - 1);
  return rows;
}

/** A sheet over the row limit: `count` rows below the header, or more than the limit where reading stopped there. */
export function tooManyRows(maxRows: number, count?: number) {
  const limit = maxRows.toLocaleString("en-US");
  return new SheetSourceError(
    "too-many-rows",
    `The sheet has ${count === undefined ? `more than ${limit}` : count.toLocaleString("en-US")} rows below the header; at most ${limit} are supported.`,
  );
}

/** Values from the Sheets API (unknown JSON) → Cells. */
export function toCell(value: unknown): Cell {
  if (typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : "";
  if (value === null || value === undefined) return "";
  return String(value);
}
