import { Schema, type InferSchemaType } from "mongoose";
import { ACTIVE_STATUSES, COMPANY_TYPES } from "#common/constants";
import { defineModel } from "../define-model.server";

const companySchema = new Schema(
  {
    name: { type: String, required: true, trim: true },
    type: { type: String, enum: COMPANY_TYPES, required: true },
    website: { type: String, trim: true },
    alias: { type: String, trim: true },
    headquarters: { type: String, trim: true },
    parentCompany: { type: Schema.Types.ObjectId, ref: "Company" },
    /** Storage path of the original logo, `/files/<GridFS id>`. */
    logo: { type: String },
    /** The uploaded file name, e.g. `eli-lilly.png`. */
    logoName: { type: String },
    /** PNG thumbnails at widths 80 and 200 (storage paths); an SVG logo has none. */
    thumbnails: {
      w80: { type: String },
      w200: { type: String },
    },
    status: { type: String, enum: ACTIVE_STATUSES, default: "active" },
  },
  { timestamps: true },
);
companySchema.index({ name: 1 });
companySchema.index({ status: 1, name: 1 });

export type CompanyDoc = InferSchemaType<typeof companySchema>;
export const Company = defineModel("Company", companySchema);
