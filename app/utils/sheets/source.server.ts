import type { Types } from "mongoose";
import type { Cell, SheetData } from "#workers/engine/sheet";
import { filesBucket } from "#db/files.server";
import { SheetSourceError } from "./errors.server";
import { fetchGoogleSheet } from "./google.server";
import { parseHeaderRange } from "./range.server";
import type { DiseaseSource, Upload } from "./store.server";
import { guardWorkbook } from "./upload-guard.server";
import { parseWorkbook } from "./workbook.server";

// Where a disease's rows come from: its uploaded workbook when there is one, else its Google Sheet.

async function readGridFsFile(id: Types.ObjectId): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of filesBucket().openDownloadStream(id)) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

export interface ReadResult { rows: Cell[][]; source: SheetData["source"]; headerRow: number; firstColumn: number; sheetName?: string }

/** Reads the rows of a source (an uploaded workbook, else the Google Sheet) without touching the cache. */
export async function readSource(disease: DiseaseSource, upload: Upload | null | undefined): Promise<ReadResult> {
  const range = parseHeaderRange(disease.range);
  let rows: Cell[][];
  let sheetName: string | undefined;
  let source: SheetData["source"];
  if (upload) {
    let data: Buffer;
    try {
      data = await readGridFsFile(upload.file);
    } catch (error) {
      throw new SheetSourceError("unreadable", `The uploaded workbook "${upload.filename}" is missing from the file store (${(error as Error).message}). Upload it again.`);
    }
    const kind = await guardWorkbook(data, upload.filename);
    ({ rows, sheetName } = await parseWorkbook(data, kind, range, disease.sheetName));
    source = "upload";
  } else if (disease.sheetId) {
    rows = await fetchGoogleSheet({ sheetId: disease.sheetId, sheetName: disease.sheetName, range });
    source = "google";
  } else {
    throw new SheetSourceError("no-source", "The disease has no Sheet ID and no uploaded workbook. Enter the Sheet ID in the disease form or upload the workbook.");
  }
  if (rows.length === 0 || rows[0].length === 0) {
    throw new SheetSourceError(
      "bad-range",
      `The sheet${sheetName ? ` "${sheetName}"` : ""} has no header row at ${disease.range || "A1"}. Check the Headers Range (the cell where the column names start, e.g. A5).`,
    );
  }
  return { rows, source, headerRow: range.headerRow, firstColumn: range.firstColumn, sheetName };
}

