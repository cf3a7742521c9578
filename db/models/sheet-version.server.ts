import { Schema, type InferSchemaType, type Types } from "mongoose";

import { defineModel } from "../define-model.server";

// Every content a disease's sheet has had (issue 30, app/utils/sheets/versions.server.ts): one document per read that
// changed the content, the newest being the content the reports show today.
//
// Storage: a version holds its rows either in full or as a delta against the version before it (rows copied by range,
// rows given), in parts of at most 2,000 rows or operations, each a raw-deflated JSON list (so each is written and read
// without holding the event loop long); a full copy every VERSION_CHAIN_LIMIT versions at most, so reading any version
// inflates one full copy and a few deltas. Parts over INLINE_LIMIT bytes in all live in one GridFS file (bucket
// "files"), split by `partSizes`. Only the newest version keeps its rows' hashes, which the next delta is computed
// against.

const sheetVersionSchema = new Schema({
  disease: { type: Schema.Types.ObjectId, ref: "Disease", required: true },
  /** When this content was read from its source (or restored). */
  readAt: { type: Date, required: true },
  source: { type: String, enum: ["google", "upload"], required: true },
  /** What read it: an administrator's refresh or upload, a reader's first view (refresh), a restore, an import. */
  trigger: { type: String, enum: ["refresh", "upload", "restore", "import"], required: true },
  /** Who asked for the read, when a person did. */
  by: { type: Schema.Types.ObjectId, ref: "User" },
  /** The uploaded workbook's file name, or the Google Sheet tab. */
  origin: { type: String },
  /** The version whose content a restore brought back. */
  restoredFrom: { type: Schema.Types.ObjectId },
  /** SHA-256 of the content (header row, first column, the rows' JSON): a read with the newest version's hash adds
   *  nothing. */
  hash: { type: String, required: true },
  /** Rows including the header row. */
  rowCount: { type: Number, required: true },
  columnCount: { type: Number, required: true },
  headerRow: { type: Number, required: true },
  firstColumn: { type: Number, required: true },
  /** "full": the rows; "delta": operations on the rows of `base`. */
  kind: { type: String, enum: ["full", "delta"], required: true },
  base: { type: Schema.Types.ObjectId },
  /** Deltas since the last full copy (0 for a full one). */
  depth: { type: Number, required: true },
  /** The rows or the delta's operations in parts (raw-deflated JSON lists), when small; else `file` and `partSizes`. */
  parts: { type: [Buffer], default: undefined },
  file: { type: Schema.Types.ObjectId },
  partSizes: { type: [Number], default: undefined },
  /** Stored size (data or file), for the bench and the list. */
  bytes: { type: Number, required: true },
  /** 8 bytes of SHA-1 per row, the newest version only. */
  rowHashes: { type: Buffer },
});
sheetVersionSchema.index({ disease: 1, readAt: -1, _id: -1 });

export type SheetVersionDoc = InferSchemaType<typeof sheetVersionSchema> & { _id: Types.ObjectId };
export const SheetVersion = defineModel("SheetVersion", sheetVersionSchema);
