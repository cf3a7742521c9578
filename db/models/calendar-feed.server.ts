import { Schema, type InferSchemaType } from "mongoose";

import { defineModel } from "../define-model.server";

/** A user's secret calendar (ICS) address of the events of one client, optionally one area or disease (issue 16).
 *  Only the SHA-256 of the address's token is kept: a leaked database gives no working address. */
const calendarFeedSchema = new Schema(
  {
    user: { type: Schema.Types.ObjectId, ref: "User", required: true },
    client: { type: Schema.Types.ObjectId, ref: "Client", required: true },
    therapeuticArea: { type: Schema.Types.ObjectId, ref: "TherapeuticArea" },
    disease: { type: Schema.Types.ObjectId, ref: "Disease" },
    /** Trials' primary completion dates as all-day events too. */
    trials: { type: Boolean, default: false },
    name: { type: String, required: true, trim: true },
    tokenHash: { type: String, required: true },
    /** The token's first characters, to tell addresses apart after the full one was shown once. */
    tokenStart: { type: String, required: true },
    lastFetchedAt: { type: Date },
    revokedAt: { type: Date },
  },
  { timestamps: true },
);
calendarFeedSchema.index({ tokenHash: 1 }, { unique: true });
// The Calendar feeds page: a user's feeds, newest first.
calendarFeedSchema.index({ user: 1, createdAt: -1, _id: -1 });

export type CalendarFeedDoc = InferSchemaType<typeof calendarFeedSchema>;
export const CalendarFeed = defineModel("CalendarFeed", calendarFeedSchema);

/** One of a user's numbered places for a live feed ("<user id>:<n>", n below MAX_FEEDS): the unique _id makes the cap
 *  hold across concurrent requests and app servers, on every engine (no transactions, no partial indexes needed). */
const calendarFeedSlotSchema = new Schema({
  _id: { type: String, required: true },
  feed: { type: Schema.Types.ObjectId, ref: "CalendarFeed", required: true },
  at: { type: Date, required: true },
});
// A feed holds one place at most, whoever gives it one (see claimFeedSlot).
calendarFeedSlotSchema.index({ feed: 1 }, { unique: true });

export const CalendarFeedSlot = defineModel("CalendarFeedSlot", calendarFeedSlotSchema);
