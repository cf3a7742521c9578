import { Schema, type InferSchemaType } from "mongoose";

import { defineModel } from "../define-model.server";

/** One administrative change: who, when, what, and each changed field before → after. Written once, never edited
 *  by the app (app/models/audit.server.ts). */
const auditLogSchema = new Schema({
  at: { type: Date, required: true, default: () => new Date() },
  actor: { type: Schema.Types.ObjectId, ref: "User" },
  actorName: { type: String },
  /** "user", "client", later every console entity. */
  entity: { type: String, required: true },
  entityId: { type: Schema.Types.ObjectId, required: true },
  entityName: { type: String },
  /** create, update, delete, restore, accept, reject, unblock, status. */
  action: { type: String, required: true },
  /** `keys`: for a user's access granted or removed, the grant keys of the names listed (and of those only counted). */
  changes: [
    {
      _id: false,
      field: { type: String, required: true },
      before: { type: Schema.Types.Mixed },
      after: { type: Schema.Types.Mixed },
      keys: { type: [String], default: undefined },
    },
  ],
});
// A record's history (newest first); the whole log by time, by kind of record, by action.
auditLogSchema.index({ entity: 1, entityId: 1, at: -1, _id: -1 });
auditLogSchema.index({ at: -1, _id: -1 });
auditLogSchema.index({ entity: 1, at: -1, _id: -1 });
auditLogSchema.index({ action: 1, at: -1, _id: -1 });

export type AuditLogDoc = InferSchemaType<typeof auditLogSchema>;
export const AuditLog = defineModel("AuditLog", auditLogSchema);
