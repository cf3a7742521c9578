// npm run bench:http (after npm run build): the built server under load. Seeds a throwaway embedded database (the demo
// data, or with BENCH_HTTP_DATA=large the data of bench:db: 100k news, 50k trials, 10k compounds…), signs in an analyst
// (external user) and the top-level admin, starts `node server.js` (with the Node flags of `npm start`) and runs
// autocannon against every kind of page — shell pages, each report type's server part, the news feed with filters,
// events, every console list with a search, a news save and an area save — printing per page requests a second, p50,
// p99, errors, and the database commands one request sends (counted by the driver's command monitoring in the server,
// read between sequential requests). Then the same with two processes (WEB_CONCURRENCY=2, node:cluster), as a 2-core
// host runs it.
//
// Options (flags after `--`, or their environment variables): --duration <s> / BENCH_HTTP_SECONDS (10; 0: the command
// counts only, no load), --quick (2 s and 10 connections a page: checks the bench runs and every answer is right, figures meaningless),
// --only news,users / BENCH_HTTP_PAGES (only pages whose label contains one of these), --processes 1,2 /
// BENCH_HTTP_PROCESSES (one run per count), BENCH_HTTP_CONNECTIONS (50), BENCH_HTTP_PROF=<dir> (a CPU profile of the
// one-process server, and its top functions printed), BENCH_HTTP_COMMANDS=list (each page's commands by name),
// BENCH_HTTP_NOTE (printed with the table).
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import mongoose from "mongoose";

import { connectDb, disconnectDb, trusted } from "#db/connection.server";
import { Company, Compound, Disease, News, Session, User } from "#db/models/index.server";
import { listPermittedDiseases } from "~/models/disease.server";
import { listPermittedClients } from "~/models/permitted-client.server";
import { listPermittedAreas } from "~/models/therapeutic-area.server";
import { createUserSession, findActiveUser } from "~/utils/session.server";

import { topFunctions } from "./bench/cpu-profile";
import { full, seedAtSize } from "./bench/seed-at-size";
import { freePort, startEmbeddedDb } from "./embedded-db";
import { seed } from "./seed/seed.server";

const root = path.resolve(import.meta.dirname, "..");
const { values: args } = parseArgs({
  options: { duration: { type: "string" }, quick: { type: "boolean" }, only: { type: "string" }, processes: { type: "string" } },
});
const DATA = process.env.BENCH_HTTP_DATA === "large" ? "large" : "demo";
const SECONDS = Number(args.duration ?? (args.quick ? 2 : (process.env.BENCH_HTTP_SECONDS ?? 10)));
const CONNECTIONS = Number(process.env.BENCH_HTTP_CONNECTIONS ?? (args.quick ? 10 : 50));
const PROCESSES = (args.processes ?? process.env.BENCH_HTTP_PROCESSES ?? "1,2").split(",").map(Number);
const ONLY = (args.only ?? process.env.BENCH_HTTP_PAGES)?.split(",").filter(Boolean);
const PROFILE_DIR = process.env.BENCH_HTTP_PROF;
const LIST_COMMANDS = process.env.BENCH_HTTP_COMMANDS === "list";
// Targets (issue 26), for one process and 50 connections: every signed-in page, and the health check; at most 6
// database commands a signed-in page; under 400 MB of memory per app process.
const TARGET = DATA === "demo" ? { rps: 300, p99: 300 } : { rps: 150, p99: 500 };
const HEALTHZ_RPS = 2000;
const MAX_COMMANDS = 6;
const MAX_RSS_MB = 400;
const SESSION_SECRET = "bench-http-session-secret-0123456789";
/** Node's flags as `npm start` gives them (the heap limits, decision 021): the server runs as deployed. */
const NODE_FLAGS = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: { start: string } }).scripts.start
  .split(" ")
  .filter((arg) => arg.startsWith("--"));

/** Session cookies of the two signed-in users. */
const cookies = { analyst: "", owner: "" };

/** Each page's commands a request, counted with one process (a cluster worker counts only its own) and shown for two. */
const commandCounts = new Map<Page, number>();

const progress = (step: string) => process.stderr.write(`bench:http: ${step}\n`);

interface Page {
  label: string;
  path: string;
  /** Who asks: nobody, the analyst (an external user of one client) or the top-level admin. */
  as: "anonymous" | "analyst" | "owner";
  /** A form posted (a write); else a GET. */
  form?: URLSearchParams;
  /** The status each answer should have: 200, or a redirect after a save. */
  expect: 200 | 302;
}

