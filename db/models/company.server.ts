import { Schema, type InferSchemaType } from "mongoose";

import { ACTIVE_STATUSES, COMPANY_TYPES } from "#common/constants";
import { nameKey, searchTokens } from "#common/search";

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
    /** Name and alias as a report's 'Company Name' may write them (nameKey), for the logo lookup by index. */
    nameKeys: { type: [String], default: [] },
    /** Words of the name and alias, for the Company List's search (common/search.ts). */
    searchTokens: { type: [String], default: [] },
  },
  { timestamps: true },
);
companySchema.index({ name: 1 });
companySchema.index({ status: 1, name: 1 });
companySchema.index({ nameKeys: 1 });

/** A company name compared the way people write it: case, accents, extra spaces and curly quotes do not matter. */
export const keysOf = (c: { name?: string | null; alias?: string | null }) => [
  ...new Set([c.name, c.alias].filter((n): n is string => Boolean(n)).map(nameKey)),
];
companySchema.index({ searchTokens: 1, name: 1 });
// What names a company, counted before it may be deleted.
companySchema.index({ parentCompany: 1 });
companySchema.pre("save", function () {
  this.nameKeys = keysOf(this);
  this.searchTokens = searchTokens(this.name, this.alias);
});
companySchema.pre("insertMany", function (docs: Array<{ name?: string; alias?: string; nameKeys?: string[]; searchTokens?: string[] }>) {
  for (const doc of docs) {
    doc.nameKeys = keysOf(doc);
    doc.searchTokens = searchTokens(doc.name, doc.alias);
  }
});

export type CompanyDoc = InferSchemaType<typeof companySchema>;
export const Company = defineModel("Company", companySchema);
