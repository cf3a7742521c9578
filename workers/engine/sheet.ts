// The contract between the sheet sources (server) and the report engine (worker): what a disease's sheet looks
// like once fetched from Google Sheets or read from an uploaded workbook, and cached in the database.

/** A cell as the sources deliver it: Sheets API values are strings (or numbers when unformatted); workbooks may
 *  also give numbers (dates as serial numbers), booleans or empty cells. */
export type Cell = string | number | boolean | null;

export interface SheetData {
  /** Rows from the header row down, as delivered: rows may be ragged (shorter than the header) or empty. */
  values: Cell[][];
  /** 1-based sheet row number of the header row (from the disease's Headers Range, e.g. A5 → 5), so that the
   *  engine can report each record with the row number a person sees in the spreadsheet. */
  headerRow: number;
  /** 1-based sheet column number of the first column (A → 1). */
  firstColumn: number;
  /** When the values were fetched from their source (ISO string). */
  fetchedAt: string;
  /** Where they came from. */
  source: "google" | "upload";
}