interface Result {
  page: Page;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  commands: number | null;
  rssMb: number;
  /** CPU time a request took in the app's processes and in the database, ms; the answer's size as sent, KB. */
  appMs: number;
  dbMs: number;
  kb: number;
  load: number;
}

if (!existsSync(path.join(root, "build/index.js"))) throw new Error("the app is not built: run `npm run build` first");

const dataDir = mkdtempSync(path.join(os.tmpdir(), "pharmascope-bench-http-"));
const db = await startEmbeddedDb({ dataDir, port: await freePort() });
const uri = db.uri("bench");
Object.assign(process.env, { MONGODB_URI: uri, SESSION_SECRET });
const cleanups: Array<() => unknown> = [() => db.stop(), () => rmSync(dataDir, { recursive: true, force: true })];
try {
  await connectDb(uri);
  const t0 = performance.now();
  const pages = DATA === "demo" ? await demoPages() : await largePages();
  progress(`seeded the ${DATA} data in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  await disconnectDb();
  const chosen = pages.filter((p) => !ONLY || ONLY.some((o) => p.label.includes(o)));
  if (!chosen.length) throw new Error(`no page's label contains ${ONLY!.join(" or ")}`);
  for (const processes of PROCESSES) {
    const results = await runAll(chosen, processes);
    printTable(results, processes);
  }
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
}

/** A session cookie of the user with this email, made as sign-in makes it. */
async function signIn(email: string) {
  const user = await User.findOne({ email }).select("_id").lean();
  if (!user) throw new Error(`no user ${email} in the seeded data`);
  return (await createUserSession(new Request("http://bench/login"), String(user._id))).split(";")[0]!;
}

/** The pages every data size has, for an analyst and a top-level admin with these emails. */
async function pagesOf(analystEmail: string, ownerEmail: string): Promise<Page[]> {
  cookies.analyst = await signIn(analystEmail);
  cookies.owner = await signIn(ownerEmail);
  const analyst = (await findActiveUser((await User.findOne({ email: analystEmail }).lean())!._id))!;
  const [client] = await listPermittedClients({ user: analyst });
  const areas = await listPermittedAreas({ user: analyst, client: client! });
  // The disease with the most report types, and its area.
  let best: { area: (typeof areas)[number]; disease: Awaited<ReturnType<typeof listPermittedDiseases>>[number] } | undefined;
  for (const area of areas)
    for (const disease of await listPermittedDiseases({ user: analyst, area }))
      if (!best || disease.reportCount > best.disease.reportCount) best = { area, disease };
  const { area, disease } = best!;
  const { reports: reportTypes } = (await Disease.findById(disease.id).select("reports").lean())!;
  // Both browsers work in the analyst's client (the feeds show the session's selected client), as after its areas page:
  // so a page measured alone (`--only`) finds the state the pages before it would leave.
  const owner = (await User.findOne({ email: ownerEmail }).select("_id").lean())!;
  await Session.updateMany({ user: trusted({ $in: [owner._id, analyst._id] }) }, { $set: { selectedClient: client!.id } });
  const areasPath = `/clients/${client!.id}/therapeuticAreas`;
  const reports = `${areasPath}/${area.id}/diseases/${disease.id}/reports`;
  // In the order of the list report's index, which serves it.
  const news = (await News.findOne({ disease: disease.id, status: "published" }).sort({ publishedAt: -1, _id: -1 }).lean())!;
  const company = (await Company.findOne({ _id: news.companies[0] }).lean())!;
  const compound = (await Compound.findOne({ client: client!.id }).lean())!;
  const day = (d: Date) => d.toISOString().slice(0, 10);
  // As the editor sends it: the selection, and the selection the page showed (app/utils/scope.ts).
  const newsForm = new URLSearchParams([
    ...[
      ["client", "shownClient", news.client],
      ["therapeuticArea", "shownArea", news.therapeuticArea],
      ["disease", "shownDisease", news.disease],
    ].flatMap(([name, shown, id]) => [
      [String(name), String(id)],
      [String(shown), String(id)],
    ]),
    ...news.companies.map((c) => ["companies", String(c)]),
    ...news.compounds.map((c) => ["compounds", String(c)]),
    ...news.categories.map((c) => ["categories", c]),
    ["priority", String(news.priority ?? 2)],
    ["title", news.title],
    ["content", news.content || "<p>Bench</p>"],
    ["publishedAt", day(news.publishedAt!)],
    ["status", "published"],
  ]);
  const get = (label: string, p: string, as: Page["as"] = "analyst"): Page => ({ label, path: p, as, expect: 200 });
  return [
    get("health check", "/resources/healthz", "anonymous"),
    get("sign-in page", "/login", "anonymous"),
    get("dashboard", "/dashboard", "owner"), // a user of one client is sent on to its areas
    get("about", "/about"),
    get("calendar feeds", "/calendar-feeds"),
    get("therapeutic areas", areasPath),
    get("diseases", `${areasPath}/${area.id}/diseases`),
    ...reportTypes.map((r) => get(`report: ${r.id} (server part)`, `${reports}?type=${r.id}`)),
    get("news feed", "/news"),
    get("news feed, filtered", `/news?q=${encodeURIComponent(news.title.split(" ")[0]!)}&disease=${news.disease}&priority=1&priority=2`),
    get("news feed (top admin)", "/news", "owner"),
    get("news item", `/news/${news._id}`),
    get("events", "/events"),
    get("events, filtered", `/events?disease=${news.disease}`),
    get("news drafts", "/news/drafts", "owner"),
    get("news editor", `/news/edit/${news._id}`, "owner"),
    get("console: users", "/administration/users?q=a", "owner"),
    get("console: clients", "/administration/client?q=a", "owner"),
    get("console: companies", `/administration/company?q=${encodeURIComponent(company.name.split(" ")[0]!)}`, "owner"),
    get("console: compounds", `/administration/compound?q=${encodeURIComponent((compound.name?.generic ?? "").slice(0, 3))}`, "owner"),
    get("console: trials", "/administration/trials?q=a", "owner"),
    get("console: events", "/administration/events?q=a", "owner"),
    get("console: keywords", "/administration/keyword?q=a", "owner"),
    get("console: monitoring", "/administration/monitoring?q=a", "owner"),
    get("console: change log", "/administration/history", "owner"),
    { label: "save: news item", path: `/news/edit/${news._id}`, as: "owner", form: newsForm, expect: 302 },
    {
      label: "save: therapeutic area",
      path: `${areasPath}/${area.id}/edit`,
      as: "owner",
      form: new URLSearchParams({ name: area.name }),
      expect: 302,
    },
  ];
}

async function demoPages() {
  await seed();
  return pagesOf("analyst@pharmascope.test", "owner@pharmascope.test");
}

async function largePages() {
  await Promise.all(Object.values(mongoose.models).map((m) => m.createIndexes()));
  await seedAtSize(full);
  return pagesOf("analyst@bench.test", "owner@bench.test");
}

/** Starts `node server.js` with `processes` processes; its output is read and dropped, as a log pipe would take it. */
async function startServer(processes: number) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const profile = PROFILE_DIR && processes === 1 ? [`--cpu-prof`, `--cpu-prof-dir=${PROFILE_DIR}`] : [];
  const server = spawn(process.execPath, [...profile, ...NODE_FLAGS, "server.js"], {
    cwd: root,
    env: {
      ...process.env,
      MONGODB_URI: uri,
      NODE_ENV: "production",
      SESSION_SECRET,
      SECURE_COOKIES: "false",
      SCHEDULER: "off",
      PORT: String(port),
      APP_URL: base,
      WEB_CONCURRENCY: String(processes),
      BENCH_DB_COMMANDS: "on",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.resume();
  const stderr: string[] = [];
  server.stderr!.on(
    "data",
    (chunk: Buffer) => stderr.push(...chunk.toString().split("\n").filter(Boolean)) && stderr.splice(0, stderr.length - 20),
  );
  // A busy machine may take long to start it (two cluster workers, each loading the app).
  for (const deadline = Date.now() + 120_000; ;) {
    if (
      await fetch(`${base}/resources/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (server.exitCode !== null) throw new Error(`the server stopped: ${stderr.join("\n")}`);
    if (Date.now() > deadline) throw new Error(`the server did not answer within 2 minutes: ${stderr.join("\n")}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  // Every process has answered once (cluster workers each start on their own).
  for (let i = 0; i < 4 * processes; i++) await fetch(`${base}/resources/healthz`);
  return { base, server, stderr };
}

function stop(server: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (server.exitCode !== null) return resolve();
    server.once("exit", () => resolve());
    server.kill("SIGTERM");
  });
}

/** The server process and its cluster workers. */
function processesOf(pid: number): number[] {
  try {
    return [pid, ...readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean).map(Number)];
  } catch {
    return [];
  }
}

/** Resident memory of each of these processes, MB. */
function rssOf(pids: number[]) {
  return pids.map((p) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0) / 1024);
}

/** CPU time these processes have used, ms (user and system, in clock ticks of 10 ms): per request it does not depend
 *  on what else the machine runs, unlike requests a second. */
function cpuMsOf(pids: number[]) {
  return pids.reduce((sum, p) => {
    const fields = readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1]!.split(" ");
    return sum + (Number(fields[11]) + Number(fields[12])) * 10;
  }, 0);
}

/** Waits until these processes are idle (under a tenth of a core for 300 ms, or 30 s at most): autocannon stops at its
 *  time with requests in flight, which the server still answers, and they would count for the next page. */
async function settle(pids: number[]) {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    const before = cpuMsOf(pids);
    await new Promise((r) => setTimeout(r, 300));
    if (cpuMsOf(pids) - before < 30) return;
  }
}

