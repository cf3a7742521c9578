import { Schema, type InferSchemaType } from "mongoose";

import { defineModel } from "../define-model.server";

/** About every 1000th value of a long list's sort field (key = collection + field), so a page reads one bounded range of
 *  the index instead of all of it (app/models/list.server.ts). Refreshed by whichever request finds it stale. */
const listFenceSchema = new Schema({
  _id: { type: String, required: true },
  values: { type: [Schema.Types.Mixed], default: [] },
  at: { type: Date, required: true },
});

export type ListFenceDoc = InferSchemaType<typeof listFenceSchema>;
export const ListFence = defineModel("ListFence", listFenceSchema);
