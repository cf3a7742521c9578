import { Schema, type InferSchemaType } from "mongoose";

import { ACTIVE_STATUSES, EVENT_TYPES } from "#common/constants";
import { searchTokens } from "#common/search";

import { defineModel } from "../define-model.server";

const eventSchema = new Schema(
  {
    title: { type: String, required: true, trim: true },
    type: { type: String, enum: EVENT_TYPES, required: true },
    /** Rich text (HTML), sanitised before it is stored. */
    description: { type: String },
    client: { type: Schema.Types.ObjectId, ref: "Client" },
    therapeuticArea: { type: Schema.Types.ObjectId, ref: "TherapeuticArea" },
    disease: { type: Schema.Types.ObjectId, ref: "Disease" },
    compound: { type: Schema.Types.ObjectId, ref: "Compound" },
    /** What the event reports show of the compound (issue 26: a report reads no compounds for its events): its name,
     *  every name it goes by, its originator's name. Written with the event, kept in step as the compound or its
     *  originator changes (app/models/carried-names.server.ts); null without a compound, absent on events saved before
     *  it existed until the scheduler's one-time fill. */
    compoundFacts: {
      type: new Schema({ name: String, names: [String], company: String }, { _id: false }),
      default: undefined,
    },
    startDateTime: { type: Date, required: true },
    endDateTime: { type: Date, required: true },
    /** IANA zone name, e.g. Europe/Amsterdam. */
    timezone: { type: String, required: true, trim: true },
    isImportant: { type: Boolean, default: false },
    status: { type: String, enum: ACTIVE_STATUSES, default: "active" },
    /** Words of the title, for the Events List's search (common/search.ts). */
    searchTokens: { type: [String], default: [] },
  },
  { timestamps: true },
);
eventSchema.index({ client: 1, therapeuticArea: 1, disease: 1, status: 1, startDateTime: 1 });
// The events feed: a client's active events, soonest first (forward paging by start, then _id).
eventSchema.index({ client: 1, status: 1, startDateTime: 1, _id: 1 });
// A disease's events in the events report, oldest first.
eventSchema.index({ disease: 1, status: 1, startDateTime: 1, _id: 1 });
eventSchema.index({ title: 1 });
// Which events name a compound (counted before the compound may be deleted).
eventSchema.index({ compound: 1 });
// The Events List: by title within the diseases a user holds; words of the title.
eventSchema.index({ disease: 1, title: 1, _id: 1 });
eventSchema.index({ searchTokens: 1, title: 1 });

eventSchema.pre("save", function () {
  this.searchTokens = searchTokens(this.title);
});
eventSchema.pre("insertMany", function (docs: Array<{ title?: string; searchTokens?: string[] }>) {
  for (const doc of docs) doc.searchTokens = searchTokens(doc.title);
});

export type EventDoc = InferSchemaType<typeof eventSchema>;
export const Event = defineModel("Event", eventSchema);