function request(base: string, page: Page) {
  // As a browser asks: compressed answers welcome.
  const headers: Record<string, string> = { "Accept-Encoding": "gzip, deflate, br, zstd" };
  if (page.as !== "anonymous") headers.Cookie = cookies[page.as];
  if (page.form) Object.assign(headers, { "Content-Type": "application/x-www-form-urlencoded", Origin: base });
  return { url: `${base}${page.path}`, method: page.form ? ("POST" as const) : ("GET" as const), headers, body: page.form?.toString() };
}

/** The database commands one request of `page` sends: the server's count before and after, requests one at a time. */
async function commandsOf(base: string, page: Page) {
  const read = async () => (await (await fetch(`${base}/__bench/db-commands`)).json()) as { count: number; recent: string[] };
  const seen: number[] = [];
  let names: string[] = [];
  for (let i = 0; i < 3; i++) {
    const { url, ...init } = request(base, page);
    const before = (await read()).count;
    const response = await fetch(url, { ...init, redirect: "manual" });
    await response.arrayBuffer();
    if (response.status !== page.expect)
      throw new Error(
        `${page.label}: ${page.path} answered ${response.status} ${response.headers.get("Location") ?? ""}, not ${page.expect}`,
      );
    const after = await read();
    seen.push(after.count - before);
    names = after.count > before ? after.recent.slice(before - after.count) : [];
  }
  if (LIST_COMMANDS) console.log(`${page.label}: ${names.join(", ")}`);
  return Math.max(...seen.slice(1)); // the first may warm a cache of static things
}

