import { Schema, type InferSchemaType } from "mongoose";

import { defineModel } from "../define-model.server";

/** A revocable sign-in: the cookie holds only this record's random id. */
const sessionSchema = new Schema(
  {
    _id: { type: String, required: true },
    user: { type: Schema.Types.ObjectId, ref: "User", required: true },
    expiresAt: { type: Date, required: true },
    userAgent: { type: String },
  },
  { timestamps: true },
);
sessionSchema.index({ user: 1 });
// FerretDB 1.24 has no TTL indexes: expired sessions are refused on read and purged at each sign-in.
sessionSchema.index({ expiresAt: 1 });

export type SessionDoc = InferSchemaType<typeof sessionSchema>;
export const Session = defineModel("Session", sessionSchema);
