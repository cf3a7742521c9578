import { SheetSourceError } from "./errors.server";

// The disease's Headers Range (user-app §2, e.g. "A5") names the cell where the header row starts. We also
// accept an end column ("A5:AH5" or "A5:AH") for sheets with notes to the right of the table.

/** Last column read when the Headers Range gives none: ZZ (702 columns) is far beyond any report sheet. */
const DEFAULT_LAST_COLUMN = 702;

export interface HeaderRange {
  /** 1-based header row (A5 → 5). */
  headerRow: number;
  /** 1-based first column (A → 1). */
  firstColumn: number;
  /** 1-based last column read (inclusive). */
  lastColumn: number;
}

function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

function columnLetters(n: number): string {
  let s = "";
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
}

const RANGE = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})(?::\$?([A-Za-z]{1,3})\$?(\d{1,7})?)?$/;

/** Parses "A5", "$B$3", "A5:AH5" or "a5:ah"; an empty range means A1. Throws a SheetSourceError otherwise. */
export function parseHeaderRange(range: string | null | undefined): HeaderRange {
  const text = (range ?? "").trim().replace(/^'?[^!]*'?!/, ""); // tolerate a pasted "'Sheet'!A5"
  if (text === "") return { headerRow: 1, firstColumn: 1, lastColumn: DEFAULT_LAST_COLUMN };
  const m = RANGE.exec(text);
  const headerRow = m ? Number(m[2]) : 0;
  const firstColumn = m ? columnNumber(m[1]) : 0;
  const lastColumn = m?.[3] ? columnNumber(m[3]) : DEFAULT_LAST_COLUMN;
  if (!m || headerRow < 1 || firstColumn > DEFAULT_LAST_COLUMN || lastColumn < firstColumn || lastColumn > DEFAULT_LAST_COLUMN) {
    throw new SheetSourceError(
      "bad-range",
      `The Headers Range "${range}" is not a cell address. Enter the cell where the header row starts, e.g. A5.`,
    );
  }
  return { headerRow, firstColumn, lastColumn };
}

/** A1 notation for the Sheets API: the named tab from the header cell down to the last column, all rows. */
export function a1Range(sheetName: string | null | undefined, r: HeaderRange): string {
  const cells = `${columnLetters(r.firstColumn)}${r.headerRow}:${columnLetters(r.lastColumn)}`;
  const name = (sheetName ?? "").trim();
  // Quote always; a quote inside the name is doubled (Sheets' A1 rules).
  return name ? `'${name.replaceAll("'", "''")}'!${cells}` : cells;
}