async function runAll(pages: Page[], processes: number): Promise<Result[]> {
  const { base, server, stderr } = await startServer(processes);
  const results: Result[] = [];
  try {
    for (const page of pages) {
      await settle([...processesOf(server.pid!), db.child.pid!]);
      if (processes === 1) commandCounts.set(page, await commandsOf(base, page));
      const commands = commandCounts.get(page) ?? null;
      if (!SECONDS) {
        results.push({
          page,
          rps: NaN,
          p50: NaN,
          p99: NaN,
          errors: 0,
          commands,
          rssMb: Math.max(...rssOf(processesOf(server.pid!))),
          appMs: NaN,
          dbMs: NaN,
          kb: NaN,
          load: os.loadavg()[0]!,
        });
        continue;
      }
      let rss = 0;
      const sampler = setInterval(() => (rss = Math.max(rss, ...rssOf(processesOf(server.pid!)))), 250);
      const pids = processesOf(server.pid!);
      const [app0, db0] = [cpuMsOf(pids), cpuMsOf([db.child.pid!])];
      const { url, method, headers, body } = request(base, page);
      progress(`${processes} process(es): ${page.label}`);
      const run = await autocannon({ url, method, headers, body, connections: CONNECTIONS, duration: SECONDS });
      clearInterval(sampler);
      const [appMs, dbMs] = [cpuMsOf(pids) - app0, cpuMsOf([db.child.pid!]) - db0];
      const expected = page.expect === 200 ? run["2xx"] : run["3xx"];
      const answered = run["1xx"] + run["2xx"] + run["3xx"] + run["4xx"] + run["5xx"];
      results.push({
        page,
        rps: run.requests.average,
        p50: run.latency.p50,
        p99: run.latency.p99,
        // A page that got no answer at all in the time fails too.
        errors: run.errors + run.timeouts + (answered - expected) + (answered ? 0 : CONNECTIONS),
        commands,
        rssMb: rss,
        appMs: answered ? appMs / answered : NaN,
        dbMs: answered ? dbMs / answered : NaN,
        kb: answered ? run.throughput.total / answered / 1024 : NaN,
        load: os.loadavg()[0]!,
      });
    }
  } finally {
    await stop(server);
    if (results.some((r) => r.errors) && stderr.length) console.log(`\nServer's last messages:\n${stderr.join("\n")}`);
  }
  if (PROFILE_DIR && processes === 1) {
    const newest = readdirSync(PROFILE_DIR)
      .filter((f) => f.endsWith(".cpuprofile"))
      .sort()
      .at(-1);
    if (newest) {
      console.log(`\nCPU profile of the server (${path.join(PROFILE_DIR, newest)}): top functions by own time`);
      for (const f of topFunctions(path.join(PROFILE_DIR, newest), 25)) console.log(`${f.percent.toFixed(1).padStart(5)} %  ${f.name}`);
    }
  }
  return results;
}

