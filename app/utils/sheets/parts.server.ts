// A stored sheet copy as it leaves the database: its chunks still deflated (each the JSON of up to
// SHEET_CACHE_CHUNK_ROWS rows, db/models/sheet-cache.server.ts) with the copy's facts. No database here, so the server's
// worker threads (decision 020) read it too: a large sheet crosses to a worker as these bytes, transferred, and is
// inflated and parsed there, never on the event loop.
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import zlib from "node:zlib";

import type { Cell, SheetData } from "#workers/engine/sheet";

const inflate = promisify(zlib.inflateRaw);

export interface StoredSheet extends Omit<SheetData, "values"> {
  /** The cache's chunks in order, each a raw-deflated JSON list of rows; for a version (`layout: "chain"`), the parts
   *  of its full copy's rows and then those of each delta's operations on them (versions.server.ts). */
  parts: Uint8Array[];
  layout?: "chain";
  /** A chain's parts by version, oldest (the full copy) first. */
  partCounts?: number[];
  /** Rows including the header row. */
  rowCount: number;
}

/**
 * Delta operations on the rows of the version before (versions.server.ts): `[start, count]` copies that many of its
 * rows from `start`, an array of rows gives them. (A copy's first element is a number, a literal's an array.)
 */
export type DeltaOp = [number, number] | Cell[][];

export function applyDelta(base: Cell[][], ops: DeltaOp[]): Cell[][] {
  const rows: Cell[][] = [];
  for (const op of ops) {
    if (typeof op[0] === "number") {
      const [start, count] = op as [number, number];
      if (start < 0 || start + count > base.length) throw new Error("a delta copies rows its base does not have");
      for (let j = start; j < start + count; j++) rows.push(base[j]!);
    } else for (const row of op as Cell[][]) rows.push(row);
  }
  return rows;
}

/** The rows of parsed parts: the cache's chunks one after the other; a chain's full copy, then each delta applied.
 *  Throws on data that does not read back as the rows it says (a damaged version). */
function assemble({ parts: _, layout, partCounts, rowCount, ...facts }: StoredSheet, parsed: unknown[]): SheetData {
  if (!parsed.every(Array.isArray)) throw new Error("stored rows are not a list");
  const lists = parsed as unknown[][];
  let values: Cell[][] = [];
  if (layout === "chain") {
    let at = 0;
    for (const [k, count] of (partCounts ?? []).entries()) {
      const items = lists.slice(at, (at += count)).flat();
      values = k === 0 ? (items as Cell[][]) : applyDelta(values, items as DeltaOp[]);
    }
  } else for (const list of lists) for (const row of list as Cell[][]) values.push(row);
  if (values.length !== rowCount) throw new Error(`${values.length} rows read back where ${rowCount} were stored`);
  return { ...facts, values };
}

/** The bytes of a stored binary field as read (a Buffer, or the driver's Binary holding one), copied out of the
 *  driver's reply: a view would take the whole reply along when a part is posted to a worker thread. */
export function bytesOf(data: unknown): Buffer {
  if (Buffer.isBuffer(data)) return data;
  return Buffer.from((data as { buffer?: Uint8Array }).buffer ?? new Uint8Array());
}

const parse = (json: Buffer) => JSON.parse(json.toString("utf8")) as unknown;

/** The sheet's values, inflated and parsed here and now, in one go (in a worker, or for a small sheet). */
export function sheetOfParts(stored: StoredSheet): SheetData {
  return assemble(
    stored,
    stored.parts.map((part) => parse(zlib.inflateRawSync(part))),
  );
}

/** The same a part at a time, each inflated on the thread pool (a part holds at most 2,000 rows): for the event loop. */
export async function readParts(stored: StoredSheet): Promise<SheetData> {
  const parsed: unknown[] = [];
  for (const part of stored.parts) parsed.push(parse(await inflate(part)));
  return assemble(stored, parsed);
}

/** The pieces of the body `{"sheet": SheetData}` written from the stored chunks as they are: each chunk is inflated on
 *  the thread pool and its JSON passed on with its outer brackets dropped, so a 50,000-row sheet is never parsed or
 *  serialised on the event loop. */
async function* sheetJsonPieces({ parts, layout: _, partCounts: __, rowCount: ___, ...facts }: StoredSheet) {
  const head = JSON.stringify({ sheet: { ...facts, values: [] } });
  // `…"values":[]}}` → before the rows `…"values":[`, after them `]}}`.
  const at = head.lastIndexOf("[]");
  yield Buffer.from(head.slice(0, at + 1));
  let first = true;
  for (const part of parts) {
    const json = await inflate(part);
    if (json.length <= 2) continue; // "[]"
    if (!first) yield Buffer.from(",");
    yield json.subarray(1, json.length - 1);
    first = false;
  }
  yield Buffer.from(head.slice(at + 1));
}

/** The report page's sheet request's body, streamed (a copy stored without its compressed body: sheetBodyBrotli). */
export function sheetJsonStream(stored: StoredSheet): ReadableStream<Uint8Array> {
  return Readable.toWeb(Readable.from(sheetJsonPieces(stored))) as ReadableStream<Uint8Array>;
}

/**
 * The same body brotli-compressed once, when the copy is written, for every browser that accepts brotli to get as it is
 * stored; `jsonBytes`: the rows' JSON size. On the 10,000-row bench sheet (5.0 MB of JSON) quality 7 makes 385 KB in
 * 100 ms on the thread pool, once, where the compression middleware's quality 4 made 551 KB in 50–150 ms of every
 * request (quality 9: 352 KB in 230 ms). Past 8 MB of JSON quality 4 (about 8 ms a MB against 25), so that the write of
 * the largest sheets grows by well under a second.
 */
export async function sheetBodyBrotli(stored: StoredSheet, jsonBytes: number): Promise<Buffer> {
  const compress = zlib.createBrotliCompress({
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: jsonBytes <= 8 * 1024 * 1024 ? 7 : 4,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: jsonBytes,
    },
  });
  const out: Buffer[] = [];
  await pipeline(Readable.from(sheetJsonPieces(stored)), compress, async (compressed: AsyncIterable<Buffer>) => {
    for await (const piece of compressed) out.push(piece);
  });
  return Buffer.concat(out);
}
