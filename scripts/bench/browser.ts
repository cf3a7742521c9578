// The browser half of `npm run bench`: a 50k-row sheet stored in the real sheet cache, served by the built app's
// resource route, fetched and processed by the report-engine worker in headless Chromium, with the longest
// main-thread task observed meanwhile (Long Tasks API). Needs the app built (`npm run build`) and Chromium.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { build } from "esbuild";

import { DRAWN_HERE_COOKIE } from "../../app/reports/drawn-here";
import { hashPassword } from "../../app/utils/password.server";
import { objectId, storeSheetCopy } from "../../app/utils/sheets/store.server";
import { listVersions } from "../../app/utils/sheets/versions.server";
import { EVENT_TYPES, REPORT_TYPE_IDS } from "../../common/constants";
import { connectDb, disconnectDb } from "../../db/connection.server";
import { Client } from "../../db/models/client.server";
import { Disease } from "../../db/models/disease.server";
import { Event } from "../../db/models/event.server";
import { TherapeuticArea } from "../../db/models/therapeutic-area.server";
import { User } from "../../db/models/user.server";
import { chromium as chromiumOptions } from "../../playwright.config";
import type { SheetData } from "../../workers/engine/sheet";
import { freePort, startEmbeddedDb } from "../embedded-db";
import { editedSheet, generateEvents, generateSheet } from "./generate";
import type { CompareResult } from "./harness";

const root = path.resolve(import.meta.dirname, "../..");
const PASSWORD = "Bench#Password1";

export interface BrowserBenchResult {
  rows: number;
  pageRows: number;
  results: Array<{ type: string; totalMs: number; fetchMs: number; parseMs: number; buildMs: number; longestTaskMs: number; ok: boolean }>;
  longestTaskMs: number;
  longTasks: number;
  /** The `pageRows` sheet compared with an earlier version in the worker, per report type (issue 30). */
  compared: CompareResult[];
  /** The report viewer itself, opened at each report type on the `pageRows` sheet and on the `rows` one. */
  pages: PageBenchResult[];
  pagesLarge: PageBenchResult[];
  /** The `pageRows` sheet's pages for a browser new to the app (the server's interim tables come with them). */
  pagesFirstVisit: PageBenchResult[];
  picker: PickerBenchResult;
  /** The machine's 1-minute load average before and after the report viewer's runs. */
  load: [number, number];
}

/** The user form's permissions picker over a client of PICKER_AREAS × PICKER_DISEASES (admin-console §5). */
export interface PickerBenchResult {
  checkboxes: number;
  /** Navigation → the form hydrated (Grant All works in place). */
  loadMs: number;
  /** A click → the summary shows the new count, for Grant All, one disease, and a filter typed. */
  grantAllMs: number;
  toggleMs: number;
  filterMs: number;
  longestTaskMs: number;
}

const PICKER_AREAS = 50;
/** Console events of each viewed disease (events-2, the calendar). */
const EVENTS = 1000;
const PICKER_DISEASES = 30;

/** Where the bench is, on stderr: a run that stalls says where. */
const progress = (step: string) => process.stderr.write(`bench: ${step}\n`);

/** Opens /administration/users/add as the top-level admin and times the picker's changes, each from the input event
 *  to the summary line showing the result, with the longest main-thread task meanwhile. */
async function benchPicker(page: Page): Promise<PickerBenchResult> {
  const started = Date.now();
  await page.goto("/administration/users/add");
  // Hydrated: the picker's buttons change in place instead of submitting.
  await page.locator("button[type='button']", { hasText: "Grant All" }).waitFor({ timeout: 60_000 });
  const loadMs = Date.now() - started;
  const checkboxes = await page.locator("input[name='grants']").count();
  // Each change starts inside the page and the clock stops when `done` holds, checked every frame. (Strings: tsx would
  // wrap a named inner function in a helper the page does not have.)
  const timed = (act: string, done: string) =>
    page.evaluate<number>(`new Promise((resolve) => {
      const t0 = performance.now();
      ${act};
      const check = () => (${done} ? resolve(performance.now() - t0) : requestAnimationFrame(check));
      check();
    })`);
  const summaryHas = (text: string) => `document.getElementById("picker-summary").textContent.includes(${JSON.stringify(text)})`;
  const before = await page.evaluate(() => ((window as unknown as { __tasks: unknown[] }).__tasks ?? []).length);
  const grantAllMs = await timed(
    `[...document.querySelectorAll("button")].find((b) => b.textContent === "Grant All").click()`,
    summaryHas(`${checkboxes} of`),
  );
  const toggleMs = await timed(`document.querySelector("input[name='grants']").click()`, summaryHas(`${checkboxes - 1} of`));
  // A controlled React input: set its value the way typing does, then the input event.
  const filterMs = await timed(
    `const input = document.getElementById("picker-filter");
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value").set.call(input, "Disease 7.");
      input.dispatchEvent(new Event("input", { bubbles: true }))`,
    `document.querySelectorAll(".picker-area:not([hidden])").length < 10`,
  );
  await page.waitForTimeout(100);
  const longestTaskMs = await page.evaluate(
    (from) =>
      Math.max(0, ...((window as unknown as { __tasks: Array<{ duration: number }> }).__tasks ?? []).slice(from).map((t) => t.duration)),
    before,
  );
  return { checkboxes, loadMs, grantAllMs, toggleMs, filterMs, longestTaskMs };
}

