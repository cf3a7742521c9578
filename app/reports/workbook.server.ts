// 'Export as Excel' (issue 27): a report's rows as the page shows them, and the rows it left out with their reasons,
// one worksheet each, from the engine's model through the page's own tables (reportTables). A date the engine read is
// a real Excel date (DD/MM/YYYY); where the page shows more than that day — the period as typed and where it was
// placed, a footnote number, the registry's ⏱ move — that text stands beside it. Built in a deck worker
// (deck-worker.server.ts): writing a large workbook holds a thread for longer than the event loop may be held.
import ExcelJS from "exceljs";

import type { Cell } from "#workers/engine";
import type { DateValue, ReportModel } from "#workers/engine/model";
import { formatDay } from "~/utils/dates";

import { leftOutTable, reportTables, type ReportTable } from "./tables";

/** What the workbook's properties say: the report's title as the page heads it. */
export interface ReportWorkbookInfo {
  title: string;
  exportedAt: Date;
}

type Value = string | number | boolean | Date | null;
interface Sheet {
  name: string;
  columns: string[];
  /** Columns that hold the engine's dates. */
  dateColumns: ReadonlySet<number>;
  rows: Value[][];
}

const DATE_FORMAT = "dd/mm/yyyy";
/** Widest a column gets, in characters: longer text wraps. */
const MAX_WIDTH = 60;
/** The suffix of the column beside a date column that holds what the page shows there, where that is more than the day. */
const AS_SHOWN = " (as shown)";

const day = (d: DateValue) => new Date(`${d.iso}T00:00:00Z`);

/** A table of the page as a worksheet: each date column as the engine's dates (the page's text where it has none),
 *  with the page's text beside it where that says more than the day. */
function tableSheet(table: ReportTable): Sheet {
  const columns: string[] = [];
  const dateColumns = new Set<number>();
  const cells: Array<(row: string[], r: number) => Value[]> = [];
  table.columns.forEach((name, c) => {
    const dates = table.dates?.[name];
    if (!dates) {
      columns.push(name);
      cells.push((row) => [row[c] || null]);
      return;
    }
    const extra = (text: string, d: DateValue | null) => (d && text !== formatDay(day(d)) ? text : null);
    const withText = table.rows.some((row, r) => extra(row[c]!, dates[r]!) !== null);
    dateColumns.add(columns.length);
    columns.push(name, ...(withText ? [`${name}${AS_SHOWN}`] : []));
    cells.push((row, r) => {
      const d = dates[r]!;
      return [d ? day(d) : row[c] || null, ...(withText ? [extra(row[c]!, d)] : [])];
    });
  });
  return {
    name: table.caption,
    columns,
    dateColumns,
    rows: table.rows.map((row, r) => cells.flatMap((cell) => cell(row, r))),
  };
}

/** The rows left out, each with its reason and the row's values under the sheet's own headers. */
function leftOutSheet(model: ReportModel): Sheet {
  const base = leftOutTable(model.invalidRecords);
  const headers = [...new Set(model.invalidRecords.flatMap((r) => Object.keys(r.values)))];
  return {
    name: "Left out",
    columns: [...base.columns, ...headers],
    dateColumns: new Set(),
    rows: model.invalidRecords.map((record, i) => [
      Number(base.rows[i]![0]),
      base.rows[i]![1]!,
      ...headers.map((h): Cell => record.values[h] ?? null),
    ]),
  };
}

/** A worksheet name Excel accepts: none of : \ / ? * [ ], at most 31 characters, unique in the workbook. */
function sheetName(name: string, taken: Set<string>) {
  const base = name.replace(/[:\\/?*[\]]/g, " ").slice(0, 31);
  let unique = base;
  for (let n = 2; taken.has(unique.toLowerCase()); n++) unique = `${base.slice(0, 31 - String(n).length - 1)} ${n}`;
  taken.add(unique.toLowerCase());
  return unique;
}

/** Characters of the longest line a cell shows. */
const widthOf = (value: Value) =>
  value instanceof Date
    ? DATE_FORMAT.length
    : Math.max(
        0,
        ...String(value ?? "")
          .split("\n")
          .map((line) => line.length),
      );

/** The .xlsx of a report: its rows as shown, one worksheet per table of the page, then the rows left out, the
 *  footnotes when there are any (and, for the events by quarter, the events that could not be placed). Header rows
 *  bold and frozen, columns as wide as their content. */
export async function reportWorkbook(model: ReportModel, info: ReportWorkbookInfo): Promise<Buffer> {
  const sheets = [
    ...reportTables(model).map(tableSheet),
    leftOutSheet(model),
    // What the rows' footnote numbers ("Leqembi [1]") refer to, and the report's general notes.
    ...(model.footnotes.length || model.generalFootnotes.length
      ? [
          {
            name: "Footnotes",
            columns: ["Number", "Footnote"],
            dateColumns: new Set<number>(),
            rows: [
              ...model.footnotes.map((text, i): Value[] => [i + 1, text]),
              ...model.generalFootnotes.map((text): Value[] => [null, text]),
            ],
          },
        ]
      : []),
    ...(model.type === "events-2"
      ? [
          {
            name: "Events left out",
            columns: ["Event", "Reason"],
            dateColumns: new Set<number>(),
            rows: model.invalidEvents.map((e) => [e.title, e.reason]),
          },
        ]
      : []),
  ];
  const workbook = new ExcelJS.Workbook();
  workbook.title = info.title;
  workbook.creator = "Pharmascope";
  workbook.created = info.exportedAt;
  const taken = new Set<string>();
  for (const sheet of sheets) {
    // (exceljs leaves out the characters XML forbids, which a sheet's cell may carry as Excel escapes them: _x000B_.)
    const rows = sheet.rows;
    const worksheet = workbook.addWorksheet(sheetName(sheet.name, taken), { views: [{ state: "frozen", ySplit: 1 }] });
    worksheet.columns = sheet.columns.map((header, c) => ({
      header,
      width: Math.min(MAX_WIDTH, rows.reduce((width, row) => Math.max(width, widthOf(row[c] ?? null)), Math.max(8, widthOf(header))) + 2),
      ...(sheet.dateColumns.has(c) ? { style: { numFmt: DATE_FORMAT } } : {}),
    }));
    worksheet.getRow(1).font = { bold: true };
    worksheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: sheet.columns.length } };
    for (const values of rows) {
      const row = worksheet.addRow(values);
      values.forEach((value, c) => {
        if (typeof value === "string" && (value.includes("\n") || value.length > MAX_WIDTH))
          row.getCell(c + 1).alignment = { wrapText: true, vertical: "top" };
      });
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
