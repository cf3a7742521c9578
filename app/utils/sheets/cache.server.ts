import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import mongoose, { type Types } from "mongoose";
import type { Cell, SheetData } from "#workers/engine/sheet";
import { connectDb } from "#db/connection.server";
import { filesBucket, storeFile } from "#db/files.server";
import { Disease } from "#db/models/disease.server";
import { SheetCache, SheetCacheChunk, type SheetCacheDoc } from "#db/models/sheet-cache.server";
import { sheetConfig } from "./config.server";
import { errorMessage, SheetSourceError } from "./errors.server";
import { fetchGoogleSheet } from "./google.server";
import { parseHeaderRange } from "./range.server";
import { guardWorkbook, type WorkbookKind } from "./upload-guard.server";
import { parseWorkbook } from "./workbook.server";

// The sheet cache: reports read a disease's sheet from the database, never from Google on each view.
//  - refreshSheet(id) reads the configured source (the uploaded workbook when there is one, else Google
//    Sheets) and replaces the copy; when that fails, the last good copy stays and lastError records why.
//  - getCachedSheet(id) returns the copy; with no copy yet (or after the disease's Sheet ID, Sheet Name or
//    Headers Range changed) it refreshes once first. A failed refresh is not retried by readers for
//    RETRY_AFTER_FAILURE_MS, so a broken sheet does not send every page view to Google.
//  - storeUploadedWorkbook() guards, parses, stores the file in GridFS and fills the cache in one go.
// Storage layout and its measurements: db/models/sheet-cache.server.ts and the reply in tests.

const RETRY_AFTER_FAILURE_MS = 30_000;
const deflate = promisify(zlib.deflateRaw);
const inflate = promisify(zlib.inflateRaw);

const chunkId = (generation: string, index: number) => `${generation}:${index}`;

/** Deletes chunks by _id (the only lookup FerretDB pushes down), in parallel. */
async function deleteGeneration(generation: string, chunkCount: number) {
  await Promise.all(Array.from({ length: chunkCount }, (_, i) => SheetCacheChunk.deleteOne({ _id: chunkId(generation, i) })));
}

type Upload = NonNullable<SheetCacheDoc["upload"]>;
export type DiseaseSource = { _id: Types.ObjectId; sheetId?: string | null; sheetName?: string | null; range?: string | null };

export interface SheetStatus {
  hasCopy: boolean;
  /** Where the next refresh reads from. */
  configuredSource: "google" | "upload" | "none";
  source: SheetData["source"] | null;
  fetchedAt: string | null;
  rowCount: number;
  columnCount: number;
  bytes: number;
  sheetName: string | null;
  lastError: { message: string; code: string | null; at: string } | null;
  upload: { filename: string; kind: WorkbookKind; size: number; uploadedAt: string } | null;
}

export type RefreshResult =
  | { ok: true; status: SheetStatus }
  | { ok: false; error: string; code: string; status: SheetStatus };

/** Thrown by getCachedSheet when there is no usable copy; `detail` is the source's message (for admins). */
export class SheetUnavailableError extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = "SheetUnavailableError";
  }
}

function objectId(id: string | Types.ObjectId) {
  if (!mongoose.isValidObjectId(id)) throw new SheetSourceError("no-source", `"${String(id)}" is not a disease id.`);
  return new mongoose.Types.ObjectId(String(id));
}

async function loadDisease(id: Types.ObjectId): Promise<DiseaseSource> {
  const disease = await Disease.findById(id).select("sheetId sheetName range").lean();
  if (!disease) throw new SheetSourceError("no-source", "The disease does not exist (any more).");
  return disease;
}

function configKeyOf(disease: DiseaseSource, upload: Upload | null | undefined) {
  return JSON.stringify([disease.sheetId ?? "", disease.sheetName ?? "", disease.range ?? "", upload ? String(upload.file) : ""]);
}

