import { Schema, type InferSchemaType } from "mongoose";

import { defineModel } from "../define-model.server";

export const IMPORT_KINDS = ["compounds", "keywords"] as const;
export const IMPORT_STATES = ["preview", "importing", "done"] as const;

/**
 * A spreadsheet import of the administration console (admin-console §5, issue 13), from its preview to its report. It
 * keeps the sheet's cells as read — never the uploaded file, so a workbook's macros are neither run nor kept — and,
 * while it is applied, how far it got (the page polls it), so any app server can show the progress.
 */
const importRunSchema = new Schema(
  {
    kind: { type: String, enum: IMPORT_KINDS, required: true },
    user: { type: Schema.Types.ObjectId, ref: "User", required: true },
    filename: { type: String, required: true },
    /** The header row, then the data rows, each as the JSON text of its cells (FerretDB, the second engine, stores no
     *  array in an array). Dropped once the import is applied. */
    rows: { type: [String], default: undefined },
    state: { type: String, enum: IMPORT_STATES, default: "preview" },
    /** Rows checked and written so far while importing, of `total`. */
    done: { type: Number, default: 0 },
    total: { type: Number, default: 0 },
    /** What the import did, for its report. */
    result: {
      created: { type: Number },
      updated: { type: Number },
      unchanged: { type: Number },
      refused: { type: Number },
      /** The refused rows and why (the first 1000). */
      problems: { type: [{ row: Number, name: String, column: String, message: String, _id: false }], default: undefined },
    },
  },
  { timestamps: true },
);
// Runs older than a day are removed by the next upload.
importRunSchema.index({ createdAt: 1 });

export type ImportRunDoc = InferSchemaType<typeof importRunSchema>;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const ImportRun = defineModel("ImportRun", importRunSchema);
