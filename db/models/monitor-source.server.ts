import { Schema, type InferSchemaType } from "mongoose";

import { ACTIVE_STATUSES, MONITOR_SOURCE_KINDS } from "#common/constants";

import { defineModel } from "../define-model.server";

/**
 * A place keyword monitoring looks (issue 16), set up by an admin: an RSS/Atom feed (its address), PubMed (searched for
 * every active keyword) or the saved ClinicalTrials.gov imports (re-synced; slips become fetch-queue items). The
 * schedule and the last run's outcome live here, so every app process reads the same: a run is due when `nextRunAt`
 * has passed, and is claimed for that `nextRunAt` before it starts (app/models/monitor.server.ts).
 */
const monitorSourceSchema = new Schema(
  {
    name: { type: String, required: true, trim: true },
    kind: { type: String, enum: Object.keys(MONITOR_SOURCE_KINDS), required: true },
    /** The feed's address (RSS/Atom only). */
    url: { type: String, trim: true },
    status: { type: String, enum: ACTIVE_STATUSES, default: "active" },
    intervalMinutes: { type: Number, required: true },
    nextRunAt: { type: Date, required: true },
    /** Set while a run is under way (cleared when it ends). */
    runningSince: { type: Date },
    lastRunAt: { type: Date },
    lastSuccessAt: { type: Date },
    /** New fetch-queue items the last successful run added. */
    lastItems: { type: Number },
    /** Why the last run failed; cleared by a successful one. */
    lastError: { type: String },
    /** Failed runs in a row: each waits twice as long before the next try (at most the interval). */
    failures: { type: Number, default: 0 },
    /** The feed's validators, sent back so an unchanged feed answers 304. */
    etag: { type: String },
    lastModified: { type: String },
  },
  { timestamps: true },
);
// Due runs; the console's list by name.
monitorSourceSchema.index({ status: 1, nextRunAt: 1 });
monitorSourceSchema.index({ name: 1, _id: 1 });

export type MonitorSourceDoc = InferSchemaType<typeof monitorSourceSchema>;
export const MonitorSource = defineModel("MonitorSource", monitorSourceSchema);