function statusOf(header: SheetCacheDoc | null, disease: DiseaseSource | null): SheetStatus {
  const upload = header?.upload ?? null;
  return {
    hasCopy: Boolean(header?.generation),
    configuredSource: upload ? "upload" : disease?.sheetId ? "google" : "none",
    source: header?.generation ? ((header.source as SheetData["source"]) ?? null) : null,
    fetchedAt: header?.fetchedAt ? header.fetchedAt.toISOString() : null,
    rowCount: header?.rowCount ?? 0,
    columnCount: header?.columnCount ?? 0,
    bytes: header?.bytes ?? 0,
    sheetName: header?.sheetName ?? null,
    lastError: header?.lastError ? { message: header.lastError.message, code: header.lastError.code ?? null, at: header.lastError.at.toISOString() } : null,
    upload: upload ? { filename: upload.filename, kind: upload.kind as WorkbookKind, size: upload.size, uploadedAt: upload.uploadedAt.toISOString() } : null,
  };
}

export async function sheetStatus(diseaseId: string | Types.ObjectId): Promise<SheetStatus> {
  await connectDb();
  const id = objectId(diseaseId);
  const [header, disease] = await Promise.all([SheetCache.findOne({ disease: id }).lean(), Disease.findById(id).select("sheetId").lean()]);
  return statusOf(header as SheetCacheDoc | null, disease);
}

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

/** Writes a new generation of chunks, switches the header to it, then removes the replaced generation. */
async function writeCopy(diseaseId: Types.ObjectId, read: ReadResult, fields: { configKey: string; fetchedAt: Date; upload?: Upload }) {
  const chunkRows = sheetConfig().SHEET_CACHE_CHUNK_ROWS;
  const generation = randomUUID();
  const chunkCount = Math.ceil(read.rows.length / chunkRows);
  const createdAt = new Date();
  // Announce the write, and clean up after one that died half-way.
  const before = await SheetCache.findOneAndUpdate(
    { disease: diseaseId },
    { $set: { pending: { generation, chunkCount } } },
    { upsert: true, returnDocument: "before", lean: true },
  );
  if (before?.pending && before.pending.generation !== before.generation) await deleteGeneration(before.pending.generation, before.pending.chunkCount);

  let bytes = 0;
  let columnCount = 0;
  for (const row of read.rows) if (row.length > columnCount) columnCount = row.length;
  // Batches of 8 chunks: compressed in parallel (zlib runs on the thread pool), inserted together.
  for (let start = 0; start < chunkCount; start += 8) {
    const indexes = Array.from({ length: Math.min(8, chunkCount - start) }, (_, i) => start + i);
    const docs = await Promise.all(
      indexes.map(async (index) => {
        const json = JSON.stringify(read.rows.slice(index * chunkRows, (index + 1) * chunkRows));
        bytes += Buffer.byteLength(json);
        const data = await deflate(json, { level: 1 });
        return { _id: chunkId(generation, index), disease: diseaseId, generation, index, data, createdAt };
      }),
    );
    await SheetCacheChunk.insertMany(docs, { lean: true });
  }

  const set = {
    generation,
    source: read.source,
    headerRow: read.headerRow,
    firstColumn: read.firstColumn,
    fetchedAt: fields.fetchedAt,
    rowCount: read.rows.length,
    columnCount,
    chunkCount,
    bytes,
    configKey: fields.configKey,
    sheetName: read.sheetName,
    lastAttemptAt: fields.fetchedAt,
    ...(fields.upload ? { upload: fields.upload } : {}),
  };
  const previous = await SheetCache.findOneAndUpdate(
    { disease: diseaseId },
    { $set: set, $unset: { lastError: 1, pending: 1 } },
    { upsert: true, returnDocument: "before", lean: true },
  );
  if (previous?.generation && previous.generation !== generation) await deleteGeneration(previous.generation, previous.chunkCount ?? 0);
  return previous as SheetCacheDoc | null;
}

function bytesOf(data: unknown): Buffer {
  if (Buffer.isBuffer(data)) return data;
  const binary = data as { buffer?: Uint8Array };
  return Buffer.from(binary.buffer ?? new Uint8Array());
}

