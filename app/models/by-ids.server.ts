import type { Model } from "mongoose";

import { trusted } from "#db/connection.server";

// Records named by other records (a page's compounds, clients, authors…): their ids gathered once, read in one query.

/** The distinct ids the items give through `pick` (an id, a list of ids, or nothing), as strings. */
export const idsOf = <I>(items: readonly I[], pick: (item: I) => unknown) => [
  ...new Set(items.flatMap((item) => [pick(item)].flat().flatMap((id) => (id ? [String(id)] : [])))),
];

/** The documents of `model` with these ids, with `fields`, in one query; none (and no query) for no ids. */
export async function findByIds<T>(model: Model<T>, ids: readonly string[], fields: string) {
  return ids.length
    ? model
        .find({ _id: trusted({ $in: ids }) })
        .select(fields)
        .lean()
    : [];
}
