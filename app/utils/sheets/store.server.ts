import { createHash, hash, randomUUID } from "node:crypto";
import { setImmediate as yieldToLoop } from "node:timers/promises";
import { promisify } from "node:util";
import zlib from "node:zlib";
import mongoose, { type Types } from "mongoose";

import { isObjectId } from "#common/ids";
import { NO_SUCH_VERSION, VERSION_UNREADABLE } from "#common/messages";
import { connectDb, trusted } from "#db/connection.server";
import { deleteFile } from "#db/files.server";
import { Disease } from "#db/models/disease.server";
import { SheetCache, SheetCacheBody, SheetCacheChunk, type SheetCacheDoc } from "#db/models/sheet-cache.server";
import type { SheetData } from "#workers/engine/sheet";

import { sheetConfig } from "../env.server";
import { oncePerRequest } from "../request-scope.server";
import { SheetSourceError } from "./errors.server";
import { bytesOf, sheetBodyBrotli, type StoredSheet } from "./parts.server";
import type { DiseaseSource, ReadResult, Upload } from "./source.server";
import type { WorkbookKind } from "./upload-guard.server";
import { deleteVersions, recordVersion, versionOf, versionSheet, VersionUnreadableError, type VersionMeta } from "./versions.server";

// The stored copy of each disease's sheet: one header document (status, source, generation) and the rows in
// compressed chunks (storage layout and its measurements: db/models/sheet-cache.server.ts). Readers go through
// refresh.server.ts (resolveSheet, getCachedSheet); uploads through upload.server.ts.

const deflate = promisify(zlib.deflateRaw);

const chunkId = (generation: string, index: number) => `${generation}:${index}`;

/** Deletes a generation's chunks (none for a copy in its header) and compressed body by _id (the only lookup FerretDB
 *  pushes down), in parallel. */
async function deleteGeneration(generation: string, chunkCount: number) {
  await Promise.all([
    SheetCacheBody.deleteOne({ _id: generation }),
    ...Array.from({ length: chunkCount }, (_, i) => SheetCacheChunk.deleteOne({ _id: chunkId(generation, i) })),
  ]);
}

/** The largest compressed body kept in one document (MongoDB's limit is 16 MB); a larger one is compressed per request. */
const MAX_BODY_BYTES = 12 * 1024 * 1024;

export interface SheetStatus {
  hasCopy: boolean;
  /** Where the next refresh reads from. */
  configuredSource: "google" | "upload" | "none";
  source: SheetData["source"] | null;
  fetchedAt: string | null;
  /** Data rows of the copy: the rows below the header row (the header itself is not counted). */
  rowCount: number;
  columnCount: number;
  bytes: number;
  sheetName: string | null;
  lastError: { message: string; code: string | null; at: string } | null;
  upload: { filename: string; kind: WorkbookKind; size: number; uploadedAt: string } | null;
}

/** Thrown by getCachedSheet when there is no usable copy; `detail` is the source's message (for admins). */
export class SheetUnavailableError extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = "SheetUnavailableError";
  }
}

export function objectId(id: string | Types.ObjectId) {
  if (typeof id === "string" && !isObjectId(id)) throw new SheetSourceError("no-source", `"${id}" is not a disease id.`);
  return new mongoose.Types.ObjectId(String(id));
}

/** A disease's sheet settings, read once a request; `read`: settings just read with the disease (the report page's
 *  guard reads them with it, so the sheet that follows needs no read of its own). */
export function loadDisease(id: Types.ObjectId, read?: DiseaseSource): Promise<DiseaseSource> {
  return oncePerRequest(`sheet source ${id}`, async () => {
    const disease = read ?? (await Disease.findById(id).select("sheetId sheetName range").lean());
    if (!disease) throw new SheetSourceError("no-source", "The disease does not exist (any more).");
    return disease;
  });
}

export function configKeyOf(disease: DiseaseSource, upload: Upload | null | undefined) {
  return JSON.stringify([disease.sheetId ?? "", disease.sheetName ?? "", disease.range ?? "", upload ? String(upload.file) : ""]);
}

