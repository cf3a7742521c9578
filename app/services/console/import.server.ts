import { setImmediate } from "node:timers/promises";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import ExcelJS from "exceljs";
import JSZip from "jszip";

import { FIELD_REQUIRED, UNEXPECTED_ERROR } from "#common/messages";
import { nameKey } from "#common/search";
import type { ImportKind } from "#db/models/import-run.server";
import { holdingsOf } from "~/models/grants.server";
import {
  claimImportRun,
  createImportRun,
  findImportRun,
  finishImportRun,
  isStalled,
  recordImportProgress,
  releaseImportRun,
} from "~/models/import-run.server";
import { requireUserWith } from "~/services/auth.server";
import { sheetConfig } from "~/utils/env.server";
import {
  IMPORT_FIELD,
  IMPORT_MAX_ROWS,
  IMPORT_PAGE_SIZE,
  OUTCOMES,
  SCOPE_COLUMNS,
  type ImportColumn,
  type ImportRow,
  type Outcome,
  type RowProblem,
} from "~/utils/import";
import type { Permission } from "~/utils/permissions";
import { readUploadForm } from "~/utils/request.server";
import type { SessionUser } from "~/utils/session.server";
import { SheetSourceError } from "~/utils/sheets/errors.server";
import { guardWorkbook, IMPORT_MAX_BYTES } from "~/utils/sheets/upload-guard.server";
import { parseWorkbook } from "~/utils/sheets/workbook.server";
import { redirectWithToast } from "~/utils/toast.server";

// Spreadsheet imports of the console (admin-console §5, §7; issue 13): compounds from .xlsm, keywords from .xlsx.
//  1. The template is made from the importer's columns on each download, so it cannot drift from what is read.
//  2. An upload is one file of the kind's extension; its bytes pass the workbook checks (magic bytes, the zip
//     pre-check, sizes) before exceljs reads its first sheet's cells. Only those cells are kept (an ImportRun): the
//     file itself — and any macro in an .xlsm — is never run or stored.
//  3. The preview checks every row against today's data and says, per row, what importing would do: create, update
//     (matched by name — see each importer), leave unchanged, or refuse and why (column and message).
//  4. Import checks the rows again, writes the valid ones in chunks and records its progress on the run (the page
//     polls it); then the run keeps only its report. Importing the same file again finds every row unchanged.

/** Rows written per round trip (and progress step): 500 held the event loop over 200 ms (documents and audit entries
 *  are built in one go). */
const CHUNK = 100;
/** The refused rows a report keeps (with their reasons). */
const REPORTED_PROBLEMS = 1000;

/** A row of the sheet, by column key, with its row number in the sheet. */
export type ImportRecord = { row: number; cells: Record<string, string> };

/** A row checked against today's data: what importing it does, and what it writes (`values`, over `existing`). */
export type PlannedRow<V, E> = ImportRow & { values?: V; existing?: E };
/** What a chunk of an import writes: records to create, and records to update with their new values. */
export type ImportBatch<V, E> = { creates: V[]; updates: Array<{ existing: E; values: V }> };

export interface Importer<V, E> {
  kind: ImportKind;
  /** "compounds": the page's words. */
  noun: string;
  extension: "xlsm" | "xlsx";
  sheetName: string;
  columns: readonly ImportColumn[];
  /** The list the import belongs to, its pages below it. */
  list: string;
  /** The spec's message once imported ('Compounds Imported.'). */
  done: string;
  /** Checks every row for `user` (who must hold what a row names). */
  plan: (user: SessionUser, records: ImportRecord[]) => Promise<Array<PlannedRow<V, E>>>;
  /** Writes checked rows. */
  write: (actor: SessionUser, batch: ImportBatch<V, E>) => Promise<void>;
}

/**
 * The client → area → disease each record names, among those `user` holds (by name, spelling variants ignored): each
 * record with the ids, or the problems ('Field Required' for an empty cell).
 */
async function scopedRecords(user: SessionUser, records: ImportRecord[]) {
  const resolve = await scopeResolver(user);
  return mapInTurns(records, (record) => ({ record, ...resolve(record.cells) }));
}

