import { Schema, type InferSchemaType } from "mongoose";

import { defineModel } from "../define-model.server";

/** The registry fields whose changes a sync records (issue 15 "Registry change log"). */
export const TRACKED_FIELDS = ["trialStatus", "primaryCompletionDate", "enrollment", "phase"] as const;
export type TrackedField = (typeof TRACKED_FIELDS)[number];

/**
 * One change ClinicalTrials.gov reported for a trial, as a sync saw it: the value before and after, as text (a date as
 * YYYY-MM-DD, an enrollment as "120 (Anticipated)"; "" for none). Client and disease are copied from the trial so a
 * disease's slips are one indexed query; the NCT id so they group by study.
 */
const trialChangeSchema = new Schema({
  trial: { type: Schema.Types.ObjectId, ref: "Trial", required: true },
  client: { type: Schema.Types.ObjectId, ref: "Client", required: true },
  disease: { type: Schema.Types.ObjectId, ref: "Disease", required: true },
  trialIdentifier: { type: String, required: true },
  field: { type: String, enum: TRACKED_FIELDS, required: true },
  previous: { type: String, default: "" },
  next: { type: String, default: "" },
  seenAt: { type: Date, required: true },
});
// A trial's history (newest first); a disease's primary completion slips (the timeline reports' markers).
trialChangeSchema.index({ trial: 1, seenAt: -1 });
trialChangeSchema.index({ disease: 1, field: 1, seenAt: 1 });

export type TrialChangeDoc = InferSchemaType<typeof trialChangeSchema>;
export const TrialChange = defineModel("TrialChange", trialChangeSchema);