export function sheetStatusOf(header: SheetCacheDoc | null, disease: DiseaseSource | null): SheetStatus {
  const upload = header?.upload ?? null;
  return {
    hasCopy: Boolean(header?.generation),
    configuredSource: upload ? "upload" : disease?.sheetId ? "google" : "none",
    source: header?.generation ? ((header.source as SheetData["source"]) ?? null) : null,
    fetchedAt: header?.fetchedAt ? header.fetchedAt.toISOString() : null,
    rowCount: Math.max(0, (header?.rowCount ?? 0) - 1),
    columnCount: header?.columnCount ?? 0,
    bytes: header?.bytes ?? 0,
    sheetName: header?.sheetName ?? null,
    lastError: header?.lastError
      ? { message: header.lastError.message, code: header.lastError.code ?? null, at: header.lastError.at.toISOString() }
      : null,
    upload: upload
      ? { filename: upload.filename, kind: upload.kind as WorkbookKind, size: upload.size, uploadedAt: upload.uploadedAt.toISOString() }
      : null,
  };
}

/** A copy's status without its inline data (a one-chunk copy's rows live in its header). */
export const STATUS_ONLY = "-inline";

export async function sheetStatus(diseaseId: string | Types.ObjectId): Promise<SheetStatus> {
  await connectDb();
  const id = objectId(diseaseId);
  const [header, disease] = await Promise.all([
    SheetCache.findOne({ disease: id }).select(STATUS_ONLY).lean(),
    Disease.findById(id).select("sheetId").lean(),
  ]);
  return sheetStatusOf(header as SheetCacheDoc | null, disease);
}

/** When each of these diseases' sheets was last read from its source (the disease cards), in one query; a disease
 *  whose sheet has no copy yet is not in the map. */
export async function sheetReadTimes(diseaseIds: string[]): Promise<Map<string, Date>> {
  if (!diseaseIds.length) return new Map();
  await connectDb();
  const headers = await SheetCache.find({ disease: trusted({ $in: diseaseIds.map(objectId) }) })
    .select("disease fetchedAt")
    .lean();
  return new Map(headers.flatMap((h) => (h.fetchedAt ? [[String(h.disease), h.fetchedAt] as const] : [])));
}

/** Writes a new generation of chunks, switches the header to it, then removes the replaced generation; keeps the
 *  content as a version when it changed (versions.server.ts). */
