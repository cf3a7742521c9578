import { Schema, type InferSchemaType } from "mongoose";

import { defineModel } from "../define-model.server";

/** A personal token for the integration API (issue 29): acts as its owner, with the owner's current access, within
 *  its scope. Only the SHA-256 of the token is kept: a leaked database gives no working token. */
const apiTokenSchema = new Schema(
  {
    user: { type: Schema.Types.ObjectId, ref: "User", required: true },
    name: { type: String, required: true, trim: true },
    scope: { type: String, enum: ["read", "read+write"], required: true },
    tokenHash: { type: String, required: true },
    /** The token's first characters, to tell tokens apart after the whole one was shown once. */
    tokenStart: { type: String, required: true },
    expiresAt: { type: Date, required: true },
    lastUsedAt: { type: Date },
    revokedAt: { type: Date },
  },
  { timestamps: true },
);
apiTokenSchema.index({ tokenHash: 1 }, { unique: true });
// The API tokens page: a user's tokens, newest first.
apiTokenSchema.index({ user: 1, createdAt: -1, _id: -1 });

export type ApiTokenDoc = InferSchemaType<typeof apiTokenSchema>;
export const ApiToken = defineModel("ApiToken", apiTokenSchema);