export interface PageBenchResult {
  type: string;
  /** From navigation start until the first frame painted with some of the report in it. */
  firstPaintMs: number;
  /** Until the last chunk is drawn (a windowed table, board or chart: its first window). */
  drawnMs: number;
  /** Elements the report drew. */
  elements: number;
  /** Longest main-thread task from navigation until drawn (hydration and receiving the model included); 0 when none
   *  reached the Long Tasks API's 50 ms. */
  longestTaskMs: number;
  /** Scrolling down ten screens once drawn (the page, and a table's own box), a screen every 200 ms: the longest
   *  main-thread task meanwhile and the elements drawn at the end (null when not measured). */
  scrolling: { longestTaskMs: number; elements: number } | null;
}

/** How long the disease list is left before each report page is opened. */
const SETTLE_MS = 1_000;

/**
 * Opens the report viewer at `path?type=…` for each type and watches the main thread (Long Tasks API, observed from
 * before the page's own scripts) until every chunk is drawn. The first paint of the report is taken from a frame
 * callback that finds report content in the host, then a message, which runs once that frame is painted. The browser
 * has run the app's scripts (it signed in through the page), so its pages come without the server's interim tables
 * (app/reports/drawn-here.ts), and it has those scripts in its cache; `firstVisit` forgets both before each page, as a
 * browser new to the app comes.
 */
async function benchReportPages(
  page: Page,
  path: string,
  types: string[],
  { scroll = false, trace, firstVisit = false }: { scroll?: boolean; trace?: string; firstVisit?: boolean } = {},
): Promise<PageBenchResult[]> {
  // A string: tsx wraps a named inner function (`watch`) in a `__name` helper the page does not have, and the script
  // would stop there without a word.
  await page.addInitScript(`{
    const tasks = (window.__tasks = []);
    new PerformanceObserver((list) => list.getEntries().forEach((e) => tasks.push({ start: e.startTime, duration: e.duration }))).observe({ type: "longtask", buffered: true });
    const channel = new MessageChannel();
    channel.port1.onmessage = () => (window.__firstPaint = performance.now());
    // Some of the report in the host, or the message of a report with nothing to show. Looked up through live lists, not
    // querySelector: a selector tried against every element of the page each frame took 37 ms of a 57 ms task on the 50k
    // event calendar's page (a trace), and that task counted as the page's longest.
    const hosts = document.getElementsByClassName("report-host");
    const empties = document.getElementsByClassName("report-empty");
    const shown = () => empties.length > 0 || Array.prototype.some.call(hosts, (h) => h.hasAttribute("data-ready") && h.firstElementChild);
    const watch = () => (shown() ? channel.port2.postMessage(0) : requestAnimationFrame(watch));
    requestAnimationFrame(watch);
  }`);
  const results: PageBenchResult[] = [];
  /** A first visit's: clears the browser's HTTP cache before each page. */
  const cdp = firstVisit ? await page.context().newCDPSession(page) : null;
  for (const type of types) {
    progress(`viewer ${path} ${type}`);
    if (trace)
      await page
        .context()
        .browser()!
        .startTracing(page, { path: `${trace}-${type}.json` });
    if (cdp) {
      await page.context().clearCookies({ name: DRAWN_HERE_COOKIE });
      await cdp.send("Network.clearBrowserCache");
    }
    // From the disease list, as a user comes to a report (a report reached from another report is the same page, drawn
    // again). Straight from the last report, a 50,000-row page's teardown (its worker's and its own heap freed by the
    // browser, 0.1–0.4 s) ran during this page's first frames and was counted as this page's.
    await page.goto(path.replace(/\/[^/]+\/reports$/, ""));
    await page.waitForTimeout(SETTLE_MS);
    await page.goto(`${path}?type=${type}`);
    // Waited for inside the page with a slow poll: Playwright's own polling of an 80k-element page showed up in the
    // long tasks it was meant to measure.
    // (A string: tsx would wrap a named inner function in a helper the page does not have.)
    const selector = JSON.stringify(`.report-host[data-report="${type}"][data-ready="true"]`);
    // A report that never draws gives NaN after two minutes rather than holding the bench up.
    const drawnMs = await page.evaluate<number>(`new Promise((resolve) => {
      setTimeout(() => resolve(Number.NaN), 120000);
      const check = () => {
        const host = document.querySelector(${selector});
        if (host && host.getAttribute("data-drawing") !== "true" && window.__firstPaint) resolve(performance.now());
        else setTimeout(check, host ? 250 : 20);
      };
      check();
    })`);
    await page.waitForTimeout(100); // let the observer deliver the last entries
    const figures = await page.evaluate(() => {
      const w = window as unknown as { __tasks: Array<{ start: number; duration: number }>; __firstPaint: number };
      return {
        firstPaintMs: w.__firstPaint,
        elements: document.querySelector(".report-host")!.querySelectorAll("*").length,
        longestTaskMs: Math.max(0, ...w.__tasks.map((t) => t.duration)),
      };
    });
    const scrolling = scroll
      ? await page.evaluate<{ longestTaskMs: number; elements: number }>(`new Promise((resolve) => {
          const from = performance.now();
          let screens = 0;
          const step = () => {
            if (screens++ === 10) {
              const tasks = window.__tasks.filter((t) => t.start >= from).map((t) => t.duration);
              return resolve({ longestTaskMs: Math.max(0, ...tasks), elements: document.querySelector(".report-host").querySelectorAll("*").length });
            }
            window.scrollBy(0, innerHeight);
            for (const box of document.querySelectorAll(".rt-table-scroll")) box.scrollBy(0, box.clientHeight);
            setTimeout(step, 200);
          };
          step();
        })`)
      : null;
    if (trace) await page.context().browser()!.stopTracing();
    results.push({ type, drawnMs, ...figures, scrolling });
  }
  await cdp?.detach();
  return results;
}

