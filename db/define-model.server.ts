import mongoose, { type Model, type Schema } from "mongoose";

import "./connection.server"; // global settings and the slow-query plugin must be in place before any model

/** Compiles a model once per process (Remix rebuilds re-evaluate modules in development). */
export function defineModel<S extends Schema>(name: string, schema: S) {
  type Doc = mongoose.InferSchemaType<S>;
  return (mongoose.models[name] as Model<Doc> | undefined) ?? mongoose.model<Doc>(name, schema);
}
