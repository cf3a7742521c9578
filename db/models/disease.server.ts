import { Schema, type InferSchemaType } from "mongoose";

import { REPORT_TYPE_IDS } from "#common/constants";

import { defineModel } from "../define-model.server";

const diseaseSchema = new Schema(
  {
    name: { type: String, required: true, trim: true },
    therapeuticArea: { type: Schema.Types.ObjectId, ref: "TherapeuticArea", required: true },
    /** Denormalised from the area so permission checks and client-wide lists need one query. */
    client: { type: Schema.Types.ObjectId, ref: "Client", required: true },
    sheetId: { type: String, trim: true },
    sheetName: { type: String, trim: true },
    /** Headers Range: the cell where the header row starts, e.g. A5. */
    range: { type: String, trim: true },
    titlePrefix: { type: String, trim: true },
    reports: [
      {
        _id: false,
        id: { type: String, enum: REPORT_TYPE_IDS, required: true },
        name: { type: String, required: true },
      },
    ],
    tm: { type: Boolean, default: false },
    verified: { type: Boolean, default: false },
    mesh: { type: [String], default: [] },
  },
  { timestamps: true },
);
diseaseSchema.index({ therapeuticArea: 1, name: 1 });
diseaseSchema.index({ client: 1 });

export type DiseaseDoc = InferSchemaType<typeof diseaseSchema>;
export const Disease = defineModel("Disease", diseaseSchema);
