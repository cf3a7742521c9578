import { spawn, type ChildProcess } from "node:child_process";
import { generateRssFeed } from "feedsmith";
import mongoose from "mongoose";
import { afterAll, beforeAll, expect, test } from "vitest";

import { EditorsDigest, Keyword, MonitorSource, News, SavedSearch, Session } from "#db/models/index.server";

import { createArea, createClient, createDisease, createUser, grantsFor } from "../db-utils";
import { startFakeSources } from "../fake-monitoring";
import { startSmtpServer } from "../setup/smtp";

// Two worker processes (`npm run worker`, the same scheduler the app servers start) sharing one schedule in the test
// database: the monitoring job's due source is fetched once, its items filed once, expired sessions swept, a due
// saved-search digest and the editors' digest each mailed once — however the two processes' polls interleave — and a source made due again while
// they run is run once more.

let sources: Awaited<ReturnType<typeof startFakeSources>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const workers: ChildProcess[] = [];
beforeAll(async () => {
  [sources, smtp] = await Promise.all([startFakeSources(), startSmtpServer()]);
});
afterAll(async () => {
  await Promise.all(
    workers.map((w) => (w.exitCode === null ? new Promise((resolve) => (w.once("exit", resolve), w.kill("SIGTERM"))) : null)),
  );
  await Promise.all([sources.close(), smtp.close()]);
});

function startWorker() {
  const worker = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      MONITOR_ALLOW_PRIVATE_HOSTS: "true",
      SCHEDULER: "on",
      SCHEDULER_POLL_SECONDS: "1",
      MONITOR_TICK_SECONDS: "1",
      DIGEST_INTERVAL_MINUTES: "1",
      SMTP_URL: smtp.url,
      APP_URL: "https://pharmascope.example",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  worker.stdout!.on("data", (d) => (output += d));
  worker.stderr!.on("data", (d) => (output += d));
  workers.push(worker);
  return { worker, output: () => output };
}

async function until(check: () => Promise<boolean>, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

test("two processes sharing the schedule run each due piece of work once", { timeout: 90_000 }, async () => {
  const client = await createClient();
  const area = await createArea(client);
  const disease = await createDisease(area, { name: "Alzheimer's disease" });
  await Keyword.create({
    name: "Lecanemab",
    client: client._id,
    therapeuticArea: area._id,
    disease: disease._id,
    priority: 2,
    status: "active",
  });
  sources.fake.feeds.set("news", {
    body: generateRssFeed({
      title: "Biotech",
      link: "https://b.example",
      description: "",
      items: [
        { title: "Lecanemab approved in Japan", link: "https://b.example/1" },
        { title: "Unrelated", link: "https://b.example/2" },
      ],
    }),
  });
  const source = await MonitorSource.create({
    name: "Biotech wire",
    kind: "rss",
    url: sources.feedUrl("news"),
    intervalMinutes: 60,
    nextRunAt: new Date(Date.now() - 1000),
  });
  // A saved search with a new published item, due; the editors' digest on and due.
  const analyst = await createUser({ role: "external", permissions: grantsFor([disease]) });
  const admin = await createUser({ role: "admin", permissions: grantsFor([disease]) });
  await News.create({
    title: "Published yesterday",
    client: client._id,
    therapeuticArea: area._id,
    disease: disease._id,
    status: "published",
    publishedAt: new Date(Date.now() - 3_600_000),
  });
  // The fetch-queue digest's item is there before the workers start: the digests job may run before or after the
  // monitoring job files the feed's item (an item filed after a digest waits for the next one).
  await News.create({
    title: "Fetched an hour ago",
    client: client._id,
    therapeuticArea: area._id,
    disease: disease._id,
    status: "fetch",
    createdAt: new Date(Date.now() - 3_600_000),
  });
  await SavedSearch.create({
    user: analyst._id,
    client: client._id,
    name: "Everything",
    query: "",
    frequency: "daily",
    lastSentAt: new Date(Date.now() - 2 * 86_400_000),
  });
  await EditorsDigest.create({ _id: "editors", frequency: "daily", lastSentAt: new Date(Date.now() - 2 * 86_400_000) });

  // A session past its expiry, for the housekeeping job to sweep, and a live one it leaves.
  await Session.create([
    { _id: "expired-session", user: analyst._id, expiresAt: new Date(Date.now() - 1000) },
    { _id: "live-session", user: analyst._id, expiresAt: new Date(Date.now() + 86_400_000) },
  ]);

  const [a, b] = [startWorker(), startWorker()];
  const feedCalls = () => sources.fake.calls.filter((c) => c.path === "/feeds/news").length;
  const ranOnce = await until(
    async () =>
      feedCalls() >= 1 &&
      smtp.mailsTo(analyst.email).length >= 1 &&
      smtp.mailsTo(admin.email).length >= 1 &&
      !(await Session.exists({ _id: "expired-session" })),
    60_000,
  );
  const state = async () =>
    JSON.stringify({
      feedCalls: feedCalls(),
      analystMails: smtp.mailsTo(analyst.email).length,
      adminMails: smtp.mailsTo(admin.email).length,
      source: await MonitorSource.findById(source._id).lean(),
      jobs: await mongoose.connection.db!.collection("scheduledJobs").find({}).toArray(),
    });
  expect(ranOnce, `workers' output:\n${a.output()}\n${b.output()}\n${await state()}`).toBe(true);
  // Both keep polling every second: give them several more ticks to do anything twice.
  await new Promise((resolve) => setTimeout(resolve, 4_000));
  expect(feedCalls()).toBe(1);
  expect(await News.countDocuments({ status: "fetch", disease: disease._id, title: "Lecanemab approved in Japan" })).toBe(1);
  expect(smtp.mailsTo(analyst.email)).toHaveLength(1);
  expect(smtp.mailsTo(admin.email)).toHaveLength(1);
  expect(smtp.mailsTo(admin.email)[0]!.raw).toContain("Fetched an hour ago");
  // One schedule: a document per job, whichever process wrote it last.
  const jobs = await mongoose.connection.db!.collection("scheduledJobs").find({}).project({ name: 1 }).toArray();
  expect(jobs.map((j) => j.name).sort()).toEqual(["monitor sources", "send digests", "sweep expired sessions"]);
  expect((await Session.find({ user: analyst._id }).select("_id").lean()).map((s) => s._id)).toEqual(["live-session"]);

  // 'Run now' while they run: the source is run once more.
  await MonitorSource.updateOne({ _id: source._id }, { $set: { nextRunAt: new Date() } });
  expect(await until(async () => feedCalls() === 2, 20_000)).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  expect(feedCalls()).toBe(2);
  expect(a.output() + b.output()).not.toMatch(/failed|Error/);
});