/** Reads the chunks of the header's generation; re-reads the header once if a refresh switched it meanwhile. */
async function readCopy(diseaseId: Types.ObjectId, header: SheetCacheDoc): Promise<SheetData> {
  for (let attempt = 0; ; attempt++) {
    const generation = header.generation!;
    // One _id lookup at a time (FerretDB serves parallel reads of large documents slower, and an $in is not
    // pushed down); each chunk inflates on the thread pool while the next one is read.
    const parts: Promise<Buffer>[] = [];
    let complete = true;
    for (let i = 0; i < (header.chunkCount ?? 0); i++) {
      const chunk = await SheetCacheChunk.findOne({ _id: chunkId(generation, i) }).select("data").lean();
      if (!chunk) {
        complete = false;
        break;
      }
      parts.push(inflate(bytesOf(chunk.data)));
    }
    if (complete) {
      const values: Cell[][] = [];
      for (const part of await Promise.all(parts)) for (const row of JSON.parse(part.toString("utf8")) as Cell[][]) values.push(row);
      return {
        values,
        headerRow: header.headerRow ?? 1,
        firstColumn: header.firstColumn ?? 1,
        fetchedAt: (header.fetchedAt ?? new Date(0)).toISOString(),
        source: (header.source as SheetData["source"]) ?? "google",
      };
    }
    const fresh = attempt === 0 ? ((await SheetCache.findOne({ disease: diseaseId }).lean()) as SheetCacheDoc | null) : null;
    if (!fresh?.generation) throw new SheetUnavailableError("The cached copy of the sheet is incomplete. Refresh the sheet.");
    header = fresh;
  }
}

const refreshing = new Map<string, Promise<RefreshResult>>();

/** Reads the disease's source and replaces the cached copy; never throws for a source failure. */
export function refreshSheet(diseaseId: string | Types.ObjectId): Promise<RefreshResult> {
  const key = String(diseaseId);
  const running = refreshing.get(key);
  if (running) return running; // one refresh per disease at a time in this process
  const run = doRefresh(key).finally(() => refreshing.delete(key));
  refreshing.set(key, run);
  return run;
}

async function doRefresh(diseaseIdText: string): Promise<RefreshResult> {
  await connectDb();
  const diseaseId = objectId(diseaseIdText);
  const disease = await loadDisease(diseaseId);
  const header = (await SheetCache.findOne({ disease: diseaseId }).lean()) as SheetCacheDoc | null;
  const upload = header?.upload ?? null;
  const startedAt = new Date();
  try {
    const read = await readSource(disease, upload);
    await writeCopy(diseaseId, read, { configKey: configKeyOf(disease, upload), fetchedAt: startedAt });
    const after = (await SheetCache.findOne({ disease: diseaseId }).lean()) as SheetCacheDoc | null;
    return { ok: true, status: statusOf(after, disease) };
  } catch (error) {
    if (!(error instanceof SheetSourceError)) console.error(`sheet refresh of disease ${diseaseIdText} failed unexpectedly`, error);
    const message = errorMessage(error);
    const code = error instanceof SheetSourceError ? error.code : "unexpected";
    const after = await SheetCache.findOneAndUpdate(
      { disease: diseaseId },
      { $set: { lastError: { message, code, at: new Date() }, lastAttemptAt: startedAt } },
      { upsert: true, returnDocument: "after", lean: true },
    );
    return { ok: false, error: message, code, status: statusOf(after as SheetCacheDoc | null, disease) };
  }
}

export interface ResolvedSheet {
  /** Changes whenever the copy changes (fetch time and generation): use it for ETags. */
  version: string;
  fetchedAt: string;
  load(): Promise<SheetData>;
}

/** Decides which copy to serve (refreshing first when there is none, or the source settings changed). */
export async function resolveSheet(diseaseId: string | Types.ObjectId): Promise<ResolvedSheet> {
  await connectDb();
  const id = objectId(diseaseId);
  let header = (await SheetCache.findOne({ disease: id }).lean()) as SheetCacheDoc | null;
  const disease = await loadDisease(id);
  const current = header?.generation && header.configKey === configKeyOf(disease, header.upload);
  const failedRecently =
    header?.lastError && header.lastAttemptAt && Date.now() - header.lastAttemptAt.getTime() < RETRY_AFTER_FAILURE_MS;
  if (!current && !failedRecently) {
    await refreshSheet(id);
    header = (await SheetCache.findOne({ disease: id }).lean()) as SheetCacheDoc | null;
  }
  if (!header?.generation || !header.fetchedAt) {
    throw new SheetUnavailableError(header?.lastError?.message ?? "The sheet has not been read yet.");
  }
  const found = header;
  return {
    version: `${found.fetchedAt!.getTime().toString(36)}-${found.generation!.slice(0, 8)}`,
    fetchedAt: found.fetchedAt!.toISOString(),
    load: () => readCopy(id, found),
  };
}

