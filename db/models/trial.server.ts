import { Schema, type InferSchemaType } from "mongoose";

import { ACTIVE_STATUSES, EVENT_TYPES } from "#common/constants";
import { searchTokens } from "#common/search";

import { defineModel } from "../define-model.server";

// Field names follow the trial form contract (admin-console §3 "Trial form fields"), including its spellings:
// the key `patientSegmentByAge&Sex` and `secondayEndpoints`.

const enrollmentSchema = new Schema(
  {
    enrollmentNumber: { type: Number, min: 0 },
    /** Actual or Anticipated. */
    enrollmentType: { type: String, trim: true },
  },
  { _id: false },
);

const noteSchema = new Schema({ details: { type: String } }, { _id: false });

const trialArmSchema = new Schema({ armsDetails: { type: String } }, { _id: false });

const primaryEndpointSchema = new Schema(
  {
    group: { type: String, trim: true },
    subgroup: { type: String, trim: true },
    primaryEndpoint: { type: String },
  },
  { _id: false },
);

const secondaryEndpointSchema = new Schema(
  {
    group: { type: String, trim: true },
    subgroup: { type: String, trim: true },
    secondaryEndpoint: { type: String },
  },
  { _id: false },
);

const primaryEndpointGroupSchema = new Schema(
  { details: { type: String }, endpoints: { type: [primaryEndpointSchema], default: [] } },
  { _id: false },
);

const secondaryEndpointGroupSchema = new Schema(
  { details: { type: String }, endpoints: { type: [secondaryEndpointSchema], default: [] } },
  { _id: false },
);

