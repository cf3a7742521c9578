import { Schema, type InferSchemaType } from "mongoose";

import { defineModel } from "../define-model.server";

/**
 * A trial form in progress (admin-console §2 'Trial form', issue 15): the seven steps' values as the form holds them,
 * kept on the server so that the form works step by step without JavaScript and survives a reload. Only Create or
 * Update makes a trial of it; an abandoned draft expires (docs/decisions/013).
 */
const trialDraftSchema = new Schema(
  {
    user: { type: Schema.Types.ObjectId, ref: "User", required: true },
    /** The trial being edited; none for a new one. */
    trial: { type: Schema.Types.ObjectId, ref: "Trial", default: null },
    /** The step last shown (0-based). */
    step: { type: Number, min: 0, default: 0 },
    /** The form's values, as conform reads them (texts, lists of groups). */
    values: { type: Schema.Types.Mixed, default: {} },
  },
  { timestamps: true, minimize: false },
);
// Abandoned drafts: a TTL index on updatedAt where the engine has TTL indexes (created by the model, see
// app/models/trial.server.ts: FerretDB 1.24 refuses the option), and a user's stale drafts purged at each save.
trialDraftSchema.index({ user: 1, updatedAt: 1 });
// The drafts of a trial, dropped with it.
trialDraftSchema.index({ trial: 1 });

export type TrialDraftDoc = InferSchemaType<typeof trialDraftSchema>;
export const TrialDraft = defineModel("TrialDraft", trialDraftSchema);
