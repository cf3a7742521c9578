// What the server makes of a report's model: the no-JavaScript page's tables, the integration API's JSON, the
// assistant's summary (MCP), the PowerPoint deck, the Excel workbook, and what changed since an earlier version. Pure:
// no database, so the same functions run in a worker thread for a large sheet and on the event loop for a small one
// (app/services/report-model.server.ts).
import type { ReportTypeId } from "#common/constants";
import { SHEET_LOAD_FAILED, VERSION_UNREADABLE } from "#common/messages";
import { buildReport, type BuildOptions, type ReportFailure, type ReportModel } from "#workers/engine";
import { diffModels, markChanges, type ModelDiff } from "#workers/engine/diff";
import type { InvalidRecord, RowWarning } from "#workers/engine/model";
import type { SheetData } from "#workers/engine/sheet";
import { numberedPageOf, slicePage, type Page } from "~/utils/paging";
import { registryText } from "~/utils/registry/slips";
import { sheetOfParts, type StoredSheet } from "~/utils/sheets/parts.server";

import { reportDeck, type DeckLogo, type ReportDeckInfo } from "./deck.server";
import { reportTables } from "./tables";
import { reportWorkbook, type ReportWorkbookInfo } from "./workbook.server";

/** Rows per page of the server-rendered tables and of the Invalid Records table without JavaScript. */
const TABLE_PAGE = 100;
/** Rows of each table, and rows left out, an assistant is given (the link leads to the rest). */
const SUMMARY_ROWS = 150;
const SUMMARY_LEFT_OUT = 25;

/** An earlier version of the sheet a report is compared with (issue 30), and the day it is as of. */
export interface Comparison {
  before: StoredSheet;
  since: string;
  /** The day the report itself is as of (null: today), for the registry's moves in between. */
  until: string | null;
}

/** What to make of the model, and with what. A `compare`d report marks its rows' changes since that version. */
export type ModelWant =
  /** JSON bytes of `{ ...wrap, sheetReadAt, model }` (the API's answer). */
  | { as: "json"; wrap: Record<string, unknown> }
  /** One page of the tables (`search`: the page's address, its page numbers), and of the rows left out when asked. */
  | { as: "page"; search: string; withInvalid: boolean; compare?: Comparison }
  /** The tables an assistant reads, cut to their first rows, with `wrap`. */
  | { as: "summary"; wrap: Record<string, unknown> }
  | { as: "deck"; info: Omit<ReportDeckInfo, "logos" | "changes">; compare?: Comparison }
  | { as: "workbook"; info: ReportWorkbookInfo; compare?: Comparison }
  /** What changed since the compared version: both built with the same options, compared. */
  | { as: "changes"; compare: Comparison };

export interface PageTables {
  ok: true;
  /** Compared with an earlier version: what changed (the "What changed" panel's list). */
  diff: ModelDiff | null;
  title: string;
  footnotes: string[];
  generalFootnotes: string[];
  tables: Array<ReturnType<typeof reportTables>[number] & { page: Page }>;
  invalid: { page: Page; records: InvalidRecord[]; warnings: { page: Page; rows: RowWarning[] } } | null;
  stats: { shownRecords: number; invalidRecords: number };
}

export interface Outputs {
  changes: ModelDiff;
  json: Uint8Array;
  page: PageTables;
  summary: Record<string, unknown>;
  deck: Uint8Array;
  workbook: Uint8Array;
}

/** Why there is no model, with the page's words ("version": a report as of a day whose version is missing or damaged). */
export type ModelFailure = { ok: false; failure: ReportFailure["failure"] | "version"; missingColumns: string[]; message: string };

/** Asks the thread that holds the database: the logos of the companies a deck draws. */
export type LogoQuestion = (companies: string[]) => Promise<Record<string, DeckLogo>>;

/** What the server asks of a stored sheet: one report, built with these options, made into `want`. */
export interface ModelJob<W extends ModelWant = ModelWant> {
  sheet: StoredSheet;
  type: ReportTypeId;
  options: BuildOptions;
  want: W;
}

export type Produced<W extends ModelWant = ModelWant> = { ok: true; value: Outputs[W["as"]] } | ModelFailure;

/** The stored sheet's rows, or the failure of a copy that does not read back (a damaged version). */
function read(stored: StoredSheet): { ok: true; sheet: SheetData } | ModelFailure {
  try {
    return { ok: true, sheet: sheetOfParts(stored) };
  } catch {
    return stored.layout === "chain"
      ? { ok: false, failure: "version", missingColumns: [], message: VERSION_UNREADABLE }
      : { ok: false, failure: "fetch", missingColumns: [], message: SHEET_LOAD_FAILED };
  }
}

