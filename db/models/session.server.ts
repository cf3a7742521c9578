import { Schema, type InferSchemaType } from "mongoose";

import { defineModel } from "../define-model.server";

/** A revocable sign-in: the cookie holds only this record's random id. */
const sessionSchema = new Schema(
  {
    _id: { type: String, required: true },
    user: { type: Schema.Types.ObjectId, ref: "User", required: true },
    expiresAt: { type: Date, required: true },
    userAgent: { type: String },
    /** The client this browser works in (user-app keeps it per browser): the last client page opened, or the one
     *  picked on the dashboard. Read only through the user's current permissions. */
    selectedClient: { type: Schema.Types.ObjectId, ref: "Client" },
  },
  { timestamps: true },
);
sessionSchema.index({ user: 1 });
// FerretDB 1.24 has no TTL indexes: expired sessions are refused on read and swept by the scheduler's housekeeping job.
sessionSchema.index({ expiresAt: 1 });
// Deleting a client clears it as the sessions' selected client.
sessionSchema.index({ selectedClient: 1 }, { sparse: true });

export type SessionDoc = InferSchemaType<typeof sessionSchema>;
export const Session = defineModel("Session", sessionSchema);
