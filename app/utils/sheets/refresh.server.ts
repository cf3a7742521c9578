import type { Types } from "mongoose";

import { connectDb } from "#db/connection.server";
import { SheetCache, type SheetCacheDoc } from "#db/models/sheet-cache.server";
import type { SheetData } from "#workers/engine/sheet";

import { errorMessage, SheetSourceError } from "./errors.server";
import { sheetOfParts, type StoredSheet } from "./parts.server";
import { readSource } from "./source.server";
import {
  configKeyOf,
  loadDisease,
  objectId,
  readCompressedBody,
  readStored,
  sheetStatusOf,
  SheetUnavailableError,
  writeCopy,
  type SheetStatus,
} from "./store.server";

// The sheet cache: reports read a disease's sheet from the database, never from Google on each view.
//  - refreshSheet(id) reads the configured source (the uploaded workbook when there is one, else Google
//    Sheets) and replaces the copy; when that fails, the last good copy stays and lastError records why.
//  - resolveSheet(id) gives the copy (its version, and its chunks as stored: parts.server.ts); with no copy yet (or after the disease's Sheet ID, Sheet Name or
//    Headers Range changed) it refreshes once first. A failed refresh is not retried by readers for
//    RETRY_AFTER_FAILURE_MS, so a broken sheet does not send every page view to Google.
//  - storeUploadedWorkbook() (upload.server.ts) guards, parses, stores the file in GridFS and fills the cache at once.
// Storage: store.server.ts; sources: source.server.ts.

const RETRY_AFTER_FAILURE_MS = 30_000;

export type RefreshResult = { ok: true; status: SheetStatus } | { ok: false; error: string; code: string; status: SheetStatus };

const refreshing = new Map<string, Promise<RefreshResult>>();

/** Reads the disease's source and replaces the cached copy; never throws for a source failure. `by`: the person who
 *  asked (an administrator's Refresh), for the version it may add. */
export function refreshSheet(diseaseId: string | Types.ObjectId, by?: string | Types.ObjectId): Promise<RefreshResult> {
  const key = String(diseaseId);
  const running = refreshing.get(key);
  if (running) return running; // one refresh per disease at a time in this process
  const run = doRefresh(key, by).finally(() => refreshing.delete(key));
  refreshing.set(key, run);
  return run;
}

async function doRefresh(diseaseIdText: string, by: string | Types.ObjectId | undefined): Promise<RefreshResult> {
  await connectDb();
  const diseaseId = objectId(diseaseIdText);
  const disease = await loadDisease(diseaseId);
  const header = (await SheetCache.findOne({ disease: diseaseId }).lean()) as SheetCacheDoc | null;
  const upload = header?.upload ?? null;
  const startedAt = new Date();
  try {
    const read = await readSource(disease, upload);
    await writeCopy(diseaseId, read, {
      configKey: configKeyOf(disease, upload),
      fetchedAt: startedAt,
      version: { trigger: upload ? "upload" : "refresh", by },
    });
    const after = (await SheetCache.findOne({ disease: diseaseId }).lean()) as SheetCacheDoc | null;
    return { ok: true, status: sheetStatusOf(after, disease) };
  } catch (error) {
    if (!(error instanceof SheetSourceError)) console.error(`sheet refresh of disease ${diseaseIdText} failed unexpectedly`, error);
    // lastError reaches only administrators (the edit page's sheet source panel, the resource's status): with the hint.
    const message = errorMessage(error, { admin: true });
    const code = error instanceof SheetSourceError ? error.code : "unexpected";
    const after = await SheetCache.findOneAndUpdate(
      { disease: diseaseId },
      { $set: { lastError: { message, code, at: new Date() }, lastAttemptAt: startedAt } },
      { upsert: true, returnDocument: "after", lean: true },
    );
    return { ok: false, error: message, code, status: sheetStatusOf(after as SheetCacheDoc | null, disease) };
  }
}

export interface ResolvedSheet {
  /** Changes whenever the copy changes (fetch time and generation): use it for ETags. */
  version: string;
  fetchedAt: string;
  /** Rows of the copy, the header row included. */
  rowCount: number;
  /** The copy's chunks as stored, not yet inflated (parts.server.ts). */
  stored(): Promise<StoredSheet>;
  /** The copy's values, inflated and parsed on this thread (scripts and tests; the app reads `stored`). */
  load(): Promise<SheetData>;
  /** The report page's sheet request's body as stored, brotli-compressed; null when the copy has none (or a refresh
   *  replaced it meanwhile). */
  compressedBody(): Promise<Uint8Array | null>;
}

/** Decides which copy to serve (refreshing first when there is none, or the source settings changed). */
export async function resolveSheet(diseaseId: string | Types.ObjectId): Promise<ResolvedSheet> {
  await connectDb();
  const id = objectId(diseaseId);
  let header = (await SheetCache.findOne({ disease: id }).lean()) as SheetCacheDoc | null;
  const disease = await loadDisease(id);
  const current = header?.generation && header.configKey === configKeyOf(disease, header.upload);
  const failedRecently = header?.lastError && header.lastAttemptAt && Date.now() - header.lastAttemptAt.getTime() < RETRY_AFTER_FAILURE_MS;
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
    rowCount: found.rowCount ?? 0,
    stored: () => readStored(id, found),
    load: async () => sheetOfParts(await readStored(id, found)),
    compressedBody: async () => (found.compressedBody ? await readCompressedBody(found.generation!) : null),
  };
}

/** The cached sheet, parsed on this thread (scripts and tests); refreshes once when there is no copy yet. Throws
 *  SheetUnavailableError without one. */
export async function getCachedSheet(diseaseId: string | Types.ObjectId): Promise<SheetData> {
  return (await resolveSheet(diseaseId)).load();
}
