import { Schema, type InferSchemaType } from "mongoose";

import { DIGEST_FREQUENCIES } from "#common/constants";

import { defineModel } from "../define-model.server";

/** The e-mail of new fetch-queue items to the admins who curate news (issue 16): one document, `_id` "editors". */
const editorsDigestSchema = new Schema(
  {
    _id: { type: String, required: true },
    frequency: { type: String, enum: DIGEST_FREQUENCIES, default: "off" },
    /** When the last digest was claimed; the next lists items fetched after it. */
    lastSentAt: { type: Date, required: true },
  },
  { timestamps: true },
);

export type EditorsDigestDoc = InferSchemaType<typeof editorsDigestSchema>;
export const EditorsDigest = defineModel("EditorsDigest", editorsDigestSchema);
