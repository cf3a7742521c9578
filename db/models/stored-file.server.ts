import { Schema } from "mongoose";

import { defineModel } from "../define-model.server";

// The GridFS bucket's file records (files.files), seen as a model for the queries GridFS itself has no call for: which
// uploads an item owns, which ones were never saved with an item. GridFS writes these records; the app only reads
// them and moves an upload to its owner (db/files.server.ts).
const storedFileSchema = new Schema(
  {
    filename: { type: String },
    length: { type: Number },
    chunkSize: { type: Number },
    uploadDate: { type: Date },
    metadata: {
      contentType: { type: String },
      purpose: { type: String },
      /** The owning record's id, or `pending:<user id>` for an upload not yet saved with a news item. */
      owner: { type: String },
    },
  },
  { collection: "files.files", strict: false, versionKey: false },
);
// An owner's files, oldest first: claiming an upload and clearing abandoned ones.
storedFileSchema.index({ "metadata.owner": 1, uploadDate: 1 });

export const StoredFile = defineModel("StoredFile", storedFileSchema);
