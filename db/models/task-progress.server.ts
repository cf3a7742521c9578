import { Schema, type InferSchemaType } from "mongoose";

import { defineModel } from "../define-model.server";

/**
 * How far a long request of a user is (a ClinicalTrials.gov import reading pages, then writing trials), written while
 * the request runs so that the page that sent it can show the progress whichever app server answers its polls. Keyed
 * by the user and a token the page's form carries; a day later it goes (the next task of anyone removes it).
 */
const taskProgressSchema = new Schema(
  {
    user: { type: Schema.Types.ObjectId, ref: "User", required: true },
    token: { type: String, required: true },
    /** What the request is doing, as the page says it ("Asking ClinicalTrials.gov…"). */
    stage: { type: String, required: true },
    done: { type: Number, default: 0 },
    /** 0 while the total is not known yet. */
    total: { type: Number, default: 0 },
  },
  { timestamps: true },
);
taskProgressSchema.index({ user: 1, token: 1 }, { unique: true });
taskProgressSchema.index({ updatedAt: 1 });

export type TaskProgressDoc = InferSchemaType<typeof taskProgressSchema>;
export const TaskProgress = defineModel("TaskProgress", taskProgressSchema);