/** The report built from the stored sheet and made into what the job wants; the engine's failure as it is. */
export async function produce<W extends ModelWant>({ sheet, type, options, want }: ModelJob<W>, logos: LogoQuestion): Promise<Produced<W>> {
  const rows = read(sheet);
  if (!rows.ok) return rows;
  const model = buildReport(type, rows.sheet, options);
  if (!model.ok) return { ok: false, failure: model.failure, missingColumns: model.missingColumns, message: model.error ?? "" };
  const compare = "compare" in want ? want.compare : undefined;
  if (!compare) return { ok: true, value: (await make(model, sheet.fetchedAt, want as MadeWant, logos, null)) as Outputs[W["as"]] };
  const earlier = read(compare.before);
  if (!earlier.ok) return earlier;
  const before = buildReport(type, earlier.sheet, options);
  // An earlier version the engine cannot build (a column added since): every row of today's is new to it.
  const diff = diffModels(before.ok ? before : null, model, { since: compare.since, until: compare.until });
  if (want.as === "changes") return { ok: true, value: diff as Outputs[W["as"]] };
  const marked = markChanges(model, diff, compare.since);
  const changes = { diff, since: compare.since, readAt: compare.before.fetchedAt };
  return { ok: true, value: (await make(marked, sheet.fetchedAt, want as MadeWant, logos, changes)) as Outputs[W["as"]] };
}

type MadeWant = Exclude<ModelWant, { as: "changes" }>;
/** What changed since a compared version, for the panel's list and the deck's slide. */
type Changes = { diff: ModelDiff; since: string; readAt: string };

/** The JSON `{ sheet }` the report page's worker fetches, of a stored copy that cannot be streamed as stored (a
 *  version, rebuilt from its deltas). */
export function sheetJson(stored: StoredSheet): { ok: true; value: Uint8Array } | ModelFailure {
  const rows = read(stored);
  return rows.ok ? { ok: true, value: new TextEncoder().encode(JSON.stringify({ sheet: rows.sheet })) } : rows;
}

async function make(model: ReportModel, fetchedAt: string, want: MadeWant, logos: LogoQuestion, changes: Changes | null) {
  switch (want.as) {
    case "json":
      return new TextEncoder().encode(JSON.stringify({ ...want.wrap, sheetReadAt: fetchedAt, model }));
    case "page":
      return pageTables(model, new URLSearchParams(want.search), want.withInvalid, changes?.diff ?? null);
    case "summary":
      return summary(model, fetchedAt, want.wrap);
    case "deck": {
      const companies = deckCompanies(model);
      return reportDeck(model, {
        ...want.info,
        logos: companies.length ? await logos(companies) : {},
        changes: changes && {
          since: changes.since,
          readAt: changes.readAt,
          list: changes.diff.changes,
          unchanged: changes.diff.unchanged,
          registry: changes.diff.registry.map(registryText),
        },
      });
    }
    case "workbook":
      return reportWorkbook(model, want.info);
  }
}

/** The companies whose logos a report's deck draws: the phase board's cards name them, as on the page. */
export function deckCompanies(model: ReportModel) {
  return model.type === "landscape-type-1" ? [...new Set(model.columns.flatMap((c) => c.boxes.map((b) => b.company)))] : [];
}

/** The report as one page of tables (the no-JavaScript view). */
function pageTables(model: ReportModel, search: URLSearchParams, withInvalid: boolean, diff: ModelDiff | null): PageTables {
  const pageOf = (count: number) => numberedPageOf(search, count, TABLE_PAGE);
  return {
    ok: true,
    diff,
    title: model.title,
    footnotes: model.footnotes,
    generalFootnotes: model.generalFootnotes,
    // Only the rows of the page asked for are made. (The dates the workbook writes stay here: the page shows the text.)
    tables: reportTables(model, (count) => {
      const { offset } = pageOf(count);
      return { from: offset, to: offset + TABLE_PAGE };
    }).map(({ dates: _dates, ...table }) => ({ ...table, page: pageOf(table.count) })),
    invalid: withInvalid ? invalidPages(model, search) : null,
    stats: { shownRecords: model.stats.shownRecords, invalidRecords: model.stats.invalidRecords },
  };
}

/** A page of the invalid records (`ipage`) and one of the unreadable values (`wpage`: thousands on a large sheet). */
function invalidPages(model: ReportModel, search: URLSearchParams) {
  const records = slicePage(model.invalidRecords, search, TABLE_PAGE, "ipage");
  const warnings = slicePage(model.warnings, search, TABLE_PAGE, "wpage");
  return { page: records.page, records: records.items, warnings: { page: warnings.page, rows: warnings.items } };
}

/** A report's model as an assistant reads it: its tables as the page's no-JavaScript view has them, and the rows left out. */
function summary(model: ReportModel, fetchedAt: string, wrap: Record<string, unknown>) {
  return {
    ...wrap,
    sheetReadAt: fetchedAt,
    rowsShown: model.stats.shownRecords,
    rowsLeftOut: model.stats.invalidRecords,
    tables: reportTables(model, () => ({ from: 0, to: SUMMARY_ROWS })).map((table) => ({
      caption: table.caption,
      columns: table.columns,
      rows: table.rows,
      ...(table.count > SUMMARY_ROWS ? { moreRows: table.count - SUMMARY_ROWS } : {}),
    })),
    leftOut: model.invalidRecords.slice(0, SUMMARY_LEFT_OUT).map((r) => ({ sheetRow: r.sheetRow, reason: r.reason })),
    footnotes: model.footnotes,
  };
}
