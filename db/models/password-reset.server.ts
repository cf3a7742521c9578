import { Schema, type InferSchemaType } from "mongoose";

import { defineModel } from "../define-model.server";

/** A password-reset request: only the SHA-256 of the emailed token is kept; single use, short-lived. */
const passwordResetSchema = new Schema(
  {
    user: { type: Schema.Types.ObjectId, ref: "User", required: true },
    /** Hex SHA-256 of the random token sent by e-mail. */
    tokenHash: { type: String, required: true },
    expiresAt: { type: Date, required: true },
    usedAt: { type: Date },
  },
  { timestamps: true },
);
passwordResetSchema.index({ tokenHash: 1 }, { unique: true });
passwordResetSchema.index({ user: 1 });
// A TTL index (expireAfterSeconds: 0) would purge used-up tokens on MongoDB, but FerretDB 1.24 rejects the option
// ("not implemented yet") and the model's index build would fail there: expired tokens are refused on read instead.
passwordResetSchema.index({ expiresAt: 1 });

export type PasswordResetDoc = InferSchemaType<typeof passwordResetSchema>;
export const PasswordReset = defineModel("PasswordReset", passwordResetSchema);
