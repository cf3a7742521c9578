import { Schema, type InferSchemaType } from "mongoose";

import { REPORT_TYPE_IDS } from "#common/constants";

import { defineModel } from "../define-model.server";

const diseaseSchema = new Schema(
  {
    name: { type: String, required: true, trim: true },
    therapeuticArea: { type: Schema.Types.ObjectId, ref: "TherapeuticArea", required: true },
    /** Denormalised from the area so permission checks and client-wide lists need one query. */
    client: { type: Schema.Types.ObjectId, ref: "Client", required: true },
    /** Its area's name, kept in step with the area (renameArea), so a disease's page reads one record and not its area's
     *  too (issue 26). Missing on a disease saved before it existed until the scheduler's one-time fill: such a page reads
     *  the area as before. */
    areaName: { type: String },
    /** When its sheet was last read (its copy's fetchedAt; null: never), kept in step by the sheet store, so the
     *  diseases page reads no sheet caches (issue 26). Missing on a disease saved before it existed until the
     *  scheduler's one-time fill: its card reads the cache then. */
    sheetReadAt: { type: Date, default: null },
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
