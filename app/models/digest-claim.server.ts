import type { Model, Types } from "mongoose";

import { claimOnce, releaseClaim } from "~/utils/rate-limit.server";

// One digest sent once, whichever of several processes finds it due (the saved searches' digests, a followed
// disease's): two steps, each enough on one engine — `claimOnce` (a unique _id: a conditional update alone is not atomic
// on FerretDB 1.x, which the race test showed), then the conditional move of `lastSentAt` from the value read to
// `until` (what this digest covers).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a model of any schema with a lastSentAt
type AnyModel = Model<any>;

interface Sent {
  _id: Types.ObjectId;
  lastSentAt: Date;
}

/** The key of one digest: its kind, its record and the lastSentAt it was read with. */
const claimKey = (kind: string, sent: Sent) => `${kind}|${String(sent._id)}|${sent.lastSentAt.getTime()}`;

/** Claims a due digest for this process (`keptMs`: how long the claim outlives any run that could still read the old
 *  lastSentAt; the rate-limit sweeps remove it later). True when this one won. */
export async function claimSending(model: AnyModel, kind: string, sent: Sent, until: Date, keptMs: number) {
  if (!(await claimOnce(claimKey(kind, sent), keptMs))) return false;
  // No projection: FerretDB's findAndModify does not implement "fields".
  const claimed = await model.findOneAndUpdate({ _id: sent._id, lastSentAt: sent.lastSentAt }, { $set: { lastSentAt: until } }).lean();
  return claimed !== null;
}

/** Gives a claimed digest back after its mail could not be sent, so the next run tries again. */
export async function releaseSending(model: AnyModel, kind: string, sent: Sent, until: Date) {
  await model.updateOne({ _id: sent._id, lastSentAt: until }, { $set: { lastSentAt: sent.lastSentAt } });
  await releaseClaim(claimKey(kind, sent));
}
