import { Schema, type InferSchemaType } from "mongoose";

import { defineModel } from "../define-model.server";

/** One fixed-window attempt counter (key = action + account or address), shared by every app server. */
const rateLimitSchema = new Schema({
  _id: { type: String, required: true },
  count: { type: Number, required: true },
  resetAt: { type: Date, required: true },
});
rateLimitSchema.index({ resetAt: 1 });

export type RateLimitDoc = InferSchemaType<typeof rateLimitSchema>;
export const RateLimit = defineModel("RateLimit", rateLimitSchema);
