import os from "node:os";
import { MongoBackend } from "@agendajs/mongo-backend";
import { Agenda, exponential } from "agenda";
import { connectDb } from "#db/connection.server";
import { sendDueDigests } from "./digests.server";
import { sendEditorsDigest } from "./editors-digest.server";
import { env } from "./env.server";
import { runDueSources } from "./monitor/run.server";

// The background jobs (issue 16), scheduled with agenda: its schedule and locks live in MongoDB (collection
// "scheduledJobs"), so every process that starts the scheduler — each app server, or `npm run worker` — shares one
// schedule, and a job's run is taken by one of them. Each job only looks for work that is due and claims every piece
// of it before doing it (a source's run, a digest: `claimOnce`), so a run taken twice — agenda's lock is a conditional
// update, which is not atomic on FerretDB 1.24 — still does each piece once. A failed run is retried with backoff.
// docs/decisions/017-keyword-monitoring.md

export const JOBS = { monitor: "monitor sources", digests: "send digests" } as const;

let running: Agenda | undefined;

/** Starts this process's share of the schedule (once); `SCHEDULER=off` keeps a process out of it. */
export async function startScheduler() {
  if (running || env().SCHEDULER === "off") return running;
  const config = env();
  const mongoose = await connectDb();
  const agenda = new Agenda({
    name: `${os.hostname()}:${process.pid}`,
    backend: new MongoBackend({ mongo: mongoose.connection.db as never, collection: "scheduledJobs" }),
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
      await sendEditorsDigest();
    },
    { backoff: retry },
  );
  agenda.on("fail", (error: Error, job: { attrs: { name: string } }) => console.warn(`scheduled job "${job.attrs.name}" failed:`, error));
  await agenda.start();
  await agenda.every(config.MONITOR_TICK_SECONDS * 1000, JOBS.monitor);
  await agenda.every(config.DIGEST_INTERVAL_MINUTES * 60_000, JOBS.digests);
  running = agenda;
  return agenda;
}

/** Leaves the schedule: running jobs finish (up to `waitMs`), the others are left for the remaining processes. */
export async function stopScheduler(waitMs = 10_000) {
  const agenda = running;
  running = undefined;
  if (agenda) await agenda.drain(waitMs);
}