/** The cached sheet; refreshes once when there is no copy yet. Throws SheetUnavailableError without one. */
export async function getCachedSheet(diseaseId: string | Types.ObjectId): Promise<SheetData> {
  return (await resolveSheet(diseaseId)).load();
}

/**
 * An uploaded workbook becomes the disease's source: checked (size, magic bytes, zip pre-check), parsed with
 * the disease's Sheet Name and Headers Range, stored in GridFS and cached. A file that fails any step is not
 * stored and the previous source and copy stay as they were (the SheetSourceError says why).
 */
export async function storeUploadedWorkbook(input: {
  diseaseId: string | Types.ObjectId;
  filename: string;
  data: Buffer;
  uploadedBy?: string | Types.ObjectId;
}): Promise<SheetStatus> {
  await connectDb();
  const diseaseId = objectId(input.diseaseId);
  const disease = await loadDisease(diseaseId);
  const filename = input.filename.replace(/[\\/]/g, "_").replace(/[^\p{L}\p{N} ._()-]/gu, "").slice(-120) || "workbook";
  const kind = await guardWorkbook(input.data, filename);
  const range = parseHeaderRange(disease.range);
  const parsed = await parseWorkbook(input.data, kind, range, disease.sheetName);
  if (parsed.rows.length === 0 || parsed.rows[0].length === 0) {
    throw new SheetSourceError("unreadable", `"${filename}" has no header row at ${disease.range || "A1"}. Check the Headers Range of the disease or the file.`);
  }
  const contentType = kind === "xlsx" ? "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" : "text/csv";
  const file = await storeFile(filename, input.data, { contentType, purpose: "sheet-upload", owner: String(diseaseId) });
  const upload: Upload = {
    file,
    filename,
    kind,
    size: input.data.length,
    uploadedAt: new Date(),
    uploadedBy: input.uploadedBy ? new mongoose.Types.ObjectId(String(input.uploadedBy)) : undefined,
  };
  const read: ReadResult = { rows: parsed.rows, source: "upload", headerRow: range.headerRow, firstColumn: range.firstColumn, sheetName: parsed.sheetName };
  const previous = await writeCopy(diseaseId, read, { configKey: configKeyOf(disease, upload), fetchedAt: new Date(), upload });
  if (previous?.upload?.file && !previous.upload.file.equals(file)) await deleteStoredFile(previous.upload.file);
  return statusOf((await SheetCache.findOne({ disease: diseaseId }).lean()) as SheetCacheDoc | null, disease);
}

async function deleteStoredFile(id: Types.ObjectId) {
  await filesBucket().delete(id).catch(() => undefined); // already gone is fine
}

/** Goes back to Google Sheets: forgets the uploaded workbook and refreshes from the Sheet ID. */
export async function removeUploadedWorkbook(diseaseId: string | Types.ObjectId): Promise<RefreshResult> {
  await connectDb();
  const id = objectId(diseaseId);
  const previous = await SheetCache.findOneAndUpdate({ disease: id }, { $unset: { upload: 1 } }, { returnDocument: "before", lean: true });
  if (previous?.upload?.file) await deleteStoredFile(previous.upload.file);
  return refreshSheet(id);
}

/** Stores given values as the disease's copy (imports, tests), as a refresh from `source` would. */
export async function storeSheetCopy(diseaseId: string | Types.ObjectId, sheet: Omit<SheetData, "fetchedAt"> & { fetchedAt?: string }) {
  await connectDb();
  const id = objectId(diseaseId);
  const disease = await loadDisease(id);
  const header = (await SheetCache.findOne({ disease: id }).lean()) as SheetCacheDoc | null;
  const read: ReadResult = { rows: sheet.values, source: sheet.source, headerRow: sheet.headerRow, firstColumn: sheet.firstColumn };
  await writeCopy(id, read, { configKey: configKeyOf(disease, header?.upload), fetchedAt: sheet.fetchedAt ? new Date(sheet.fetchedAt) : new Date() });
  return sheetStatus(id);
}

/** Removes a disease's cache, chunks and uploaded file (for the lead's disease delete). */
export async function deleteSheetCache(diseaseId: string | Types.ObjectId) {
  await connectDb();
  const id = objectId(diseaseId);
  const header = await SheetCache.findOneAndDelete({ disease: id }).lean();
  await SheetCacheChunk.deleteMany({ disease: id });
  if (header?.upload?.file) await deleteStoredFile(header.upload.file);
}