const trialSchema = new Schema(
  {
    // Links
    client: { type: Schema.Types.ObjectId, ref: "Client" },
    therapeuticArea: { type: Schema.Types.ObjectId, ref: "TherapeuticArea" },
    disease: { type: Schema.Types.ObjectId, ref: "Disease" },
    compound: { type: Schema.Types.ObjectId, ref: "Compound" },
    /** Its compound's name ("" without one), kept in step as the compound is renamed, so the Trials List reads no
     *  compounds (issue 26). Missing on a trial of a compound saved before it existed until the scheduler's one-time
     *  fill: its compound is read then. */
    compoundName: { type: String },

    /** The list title; kept equal to eventTitle. */
    title: { type: String, trim: true },
    /** Shared with events in the list and status toggle. */
    type: { type: String, enum: EVENT_TYPES, default: "Trial Initiation/ Results" },
    endDateTime: { type: Date },
    isImportant: { type: Boolean, default: false },
    /** The form's YES/NO switch. */
    status: { type: String, enum: ACTIVE_STATUSES, default: "active" },

    // Part 1
    eventTitle: { type: String, required: true, trim: true },
    /** Recruiting, Active, not recruiting, Completed, Terminated, ... */
    trialStatus: { type: String, trim: true },
    /** Registry id, e.g. NCT03887455. */
    trialIdentifier: { type: String, trim: true },
    startDateTime: { type: Date },
    acronyms: { type: String, trim: true },
    /** Actual or Anticipated. */
    startDateType: { type: String, trim: true },
    lineOfTherapy: { type: String, trim: true },
    patientSegmentByDisease: { type: String, trim: true },
    "patientSegmentByAge&Sex": { type: String, trim: true },
    enrollment: { type: [enrollmentSchema], default: [] },

    // Part 2
    /** Primary completion date type: Actual or Anticipated. */
    pcdType: { type: String, trim: true },
    phase: { type: String, trim: true },
    /** Rich text (HTML). */
    dosageBeingEvaluated: { type: String },
    otherDrugs: { type: [String], default: [] },
    comparator: { type: String, trim: true },
    primaryDrugs: { type: String, trim: true },
    class: { type: String, trim: true },
    routeOfAdministration: { type: String, trim: true },
    biomarkers: { type: String, trim: true },
    diagnosticTest: { type: String, trim: true },
    /** Monotherapy or Combination. */
    therapyType: { type: String, trim: true },
    primaryCompletionDate: { type: Date },

    // Part 3
    sponsors: { type: [String], default: [] },
    collaborators: { type: [String], default: [] },
    /** Rich text (HTML). */
    objective: { type: String },
    countries: { type: [String], default: [] },
    regions: { type: [String], default: [] },
    /** 1 High, 2 Medium, 3 Low, as compounds. */
    priority: { type: Number, enum: [1, 2, 3] },
    notes: { type: [noteSchema], default: [] },

    // Detail
    trialArms: { type: [trialArmSchema], default: [] },
    primaryEndpoints: { type: [primaryEndpointGroupSchema], default: [] },
    secondayEndpoints: { type: [secondaryEndpointGroupSchema], default: [] },
    minAge: { type: Number, min: 0 },
    /** Years, Months, Weeks or Days. */
    minAgeUnits: { type: String, trim: true },
    maxAge: { type: Number, min: 0 },
    maxAgeUnits: { type: String, trim: true },
    /** All, Female or Male. */
    gender: { type: String, trim: true },
    inclusionCriteria: { type: String },
    exclusionCriteria: { type: String },
    studyDesign: { type: String },
    studyKeywords: { type: [String], default: [] },
    patientPopulation: { type: String },
    treatmentPlan: { type: String },

    // Results
    /** Words of the title, acronym and identifier, for search (common/search.ts). */
    searchTokens: { type: [String], default: [] },

    results: {
      details: { type: String },
      /** The 'Results Met?' switch. */
      resultsMeetExpectation: { type: Boolean },
    },

    /** Where an imported trial came from (issue 15): absent for trials entered by hand. */
    registry: {
      source: { type: String, enum: ["ClinicalTrials.gov"] },
      lastSyncedAt: { type: Date },
      /** The registry's "last update posted" day of the study as last imported. */
      lastUpdatePostDate: { type: Date },
      hasResults: { type: Boolean },
    },
  },
  { timestamps: true },
);
// The Trials List (admin-console §2), newest start first, forward paging by (startDateTime, _id): each filter it offers
// has an index that ends so — the client → area → disease cascade, the compound (chosen within a disease; also which
// trials name a compound before it may be deleted), the diseases a user holds (everyone's scope but the top-level
// admin's), status, phase, the words of title, acronym and identifier — and the planner takes the narrowest.
trialSchema.index({ client: 1, therapeuticArea: 1, disease: 1, startDateTime: -1, _id: -1 });
trialSchema.index({ startDateTime: -1, _id: -1 });
trialSchema.index({ disease: 1, startDateTime: -1, _id: -1 });
trialSchema.index({ compound: 1, startDateTime: -1, _id: -1 });
trialSchema.index({ status: 1, startDateTime: -1, _id: -1 });
trialSchema.index({ phase: 1, startDateTime: -1, _id: -1 });
trialSchema.index({ trialIdentifier: 1 });
// A registry import finds the trials it updates by NCT id within its client and disease.
trialSchema.index({ client: 1, disease: 1, trialIdentifier: 1 });
// A calendar feed's primary completion dates: a client's active trials in a window of dates.
trialSchema.index({ client: 1, status: 1, primaryCompletionDate: 1 });
trialSchema.index({ searchTokens: 1, startDateTime: -1 });

trialSchema.pre("validate", function () {
  if (this.eventTitle) this.title = this.eventTitle;
});

// The words search matches (common/search.ts), kept with every save and insert.
trialSchema.pre("save", function () {
  this.searchTokens = searchTokens(this.eventTitle, this.acronyms, this.trialIdentifier);
});
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- mongoose hands insertMany plain objects of any shape
trialSchema.pre("insertMany", function (docs: Array<Record<string, any>>) {
  for (const doc of docs) doc.searchTokens = searchTokens(doc.eventTitle, doc.acronyms, doc.trialIdentifier);
});

export type TrialDoc = InferSchemaType<typeof trialSchema>;
export const Trial = defineModel("Trial", trialSchema);