export async function writeCopy(
  diseaseId: Types.ObjectId,
  read: ReadResult,
  fields: { configKey: string; fetchedAt: Date; upload?: Upload; version: VersionMeta },
) {
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
  if (before?.pending && before.pending.generation !== before.generation)
    await deleteGeneration(before.pending.generation, before.pending.chunkCount);

  let bytes = 0;
  let columnCount = 0;
  for (const row of read.rows) if (row.length > columnCount) columnCount = row.length;
  // Each chunk's hash and deflated rows, kept for the version (versions.server.ts): its content's hash and, when it is
  // kept in full, its parts, without serialising or deflating the rows again.
  const chunkHashes: Buffer[] = [];
  const parts: Buffer[] = [];
  const compressed = async (index: number) => {
    await yieldToLoop(); // one chunk serialised a turn of the event loop, not a batch of them
    const json = JSON.stringify(read.rows.slice(index * chunkRows, (index + 1) * chunkRows));
    bytes += Buffer.byteLength(json);
    chunkHashes[index] = hash("sha256", json, "buffer");
    return (parts[index] = await deflate(json, { level: 1 }));
  };
  const inline = chunkCount === 1 ? await compressed(0) : undefined;
  // Batches of 8 chunks: compressed in parallel (zlib runs on the thread pool), inserted together.
  for (let start = 0; !inline && start < chunkCount; start += 8) {
    const indexes = Array.from({ length: Math.min(8, chunkCount - start) }, (_, i) => start + i);
    const docs = await Promise.all(
      indexes.map(async (index) => ({
        _id: chunkId(generation, index),
        disease: diseaseId,
        generation,
        index,
        data: await compressed(index),
        createdAt,
      })),
    );
    await SheetCacheChunk.insertMany(docs, { lean: true });
  }

  const facts = {
    source: read.source,
    headerRow: read.headerRow,
    firstColumn: read.firstColumn,
    fetchedAt: fields.fetchedAt,
    rowCount: read.rows.length,
  };
  const body = await sheetBodyBrotli({ parts, ...storedFacts(facts) }, bytes);
  const compressedBody = body.length <= MAX_BODY_BYTES;
  if (compressedBody) await SheetCacheBody.create({ _id: generation, disease: diseaseId, data: body, createdAt });

  const set = {
    generation,
    ...facts,
    compressedBody,
    columnCount,
    chunkCount,
    bytes,
    configKey: fields.configKey,
    sheetName: read.sheetName,
    lastAttemptAt: fields.fetchedAt,
    ...(fields.upload ? { upload: fields.upload } : {}),
    ...(inline ? { inline } : {}),
  };
  const previous = await SheetCache.findOneAndUpdate(
    { disease: diseaseId },
    { $set: set, $unset: { lastError: 1, pending: 1, ...(inline ? {} : { inline: 1 }) } },
    { upsert: true, returnDocument: "before", lean: true },
  );
  await Disease.updateOne({ _id: diseaseId }, { $set: { sheetReadAt: fields.fetchedAt } });
  if (previous?.generation && previous.generation !== generation)
    await deleteGeneration(previous.generation, previous.inline ? 0 : (previous.chunkCount ?? 0));
  // The reports have their sheet whatever happens here: a version that cannot be kept is logged, not the read's failure.
  const content = createHash("sha256").update(`${read.headerRow}:${read.firstColumn}\n`).update(Buffer.concat(chunkHashes)).digest("hex");
  await recordVersion(
    diseaseId,
    { values: read.rows, headerRow: read.headerRow, firstColumn: read.firstColumn, source: read.source, readAt: fields.fetchedAt },
    { content, parts },
    { origin: fields.upload?.filename ?? read.sheetName ?? null, ...fields.version },
  ).catch((error: unknown) => console.error(`sheet version of disease ${String(diseaseId)} not kept`, error));
  return previous as SheetCacheDoc | null;
}

/** A copy's facts as its readers get them, from its header (or from what is about to become its header). */
function storedFacts(
  header: Pick<SheetCacheDoc, "headerRow" | "firstColumn" | "fetchedAt" | "source" | "rowCount">,
): Omit<StoredSheet, "parts"> {
  return {
    headerRow: header.headerRow ?? 1,
    firstColumn: header.firstColumn ?? 1,
    fetchedAt: (header.fetchedAt ?? new Date(0)).toISOString(),
    source: (header.source as SheetData["source"]) ?? "google",
    rowCount: header.rowCount ?? 0,
  };
}

/** The copy's chunks as stored (still deflated) with its facts; re-reads the header once if a refresh switched it
 *  meanwhile. Inflating and parsing are left to the reader: a worker thread for a large sheet (parts.server.ts). */
export async function readStored(diseaseId: Types.ObjectId, header: SheetCacheDoc): Promise<StoredSheet> {
  for (let attempt = 0; ; attempt++) {
    const generation = header.generation!;
    // One _id lookup at a time (FerretDB serves parallel reads of large documents slower, and an $in is not pushed down).
    const parts: Uint8Array[] = header.inline ? [bytesOf(header.inline)] : [];
    let complete = true;
    for (let i = 0; !header.inline && i < (header.chunkCount ?? 0); i++) {
      const chunk = await SheetCacheChunk.findOne({ _id: chunkId(generation, i) })
        .select("data")
        .lean();
      if (!chunk) {
        complete = false;
        break;
      }
      parts.push(bytesOf(chunk.data));
    }
    if (complete) return { parts, ...storedFacts(header) };
    const fresh = attempt === 0 ? ((await SheetCache.findOne({ disease: diseaseId }).lean()) as SheetCacheDoc | null) : null;
    if (!fresh?.generation) throw new SheetUnavailableError("The cached copy of the sheet is incomplete. Refresh the sheet.");
    header = fresh;
  }
}