function printTable(results: Result[], processes: number) {
  const ok = (r: Result) => {
    if (r.errors) return "ERRORS";
    if (r.page.as === "anonymous") return r.page.path === "/resources/healthz" && r.rps < HEALTHZ_RPS ? "SLOW" : "ok";
    if (r.rps < TARGET.rps || r.p99 > TARGET.p99) return "SLOW";
    if (r.commands !== null && r.commands > MAX_COMMANDS) return "COMMANDS";
    return r.rssMb > MAX_RSS_MB ? "MEMORY" : "ok";
  };
  const header = [
    "page",
    "as",
    "req/s",
    "p50 ms",
    "p99 ms",
    "errors",
    "db cmds/req",
    "app CPU ms",
    "db CPU ms",
    "KB",
    "max RSS MB",
    "load",
    "target",
  ];
  const rows = results.map((r) => [
    r.page.label,
    r.page.as,
    ...[r.rps, r.p50, r.p99].map((n) => (Number.isNaN(n) ? "–" : n.toFixed(0))),
    String(r.errors),
    r.commands === null ? "–" : String(r.commands),
    ...[r.appMs, r.dbMs].map((n) => (Number.isNaN(n) ? "–" : n.toFixed(1))),
    Number.isNaN(r.kb) ? "–" : r.kb.toFixed(1),
    r.rssMb.toFixed(0),
    r.load.toFixed(1),
    processes === 1 ? ok(r) : "",
  ]);
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((l) => l[c]!.length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => (i >= 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(" | ")} |`;
  console.log(
    `\n${processes === 1 ? "One app process" : `${processes} app processes (node:cluster)`}, ${DATA} data, ${CONNECTIONS} connections × ${SECONDS} s per page — Node ${process.version}, ${os.cpus().length} CPUs, load average at start ${os.loadavg()[0]!.toFixed(1)}${process.env.BENCH_HTTP_NOTE ? `, ${process.env.BENCH_HTTP_NOTE}` : ""}`,
  );
  if (processes === 1)
    console.log(
      `Targets: signed-in pages ≥ ${TARGET.rps} req/s with p99 ≤ ${TARGET.p99} ms, ≤ ${MAX_COMMANDS} db commands; health check ≥ ${HEALTHZ_RPS} req/s; RSS < ${MAX_RSS_MB} MB; "app CPU ms" and "db CPU ms" are the CPU time one request took in the app's processes and in the database (whatever else the machine runs), "KB" the answer as sent, "load" the machine's 1-minute load average after the page's run`,
    );
  console.log(fmt(header));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const l of rows) console.log(fmt(l));
  const errors = results.reduce((sum, r) => sum + r.errors, 0);
  console.log(
    `\nPeak RSS of an app process: ${Math.max(...results.map((r) => r.rssMb)).toFixed(0)} MB (target < ${MAX_RSS_MB} MB); errors: ${errors}`,
  );
}
