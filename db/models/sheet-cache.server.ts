import { Schema, type InferSchemaType, type Types } from "mongoose";

import { defineModel } from "../define-model.server";

// The last good copy of each disease's report sheet (app/utils/sheets/store.server.ts).
//
// Storage: the header document (SheetCache, one per disease) holds the metadata and the status; the values are
// split into SheetCacheChunk documents of SHEET_CACHE_CHUNK_ROWS rows (default 2,000), each the JSON of its rows
// deflated (zlib level 1, ~14:1 on sheet text), so no document comes near MongoDB's 16 MB limit however long the
// sheet. Chunk ids are "<generation>:<index>" and are always read and deleted by _id: FerretDB 1.x (SQLite) only
// pushes _id lookups down to the database and otherwise decodes every document to filter, which made filtered
// reads of uncompressed chunks take seconds for 50,000 rows. Each write goes to a new `generation`; the header is
// switched to it in one update, then the previous generation's chunks are deleted, so a reader never mixes two
// fetches and a failed fetch leaves the last good copy untouched. `pending` names a generation being written,
// so chunks of a write that died half-way are removed by the next write. A copy of one chunk (most sheets) is kept
// in the header itself (`inline`), switched with it in the same update. Beside the chunks, each generation stores the
// report page's sheet request's whole body brotli-compressed (SheetCacheBody, `_id` the generation), which browsers
// that accept brotli get as it is (decision 025).

const sheetCacheSchema = new Schema(
  {
    disease: { type: Schema.Types.ObjectId, ref: "Disease", required: true },
    /** Set once a copy exists; chunks of other generations are leftovers. */
    generation: { type: String },
    source: { type: String, enum: ["google", "upload"] },
    headerRow: { type: Number },
    firstColumn: { type: Number },
    /** When the values were read from their source. */
    fetchedAt: { type: Date },
    /** Rows including the header row. */
    rowCount: { type: Number, default: 0 },
    columnCount: { type: Number, default: 0 },
    chunkCount: { type: Number, default: 0 },
    /** The one chunk's data of a copy that fits in one (no SheetCacheChunk then): a report reads its sheet in one
     *  command, the header (issue 26). */
    inline: { type: Buffer },
    /** Whether the generation's compressed body is stored (SheetCacheBody): copies written before it was, or too large
     *  for one document, are compressed per request. */
    compressedBody: { type: Boolean },
    /** Size of the stored JSON, for the admin's status. */
    bytes: { type: Number, default: 0 },
    /** The disease's source settings the copy was read with (sheetId, sheetName, range, upload file): when they
     *  change, the next read refreshes. */
    configKey: { type: String },
    /** The tab that was read from an uploaded workbook. */
    sheetName: { type: String },
    lastAttemptAt: { type: Date },
    /** A generation being written (cleared when the header switches to it). */
    pending: {
      type: new Schema({ generation: { type: String, required: true }, chunkCount: { type: Number, required: true } }, { _id: false }),
      default: undefined,
    },
    /** The last failed refresh; cleared by a successful one. The last good copy stays in place. */
    lastError: {
      type: new Schema(
        { message: { type: String, required: true }, code: { type: String }, at: { type: Date, required: true } },
        { _id: false },
      ),
      default: undefined,
    },
    /** An uploaded workbook (GridFS bucket "files") used instead of Google Sheets while it is set. */
    upload: {
      type: new Schema(
        {
          file: { type: Schema.Types.ObjectId, required: true },
          filename: { type: String, required: true },
          kind: { type: String, enum: ["xlsx", "csv"], required: true },
          size: { type: Number, required: true },
          uploadedAt: { type: Date, required: true },
          uploadedBy: { type: Schema.Types.ObjectId, ref: "User" },
        },
        { _id: false },
      ),
      default: undefined,
    },
  },
  { timestamps: true },
);
sheetCacheSchema.index({ disease: 1 }, { unique: true });

const sheetCacheChunkSchema = new Schema({
  /** "<generation>:<index>" */
  _id: { type: String, required: true },
  disease: { type: Schema.Types.ObjectId, ref: "Disease", required: true },
  generation: { type: String, required: true },
  index: { type: Number, required: true },
  /** Raw-deflated JSON of Cell[][]: this chunk's rows. */
  data: { type: Buffer, required: true },
  createdAt: { type: Date, default: () => new Date() },
});

const sheetCacheBodySchema = new Schema({
  /** The generation. */
  _id: { type: String, required: true },
  disease: { type: Schema.Types.ObjectId, ref: "Disease", required: true },
  /** `{"sheet": SheetData}`, brotli-compressed. */
  data: { type: Buffer, required: true },
  createdAt: { type: Date, default: () => new Date() },
});

export type SheetCacheDoc = InferSchemaType<typeof sheetCacheSchema> & { _id: Types.ObjectId };
export const SheetCache = defineModel("SheetCache", sheetCacheSchema);
export type SheetCacheChunkDoc = InferSchemaType<typeof sheetCacheChunkSchema>;
export const SheetCacheChunk = defineModel("SheetCacheChunk", sheetCacheChunkSchema);
export const SheetCacheBody = defineModel("SheetCacheBody", sheetCacheBodySchema);