async function scopeResolver(user: SessionUser) {
  const tree = await holdingsOf(user);
  // Each list's map is built once (a client's areas, an area's diseases), not once per row.
  const maps = new WeakMap<object, Map<string, unknown>>();
  const byName = <T extends { name: string }>(list: T[]) => {
    let map = maps.get(list);
    if (!map) maps.set(list, (map = new Map(list.map((item) => [nameKey(item.name), item]))));
    return map as Map<string, T>;
  };
  const clients = byName(tree.clients);
  // A sheet names the same few clients, areas and diseases on every row: each spelling is keyed once.
  const keys = new Map<string, string>();
  const cellKey = (cell: string) => keys.get(cell) ?? keys.set(cell, nameKey(cell)).get(cell)!;
  return (cells: Record<string, string>) => {
    const problems: RowProblem[] = [];
    const [clientCol, areaCol, diseaseCol] = SCOPE_COLUMNS.map((c) => c.header) as [string, string, string];
    const missing = (column: string) => problems.push({ column, message: FIELD_REQUIRED });
    const client = cells.client ? clients.get(cellKey(cells.client)) : undefined;
    const area = client && cells.area ? byName(client.areas).get(cellKey(cells.area)) : undefined;
    const disease = area && cells.disease ? byName(area.diseases).get(cellKey(cells.disease)) : undefined;
    if (!cells.client) missing(clientCol);
    else if (!client) problems.push({ column: clientCol, message: `No client "${cells.client}" among those you hold.` });
    if (!cells.area) missing(areaCol);
    else if (client && !area)
      problems.push({ column: areaCol, message: `No therapeutic area "${cells.area}" of ${client.name} among those you hold.` });
    if (!cells.disease) missing(diseaseCol);
    else if (area && !disease)
      problems.push({ column: diseaseCol, message: `No disease "${cells.disease}" in ${area.name} among those you hold.` });
    return { scope: client && area && disease ? { client: client.id, therapeuticArea: area.id, disease: disease.id } : null, problems };
  };
}

/** How long rows are checked before the event loop gets a turn. A count of rows was not enough: the same 1,000 rows
 *  took 10 ms on a quiet machine and over 100 ms on a busy one (a row's cost grows with the names the user holds). */
const TURN_MS = 10;

/** `fn` over every item of `list`, giving the event loop a turn every TURN_MS. */
export async function mapInTurns<T, U>(list: readonly T[], fn: (item: T) => U): Promise<U[]> {
  const out: U[] = [];
  let turn = performance.now();
  for (const item of list) {
    if (performance.now() - turn > TURN_MS) {
      await setImmediate();
      turn = performance.now();
    }
    out.push(fn(item));
  }
  return out;
}

/** A record with the client → area → disease it names (null, with the problems, where it names none the user holds). */
type ScopedRecord = Awaited<ReturnType<typeof scopedRecords>>[number];

/** A row through its importer's own checks: refused (`problems`), or its values and the keys it is matched by. */
type CheckedRow<V> = { name: string; problems: RowProblem[] } | { name: string; values: V; keys: string[] };

/** The record a checked row updates (undefined: it creates one), or why it is refused (it matches several). */
type RowMatch<E> = { existing: E | undefined } | { problem: RowProblem };

/**
 * An importer's plan, around its own checks and matching: the rows' scopes are resolved, `load` gets what the rows are
 * matched against once (given the clients they name), then each row is `check`ed; a row sharing a key with an earlier
 * one is refused ("The same keyword as row 4.", under `repeat.column`), else `match`ed, and a match's `changes` make it
 * an update or leave it unchanged.
 */
export async function planRows<V, E, L>(
  user: SessionUser,
  records: ImportRecord[],
  {
    load,
    check,
    repeat,
    match,
    changes,
  }: {
    load: (clientIds: string[]) => Promise<L>;
    check: (scoped: ScopedRecord, loaded: L) => CheckedRow<V>;
    repeat: { column: string; noun: string };
    match: (checked: { values: V; keys: string[] }, loaded: L) => RowMatch<E>;
    changes: (existing: E, values: V) => Array<{ field: string }>;
  },
): Promise<Array<PlannedRow<V, E>>> {
  const scoped = await scopedRecords(user, records);
  const loaded = await load([...new Set(scoped.flatMap((s) => (s.scope ? [s.scope.client] : [])))]);
  const seen = new Map<string, number>();

  return mapInTurns(scoped, (item): PlannedRow<V, E> => {
    const { row } = item.record;
    const checked = check(item, loaded);
    const { name } = checked;
    const refuse = (problems: RowProblem[]): PlannedRow<V, E> => ({ row, name, outcome: "refused", problems });
    if (!("values" in checked)) return refuse(checked.problems);
    const earlier = checked.keys.map((k) => seen.get(k)).find((r) => r !== undefined);
    if (earlier !== undefined) return refuse([{ column: repeat.column, message: `The same ${repeat.noun} as row ${earlier}.` }]);
    for (const key of checked.keys) seen.set(key, row);
    const found = match(checked, loaded);
    if ("problem" in found) return refuse([found.problem]);
    const { values } = checked;
    if (!found.existing) return { row, name, outcome: "create", problems: [], values };
    const changed = changes(found.existing, values).map((c) => c.field);
    return {
      row,
      name,
      outcome: changed.length ? "update" : "unchanged",
      problems: [],
      changes: changed,
      values,
      existing: found.existing,
    };
  });
}

