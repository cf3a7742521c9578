// A disease's sheet over time (issue 30): every read that changes the content keeps it as a version (storage:
// db/models/sheet-version.server.ts), so any report can be built as it stood on a day and two days compared.
//  - recordVersion() after each write of the sheet cache (store.server.ts writeCopy): nothing when the content is the
//    newest version's; else a version, as a delta against the newest when that is small, in full otherwise.
//  - listVersions(), versionInForce() (the version a day saw), versionOf(), versionStored() (its parts, for a worker),
//    versionSheet() (its content, here), deleteVersions().
// Row hashing runs in slices that yield to the event loop; inflating and deflating run on the thread pool.
import { hash } from "node:crypto";
import { setImmediate as yieldToLoop } from "node:timers/promises";
import { promisify } from "node:util";
import zlib from "node:zlib";
import mongoose, { type Types } from "mongoose";

import { connectDb, trusted } from "#db/connection.server";
import { deleteFile, openFileStream, storeFile } from "#db/files.server";
import { User } from "#db/models/index.server";
import { SheetVersion, type SheetVersionDoc } from "#db/models/sheet-version.server";
import type { Cell, SheetData } from "#workers/engine/sheet";

import { bytesOf, readParts, type DeltaOp, type StoredSheet } from "./parts.server";

const deflate = promisify(zlib.deflateRaw);

/** Deltas at most between two full copies: reading a version inflates one full copy and this many deltas. */
export const VERSION_CHAIN_LIMIT = 9;
/** Stored data up to this size stays in the version's document; larger goes to GridFS. */
const INLINE_LIMIT = 4 * 1024 * 1024;
/** A delta that gives more than this share of the rows itself is stored as a full copy instead. */
const DELTA_MAX_SHARE = 0.5;
const HASH_BYTES = 8;
const SLICE_ROWS = 2_000;

export type VersionTrigger = "refresh" | "upload" | "restore" | "import";

export interface VersionMeta {
  trigger: VersionTrigger;
  /** The person who asked for the read, when one did. */
  by?: string | Types.ObjectId | null;
  origin?: string | null;
  restoredFrom?: Types.ObjectId | null;
}

/** What the list shows of a version. */
export interface VersionSummary {
  id: string;
  readAt: string;
  source: "google" | "upload";
  trigger: VersionTrigger;
  /** Who asked for the read: their name, "a deleted user", or null when no person did. */
  byName: string | null;
  origin: string | null;
  restoredFrom: string | null;
  /** Data rows (the header row not counted). */
  rows: number;
  bytes: number;
}

/** Each row's hash (8 bytes of its JSON's SHA-1), a slice at a time so a 50,000-row sheet never holds the loop: what
 *  the next delta matches rows by. */
async function rowHashes(values: Cell[][]) {
  const rows = Buffer.alloc(values.length * HASH_BYTES);
  for (let start = 0; start < values.length; start += SLICE_ROWS) {
    if (start) await yieldToLoop();
    for (let i = start; i < Math.min(values.length, start + SLICE_ROWS); i++)
      hash("sha1", JSON.stringify(values[i] ?? []), "buffer").copy(rows, i * HASH_BYTES, 0, HASH_BYTES);
  }
  return rows;
}

const rowKey = (hashes: Buffer, i: number) => hashes.toString("latin1", i * HASH_BYTES, (i + 1) * HASH_BYTES);

/** The rows of `next` as copies of the base's rows where they run on, and literals elsewhere; and how many literals. */
function deltaOf(base: Buffer, nextHashes: Buffer, next: Cell[][]) {
  const baseRows = base.length / HASH_BYTES;
  const where = new Map<string, number[]>();
  for (let j = 0; j < baseRows; j++) {
    const key = rowKey(base, j);
    const list = where.get(key);
    if (list) list.push(j);
    else where.set(key, [j]);
  }
  const ops: DeltaOp[] = [];
  let literal: Cell[][] | null = null;
  let given = 0;
  let expected = -1; // the base row that would continue the last copy
  for (let i = 0; i < next.length; i++) {
    const key = rowKey(nextHashes, i);
    const last = ops[ops.length - 1];
    if (expected >= 0 && expected < baseRows && rowKey(base, expected) === key && last && typeof last[0] === "number") {
      (last as [number, number])[1]++;
      expected++;
      continue;
    }
    const at = where.get(key)?.[0];
    if (at !== undefined) {
      ops.push([at, 1]);
      literal = null;
      expected = at + 1;
    } else {
      if (!literal || literal.length >= SLICE_ROWS) ops.push((literal = []));
      literal.push(next[i]!);
      given++;
      expected = -1;
    }
  }
  return { ops, given };
}

