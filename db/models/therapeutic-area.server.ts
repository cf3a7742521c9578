import { Schema, type InferSchemaType } from "mongoose";

import { defineModel } from "../define-model.server";

const therapeuticAreaSchema = new Schema(
  {
    name: { type: String, required: true, trim: true },
    client: { type: Schema.Types.ObjectId, ref: "Client", required: true },
  },
  { timestamps: true },
);
therapeuticAreaSchema.index({ client: 1, name: 1 });

export type TherapeuticAreaDoc = InferSchemaType<typeof therapeuticAreaSchema>;
export const TherapeuticArea = defineModel("TherapeuticArea", therapeuticAreaSchema);
