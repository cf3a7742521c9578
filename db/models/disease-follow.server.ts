import { Schema, type InferSchemaType } from "mongoose";

import { FOLLOW_FREQUENCIES } from "#common/constants";

import { defineModel } from "../define-model.server";

/**
 * A user following a disease's landscape (issue 30): every week or month an e-mail says what changed in its reports
 * since the last one. The client is the disease's, kept so the mail's links select it. `lastSentAt`: the moment the
 * last digest covered the sheet up to (set when following starts).
 */
const diseaseFollowSchema = new Schema(
  {
    user: { type: Schema.Types.ObjectId, ref: "User", required: true },
    client: { type: Schema.Types.ObjectId, ref: "Client", required: true },
    disease: { type: Schema.Types.ObjectId, ref: "Disease", required: true },
    frequency: { type: String, enum: FOLLOW_FREQUENCIES, required: true },
    lastSentAt: { type: Date, required: true },
  },
  { timestamps: true },
);
// One follow per user and disease (the report page's control reads and sets it).
diseaseFollowSchema.index({ user: 1, disease: 1 }, { unique: true });
// Due digests: a frequency whose last sending is older than its period.
diseaseFollowSchema.index({ frequency: 1, lastSentAt: 1 });

export type DiseaseFollowDoc = InferSchemaType<typeof diseaseFollowSchema>;
export const DiseaseFollow = defineModel("DiseaseFollow", diseaseFollowSchema);
