import { connectDb, trusted } from "#db/connection.server";
import { TaskProgress } from "#db/models/task-progress.server";
import type { SessionUser } from "~/utils/session.server";

// The progress of a user's long request (a ClinicalTrials.gov import), written while it runs and read by the page's
// polls, on whichever app server answers them. The page's form carries a token its loader made; a request without one
// (a script, an old page) simply reports nothing.

const DAY = 24 * 3600 * 1000;
const TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A new token for a form whose request reports progress. */
export const newProgressToken = () => crypto.randomUUID();

export type Progress = { stage: string; done: number; total: number };
export type ReportProgress = (progress: Progress) => Promise<void>;

/** Writes the progress of `user`'s request under `token` (the caller says how often: each write is a database write).
 *  A failed write never fails the request: its progress only goes unseen. */
export function progressReporter(user: SessionUser, token: unknown): ReportProgress {
  if (typeof token !== "string" || !TOKEN.test(token)) return async () => {};
  let first = true;
  return async ({ stage, done, total }) => {
    try {
      await connectDb();
      // Yesterday's records go with the first write of a task.
      if (first) await TaskProgress.deleteMany({ updatedAt: trusted({ $lt: new Date(Date.now() - DAY) }) });
      first = false;
      await TaskProgress.updateOne({ user: user._id, token }, { $set: { stage, done, total } }, { upsert: true });
    } catch (error) {
      console.warn("progress not recorded", error);
    }
  };
}

/** The progress `user`'s request under `token` last wrote, or null (none yet, another user's, not a token). */
export async function taskProgress(user: SessionUser, token: string | undefined): Promise<Progress | null> {
  if (!token || !TOKEN.test(token)) return null;
  await connectDb();
  const found = await TaskProgress.findOne({ user: user._id, token }).select("stage done total").lean();
  return found ? { stage: found.stage, done: found.done ?? 0, total: found.total ?? 0 } : null;
}
