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
    licensee: { type: [licenseeSchema], default: [] },
    approvedInGeographies: { type: [String], default: [] },
    logo: { type: String },
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
compoundSchema.index({ searchTokens: 1, "name.generic": 1 });
compoundSchema.index({ client: 1, therapeuticArea: 1, disease: 1, status: 1 });
compoundSchema.index({ originator: 1 });
// Which compounds name a company as licensee (counted before the company may be deleted).
compoundSchema.index({ "licensee.companies": 1 });

// The words search matches (common/search.ts), kept with every save and insert.
compoundSchema.pre("save", function () {
  this.searchTokens = searchTokens(this.name?.brand, this.name?.generic, this.name?.scientific, ...(this.name?.other ?? []));
});
compoundSchema.pre("insertMany", function (docs: Array<Record<string, any>>) { // eslint-disable-line @typescript-eslint/no-explicit-any
  for (const doc of docs) doc.searchTokens = searchTokens(doc.name?.brand, doc.name?.generic, doc.name?.scientific, ...(doc.name?.other ?? []));
});

export type CompoundDoc = InferSchemaType<typeof compoundSchema>;
export const Compound = defineModel("Compound", compoundSchema);
