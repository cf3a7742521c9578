import { Schema, type InferSchemaType } from "mongoose";

import { defineModel } from "../define-model.server";

export const SYNC_OUTCOMES = ["created", "updated", "unchanged", "failed"] as const;
export type SyncOutcome = (typeof SYNC_OUTCOMES)[number];

/**
 * A saved ClinicalTrials.gov import (issue 15): what it asks the registry (NCT ids, or a search), where its trials are
 * filed, and how its last run went. Re-syncing asks only for studies updated since `lastSyncDate`. Kept in the
 * database so any app server can run it; `runningSince` marks a run in progress (one at a time).
 */
const registrySyncSchema = new Schema(
  {
    user: { type: Schema.Types.ObjectId, ref: "User", required: true },
    client: { type: Schema.Types.ObjectId, ref: "Client", required: true },
    therapeuticArea: { type: Schema.Types.ObjectId, ref: "TherapeuticArea", required: true },
    disease: { type: Schema.Types.ObjectId, ref: "Disease", required: true },
    compound: { type: Schema.Types.ObjectId, ref: "Compound" },
    query: {
      /** NCT ids; or, when empty, the search below. */
      ids: { type: [String], default: [] },
      condition: { type: String },
      sponsor: { type: String },
      intervention: { type: String },
      /** The registry's phase value (PHASE2, EARLY_PHASE1, NA), searched as AREA[Phase]. */
      phase: { type: String },
    },
    /** The day (UTC, YYYY-MM-DD) the last successful run started: the next asks for studies updated since (inclusive). */
    lastSyncDate: { type: String },
    lastRunAt: { type: Date },
    runningSince: { type: Date },
    /** Why the last run failed (nothing was imported then); cleared by a successful one. */
    lastError: { type: String },
    lastResult: {
      created: { type: Number },
      updated: { type: Number },
      unchanged: { type: Number },
      failed: { type: Number },
      trials: {
        type: [{ nctId: String, title: String, outcome: { type: String, enum: SYNC_OUTCOMES }, message: String, _id: false }],
        default: undefined,
      },
    },
  },
  { timestamps: true },
);
// The import page's saved imports: all (the top-level admin) or those of the diseases one holds, latest first.
registrySyncSchema.index({ updatedAt: -1, _id: -1 });
registrySyncSchema.index({ disease: 1, updatedAt: -1 });

export type RegistrySyncDoc = InferSchemaType<typeof registrySyncSchema>;
export const RegistrySync = defineModel("RegistrySync", registrySyncSchema);