/** A generation's compressed body (writeCopy), or null when it is gone (a refresh replaced the generation). */
export async function readCompressedBody(generation: string): Promise<Uint8Array | null> {
  const found = await SheetCacheBody.findOne({ _id: generation }).select("data").lean();
  return found ? bytesOf(found.data) : null;
}

/** Stores given values as the disease's copy (imports, tests, a restored version), as a refresh from `source` would. */
export async function storeSheetCopy(
  diseaseId: string | Types.ObjectId,
  sheet: Omit<SheetData, "fetchedAt"> & { fetchedAt?: string },
  version: VersionMeta = { trigger: "import" },
) {
  await connectDb();
  const id = objectId(diseaseId);
  const disease = await loadDisease(id);
  const header = (await SheetCache.findOne({ disease: id }).lean()) as SheetCacheDoc | null;
  const read: ReadResult = { rows: sheet.values, source: sheet.source, headerRow: sheet.headerRow, firstColumn: sheet.firstColumn };
  await writeCopy(id, read, {
    configKey: configKeyOf(disease, header?.upload),
    fetchedAt: sheet.fetchedAt ? new Date(sheet.fetchedAt) : new Date(),
    version,
  });
  return sheetStatus(id);
}

/**
 * Makes a version's content the disease's copy again (an administrator's Restore, issue 30): the reports show it until
 * the next read of the source; the restore is itself a version, saying which it brought back and who asked. A version
 * that cannot be read back changes nothing and says so.
 */
export async function restoreVersion(
  diseaseId: string | Types.ObjectId,
  versionId: string,
  by: string | Types.ObjectId,
): Promise<{ ok: true; status: SheetStatus; readAt: string } | { ok: false; error: string }> {
  await connectDb();
  const id = objectId(diseaseId);
  const version = await versionOf(id, versionId);
  if (!version) return { ok: false, error: NO_SUCH_VERSION };
  let sheet: SheetData;
  try {
    sheet = await versionSheet(id, versionId);
  } catch (error) {
    if (error instanceof VersionUnreadableError) return { ok: false, error: VERSION_UNREADABLE };
    throw error;
  }
  const [disease, header] = await Promise.all([loadDisease(id), SheetCache.findOne({ disease: id }).select(STATUS_ONLY).lean()]);
  await writeCopy(
    id,
    {
      rows: sheet.values,
      source: sheet.source,
      headerRow: sheet.headerRow,
      firstColumn: sheet.firstColumn,
      sheetName: header?.sheetName ?? undefined,
    },
    {
      configKey: configKeyOf(disease, header?.upload),
      fetchedAt: new Date(),
      version: { trigger: "restore", by, restoredFrom: new mongoose.Types.ObjectId(versionId), origin: version.origin },
    },
  );
  return { ok: true, status: await sheetStatus(id), readAt: version.readAt };
}

/** Removes a disease's cache, chunks and uploaded file (for the lead's disease delete). */
export async function deleteSheetCache(diseaseId: string | Types.ObjectId) {
  await connectDb();
  const id = objectId(diseaseId);
  const header = await SheetCache.findOneAndDelete({ disease: id }).lean();
  await Disease.updateOne({ _id: id }, { $set: { sheetReadAt: null } });
  // The chunks of the copy and of a write under way, by _id: a filter on `disease` decodes every chunk on FerretDB.
  for (const written of [header, header?.pending])
    if (written?.generation) await deleteGeneration(written.generation, written.chunkCount ?? 0);
  if (header?.upload?.file) await deleteFile(header.upload.file);
  await deleteVersions(id);
}
