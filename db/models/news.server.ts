import { Schema, type InferSchemaType } from "mongoose";

import { NEWS_CATEGORIES, NEWS_STATUSES } from "#common/constants";
import { fetchKeysOf } from "#common/fetch-keys";
import { plainText } from "#common/plain-text";
import { searchTokens } from "#common/search";

import { defineModel } from "../define-model.server";

const linkSchema = new Schema(
  {
    name: { type: String, required: true, trim: true },
    link: { type: String, trim: true },
  },
  { _id: false },
);

const newsSchema = new Schema(
  {
    title: { type: String, required: true, trim: true },
    /** Rich text (HTML), sanitised before it is stored. */
    content: { type: String },
    /** The summary shown on cards (HTML, at most SUMMARY_MAX_CHARS of plain text). */
    analystCommentary: { type: String },
    publishedAt: { type: Date },
    /** When a fetcher picked the item up (status "fetch"). */
    fetchedDate: { type: Date },
    createdBy: { type: Schema.Types.ObjectId, ref: "User" },
    /** Plain author name for fetched items that no user created (e.g. a feed name). */
    createdByName: { type: String, trim: true },
    client: { type: Schema.Types.ObjectId, ref: "Client" },
    companies: [{ type: Schema.Types.ObjectId, ref: "Company" }],
    compounds: [{ type: Schema.Types.ObjectId, ref: "Compound" }],
    therapeuticArea: { type: Schema.Types.ObjectId, ref: "TherapeuticArea" },
    disease: { type: Schema.Types.ObjectId, ref: "Disease" },
    /** The first category is the one shown. */
    categories: { type: [{ type: String, enum: NEWS_CATEGORIES }], default: [] },
    /** 1 Alert, 2 High, 3 Medium, 4 Low (NEWS_PRIORITIES). */
    priority: { type: Number, enum: [1, 2, 3, 4], default: 3 },
    status: { type: String, enum: NEWS_STATUSES, default: "draft" },
    /** Search terms (keywords) the item matched. */
    terms: { type: [String], default: [] },
    sources: { type: [linkSchema], default: [] },
    attachments: { type: [linkSchema], default: [] },
    /** The names of its companies and compounds as its card shows them, by id, kept in step as they are renamed
     *  (app/models/news-names.server.ts), so a card reads no companies or compounds (issue 26). Missing on an item saved
     *  before it existed until the scheduler's one-time fill: its card reads them then. */
    names: { type: Map, of: String, default: undefined },
    /** The names of its companies and compounds when it was saved, so a search finds it by them too (user-app §2). */
    searchNames: { type: [String], default: [] },
    /** Words of the title, summary, content and those names, for search (common/search.ts). */
    searchTokens: { type: [String], default: [] },
    /** Its normalised title and links (common/fetch-keys.ts): the fetch queue's de-duplication. */
    fetchKeys: { type: [String], default: [] },
  },
  { timestamps: true },
);
// The feed (a client's published news, newest first, then by disease and date range), drafts (newest first), a
// disease's news in reports, term and word search; each with _id last, the tie-breaker of forward paging.
newsSchema.index({ client: 1, status: 1, publishedAt: -1, _id: -1 });
newsSchema.index({ status: 1, createdAt: -1, _id: -1 });
newsSchema.index({ disease: 1, status: 1, publishedAt: -1, _id: -1 });
newsSchema.index({ terms: 1, publishedAt: -1 });
// The feed filtered by category (and priority): without it each window of time is read whole and 5 in 6 items are
// dropped (23 in 24 with a priority too). A category alone reads each priority's range of the window.
newsSchema.index({ client: 1, status: 1, categories: 1, priority: 1, publishedAt: -1, _id: -1 });
newsSchema.index({ searchTokens: 1, publishedAt: -1 });
// Whether a disease already has an article (keyword monitoring's de-duplication, by link or normalised title).
newsSchema.index({ disease: 1, fetchKeys: 1 });
// Which news name a company (counted before the company may be deleted).
newsSchema.index({ companies: 1 });
// Which news items name a compound (counted before the compound may be deleted).
newsSchema.index({ compounds: 1 });

// The words search matches (common/search.ts) and the de-duplication keys, kept with every save and insert.
newsSchema.pre("save", function () {
  this.searchTokens = searchTokens(this.title, plainText(this.analystCommentary), plainText(this.content), ...(this.searchNames ?? []));
  this.fetchKeys = fetchKeysOf(this);
});
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- mongoose hands insertMany plain objects of any shape
newsSchema.pre("insertMany", function (docs: Array<Record<string, any>>) {
  for (const doc of docs) {
    doc.searchTokens = searchTokens(doc.title, plainText(doc.analystCommentary), plainText(doc.content), ...(doc.searchNames ?? []));
    doc.fetchKeys = fetchKeysOf(doc);
  }
});

export type NewsDoc = InferSchemaType<typeof newsSchema>;
export const News = defineModel("News", newsSchema);
