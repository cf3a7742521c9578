// Per-build context: the header index, the data rows, and the collectors for invalid records and warnings.
import { REPORT_NAMES } from "#common/constants";

import { COLUMNS, indexHeader, type ColumnId, type HeaderIndex } from "./columns";
import { REPORT_NUMBERS, type ReportType } from "./constants";
import { parseDate } from "./dates";
import type { InvalidRecord, ReportBase, RowWarning, TrialSlip } from "./model";
import { collectFootnotes, isConferenceRow } from "./rules";
import type { Cell, SheetData } from "./sheet";
import { cellText } from "./text";
import { ENGINE_VERSION } from "./version";

const EMPTY: Cell[] = [];
const DATE_COLUMNS: readonly ColumnId[] = ["estLaunch", "primaryCompletion"];

/** The sheet prepared once for all report types: header index and data rows. */
/** Why a report other than the event calendar leaves out a Conference row (spec §4: the calendar's header row). */
export const CONFERENCE_ROW_REASON = "Conference header row: shown on the event calendar only";

export interface PreparedSheet {
  header: HeaderIndex;
  /** Rows below the header (possibly ragged, possibly not arrays in bad input: those read as empty). */
  rows: readonly Cell[][];
  headerRow: number;
  /** Which data rows are records: at least one non-empty cell and not a Conference row. */
  nonEmpty: Uint8Array;
  nonEmptyCount: number;
  /** Conference rows (H/M/L or Product name 'Conference'): the event calendar's header row, skipped elsewhere. */
  conference: Uint8Array;
}

function isBlankRow(row: readonly Cell[]): boolean {
  for (let i = 0; i < row.length; i++) {
    const c = row[i];
    if (c !== null && c !== undefined && c !== "" && !(typeof c === "string" && c.trim() === "")) return false;
  }
  return true;
}

/** Reads SheetData defensively: a missing or non-array `values`, a non-array row, or a bad headerRow are
 *  tolerated (read as empty / 1). */
export function prepareSheet(sheet: SheetData | null | undefined): PreparedSheet {
  const values = Array.isArray(sheet?.values) ? sheet.values : [];
  const headerRow = Number.isInteger(sheet?.headerRow) && sheet!.headerRow > 0 ? sheet!.headerRow : 1;
  const header = indexHeader(Array.isArray(values[0]) ? values[0] : EMPTY);
  const rows = values.slice(1).map((r) => (Array.isArray(r) ? r : EMPTY));
  const nonEmpty = new Uint8Array(rows.length);
  const conference = new Uint8Array(rows.length);
  const hml = header.col.hml;
  const product = header.col.product;
  let nonEmptyCount = 0;
  for (let i = 0; i < rows.length; i++) {
    if (isBlankRow(rows[i])) continue;
    if (isConferenceRow(hml < 0 ? null : rows[i][hml], product < 0 ? null : rows[i][product])) {
      conference[i] = 1;
      continue;
    }
    nonEmpty[i] = 1;
    nonEmptyCount++;
  }
  return { header, rows, headerRow, nonEmpty, nonEmptyCount, conference };
}

/** Collects what a report leaves out, with sheet row numbers and the row's values keyed by header. */
export class BuildContext {
  readonly invalidRecords: InvalidRecord[] = [];
  readonly warnings: RowWarning[] = [];
  /** Header names with their column, first occurrence of each name only, computed once. */
  private readonly namedColumns: ReadonlyArray<readonly [string, number]>;
  /** Columns that hold dates: a serial number there is shown as the date it is, not as 45925. */
  private readonly dateColumns: ReadonlySet<number>;
  constructor(
    readonly sheet: PreparedSheet,
    readonly type: ReportType,
    private readonly trialSlips: readonly TrialSlip[] = [],
  ) {
    const seen = new Set<string>();
    const named: [string, number][] = [];
    sheet.header.names.forEach((name, c) => {
      if (name && !seen.has(name)) {
        seen.add(name);
        named.push([name, c]);
      }
    });
    this.namedColumns = named;
    this.dateColumns = new Set(DATE_COLUMNS.map((id) => sheet.header.col[id]).filter((c) => c >= 0));
  }

  get header(): HeaderIndex {
    return this.sheet.header;
  }

  /** 1-based sheet row of data row i. */
  sheetRow(i: number): number {
    return this.sheet.headerRow + i + 1;
  }

  /** Cell of data row i in column id (null when the column is absent or the row is short). */
  cell(i: number, id: ColumnId): Cell {
    const c = this.sheet.header.col[id];
    if (c < 0) return null;
    const v = this.sheet.rows[i][c];
    return v === undefined ? null : v;
  }

  /** Trimmed text of a cell. */
  text(i: number, id: ColumnId): string {
    const c = this.sheet.header.col[id];
    return c < 0 ? "" : cellText(this.sheet.rows[i][c]);
  }

  has(id: ColumnId): boolean {
    return this.sheet.header.col[id] >= 0;
  }

