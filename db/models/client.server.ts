import { Schema, type InferSchemaType } from "mongoose";

import { ACTIVE_STATUSES } from "#common/constants";

import { defineModel } from "../define-model.server";

const clientSchema = new Schema(
  {
    name: { type: String, required: true, trim: true },
    /** Storage path of the logo, `/resources/files/<GridFS id>`, and its thumbnails (widths 80 and 200). */
    logo: { type: String },
    thumbnails: { w80: { type: String }, w200: { type: String } },
    status: { type: String, enum: ACTIVE_STATUSES, default: "active" },
    contacts: [{ _id: false, name: String, email: String, title: String }],
  },
  { timestamps: true },
);
// By name with _id breaking ties: the Clients List reads them all in this order.
clientSchema.index({ name: 1, _id: 1 });
clientSchema.index({ status: 1, name: 1 });

export type ClientDoc = InferSchemaType<typeof clientSchema>;
export const Client = defineModel("Client", clientSchema);
