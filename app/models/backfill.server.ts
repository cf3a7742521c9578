import type { Model, Types } from "mongoose";

import { trusted } from "#db/connection.server";
import { claimOnce } from "~/utils/rate-limit.server";

import { idsOf } from "./by-ids.server";

/** How long a one-time fix stays claimed: for good. */
const FOREVER_MS = 100 * 365 * 86_400_000;

/**
 * A one-time fix of the records saved before a field existed or was computed differently: once per database (the first
 * process to start the scheduler claims `key`), read in _id order, 1,000 at a time, each written only when `fix` gives
 * it new values. Returns how many were written (0 in every process but the one that claimed it).
 */
export function backfillOnce<T>(
  key: string,
  model: Model<T>,
  select: string,
  fix: (record: T & { _id: Types.ObjectId }) => Record<string, unknown> | null,
): Promise<number> {
  return onceInBatches(key, model, select, async (batch) => {
    const writes = batch.flatMap((record) => {
      const values = fix(record);
      return values ? [{ updateOne: { filter: { _id: record._id }, update: { $set: values } } }] : [];
    });
    if (writes.length) await model.bulkWrite(writes as Parameters<typeof model.bulkWrite>[0]);
    return writes.length;
  });
}

/** Once per database (claiming `key`): `each` over every record of `model` in _id order, 1,000 at a time; the sum of
 *  what it returns (0 in every process but the one that claimed it). */
export async function onceInBatches<T>(
  key: string,
  model: Model<T>,
  select: string,
  each: (batch: Array<T & { _id: Types.ObjectId }>) => Promise<number>,
): Promise<number> {
  if (!(await claimOnce(key, FOREVER_MS))) return 0;
  let done = 0;
  for (let after: Types.ObjectId | null = null; ;) {
    const batch = (await model
      .find(after ? { _id: trusted({ $gt: after }) } : {})
      .sort({ _id: 1 })
      .limit(1_000)
      .select(select)
      .lean()) as Array<T & { _id: Types.ObjectId }>;
    if (batch.length === 0) return done;
    done += await each(batch);
    after = batch.at(-1)!._id;
  }
}

/** Once per database (claiming `key`): gives the records of `model` that point by `ref` to another record but do not
 *  carry its name in `field` yet that name, read by `namesOf` (one query a batch; "" for a record it does not find).
 *  The sum of how many were written. */
export function backfillNames<T>(
  key: string,
  model: Model<T>,
  { ref, field }: { ref: string; field: string },
  namesOf: (ids: string[]) => Promise<Map<string, string>>,
): Promise<number> {
  return onceInBatches(key, model, `${ref} ${field}`, async (batch) => {
    const missing = (batch as Array<Record<string, unknown> & { _id: Types.ObjectId }>).filter((r) => r[ref] && r[field] === undefined);
    if (!missing.length) return 0;
    const names = await namesOf(idsOf(missing, (r) => r[ref]));
    const writes = missing.map((r) => ({
      updateOne: {
        filter: { _id: r._id, [field]: trusted({ $exists: false }) },
        update: { $set: { [field]: names.get(String(r[ref])) ?? "" } },
      },
    }));
    await model.bulkWrite(writes as Parameters<typeof model.bulkWrite>[0]);
    return missing.length;
  });
}