  /** The row's non-empty values keyed by header text (first column wins for repeated headers; empty and missing
   *  cells are left out, so the table shows them blank). */
  values(i: number): Record<string, Cell> {
    const out: Record<string, Cell> = {};
    const row = this.sheet.rows[i];
    for (const [name, c] of this.namedColumns) {
      const v = row[c];
      if (v === undefined || v === null || v === "") continue;
      const date = typeof v === "number" && this.dateColumns.has(c) ? parseDate(v) : null;
      out[name] = date?.ok ? date.value.label : v;
    }
    return out;
  }

  reject(
    i: number,
    kind: InvalidRecord["kind"],
    reason: string,
    column: ColumnId | null = null,
    value: string | null = null,
    duplicateOf: number | null = null,
  ): void {
    const record = { sheetRow: this.sheetRow(i), kind, reason, column: column ? COLUMNS[column] : null, value, duplicateOf };
    // The row's values are most of a record and most records are never read (the page gets the first page of them, the
    // worker the rest when asked): they are read from the row on first use, then kept as a plain property. Reading all
    // of them was a third of the event calendar's build at 10,000 rows, and a fifth more in garbage collection.
    const values = () => this.values(i);
    this.invalidRecords.push(
      Object.defineProperty(record as InvalidRecord, "values", {
        enumerable: true,
        configurable: true,
        get(this: InvalidRecord) {
          return Object.defineProperty(this, "values", { value: values(), enumerable: true, writable: true, configurable: true }).values;
        },
      }),
    );
  }

  /** Rejects for an invalid or missing value of a column. */
  rejectValue(i: number, id: ColumnId, value: string, detail?: string): void {
    const reason = value
      ? `Invalid value '${value}' in column '${COLUMNS[id]}'${detail ? ` (${detail})` : ""}`
      : `Missing value in column '${COLUMNS[id]}'`;
    this.reject(i, "invalid-value", reason, id, value);
  }

  warn(i: number, id: ColumnId, value: string, reason: string): void {
    this.warnings.push({ sheetRow: this.sheetRow(i), column: COLUMNS[id], value, reason });
  }

  /** The slips of the trials each row names, by registry id in 'Trial Identifier', 'NCT link' or 'NCT Url'. */
  private slipsByRow(): Record<number, TrialSlip[]> {
    const byRow: Record<number, TrialSlip[]> = {};
    if (this.trialSlips.length === 0) return byRow;
    const byTrial = new Map<string, TrialSlip[]>();
    for (const slip of this.trialSlips) byTrial.set(slip.trial.toUpperCase(), [...(byTrial.get(slip.trial.toUpperCase()) ?? []), slip]);
    const { col } = this.sheet.header;
    const columns = [col.trialIdentifier, col.nctLink, col.nctUrl].filter((c) => c >= 0);
    for (let i = 0; i < this.sheet.rows.length; i++) {
      if (!this.sheet.nonEmpty[i]) continue;
      const ids = new Set(
        columns.flatMap(
          (c) =>
            cellText(this.sheet.rows[i][c])
              .toUpperCase()
              .match(/NCT\d{8}/g) ?? [],
        ),
      );
      const slips = [...ids].flatMap((id) => byTrial.get(id) ?? []);
      if (slips.length) byRow[this.sheetRow(i)] = slips;
    }
    return byRow;
  }

  /** The fields every model shares; `shown` is the number of records displayed. Every data row is accounted for:
   *  shown, or listed in `invalidRecords` with its reason — Conference rows too, which only the event calendar shows. */
  base<T extends ReportType>(type: T, shown: number): ReportBase<T> {
    const n = REPORT_NUMBERS[type];
    const { conference } = this.sheet;
    let conferenceRows = 0;
    for (let i = 0; i < conference.length; i++) {
      if (!conference[i]) continue;
      conferenceRows++;
      // (The news list and events by quarter are not built from the sheet's rows.)
      if (type !== "event-calendar" && type !== "list" && type !== "events-2") this.reject(i, "left-behind", CONFERENCE_ROW_REASON);
    }
    this.invalidRecords.sort((a, b) => a.sheetRow - b.sheetRow);
    const footnoteRefs: Record<number, number[]> = {};
    const footnotes = collectFootnotes(this.sheet.rows, this.sheet.header.footnotes[n], (i, number) => {
      const refs = (footnoteRefs[this.sheetRow(i)] ??= []);
      if (!refs.includes(number)) refs.push(number);
    });
    return {
      ok: true,
      type,
      reportNumber: n,
      title: REPORT_NAMES[type],
      engineVersion: ENGINE_VERSION,
      footnotes,
      footnoteRefs,
      generalFootnotes: collectFootnotes(this.sheet.rows, this.sheet.header.generalFootnotes[n]),
      invalidRecords: this.invalidRecords,
      warnings: this.warnings,
      slips: this.slipsByRow(),
      stats: {
        dataRows: this.sheet.nonEmptyCount + conferenceRows,
        shownRecords: shown + (type === "event-calendar" ? conferenceRows : 0),
        invalidRecords: this.invalidRecords.length,
      },
    };
  }
}