/** A choice written in a cell, as the list spells it ("mab" → "mAb"); "" for an empty cell, null for none of them. */
export function choiceOf<T extends string>(choices: readonly T[], cell: string): T | "" | null {
  if (!cell) return "";
  return choices.find((c) => nameKey(c) === nameKey(cell)) ?? null;
}

/** The columns the scope's fields (the ids the resolver finds) come from. */
const SCOPE_COLUMN_OF: Record<string, string> = Object.fromEntries(
  ["client", "therapeuticArea", "disease"].map((field, i) => [field, SCOPE_COLUMNS[i]!.header]),
);

/** A schema's issues with a row as problems, under the column each field comes from (`columnOf`, the scope's own, else
 *  the field), less what the row's own checks (`said`) already said of a column (an unknown company is not a missing
 *  one) and less the scope columns, which the scope resolver speaks for (a client it could not find is not "missing"). */
export function problemsOf(
  checked: { success: boolean; error?: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } },
  columnOf: Record<string, string>,
  said: readonly RowProblem[],
): RowProblem[] {
  const saidOf = new Set(said.map((p) => p.column));
  return (checked.error?.issues ?? [])
    .map((issue) => {
      const field = String(issue.path[0] ?? "");
      return { column: columnOf[field] ?? SCOPE_COLUMN_OF[field] ?? field, message: issue.message };
    })
    .filter((p) => !saidOf.has(p.column) && !SCOPE_COLUMNS.some((c) => c.header === p.column));
}

/** Header text as compared: case, spaces and a required mark ignored. */
const headerKey = (text: string) => text.replace(/\*/g, "").replace(/\s+/g, " ").trim().toLowerCase();

const CONTENT_TYPES = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  xlsm: "application/vnd.ms-excel.sheet.macroEnabled.12",
} as const;

/** What an import's upload page shows of its importer. */
export const uploadPageOf = <V, E>({ noun, extension, list, columns }: Importer<V, E>) => ({ noun, extension, list, columns });

/** The template: the columns as the header row (frozen), a list to choose from where a column has choices, and a
 *  second sheet saying what each column takes. An .xlsm is an .xlsx whose workbook part is typed macro-enabled. */
