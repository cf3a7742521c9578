import os from "node:os";
import { MongoBackend } from "@agendajs/mongo-backend";
import { Agenda, exponential } from "agenda";

import { connectDb } from "#db/connection.server";
import { backfillCompanyNameKeys } from "~/models/company.server";
import { backfillOriginatorNames } from "~/models/compound.server";
import { backfillSheetReadTimes } from "~/models/disease.server";
import { backfillEventCompoundFacts } from "~/models/event.server";
import { backfillFetchKeys } from "~/models/monitor.server";
import { backfillNewsNames } from "~/models/news.server";
import { backfillAreaNames } from "~/models/therapeutic-area.server";
import { backfillTrialCompoundNames } from "~/models/trial.server";
import { backfillGrantedDiseases } from "~/models/user.server";
import { runDueSources } from "~/services/monitor/run.server";
import { env } from "~/utils/env.server";
import { sweepExpiredSessions } from "~/utils/session.server";

import { sendDueDigests } from "./digests.server";
import { sendEditorsDigest } from "./editors-digest.server";
import { sendDueFollowDigests } from "./follow-digests.server";

// The background jobs (issue 16), scheduled with agenda: its schedule and locks live in MongoDB (collection
// "scheduledJobs"), so every process that starts the scheduler — each app server, or `npm run worker` — shares one
// schedule, and a job's run is taken by one of them. Each job only looks for work that is due and claims every piece
// of it before doing it (a source's run, a digest: `claimOnce`), so a run taken twice — agenda's lock is a conditional
// update, which is not atomic on FerretDB 1.24 — still does each piece once. A failed run is retried with backoff.
// docs/decisions/017-keyword-monitoring.md

export const JOBS = { monitor: "monitor sources", digests: "send digests", housekeeping: "sweep expired sessions" } as const;
/** How often expired sessions are swept (they count as signed out meanwhile). */
const HOUSEKEEPING_MINUTES = 60;
const COLLECTION = "scheduledJobs";

let running: Agenda | undefined;

/** Starts this process's share of the schedule (once); `SCHEDULER=off` keeps a process out of it. */
export async function startScheduler() {
  if (running || env().SCHEDULER === "off") return running;
  const config = env();
  const mongoose = await connectDb();
  const agenda = new Agenda({
    name: `${os.hostname()}:${process.pid}`,
    backend: new MongoBackend({ mongo: mongoose.connection.db as never, collection: COLLECTION }),
    processEvery: config.SCHEDULER_POLL_SECONDS * 1000,
    // A monitoring run may spend minutes on PubMed's pacing; its lock outlives it.
    defaultLockLifetime: 30 * 60_000,
    defaultConcurrency: 1,
  });
  const retry = exponential({ delay: 30_000, factor: 2, maxRetries: 3 });
  agenda.define(JOBS.monitor, async () => void (await runDueSources()), { backoff: retry });
  agenda.define(
    JOBS.digests,
    async () => {
      await sendDueDigests();
      await sendDueFollowDigests();
      await sendEditorsDigest();
    },
    { backoff: retry },
  );
  agenda.define(JOBS.housekeeping, sweepExpiredSessions, { backoff: retry });
  agenda.on("fail", (error: Error, job: { attrs: { name: string } }) => console.warn(`scheduled job "${job.attrs.name}" failed:`, error));
  // Every job here repeats (agenda's "single" type): one document per name, which the unique index keeps so when
  // processes start together.
  await mongoose.connection.db!.collection(COLLECTION).createIndex({ name: 1 }, { unique: true, name: "one_per_job" });
  await agenda.start();
  try {
    await repeat(() => agenda.every(config.MONITOR_TICK_SECONDS * 1000, JOBS.monitor));
    await repeat(() => agenda.every(config.DIGEST_INTERVAL_MINUTES * 60_000, JOBS.digests));
    await repeat(() => agenda.every(HOUSEKEEPING_MINUTES * 60_000, JOBS.housekeeping));
  } catch (error) {
    await agenda.stop().catch(() => undefined);
    throw error;
  }
  running = agenda;
  void backfillFetchKeys().catch((error) => console.warn("news de-duplication keys not filled in:", error));
  void backfillGrantedDiseases().catch((error) => console.warn("users' granted diseases not filled in:", error));
  void backfillCompanyNameKeys().catch((error) => console.warn("company name keys not filled in:", error));
  void backfillAreaNames().catch((error) => console.warn("diseases' area names not filled in:", error));
  void backfillSheetReadTimes().catch((error) => console.warn("diseases' sheet read times not filled in:", error));
  void backfillNewsNames().catch((error) => console.warn("news items' company and compound names not filled in:", error));
  void backfillOriginatorNames().catch((error) => console.warn("compounds' originator names not filled in:", error));
  void backfillTrialCompoundNames().catch((error) => console.warn("trials' compound names not filled in:", error));
  void backfillEventCompoundFacts().catch((error) => console.warn("events' compound facts not filled in:", error));
  return agenda;
}

/**
 * Registers a repeating job, again if it fails: when processes start at once, their upserts of the same job race, and
 * the loser gets a duplicate key (MongoDB) or no document (SecantusDB); a second try finds the winner's.
 */
async function repeat(register: () => Promise<unknown>) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await register();
    } catch (error) {
      if (attempt === 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt + Math.random() * 100));
    }
  }
}

/** Leaves the schedule: running jobs finish (up to `waitMs`), the others are left for the remaining processes. */
export async function stopScheduler(waitMs = 10_000) {
  const agenda = running;
  running = undefined;
  if (agenda) await agenda.drain(waitMs);
}
