import { Schema, type InferSchemaType } from "mongoose";

import { ACTIVE_STATUSES } from "#common/constants";
import { searchTokens } from "#common/search";

import { defineModel } from "../define-model.server";

const keywordSchema = new Schema(
  {
    name: { type: String, required: true, trim: true },
    status: { type: String, enum: ACTIVE_STATUSES, default: "active" },
    client: { type: Schema.Types.ObjectId, ref: "Client" },
    therapeuticArea: { type: Schema.Types.ObjectId, ref: "TherapeuticArea" },
    disease: { type: Schema.Types.ObjectId, ref: "Disease" },
    /** 1 Low, 2 Medium, 3 High (KEYWORD_PRIORITIES; the inverse of compounds). */
    priority: { type: Number, enum: [1, 2, 3], default: 2 },
    /** Words of the name, for the list's search (common/search.ts). */
    searchTokens: { type: [String], default: [] },
  },
  { timestamps: true },
);
keywordSchema.index({ name: 1 });
keywordSchema.index({ client: 1, therapeuticArea: 1, disease: 1, status: 1 });
// The Keyword List: by name within the diseases a user holds; words of the name.
keywordSchema.index({ disease: 1, name: 1, _id: 1 });
keywordSchema.index({ searchTokens: 1, name: 1 });
// Keyword monitoring: every active keyword, each run.
keywordSchema.index({ status: 1, disease: 1 });

keywordSchema.pre("save", function () {
  this.searchTokens = searchTokens(this.name);
});
keywordSchema.pre("insertMany", function (docs: Array<{ name?: string; searchTokens?: string[] }>) {
  for (const doc of docs) doc.searchTokens = searchTokens(doc.name);
});

export type KeywordDoc = InferSchemaType<typeof keywordSchema>;
export const Keyword = defineModel("Keyword", keywordSchema);
