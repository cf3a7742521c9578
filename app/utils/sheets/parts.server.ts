// A stored sheet copy as it leaves the database: its chunks still deflated (each the JSON of up to
// SHEET_CACHE_CHUNK_ROWS rows, db/models/sheet-cache.server.ts) with the copy's facts. No database here, so the server's
// worker threads (decision 020) read it too: a large sheet crosses to a worker as these bytes, transferred, and is
// inflated and parsed there, never on the event loop.
import { Readable } from "node:stream";
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

/**
 * The body `{"sheet": SheetData}` of the report page's sheet request, written from the stored chunks as they are: each
 * chunk is inflated on the thread pool and its JSON passed on with its outer brackets dropped, so a 50,000-row sheet
 * is never parsed or serialised on the event loop.
 */
export function sheetJsonStream({ parts, layout: _, partCounts: __, rowCount: ___, ...facts }: StoredSheet): ReadableStream<Uint8Array> {
  const head = JSON.stringify({ sheet: { ...facts, values: [] } });
  // `…"values":[]}}` → before the rows `…"values":[`, after them `]}}`.
  const at = head.lastIndexOf("[]");
  async function* pieces() {
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
  return Readable.toWeb(Readable.from(pieces())) as ReadableStream<Uint8Array>;
}
