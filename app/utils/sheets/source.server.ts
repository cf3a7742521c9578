import type { Types } from "mongoose";

import { filesBucket } from "#db/files.server";
import type { SheetCacheDoc } from "#db/models/sheet-cache.server";
import type { Cell, SheetData } from "#workers/engine/sheet";

import { SheetSourceError } from "./errors.server";
import { fetchGoogleSheet } from "./google.server";
import { parseHeaderRange } from "./range.server";
import { guardWorkbook, type WorkbookKind } from "./upload-guard.server";
import { parseWorkbook } from "./workbook.server";

// Where a disease's rows come from: its uploaded workbook when there is one, else its Google Sheet.

export async function readGridFsFile(id: Types.ObjectId): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of filesBucket().openDownloadStream(id)) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

/** A disease's sheet settings, as a read needs them. */
export type DiseaseSource = { _id: Types.ObjectId; sheetId?: string | null; sheetName?: string | null; range?: string | null };
/** The workbook a disease reads instead of its Google Sheet. */
export type Upload = NonNullable<SheetCacheDoc["upload"]>;

export interface ReadResult {
  rows: Cell[][];
  source: SheetData["source"];
  headerRow: number;
  firstColumn: number;
  sheetName?: string;
}

/** The sheet settings a read needs (the disease's, or the form's as typed). */
type ReadSettings = Pick<DiseaseSource, "sheetName" | "range">;

/** A source that gave no header row at the Headers Range is a settings problem the admin can fix. */
function requireHeaderRow(rows: Cell[][], settings: ReadSettings, what: string) {
  if (rows.length === 0 || rows[0].length === 0) {
    throw new SheetSourceError(
      "bad-range",
      `${what} has no header row at ${settings.range || "A1"}. Check the Headers Range (the cell where the column names start, e.g. A5).`,
    );
  }
}

/**
 * Reads a workbook from its bytes with the given Sheet Name and Headers Range: first the checks of
 * upload-guard.server.ts (size, magic bytes, zip pre-check), then the parser. The one path for a stored upload, a new
 * upload and a workbook tested from the disease form. Throws a SheetSourceError saying why a file is refused.
 */
export async function readWorkbook(
  data: Buffer,
  filename: string,
  settings: ReadSettings,
): Promise<{ read: ReadResult; kind: WorkbookKind }> {
  const range = parseHeaderRange(settings.range);
  const kind = await guardWorkbook(data, filename);
  const { rows, sheetName } = await parseWorkbook(data, kind, range, settings.sheetName);
  requireHeaderRow(rows, settings, sheetName ? `The tab “${sheetName}” of “${filename}”` : `“${filename}”`);
  return { read: { rows, source: "upload", headerRow: range.headerRow, firstColumn: range.firstColumn, sheetName }, kind };
}

/** Reads the rows of a source (an uploaded workbook, else the Google Sheet) without touching the cache. */
export async function readSource(disease: DiseaseSource, upload: Upload | null | undefined): Promise<ReadResult> {
  if (upload) {
    let data: Buffer;
    try {
      data = await readGridFsFile(upload.file);
    } catch (error) {
      throw new SheetSourceError(
        "unreadable",
        `The uploaded workbook "${upload.filename}" is missing from the file store (${(error as Error).message}). Upload it again.`,
      );
    }
    return (await readWorkbook(data, upload.filename, disease)).read;
  }
  if (!disease.sheetId) {
    throw new SheetSourceError(
      "no-source",
      "The disease has no Sheet ID and no uploaded workbook. Enter the Sheet ID in the disease form or upload the workbook.",
    );
  }
  const range = parseHeaderRange(disease.range);
  const rows = await fetchGoogleSheet({ sheetId: disease.sheetId, sheetName: disease.sheetName, range });
  requireHeaderRow(rows, disease, disease.sheetName ? `The sheet "${disease.sheetName}"` : "The sheet");
  return { rows, source: "google", headerRow: range.headerRow, firstColumn: range.firstColumn };
}
