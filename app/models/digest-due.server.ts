import type { Model } from "mongoose";

import { connectDb, trusted } from "#db/connection.server";

/** The records whose digest is due (the saved searches', the followed diseases'): of each frequency, those last sent
 *  at or before its `cutoff`, with `fields` — one read a frequency, served by { frequency, lastSentAt }. */
export async function dueDigests<T, F extends string>(
  model: Model<T>,
  frequencies: readonly F[],
  cutoff: (frequency: F) => Date,
  fields: string,
) {
  await connectDb();
  const due = await Promise.all(
    frequencies.map((frequency) =>
      model
        .find({ frequency, lastSentAt: trusted({ $lte: cutoff(frequency) }) })
        .select(fields)
        .lean(),
    ),
  );
  return due.flat();
}