export async function templateResponse<V, E>(importer: Importer<V, E>) {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Pharmascope";
  const sheet = workbook.addWorksheet(importer.sheetName, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = importer.columns.map((c) => ({ header: c.header, key: c.key, width: Math.max(16, c.header.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  importer.columns.forEach((c, i) => {
    if (!c.choices) return;
    const letter = sheet.getColumn(i + 1).letter;
    // exceljs writes a range key as the validation's sqref: one rule for the column, not one per cell.
    (sheet as unknown as { dataValidations: { model: Record<string, unknown> } }).dataValidations.model[
      `${letter}2:${letter}${IMPORT_MAX_ROWS + 1}`
    ] = {
      type: "list",
      allowBlank: !c.required,
      formulae: [`"${c.choices.join(",")}"`],
      showErrorMessage: true,
      errorTitle: c.header,
      error: `Choose one of: ${c.choices.join(", ")}.`,
    };
  });
  const help = workbook.addWorksheet("Instructions");
  help.columns = [
    { header: "Column", key: "header", width: 26 },
    { header: "Required", key: "required", width: 10 },
    { header: "What to write", key: "hint", width: 90 },
  ];
  help.getRow(1).font = { bold: true };
  for (const c of importer.columns)
    help.addRow({
      header: c.header,
      required: c.required ? "Yes" : "",
      hint: [c.hint, c.choices ? `One of: ${c.choices.join(", ")}.` : ""].filter(Boolean).join(" "),
    });
  help.addRow({});
  help.addRow({
    header: "Rows",
    hint: `At most ${IMPORT_MAX_ROWS.toLocaleString("en-US")} rows per file. A row whose name matches a record of the same client updates it; importing the same file twice changes nothing the second time.`,
  });
  let bytes: Uint8Array = new Uint8Array(await workbook.xlsx.writeBuffer());
  if (importer.extension === "xlsm") {
    const zip = await JSZip.loadAsync(bytes);
    const types = await zip.file("[Content_Types].xml")!.async("string");
    zip.file(
      "[Content_Types].xml",
      types.replace(
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
        "application/vnd.ms-excel.sheet.macroEnabled.main+xml",
      ),
    );
    bytes = await zip.generateAsync({ type: "uint8array", compression: "DEFLATE" });
  }
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": CONTENT_TYPES[importer.extension],
      "Content-Disposition": `attachment; filename="${importer.kind}-import-template.${importer.extension}"`,
      "Cache-Control": "no-store",
    },
  });
}

/** The sheet's rows as text: the header first, then the data rows (blank rows kept, so row numbers stay the sheet's). */
async function readSheet<V, E>(importer: Importer<V, E>, file: File): Promise<string[][]> {
  const bytes = Buffer.from(await file.arrayBuffer());
  await guardWorkbook(bytes, file.name);
  const config = { ...sheetConfig(), SHEET_MAX_ROWS: IMPORT_MAX_ROWS };
  const { rows } = await parseWorkbook(
    bytes,
    "xlsx",
    { headerRow: 1, firstColumn: 1, lastColumn: importer.columns.length + 20 },
    importer.sheetName,
    config,
  );
  return rows.map((row) => row.map((cell) => (typeof cell === "boolean" ? (cell ? "Yes" : "No") : String(cell).trim())));
}

/** What is wrong with a sheet as a whole (no such column, no rows), or null. */
function sheetProblem<V, E>(importer: Importer<V, E>, rows: string[][]) {
  const headers = new Set((rows[0] ?? []).map(headerKey));
  const missing = importer.columns.filter((c) => c.required && !headers.has(headerKey(c.header))).map((c) => `'${c.header}'`);
  if (missing.length) return `The sheet has no ${missing.join(", ")} column${missing.length > 1 ? "s" : ""}. Start from the template.`;
  if (!rows.slice(1).some((row) => row.some(Boolean))) return "The sheet has no rows below its header.";
  return null;
}

/**
 * The upload step's action: one file of the kind's extension, checked and read; its rows kept as a run to preview.
 * Success: the run's preview page. A refused file: the upload page with why ('Unexpected error occured!' for what
 * nobody foresaw).
 */
export async function uploadImport<V, E>(request: Request, importer: Importer<V, E>, user: SessionUser) {
  const refuse = (error: string, status = 400) => data({ error }, { status });
  const read = await readUploadForm(request, {
    maxBytes: IMPORT_MAX_BYTES,
    tooLarge: `Choose a file of at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`,
  });
  if ("error" in read) return refuse(read.error, read.status);
  const files = read.form.getAll(IMPORT_FIELD).filter((f): f is File => typeof f !== "string" && (f.size > 0 || f.name !== ""));
  if (files.length === 0) return refuse(`Choose the .${importer.extension} file to import.`);
  if (files.length > 1) return refuse("Choose one file: one file per import.");
  const file = files[0]!;
  if (!file.name.toLowerCase().endsWith(`.${importer.extension}`))
    return refuse(
      `"${file.name}" is not an .${importer.extension} file: ${importer.noun} are imported from .${importer.extension} workbooks (download the template).`,
    );
  try {
    const rows = await readSheet(importer, file);
    const problem = sheetProblem(importer, rows);
    if (problem) return refuse(problem);
    const runId = await createImportRun({ user, kind: importer.kind, filename: file.name.slice(0, 200), rows });
    return redirect(`${importer.list}/import/${runId}`);
  } catch (error) {
    if (error instanceof SheetSourceError) return refuse(error.message);
    console.warn("import upload failed", error);
    return refuse(UNEXPECTED_ERROR, 500);
  }
}

/** The sheet's data rows by column key (the header decides which cell is which column); blank rows left out. */
async function recordsOf<V, E>(importer: Importer<V, E>, rows: string[][]): Promise<ImportRecord[]> {
  const header = (rows[0] ?? []).map(headerKey);
  const at = importer.columns.map((c) => [c.key, header.indexOf(headerKey(c.header))] as const);
  const records = await mapInTurns(rows.slice(1), (row) =>
    row.some(Boolean) ? Object.fromEntries(at.map(([key, index]) => [key, index >= 0 ? (row[index] ?? "") : ""])) : null,
  );
  return records.flatMap((cells, i) => (cells ? [{ row: i + 2, cells }] : []));
}

const countsOf = (rows: ImportRow[]) =>
  Object.fromEntries(OUTCOMES.map((o) => [o, rows.filter((r) => r.outcome === o).length])) as Record<Outcome, number>;

/** The import page's data: the preview (rows checked now, one page of them, by outcome), the progress, or the report. */
export async function importPage<V, E>(request: Request, importer: Importer<V, E>, user: SessionUser, runId: string | undefined) {
  const run = await findImportRun({ user, kind: importer.kind, id: runId, withRows: true });
  if (!run)
    throw await redirectWithToast(request, `${importer.list}/import`, {
      type: "error",
      message: "This import is no longer available: upload the file again.",
    });
  const base = { id: String(run._id), filename: run.filename, noun: importer.noun, list: importer.list };
  if (run.state === "done") return { ...base, state: "done" as const, result: run.result };
  if (run.state === "importing") return { ...base, state: "importing" as const, done: run.done, total: run.total, stalled: isStalled(run) };
  const planned = await importer.plan(user, await recordsOf(importer, run.rows ?? []));
  const search = new URL(request.url).searchParams;
  const show = OUTCOMES.find((o) => o === search.get("show")) ?? null;
  const shown = show ? planned.filter((r) => r.outcome === show) : planned;
  const pages = Math.max(1, Math.ceil(shown.length / IMPORT_PAGE_SIZE));
  const page = Math.min(Math.max(1, Number(search.get("page")) || 1), pages);
  const rows = shown
    .slice((page - 1) * IMPORT_PAGE_SIZE, page * IMPORT_PAGE_SIZE)
    .map(({ row, name, outcome, problems, changes }) => ({ row, name, outcome, problems, changes }));
  return { ...base, state: "preview" as const, counts: countsOf(planned), show, page, pages, rows };
}

/**
 * The Import button's action: the run is taken (one request applies it; a second click finds it taken), its rows are
 * checked again on today's data and the valid ones written in chunks, with the progress recorded on the run. Then the
 * run's page shows the report, with the spec's message.
 */
export async function applyImport<V, E>(request: Request, importer: Importer<V, E>, actor: SessionUser, runId: string | undefined) {
  const run = await findImportRun({ user: actor, kind: importer.kind, id: runId, withRows: true });
  if (!run)
    throw await redirectWithToast(request, `${importer.list}/import`, {
      type: "error",
      message: "This import is no longer available: upload the file again.",
    });
  const here = `${importer.list}/import/${String(run._id)}`;
  // A previewed run, or one whose import stalled (resumed); one done or being applied elsewhere is only shown.
  if (run.state === "done" || !(await claimImportRun(run))) return redirect(here);
  try {
    const planned = await importer.plan(actor, await recordsOf(importer, run.rows ?? []));
    for (let start = 0; start < planned.length; start += CHUNK) {
      const chunk = planned.slice(start, start + CHUNK);
      await importer.write(actor, {
        creates: chunk.flatMap((r) => (r.outcome === "create" && r.values ? [r.values] : [])),
        updates: chunk.flatMap((r) =>
          r.outcome === "update" && r.values && r.existing ? [{ existing: r.existing, values: r.values }] : [],
        ),
      });
      await recordImportProgress(run._id, Math.min(start + CHUNK, planned.length));
    }
    const counts = countsOf(planned);
    const problems = planned
      .filter((r) => r.outcome === "refused")
      .flatMap((r) => r.problems.map((p) => ({ row: r.row, name: r.name, ...p })))
      .slice(0, REPORTED_PROBLEMS);
    await finishImportRun(run._id, {
      created: counts.create,
      updated: counts.update,
      unchanged: counts.unchanged,
      refused: counts.refused,
      problems,
    });
  } catch (error) {
    console.warn("import failed", error);
    // Back to its preview, to be run again: rows written so far are then found unchanged.
    await releaseImportRun(run._id);
    return redirectWithToast(request, here, { type: "error", message: UNEXPECTED_ERROR });
  }
  return redirectWithToast(request, here, { type: "success", message: importer.done });
}

/**
 * An importer's routes, re-exported by each from the importer's module: the upload page (`import`), its template
 * (`import/template`) and one import's preview, progress and report (`import/{runId}`). Every loader and action first
 * calls the guard: the `permission` to manage what is imported.
 */
export function importRoutes<V, E>(importer: Importer<V, E>, permission: Permission) {
  const guard = (request: Request) => requireUserWith(request, permission);
  return {
    uploadLoader: async ({ request }: LoaderFunctionArgs) => {
      await guard(request);
      return uploadPageOf(importer);
    },
    uploadAction: async ({ request }: ActionFunctionArgs) => uploadImport(request, importer, await guard(request)),
    templateLoader: async ({ request }: LoaderFunctionArgs) => {
      await guard(request);
      return templateResponse(importer);
    },
    runLoader: async ({ request, params }: LoaderFunctionArgs) => importPage(request, importer, await guard(request), params.runId),
    runAction: async ({ request, params }: ActionFunctionArgs) => applyImport(request, importer, await guard(request), params.runId),
  };
}
