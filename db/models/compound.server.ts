import { Schema, type InferSchemaType } from "mongoose";

import { ACTIVE_STATUSES, DEVELOPMENT_PHASES, REGIONS, THERAPEUTIC_MODALITIES } from "#common/constants";
import { searchTokens } from "#common/search";

import { defineModel } from "../define-model.server";

/** A licensee pair: a region and the companies holding the rights there (legacy default region US). */
const licenseeSchema = new Schema(
  {
    region: { type: String, enum: REGIONS, default: "US" },
    companies: [{ type: Schema.Types.ObjectId, ref: "Company" }],
  },
  { _id: false },
);

const compoundSchema = new Schema(
  {
    name: {
      brand: { type: String, trim: true },
      generic: { type: String, trim: true },
      scientific: { type: String, trim: true },
      other: { type: [String], default: [] },
    },
    therapeuticArea: { type: Schema.Types.ObjectId, ref: "TherapeuticArea" },
    disease: { type: Schema.Types.ObjectId, ref: "Disease" },
    client: { type: Schema.Types.ObjectId, ref: "Client" },
    originator: { type: Schema.Types.ObjectId, ref: "Company" },
    /** Its originator's name, kept in step as the company is renamed, so a list of compounds (the console's, the event
     *  reports') reads no companies (issue 26). Missing on a compound saved before it existed until the scheduler's
     *  one-time fill: its originator is read then. */
    originatorName: { type: String },
    licensee: { type: [licenseeSchema], default: [] },
    approvedInGeographies: { type: [String], default: [] },
    /** Storage path of the logo (a PNG made from the upload), `/files/<GridFS id>`. */
    logo: { type: String },
    /** PNG thumbnails at widths 80 and 200 (storage paths). */
    thumbnails: {
      w80: { type: String },
      w200: { type: String },
    },
    compoundWebsite: { type: String, trim: true },
    routeOfAdministration: { type: String, trim: true },
    mechanismOfAction: { type: String, trim: true },
    therapeuticModality: { type: String, enum: THERAPEUTIC_MODALITIES },
    /** 1 High, 2 Medium, 3 Low (COMPOUND_PRIORITIES). */
    priority: { type: Number, enum: [1, 2, 3] },
    developmentPhase: { type: String, enum: DEVELOPMENT_PHASES },
    patientSegment: { type: String, trim: true },
    /** Disease-modifying therapy. */
    isDMT: { type: Boolean, default: false },
    status: { type: String, enum: ACTIVE_STATUSES, default: "active" },
    /** Words of every name, for search by any of them (common/search.ts). */
    searchTokens: { type: [String], default: [] },
  },
  { timestamps: true },
);
compoundSchema.index({ "name.generic": 1 });
// The Compounds List of an editor: the compounds of the diseases they hold, by name (forward paging by name, then _id).
compoundSchema.index({ disease: 1, "name.generic": 1, _id: 1 });
compoundSchema.index({ searchTokens: 1, "name.generic": 1 });
compoundSchema.index({ client: 1, therapeuticArea: 1, disease: 1, status: 1 });
compoundSchema.index({ originator: 1 });
// Which compounds name a company as licensee (counted before the company may be deleted).
compoundSchema.index({ "licensee.companies": 1 });

/** The words search matches (common/search.ts): those of every name. Kept with every save and insert (and set by
 *  whoever updates names otherwise). */
export const compoundSearchTokens = (
  name: { brand?: string | null; generic?: string | null; scientific?: string | null; other?: string[] | null } | null | undefined,
) => searchTokens(name?.brand, name?.generic, name?.scientific, ...(name?.other ?? []));
compoundSchema.pre("save", function () {
  this.searchTokens = compoundSearchTokens(this.name);
});
compoundSchema.pre("insertMany", function (docs: Array<{ name?: Parameters<typeof compoundSearchTokens>[0]; searchTokens?: string[] }>) {
  for (const doc of docs) doc.searchTokens = compoundSearchTokens(doc.name);
});

export type CompoundDoc = InferSchemaType<typeof compoundSchema>;
export const Compound = defineModel("Compound", compoundSchema);