const HARNESS_ROUTE = "**/__bench-harness.js";

/**
 * Serves the harness (bundled from harness.ts) at /__bench-harness.js on the app's own origin, so the app's CSP
 * (script-src 'self') lets it run, and loads it into the page. Returns the engine worker's URL.
 */
export async function installHarness(page: Page) {
  const harness = await build({
    entryPoints: [path.join(import.meta.dirname, "harness.ts")],
    bundle: true,
    format: "iife",
    write: false,
    minify: true,
  });
  await page.route(HARNESS_ROUTE, (route) => route.fulfill({ contentType: "application/javascript", body: harness.outputFiles[0].text }));
  await page.addScriptTag({ url: "/__bench-harness.js" });
  const manifest = JSON.parse(readFileSync(path.join(root, "public/workers/manifest.json"), "utf8")) as Record<string, string>;
  return manifest.engine;
}

/**
 * The engine's figures on a sheet of `rows` rows; the report viewer's on one of `pageRows` and on that one. The sheets
 * are made here and let go once stored: held through the measurements, their objects (hundreds of MB at 50,000 rows)
 * made each of this process's garbage collections long, on the cores the browser and the app were measured on.
 */
export async function runBrowserBench(rows: number, types: string[], pageRows: number, only?: string[]): Promise<BrowserBenchResult> {
  if (!existsSync(path.join(root, "build/index.js")) || !existsSync(path.join(root, "public/workers/manifest.json"))) {
    throw new Error("the app is not built: run `npm run build` first");
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "pharmascope-bench-"));
  const db = await startEmbeddedDb({ dataDir, port: await freePort() });
  const uri = db.uri("bench");
  const cleanups: Array<() => Promise<unknown> | unknown> = [() => db.stop(), () => rmSync(dataDir, { recursive: true, force: true })];
  try {
    process.env.MONGODB_URI = uri; // the cache module connects by itself
    await connectDb(uri);
    const client = await Client.create({ name: "Bench Client" });
    const area = await TherapeuticArea.create({ name: "Neurology", client: client._id });
    const disease = await Disease.create({
      name: "Bench disease",
      therapeuticArea: area._id,
      areaName: area.name,
      client: client._id,
      reports: REPORT_TYPE_IDS.map((id) => ({ id, name: id })),
      tm: true,
    });
    await User.create({
      name: { first: "Bench", last: "Admin" },
      email: "bench@pharmascope.test",
      role: "admin",
      isTopAdmin: true,
      status: "active",
      passwordHash: await hashPassword(PASSWORD),
    });
    await storeSheetCopy(disease._id, generateSheet(rows));
    const viewed = await Disease.create({
      name: "Bench viewer",
      therapeuticArea: area._id,
      areaName: area.name,
      client: client._id,
      reports: disease.reports,
      tm: true,
    });
    // An earlier version of the viewed sheet (issue 30), which the page's worker compares the report with.
    const storeViewed = async (pageSheet: SheetData) => {
      await storeSheetCopy(viewed._id, { ...editedSheet(pageSheet), fetchedAt: new Date(Date.now() - 86_400_000).toISOString() });
      await storeSheetCopy(viewed._id, { ...pageSheet, fetchedAt: new Date().toISOString() });
    };
    await storeViewed(generateSheet(pageRows));
    const earlier = (await listVersions(objectId(String(viewed._id)))).at(-1)!;
    // Events for events-2 and the calendar, from the console.
    await Event.insertMany(
      [disease, viewed].flatMap((d) =>
        generateEvents(EVENTS).map((e, i) => ({
          title: e.title,
          type: EVENT_TYPES[i % EVENT_TYPES.length],
          client: client._id,
          therapeuticArea: area._id,
          disease: d._id,
          startDateTime: new Date(`${e.startDateTime.replace(" ", "T")}Z`),
          endDateTime: new Date(`${e.startDateTime.slice(0, 10)}T17:00:00Z`),
          timezone: "UTC",
        })),
      ),
    );
    const wide = await Client.create({ name: "Picker Client" });
    const areas = await TherapeuticArea.insertMany(
      Array.from({ length: PICKER_AREAS }, (_, i) => ({ name: `Area ${i}`, client: wide._id })),
    );
    await Disease.insertMany(
      areas.flatMap((a, i) =>
        Array.from({ length: PICKER_DISEASES }, (_, j) => ({ name: `Disease ${i}.${j}`, therapeuticArea: a._id, client: wide._id })),
      ),
    );
    await disconnectDb();

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = spawn(process.execPath, ["server.js"], {
      cwd: root,
      env: {
        ...process.env,
        MONGODB_URI: uri,
        NODE_ENV: "production",
        SESSION_SECRET: "bench-session-secret-0123456789",
        SECURE_COOKIES: "false",
        PORT: String(port),
        APP_URL: base,
      },
      stdio: "ignore",
    });
    cleanups.unshift(() => server.kill());
    for (
      let i = 0;
      i < 100 &&
      !(await fetch(`${base}/resources/healthz`).then(
        (r) => r.ok,
        () => false,
      ));
      i++
    )
      await new Promise((r) => setTimeout(r, 100));

    const browser = await chromium.launch(chromiumOptions);
    cleanups.unshift(() => browser.close());
    const page = await browser.newPage({ baseURL: base });
    await page.goto("/login");
    await page.getByLabel("Email").fill("bench@pharmascope.test");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.pathname !== "/login");
    const workerUrl = await installHarness(page);
    progress(`engine in the worker, ${types.length} report types`);
    const outcome = await page.evaluate(([url, sheetUrl, list]) => window.runEngineBench(url, sheetUrl, list), [
      workerUrl,
      `/resources/sheet/${disease._id}`,
      types,
    ] as [string, string, string[]]);
    progress("what changed, in the worker");
    const compared = await page.evaluate(([url, sheetUrl, compareUrl, list]) => window.runCompareBench(url, sheetUrl, compareUrl, list), [
      workerUrl,
      `/resources/sheet/${viewed._id}`,
      `/resources/sheet/${viewed._id}?version=${earlier.id}`,
      types.filter((t) => t !== "list" && t !== "events-2"),
    ] as [string, string, string, string[]]);
    // A page that routes requests has no HTTP cache (Playwright turns it off), so every report page fetched every script
    // and stylesheet again; with the harness's route gone, the report pages are opened as a returning browser opens them.
    await page.unroute(HARNESS_ROUTE);
    const viewer = (id: unknown) => `/clients/${client._id}/therapeuticAreas/${area._id}/diseases/${id}/reports`;
    const drawn = REPORT_TYPE_IDS.filter((t) => t !== "list" && (!only || only.includes(t)));
    const before = os.loadavg()[0]!;
    const pages = await benchReportPages(page, viewer(viewed._id), drawn);
    // BENCH_TRACE=<path prefix>: a Chrome trace of each report opened on the large sheet, for chrome://tracing or
    // Perfetto, to see what a long task was.
    const pagesLarge = await benchReportPages(page, viewer(disease._id), drawn, { scroll: true, trace: process.env.BENCH_TRACE });
    // After the others, so that the sheet in the browser's cache helps them no more than it did before this pass existed.
    const pagesFirstVisit = await benchReportPages(page, viewer(viewed._id), drawn, { firstVisit: true });
    const load: [number, number] = [before, os.loadavg()[0]!];
    progress("permissions picker");
    const picker = await benchPicker(page);
    return {
      rows,
      pageRows,
      ...outcome,
      compared,
      pages,
      pagesLarge,
      pagesFirstVisit,
      picker,
      load,
    };
  } finally {
    for (const cleanup of cleanups) await cleanup();
  }
}