/** A delta's operations as raw-deflated JSON lists of at most SLICE_ROWS each, one slice serialised at a time between
 *  turns of the event loop, deflated on the thread pool meanwhile (a literal operation holds at most SLICE_ROWS rows). */
async function deflateInParts(items: unknown[]): Promise<Buffer[]> {
  const parts: Array<Promise<Buffer>> = [];
  for (let start = 0; start < items.length || start === 0; start += SLICE_ROWS) {
    if (start) await yieldToLoop();
    parts.push(deflate(JSON.stringify(items.slice(start, start + SLICE_ROWS)), { level: 1 }));
  }
  return Promise.all(parts);
}

/** The newest version of the disease's sheet, with its rows' hashes. */
function newest(diseaseId: Types.ObjectId) {
  return SheetVersion.findOne({ disease: diseaseId }).sort({ readAt: -1, _id: -1 }).select("hash depth rowHashes").lean();
}

/**
 * Keeps the sheet's new content as a version, unless it is the newest version's already. Called by the cache's write
 * (store.server.ts writeCopy) with what it made of the rows: the content's hash (of its chunks' JSON and their hashes:
 * so a change of SHEET_CACHE_CHUNK_ROWS adds one version) and the deflated chunks, which a full copy keeps as its parts.
 * An unchanged read — most scheduled refreshes — costs nothing more.
 */
export async function recordVersion(
  diseaseId: Types.ObjectId,
  sheet: Pick<SheetData, "values" | "headerRow" | "firstColumn" | "source"> & { readAt: Date },
  stored: { content: string; parts: Buffer[] },
  meta: VersionMeta,
): Promise<Types.ObjectId | null> {
  await connectDb();
  const last = await newest(diseaseId);
  if (last?.hash === stored.content) return null;
  const hashes = await rowHashes(sheet.values);
  const base = last && last.rowHashes && last.depth < VERSION_CHAIN_LIMIT ? last : null;
  const delta = base ? deltaOf(bytesOf(base.rowHashes), hashes, sheet.values) : null;
  const full = !delta || delta.given > sheet.values.length * DELTA_MAX_SHARE;
  const parts = full ? stored.parts : await deflateInParts(delta!.ops);
  const bytes = parts.reduce((n, part) => n + part.length, 0);
  const id = new mongoose.Types.ObjectId();
  const file =
    bytes > INLINE_LIMIT
      ? await storeFile(`sheet-version-${id}.deflate`, Buffer.concat(parts), {
          contentType: "application/octet-stream",
          purpose: "sheet-version",
          owner: String(diseaseId),
        })
      : null;
  let columnCount = 0;
  for (const row of sheet.values) if (row.length > columnCount) columnCount = row.length;
  await SheetVersion.create({
    _id: id,
    disease: diseaseId,
    readAt: sheet.readAt,
    source: sheet.source,
    trigger: meta.trigger,
    by: meta.by ?? undefined,
    origin: meta.origin ?? undefined,
    restoredFrom: meta.restoredFrom ?? undefined,
    hash: stored.content,
    rowCount: sheet.values.length,
    columnCount,
    headerRow: sheet.headerRow,
    firstColumn: sheet.firstColumn,
    kind: full ? "full" : "delta",
    base: full ? undefined : last!._id,
    depth: full ? 0 : base!.depth + 1,
    parts: file ? undefined : parts,
    file: file ?? undefined,
    partSizes: file ? parts.map((part) => part.length) : undefined,
    bytes,
    rowHashes: hashes,
  });
  // Only the newest version's row hashes are read (by the next delta).
  if (last) await SheetVersion.updateOne({ _id: last._id }, { $unset: { rowHashes: 1 } });
  return id;
}

/** A version's parts as stored (still deflated). */
async function storedParts(version: Pick<SheetVersionDoc, "parts" | "file" | "partSizes">): Promise<Buffer[]> {
  if (!version.file) return (version.parts ?? []).map(bytesOf);
  const chunks: Buffer[] = [];
  for await (const chunk of openFileStream(version.file)) chunks.push(chunk as Buffer);
  const whole = Buffer.concat(chunks);
  const parts: Buffer[] = [];
  let at = 0;
  for (const size of version.partSizes ?? []) parts.push(whole.subarray(at, (at += size)));
  return parts;
}

