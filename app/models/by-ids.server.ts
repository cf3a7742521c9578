import type { Model } from "mongoose";

import { trusted } from "#db/connection.server";

export const idsOf = <I>(items: readonly I[], pick: (item: I) => unknown) => [
  ...new Set(items.flatMap((item) => [pick(item)].flat().flatMap((id) => (id ? [String(id)] : [])))),
];

export async function findByIds<T>(model: Model<T>, ids: readonly string[], fields: string) {
  return ids.length ? model.find({ _id: trusted({ $in: ids }) }).select(fields).lean() : [];
}
