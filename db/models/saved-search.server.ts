import { Schema, type InferSchemaType } from "mongoose";

import { DIGEST_FREQUENCIES } from "#common/constants";

import { defineModel } from "../define-model.server";

/** A user's named news-feed search (issue 16): the feed's URL filters, and how often its digest is e-mailed. */
const savedSearchSchema = new Schema(
  {
    user: { type: Schema.Types.ObjectId, ref: "User", required: true },
    client: { type: Schema.Types.ObjectId, ref: "Client", required: true },
    name: { type: String, required: true, trim: true },
    /** The feed's query string ("q=…&disease=…"), read again through the feed's own filter schema when used. */
    query: { type: String, default: "" },
    frequency: { type: String, enum: DIGEST_FREQUENCIES, default: "weekly" },
    /** When the last digest was claimed; a digest covers items published after it. Set at creation. */
    lastSentAt: { type: Date, required: true },
  },
  { timestamps: true },
);
// The user's list of a client, newest first.
savedSearchSchema.index({ user: 1, client: 1, createdAt: -1, _id: -1 });
// Due digests: a frequency whose last sending is older than its period.
savedSearchSchema.index({ frequency: 1, lastSentAt: 1 });

export type SavedSearchDoc = InferSchemaType<typeof savedSearchSchema>;
export const SavedSearch = defineModel("SavedSearch", savedSearchSchema);