const summaryOf = (v: Omit<SheetVersionDoc, "parts" | "rowHashes">, names: Map<string, string>): VersionSummary => ({
  id: String(v._id),
  readAt: v.readAt.toISOString(),
  source: v.source as VersionSummary["source"],
  trigger: v.trigger as VersionTrigger,
  byName: v.by ? (names.get(String(v.by)) ?? "a deleted user") : null,
  origin: v.origin ?? null,
  restoredFrom: v.restoredFrom ? String(v.restoredFrom) : null,
  rows: Math.max(0, v.rowCount - 1),
  bytes: v.bytes,
});
const LISTED = "-parts -rowHashes";

/** The versions as the list shows them, with the names of the people who asked for them. */
async function summaries(found: Array<Omit<SheetVersionDoc, "parts" | "rowHashes">>) {
  const ids = [...new Set(found.flatMap((v) => (v.by ? [String(v.by)] : [])))];
  const users = ids.length
    ? await User.find({ _id: trusted({ $in: ids }) })
        .select("name")
        .lean()
    : [];
  const names = new Map(users.map((u) => [String(u._id), `${u.name?.first ?? ""} ${u.name?.last ?? ""}`.trim()]));
  return found.map((v) => summaryOf(v, names));
}

/** The disease's versions, newest first (a sheet read weekly for years has a few hundred). */
export async function listVersions(diseaseId: Types.ObjectId, limit = 500): Promise<VersionSummary[]> {
  await connectDb();
  return summaries(await SheetVersion.find({ disease: diseaseId }).sort({ readAt: -1, _id: -1 }).limit(limit).select(LISTED).lean());
}

/** The version in force at `at`: the newest read at or before it; null before the first. */
export async function versionInForce(diseaseId: Types.ObjectId, at: Date): Promise<VersionSummary | null> {
  await connectDb();
  const found = await SheetVersion.findOne({ disease: diseaseId, readAt: trusted({ $lte: at }) })
    .sort({ readAt: -1, _id: -1 })
    .select(LISTED)
    .lean();
  return found ? (await summaries([found]))[0]! : null;
}

/** A version of this disease by id; null for another disease's or none. */
export async function versionOf(diseaseId: Types.ObjectId, id: string): Promise<VersionSummary | null> {
  if (!mongoose.isObjectIdOrHexString(id)) return null;
  await connectDb();
  const found = await SheetVersion.findOne({ _id: id, disease: diseaseId }).select(LISTED).lean();
  return found ? (await summaries([found]))[0]! : null;
}

/** Thrown when a version's stored data cannot be read back (corrupt, or a chain with a version missing). */
export class VersionUnreadableError extends Error {}

/** A version's stored data, not yet inflated: its full copy, then the deltas after it (parts.server.ts reads it, in a
 *  worker for a large sheet). */
export async function versionStored(diseaseId: Types.ObjectId, id: string): Promise<StoredSheet> {
  await connectDb();
  const chain: SheetVersionDoc[] = [];
  let next: string | null = id;
  while (next) {
    const found: SheetVersionDoc | null = await SheetVersion.findOne({ _id: next, disease: diseaseId }).select("-rowHashes").lean();
    if (!found || chain.length > VERSION_CHAIN_LIMIT) throw new VersionUnreadableError("A version this one is built on is missing.");
    chain.unshift(found);
    next = found.kind === "delta" ? String(found.base) : null;
  }
  const version = chain[chain.length - 1]!;
  const parts = await Promise.all(chain.map(storedParts));
  return {
    parts: parts.flat(),
    layout: "chain",
    partCounts: parts.map((p) => p.length),
    rowCount: version.rowCount,
    headerRow: version.headerRow,
    firstColumn: version.firstColumn,
    fetchedAt: version.readAt.toISOString(),
    source: version.source as SheetData["source"],
  };
}

/** A version's content, read here a part at a time (a restore, the tests). */
export async function versionSheet(diseaseId: Types.ObjectId, id: string): Promise<SheetData> {
  const stored = await versionStored(diseaseId, id);
  try {
    return await readParts(stored);
  } catch (error) {
    throw new VersionUnreadableError(`The version's stored rows cannot be read: ${(error as Error).message}`);
  }
}

/** Removes a disease's versions and their files (the disease deleted). */
export async function deleteVersions(diseaseId: Types.ObjectId) {
  await connectDb();
  const withFiles = await SheetVersion.find({ disease: diseaseId, file: trusted({ $exists: true }) })
    .select("file")
    .lean();
  await SheetVersion.deleteMany({ disease: diseaseId });
  for (const v of withFiles) if (v.file) await deleteFile(v.file);
}
