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
  /** The chunks in order, each a raw-deflated JSON array of rows. */
  parts: Uint8Array[];
}

/** The sheet's values, inflated and parsed here and now (in a worker, or on the event loop for a copy of one chunk). */
export function sheetOfParts({ parts, ...facts }: StoredSheet): SheetData {
  const values: Cell[][] = [];
  for (const part of parts) for (const row of JSON.parse(zlib.inflateRawSync(part).toString("utf8")) as Cell[][]) values.push(row);
  return { ...facts, values };
}

/**
 * The body `{"sheet": SheetData}` of the report page's sheet request, written from the stored chunks as they are: each
 * chunk is inflated on the thread pool and its JSON passed on with its outer brackets dropped, so a 50,000-row sheet
 * is never parsed or serialised on the event loop.
 */
export function sheetJsonStream({ parts, ...facts }: StoredSheet): ReadableStream<Uint8Array> {
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
