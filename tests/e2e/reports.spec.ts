// The report viewer (user-app §2): the drill-down to a disease's reports, every report type drawn from the demo
// workbooks (what is drawn is compared with the engine's model of the same cached sheet), the controls, print,
// export as image, the tables without JavaScript, and the permission failures.
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { Types } from "mongoose";
import sharp from "sharp";

import { REPORT_TYPE_IDS } from "#common/constants";
import { connectDb, trusted } from "#db/connection.server";
import { Client, Disease, TherapeuticArea, TrialChange, User } from "#db/models/index.server";
import { buildReport, type ReportModel } from "#workers/engine";
import type { ReportType } from "#workers/engine/constants";
import { listDiseaseEvents } from "~/models/event.server";
import type { PermittedDisease } from "~/models/permitted";
import { EXPORT_SCALE } from "~/reports/export-image";
import { PRINT_WIDTH } from "~/reports/print";
import { BOARD_WINDOW_FROM, GROUP_SIZE } from "~/reports/render/board-window";
import { WINDOW_FROM } from "~/reports/render/progressive";
import { CHART_WINDOW_FROM } from "~/reports/render/timeline-chart";
import { getCachedSheet } from "~/utils/sheets/refresh.server";
import { deleteSheetCache, storeSheetCopy } from "~/utils/sheets/store.server";

import { generateSheet } from "../../scripts/bench/generate";
import { alzheimersSheet } from "../unit/engine/fixtures/alzheimers";
import { DEMO, expect, hydrated, test, toast, userInfo } from "./utils";

async function demoDisease(name: string) {
  await connectDb(process.env.E2E_MONGODB_URI);
  const disease = await Disease.findOne({ name }).lean();
  if (!disease) throw new Error(`no demo disease ${name}`);
  const path = `/clients/${disease.client}/therapeuticAreas/${disease.therapeuticArea}/diseases/${disease._id}/reports`;
  return { id: String(disease._id), path, reports: (disease.reports ?? []).map((r) => r.id as ReportType) };
}

/** The engine's model of the demo sheet as the app caches it, with the disease's events from the console: what the
 *  page must draw. */
async function modelOf<T extends ReportType>(
  diseaseId: string,
  type: T,
  options: { tm?: boolean; combineLot?: boolean; startAtFirstLaunch?: boolean } = {},
) {
  const events = await listDiseaseEvents({ disease: { id: diseaseId } as PermittedDisease });
  const model = buildReport(type, await getCachedSheet(diseaseId), { ...options, events });
  if (!model.ok) throw new Error(`the demo sheet has no ${type} report: ${model.failure}`);
  return model as Extract<ReportModel, { type: T }>;
}

/** Waits until the worker's model is drawn and every chunk appended. */
async function drawn(page: Page, type: string) {
  const host = page.locator(`.report-host[data-report="${type}"][data-ready="true"]`);
  await expect(host).toBeVisible({ timeout: 20_000 });
  await expect(host).not.toHaveAttribute("data-drawing", "true");
  return host;
}

const ALZHEIMERS = "Alzheimer's disease";
const NSCLC = "Non-small-cell lung cancer";

test("the analyst drills down from the dashboard to Alzheimer's reports", async ({ page, signIn, visit, js }) => {
  const ad = await demoDisease(ALZHEIMERS);
  await signIn(DEMO.analyst);
  await visit("/dashboard");
  // One client: the dashboard goes straight to its therapeutic areas.
  await page.getByRole("link", { name: /Neurology/ }).click();
  await page.getByRole("link", { name: /Alzheimer's disease/ }).click();
  await expect(page).toHaveURL(new RegExp(`${ad.path}\\?type=timeline-chart$`));
  const tabs = page.getByRole("navigation", { name: "Reports" }).getByRole("link");
  await expect(tabs).toHaveText([
    "Launch timeline",
    "Launch table",
    "Event calendar",
    "News",
    "Pipeline by phase",
    "Line-of-therapy landscape",
    "Focus-area landscape",
    "Events by quarter",
  ]);
  await expect(page.getByRole("link", { name: "Launch timeline" })).toHaveAttribute("aria-current", "page");
  // Descriptive names; the spec's id, which the address uses, is the tooltip.
  expect(await tabs.evaluateAll((links) => links.map((a) => a.getAttribute("title")))).toEqual(
    REPORT_TYPE_IDS.filter((id) => ad.reports.includes(id)),
  );
  await expect(page.getByRole("heading", { name: "Alzheimer's Disease: Launch timeline" })).toBeVisible();
  await expect(page.getByText(`© ${new Date().getFullYear()} Pharmascope`)).toBeVisible();
  if (js) await drawn(page, "timeline-chart");
  else await expect(page.getByText("Charts need JavaScript. This is the report's data as tables.")).toBeVisible();
  await expect(page.getByText("Charts need JavaScript.")).toHaveCount(js ? 0 : 1);
  await page.getByRole("link", { name: "Pipeline by phase" }).click();
  await expect(page).toHaveURL(/type=landscape-type-1/);
  await expect(page.getByRole("heading", { name: "Alzheimer's Disease: Pipeline by phase" })).toBeVisible();
});

test("on a slow connection the data shows as soon as the page arrives, and the drawing replaces it when ready", async ({
  page,
  signIn,
  js,
}) => {
  test.skip(!js, "without JavaScript the tables are the report");
  const ad = await demoDisease(ALZHEIMERS);
  await signIn(DEMO.analyst);
  // The page's scripts, the engine's script and the sheet held back, as a slow connection would: the sheet is asked
  // for as soon as the page's HTML arrives (for the worker), not once the page's scripts have come and run.
  const hold = () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    return { held, release };
  };
  const scripts = hold();
  const engine = hold();
  for (const [url, { held }] of [
    ["**/build/**/*.js", scripts],
    ["**/workers/engine.worker-*.js", engine],
    ["**/resources/sheet/*", engine],
  ] as const)
    await page.route(url, async (route) => {
      await held;
      await route.continue();
    });
  const sheetAsked = page.waitForRequest((request) => request.url().includes(`/resources/sheet/${ad.id}`));
  await page.goto(`${ad.path}?type=landscape-type-1`, { waitUntil: "commit" });
  await sheetAsked;
  const tables = await page.locator(".server-report").elementHandle();
  scripts.release();
  await hydrated(page, js);
  // Scripts running, the drawing not ready: the server's tables are still there, saying what is going on — the very
  // elements that came with the page, not built again when it hydrated.
  await expect(
    page.getByRole("status").filter({ hasText: "Drawing the charts… Meanwhile, this is the report's data as tables." }),
  ).toBeVisible();
  expect(await tables!.evaluate((el) => el.isConnected)).toBe(true);
  const model = await modelOf(ad.id, "landscape-type-1");
  const product = model.columns.find((c) => c.boxes.length > 0)!.boxes[0]!.product;
  await expect(page.getByRole("row").filter({ hasText: product }).first()).toBeVisible();
  engine.release();
  const board = await drawn(page, "landscape-type-1");
  await expect(board.locator(".rb-box").filter({ hasText: product }).first()).toBeVisible();
  await expect(page.locator(".server-report")).toHaveCount(0);
  await expect(page.getByText("Drawing the charts…")).toHaveCount(0);
});

test.describe("a browser that draws reports itself (the draws-reports cookie its scripts set)", () => {
  /** Alzheimer's pipeline board, and a product it shows. */
  async function board() {
    const ad = await demoDisease(ALZHEIMERS);
    const model = await modelOf(ad.id, "landscape-type-1");
    return { path: `${ad.path}?type=landscape-type-1`, product: model.columns.find((c) => c.boxes.length > 0)!.boxes[0]!.product };
  }
  const cookie = async (page: Page) => (await page.context().cookies()).filter((c) => c.name === "draws-reports").map((c) => c.value);
  /** The page shows the server's tables, at its own address, with the product in them. */
  async function tablesShown(page: Page, { path, product }: Awaited<ReturnType<typeof board>>) {
    await expect(page.getByText("Charts need JavaScript. This is the report's data as tables.")).toBeVisible();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole("row").filter({ hasText: product }).first()).toBeVisible();
  }

  test("once it has run the page's scripts, a report page comes without the server's tables and is drawn", async ({
    page,
    signIn,
    visit,
    js,
  }) => {
    test.skip(!js, "a browser without JavaScript never runs the scripts that say it draws");
    const { path, product } = await board();
    await signIn(DEMO.analyst);
    await visit("/about");
    expect(await cookie(page)).toEqual(["1"]);
    // The page's scripts held back: what the page shows as it arrives.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/build/**/*.js", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(path, { waitUntil: "commit" });
    await expect(page.getByRole("status").filter({ hasText: "Loading report…" })).toBeVisible();
    await expect(page.locator(".server-report")).toHaveCount(0);
    await expect(page.getByRole("table")).toHaveCount(0);
    release();
    await expect((await drawn(page, "landscape-type-1")).locator(".rb-box").filter({ hasText: product })).not.toHaveCount(0);
    await expect(page.getByText("Loading report…")).toHaveCount(0);
  });

  test("whose page scripts never come, the page shows the tables after 10 s", async ({ page, signIn, visit, js }) => {
    test.skip(!js, "a browser without JavaScript never runs the scripts that say it draws");
    const shown = await board();
    await signIn(DEMO.analyst);
    await visit("/about");
    await page.clock.install();
    await page.route("**/build/**/*.js", (route) => route.abort());
    await page.goto(shown.path);
    await expect(page.getByRole("status").filter({ hasText: "Loading report…" })).toBeVisible();
    await page.clock.runFor(9_000);
    await expect(page.locator(".server-report")).toHaveCount(0);
    await page.clock.runFor(1_000);
    // The scripts still do not come: the tables as a browser without JavaScript has them.
    await tablesShown(page, shown);
  });

  test("that now runs without JavaScript is shown the tables, and forgotten as one that draws", async ({ page, signIn, js, baseURL }) => {
    test.skip(js, "the tables are the no-JavaScript view");
    const shown = await board();
    await signIn(DEMO.analyst);
    // As its scripts left it.
    await page.context().addCookies([{ name: "draws-reports", value: "1", url: baseURL! }]);
    await page.goto(shown.path);
    await tablesShown(page, shown);
    expect(await cookie(page)).toEqual([]);
  });
});

test.describe("every report type is drawn from the demo workbook", () => {
  test.skip(
    ({ javaScriptEnabled }) => javaScriptEnabled === false,
    "charts are drawn in the browser; without JavaScript see the tables test",
  );

  test("landscape type 1: each product in its phase column, logos, modality variant", async ({ page, signIn, visit }) => {
    const ad = await demoDisease(ALZHEIMERS);
    await signIn(DEMO.analyst);
    await visit(`${ad.path}?type=landscape-type-1&zoom=100`);
    const host = await drawn(page, "landscape-type-1");
    const model = await modelOf(ad.id, "landscape-type-1");
    for (const column of model.columns) {
      const boxes = host.locator(`[data-phase-column="${column.id}"] .rb-box`);
      await expect(boxes, column.label).toHaveCount(column.boxes.length);
      expect(await boxes.evaluateAll((els) => els.map((el) => el.getAttribute("data-product")))).toEqual(
        column.boxes.map((b) => b.product),
      );
    }
    // A fact of the demo sheet, independent of the engine: Kisunla is marketed.
    await expect(host.locator('[data-phase-column="approved"] .rb-box[data-product="Kisunla (donanemab)"]').first()).toBeVisible();
    // Company logos come from the company records.
    await expect(host.locator(".rb-box img").first()).toHaveAttribute("src", /^\/resources\/files\//);
    expect(
      await host
        .locator(".rb-box")
        .first()
        .evaluate((el) => el.getBoundingClientRect().width),
    ).toBeCloseTo(185, 0);

    await page.getByLabel("Therapeutic Modality").check();
    await expect(page).toHaveURL(/tm=true/);
    const modality = await drawn(page, "landscape-type-1");
    await expect(modality.locator(".rb-legend")).toBeVisible();
    const variant = await modelOf(ad.id, "landscape-type-1", { tm: true });
    const phase3 = variant.columns.find((c) => c.id === "phase-3")!;
    expect(
      await modality
        .locator('[data-phase-column="phase-3"] .rb-box')
        .evaluateAll((els) => els.map((el) => el.getAttribute("data-product"))),
    ).toEqual(phase3.boxes.map((b) => b.product));
  });

  test("timeline chart: launches by month, legend of companies, the axis from 2019 or from the first launch", async ({
    page,
    signIn,
    visit,
  }) => {
    const ad = await demoDisease(ALZHEIMERS);
    await signIn(DEMO.analyst);
    await visit(`${ad.path}?type=timeline-chart`);
    let host = await drawn(page, "timeline-chart");
    const model = await modelOf(ad.id, "timeline-chart");
    await expect(host.locator(".rt-legend-entry")).toHaveText(
      model.legend.map((e) => new RegExp(e.label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))),
    );
    for (const item of model.items) {
      const launch = `${item.launch.year}-${String(item.launch.month + 1).padStart(2, "0")}`;
      await expect(host.locator(`[data-product="${item.product}"][data-launch="${launch}"]`).first(), item.product).toBeAttached();
    }
    // The spec's axis starts at 2019 (the demo's launches start later); the control starts it at the first launch.
    expect(model.startYear).toBe(2019);
    await expect(host.locator(`[data-year="2019"]`).first()).toBeAttached();
    await page.getByLabel("Start at the first launch").check();
    await expect(page).toHaveURL(/first=true/);
    const fromFirst = await modelOf(ad.id, "timeline-chart", { startAtFirstLaunch: true });
    expect(fromFirst.startYear).toBeGreaterThan(2019);
    host = await drawn(page, "timeline-chart");
    await expect(host.locator(`[data-year="${fromFirst.startYear}"]`).first()).toBeAttached();
    await expect(host.locator(`[data-year="2019"]`)).toHaveCount(0);
  });

  test("landscape type 2: trials in line-of-therapy columns, combined on request", async ({ page, signIn, visit }) => {
    // Alzheimer's trials have no LOT; the lung-cancer sheet has them (the owner sees every disease).
    const nsclc = await demoDisease(NSCLC);
    await signIn(DEMO.owner);
    await visit(`${nsclc.path}?type=landscape-type-2`);
    let host = await drawn(page, "landscape-type-2");
    const lot = await modelOf(nsclc.id, "landscape-type-2");
    expect(lot.lotColumns.length).toBeGreaterThan(1);
    expect(await host.locator("[data-lot]").evaluateAll((els) => els.map((el) => el.getAttribute("data-lot")))).toEqual(
      lot.lotColumns.map((c) => c.lot),
    );
    for (const column of lot.lotColumns) {
      expect(
        await host.locator(`[data-lot="${column.lot}"] [data-trial]`).evaluateAll((els) => els.map((el) => el.getAttribute("data-trial"))),
      ).toEqual(column.trials.map((t) => t.trialName));
    }
    await page.getByLabel("Combine LOT").check();
    await expect(page).toHaveURL(/lot=true/);
    host = await drawn(page, "landscape-type-2");
    const combined = await modelOf(nsclc.id, "landscape-type-2", { combineLot: true });
    await expect(host.locator("[data-lot]")).toHaveCount(combined.lotColumns.length);
    expect(await host.locator("[data-lot]").evaluateAll((els) => els.map((el) => el.getAttribute("data-lot")))).toEqual(
      combined.lotColumns.map((c) => c.lot),
    );
  });

  test("timeline table, event calendar, landscape 3, events and news", async ({ page, signIn, visit }) => {
    const ad = await demoDisease(ALZHEIMERS);
    await signIn(DEMO.analyst);

    await visit(`${ad.path}?type=timeline-table`);
    let host = await drawn(page, "timeline-table");
    const table = await modelOf(ad.id, "timeline-table");
    expect(await host.locator("tr[data-product]").evaluateAll((els) => els.map((el) => el.getAttribute("data-product")))).toEqual(
      table.rows.map((r) => r.product),
    );

    await visit(`${ad.path}?type=event-calendar`);
    host = await drawn(page, "event-calendar");
    const calendar = await modelOf(ad.id, "event-calendar");
    await expect(host.locator("thead th").filter({ hasText: calendar.months[0]!.label }).first()).toBeVisible();
    const row = calendar.rows.find((r) => r.months.some((m) => m.length > 0))!;
    const month = row.months.findIndex((m) => m.length > 0);
    const cell = host.locator(`tr[data-product="${row.product}"]`).first().locator(`[data-month="${month}"]`);
    await expect(cell.locator(".rt-event")).toHaveText(row.months[month]!.map((e) => e.text));
    await expect(cell.locator(".rt-event").first()).toHaveCSS("background-color", hexToRgb(row.months[month]![0]!.colour.background));

    await visit(`${ad.path}?type=landscape-type-3`);
    host = await drawn(page, "landscape-type-3");
    const focus = await modelOf(ad.id, "landscape-type-3");
    expect(await host.locator("[data-focus-area]").evaluateAll((els) => els.map((el) => el.getAttribute("data-focus-area")))).toEqual(
      focus.focusAreas.map((f) => f.focusArea),
    );

    await visit(`${ad.path}?type=events-2`);
    host = await drawn(page, "events-2");
    await expect(host.locator("[data-quarter]").first()).toBeVisible();
    await expect(host.locator(".rt-event-card").first()).toBeVisible();

    await visit(`${ad.path}?type=list`);
    await expect(page.locator(".news-card").first()).toBeVisible();
    await expect(page.locator(".news-card")).toHaveCount(10);
  });
});

function hexToRgb(hex: string) {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

test("without JavaScript every report shows its data as tables", async ({ page, signIn, visit, js }) => {
  test.skip(js, "the tables are the no-JavaScript view");
  const ad = await demoDisease(ALZHEIMERS);
  await signIn(DEMO.analyst);
  // The sheet is for the drawing's engine: a browser without JavaScript never downloads it.
  const sheets: string[] = [];
  page.on("request", (request) => void (request.url().includes("/resources/sheet/") && sheets.push(request.url())));
  await visit(`${ad.path}?type=landscape-type-1`);
  const model = await modelOf(ad.id, "landscape-type-1");
  const first = model.columns.find((c) => c.boxes.length > 0)!;
  const row = page.getByRole("row").filter({ hasText: first.boxes[0]!.product }).first();
  await expect(row.getByRole("cell").first()).toHaveText(first.label);
  for (const type of ["timeline-chart", "timeline-table", "event-calendar", "landscape-type-3", "events-2"] as const) {
    await visit(`${ad.path}?type=${type}`);
    await expect(page.getByText("Charts need JavaScript. This is the report's data as tables.")).toBeVisible();
    await expect(page.getByRole("table").first().getByRole("row").nth(1)).toBeVisible();
  }
  // What the drawings show by colour is there too: the calendar's quarters and event types, the timeline's companies.
  await visit(`${ad.path}?type=event-calendar`);
  const calendar = await modelOf(ad.id, "event-calendar");
  await expect(page.getByRole("list", { name: "Event types" }).getByRole("listitem")).toHaveText([
    "Conference",
    "Regulatory/ Other Development",
    "Trial Initiation/ Results",
    "Commercial",
  ]);
  await expect(page.getByRole("columnheader", { name: calendar.quarters[0]!.label, exact: true })).toBeVisible();
  await expect(page.locator('.rt-event[data-category="conference"]').first()).toHaveCSS(
    "background-color",
    hexToRgb(calendar.eventColours.conference.background),
  );
  await visit(`${ad.path}?type=timeline-chart`);
  const timeline = await modelOf(ad.id, "timeline-chart");
  await expect(page.getByRole("list", { name: "Companies" }).getByRole("listitem")).toHaveCount(timeline.legend.length);

  // The controls are a form: Apply reloads with them in the URL.
  await visit(`${ad.path}?type=landscape-type-1`);
  await page.getByLabel("Therapeutic Modality").check();
  await page.getByLabel("Show Invalid Records").check();
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/tm=true/);
  await expect(page.getByRole("columnheader", { name: "Therapeutic Modality" })).toBeVisible();
  await expect(page.getByRole("heading", { name: `Invalid Records (${model.stats.invalidRecords})` })).toBeVisible();
  expect(sheets).toEqual([]);

  // Line of therapy, on the lung-cancer sheet (the owner sees every disease).
  const nsclc = await demoDisease(NSCLC);
  const lot = await modelOf(nsclc.id, "landscape-type-2");
  await signIn(DEMO.owner);
  await visit(`${nsclc.path}?type=landscape-type-2`);
  const trial = lot.lotColumns[0]!.trials[0]!;
  const cells = page.getByRole("row").filter({ hasText: trial.trialName }).first().getByRole("cell");
  await expect(cells.nth(0)).toHaveText(lot.lotColumns[0]!.lot);
  await expect(cells.nth(2)).toHaveText(trial.trialName);
});

test("the controls: font size, footnotes, vertical, invalid records", async ({ page, signIn, visit, js }) => {
  const ad = await demoDisease(ALZHEIMERS);
  await signIn(DEMO.analyst);
  await visit(`${ad.path}?type=landscape-type-1`);
  const model = await modelOf(ad.id, "landscape-type-1");
  const apply = async () => {
    if (!js) await page.getByRole("button", { name: "Apply" }).click();
  };
  const body = page.locator(".report-body").first();
  await expect(page.getByLabel("Font size")).toHaveValue("18");
  await expect(body).toHaveCSS("font-size", "18px");
  await page.getByLabel("Font size").fill("24");
  await page.getByLabel("Font size").press("Tab");
  await apply();
  await expect(page).toHaveURL(/fs=24/);
  await expect(body).toHaveCSS("font-size", "24px");

  const footnotes = page.getByRole("complementary", { name: "Footnotes" });
  if (model.footnotes.length > 0) await expect(footnotes).toContainText(model.footnotes[0]!);
  await page.getByLabel("Vertical").check();
  await apply();
  await expect(page.locator(".report-with-notes.vertical")).toBeVisible();
  await page.getByRole("checkbox", { name: "Footnotes", exact: true }).uncheck();
  await apply();
  await expect(footnotes).toHaveCount(0);

  await page.getByLabel("Show Invalid Records").check();
  await apply();
  await expect(page.getByRole("heading", { name: `Invalid Records (${model.stats.invalidRecords})` })).toBeVisible();
  const first = model.invalidRecords[0]!;
  await expect(page.locator(`.invalid-records tr[data-sheet-row="${first.sheetRow}"]`).first()).toContainText(first.reason);
});

test.describe("reports an analyst puts in front of a client", () => {
  test("Fit to width shrinks the board only to readable text, then scrolls sideways; the font size chosen shows; at 100 % the board scrolls to the last column", async ({
    page,
    signIn,
    visit,
    js,
  }) => {
    test.skip(!js, "boards are drawn and fitted by JavaScript");
    await page.setViewportSize({ width: 1366, height: 800 });
    const ad = await demoDisease(ALZHEIMERS);
    const model = await modelOf(ad.id, "landscape-type-1");
    await signIn(DEMO.analyst);
    /** The size on screen of a card's text (its smallest): its font size times the zoom the fit chose. */
    const productPx = async () => {
      const host = await drawn(page, "landscape-type-1");
      return host.evaluate((el) => {
        const text = el.querySelector(".rb-box .rb-field")!;
        return parseFloat(getComputedStyle(text).fontSize) * Number(el.style.getPropertyValue("--report-zoom") || 1);
      });
    };
    await visit(`${ad.path}?type=landscape-type-1`);
    await expect(page.getByLabel("Zoom")).toHaveValue("fit");
    let host = await drawn(page, "landscape-type-1");
    await expect(host.locator(".rb-column-heading")).toHaveCount(model.columns.length);
    expect(model.columns.length).toBeGreaterThan(3);
    const atDefault = await productPx();
    expect(atDefault).toBeGreaterThanOrEqual(12);
    // Six phase columns do not fit 1366 px at a readable size: the board scrolls to them, with the cue that there is more.
    const board = host.locator(".rb-columns");
    await expect(board).toHaveAttribute("data-more", "right");
    const lastFitted = host.locator(".rb-column-heading").last();
    await lastFitted.scrollIntoViewIfNeeded();
    await expect(lastFitted).toBeInViewport();
    // A larger font size shows larger, fitted or not.
    await visit(`${ad.path}?type=landscape-type-1&fs=30`);
    expect(await productPx()).toBeGreaterThan(atDefault * 1.4);

    await visit(`${ad.path}?type=landscape-type-1`);
    host = await drawn(page, "landscape-type-1");
    // A change of zoom only zooms: the board drawn stays in the page (a 50,000-row board takes seconds to draw again).
    const drawnBefore = await host.locator(".rb-columns").elementHandle();
    await page.getByLabel("Zoom").selectOption("100");
    await expect(page).toHaveURL(/zoom=100/);
    await expect(host).toHaveAttribute("data-zoom", "100");
    const last = host.locator(".rb-column-heading").last();
    await expect(last).not.toBeInViewport();
    await expect(host.locator(".rb-columns")).toHaveAttribute("data-more", "right");
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport();
    await expect(host.locator(".rb-columns")).toHaveAttribute("data-more", "left");
    expect(await drawnBefore!.evaluate((el) => el.isConnected)).toBe(true);
  });

  test("the launch timeline fits its box: every launch and every company of the legend on screen", async ({ page, signIn, visit, js }) => {
    test.skip(!js, "the chart is drawn by JavaScript");
    await page.setViewportSize({ width: 1366, height: 800 });
    const ad = await demoDisease(ALZHEIMERS);
    const model = await modelOf(ad.id, "timeline-chart");
    await signIn(DEMO.analyst);
    await visit(`${ad.path}?type=timeline-chart`);
    const host = await drawn(page, "timeline-chart");
    await expect(host.locator(".rt-legend-entry")).toHaveCount(model.legend.length);
    for (const entry of await host.locator(".rt-legend-entry").all()) await expect(entry).toBeInViewport();
    const box = (await page.locator(".report-body").first().boundingBox())!;
    for (const item of await host.locator(".rt-item circle").all()) {
      const r = (await item.boundingBox())!;
      expect(r.x + r.width).toBeLessThanOrEqual(box.x + box.width + 1);
    }
    // No label runs past the axis (its last year band) or out of the box, the last launches' included.
    const axis = (await host.locator(".rt-year-band").last().boundingBox())!;
    for (const label of await host.locator(".rt-item text").all()) {
      const r = (await label.boundingBox())!;
      expect(r.x + r.width, (await label.textContent()) ?? "").toBeLessThanOrEqual(Math.min(axis.x + axis.width, box.x + box.width) + 1);
    }
    // The axis starts at 2019, as the spec says (the demo's first launch is later).
    await expect(host.locator(".rt-year-label").first()).toHaveText(String(model.startYear));
    expect(model.startYear).toBe(2019);
  });

  test("a font size out of range is refused with a message; the control shows what the address says", async ({
    page,
    signIn,
    visit,
    js,
  }) => {
    const ad = await demoDisease(ALZHEIMERS);
    await signIn(DEMO.analyst);
    await visit(`${ad.path}?type=landscape-type-1&fs=500`);
    const size = page.getByLabel("Font size");
    await expect(size).toHaveValue("500");
    await expect(size).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Font size must be a whole number from 10 to 32 px; the report stays at 18 px.")).toBeVisible();
    await expect(page.locator(".report-body").first()).toHaveCSS("font-size", "18px");
    await size.fill("24");
    await size.press("Tab");
    if (!js) await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/fs=24/);
    await expect(page.getByText("Font size must be")).toHaveCount(0);
    await expect(page.locator(".report-body").first()).toHaveCSS("font-size", "24px");
    await size.fill("9");
    await size.press("Tab");
    if (!js) await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/fs=9(&|$)/);
    await expect(size).toHaveValue("9");
    await expect(page.getByText("Font size must be a whole number from 10 to 32 px; the report stays at 18 px.")).toBeVisible();
  });

  test("a report with nothing to show says why and opens Invalid Records", async ({ page, signIn, visit }) => {
    // Alzheimer's trials have no line of therapy: every row is left out of the LOT landscape.
    const ad = await demoDisease(ALZHEIMERS);
    const model = await modelOf(ad.id, "landscape-type-2");
    expect(model.stats.shownRecords).toBe(0);
    await signIn(DEMO.analyst);
    await visit(`${ad.path}?type=landscape-type-2`);
    const message = page.getByRole("status").filter({ hasText: "No rows match this report" });
    await expect(message).toHaveText(`No rows match this report: ${model.stats.invalidRecords} rows left out, see Invalid Records`);
    await message.getByRole("link", { name: "Invalid Records" }).click();
    await expect(page).toHaveURL(/invalid=true/);
    await expect(page.getByRole("heading", { name: `Invalid Records (${model.stats.invalidRecords})` })).toBeVisible();
  });
});

/** The whole report's size in CSS px: the sheet as on screen, plus what its scrollers hide (less their scrollbars). */
function wholeReport(page: Page) {
  return page.locator(".report-sheet").evaluate((sheet) => {
    const box = sheet.getBoundingClientRect();
    let hiddenWidth = 0;
    let height = box.height;
    for (const el of sheet.querySelectorAll<HTMLElement>("*")) {
      const style = getComputedStyle(el);
      if (!/auto|scroll/.test(`${style.overflowX} ${style.overflowY}`)) continue;
      const scrollbar =
        el.offsetHeight - el.clientHeight - Number.parseFloat(style.borderTopWidth) - Number.parseFloat(style.borderBottomWidth);
      hiddenWidth = Math.max(hiddenWidth, el.scrollWidth - el.clientWidth);
      height += el.scrollHeight - el.clientHeight - scrollbar;
    }
    // What the report's scrollers hold: the tallest board column, or the whole table.
    const content = Math.max(
      0,
      ...[...sheet.querySelectorAll<HTMLElement>(".rb-column, .rt-table-scroll")].map((el) =>
        el.classList.contains("rb-column") ? el.offsetHeight : el.scrollHeight,
      ),
    );
    return { width: box.width + hiddenWidth, height, content, screenWidth: box.width, screenHeight: box.height };
  });
}

test("export saves the whole report as a PNG at 2.5×, however wide or long", async ({ page, signIn, visit, js }) => {
  test.skip(!js, "the export button needs JavaScript");
  test.setTimeout(120_000); // three reports, each drawn and exported
  const ad = await demoDisease(ALZHEIMERS);
  const nsclc = await demoDisease(NSCLC);
  await signIn(DEMO.owner); // every disease
  const reports = [
    // At 100 %, where a wide board scrolls inside its box (fitted to the width, it would not need to).
    {
      path: `${ad.path}?type=landscape-type-1&zoom=100`,
      type: "landscape-type-1",
      headings: "[data-phase-column] > .rb-column-heading",
      file: "Alzheimer's Disease - Pipeline by phase.png",
    },
    {
      path: `${nsclc.path}?type=landscape-type-2&zoom=100`,
      type: "landscape-type-2",
      headings: "[data-lot] > .rb-column-heading",
      file: "NSCLC - Line-of-therapy landscape.png",
    },
    { path: `${ad.path}?type=timeline-table`, type: "timeline-table", headings: null, file: "Alzheimer's Disease - Launch table.png" },
    // Wider and longer than its scroller: every month and "Events beyond" in the picture.
    {
      path: `${ad.path}?type=event-calendar`,
      type: "event-calendar",
      headings: ".rt-event",
      file: "Alzheimer's Disease - Event calendar.png",
    },
  ];
  for (const report of reports) {
    await visit(report.path);
    const host = await drawn(page, report.type);
    // A user had scrolled the board or the table: the image holds all of it anyway, and the scroller stays put.
    const scroller = host.locator(".rb-columns, .rt-table-scroll").first();
    await scroller.evaluate((el) => el.scrollTo(120, 120));
    const offset = await scroller.evaluate((el) => [el.scrollLeft, el.scrollTop]);
    const whole = await wholeReport(page);
    // The sheet laid out for the export, and where its coloured marks are in it — each column's heading, each event
    // chip of the calendar — with their colours: a point just inside each one's left edge, clear of the text.
    const laidOut = await page.locator(".report-sheet").evaluate((sheet, selector) => {
      sheet.classList.add("exporting");
      const box = sheet.getBoundingClientRect();
      const marks = selector
        ? [...sheet.querySelectorAll(selector)].map((el) => {
            const r = el.getBoundingClientRect();
            const rgb = getComputedStyle(el).backgroundColor.match(/\d+/g)!.slice(0, 3).map(Number);
            return { x: r.left + 3 - box.left, y: r.top + r.height / 2 - box.top, rgb, text: el.textContent };
          })
        : [];
      sheet.classList.remove("exporting");
      return { height: box.height, marks };
    }, report.headings);
    if (report.headings) expect(whole.width, `${report.type}: wider than the screen`).toBeGreaterThan(whole.screenWidth + 100);
    if (!report.type.startsWith("landscape"))
      expect(whole.height, `${report.type}: longer than its scroller`).toBeGreaterThan(whole.screenHeight + 100);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export as image" }).click()]);
    expect(download.suggestedFilename()).toBe(report.file);
    const png = readFileSync((await download.path())!);
    expect(png.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    const width = png.readUInt32BE(16) / EXPORT_SCALE;
    const height = png.readUInt32BE(20) / EXPORT_SCALE;
    // The whole report at 2.5 device pixels per CSS pixel (a pixel or two either way: the image has whole pixels).
    expect(width, report.type).toBeGreaterThanOrEqual(whole.width - 2);
    expect(width, report.type).toBeLessThanOrEqual(whole.width + 2);
    // As tall as the sheet laid out for the export — wider than the screen, so lines above a board wrap less than
    // on screen — and never shorter than what the screen holds below them: the tallest column, the whole table.
    expect(height, report.type).toBeGreaterThanOrEqual(laidOut.height - 2);
    expect(height, report.type).toBeLessThanOrEqual(laidOut.height + 2);
    expect(height, report.type).toBeGreaterThan(whole.content);
    // Every column is in the picture: each mark's colour where the page laid it out.
    const pixels = await sharp(png).removeAlpha().raw().toBuffer();
    const pngWidth = png.readUInt32BE(16);
    for (const { x, y, rgb, text } of laidOut.marks) {
      const at = (Math.round(y * EXPORT_SCALE) * pngWidth + Math.round(x * EXPORT_SCALE)) * 3;
      expect([...pixels.subarray(at, at + 3)], `${report.type}: "${text}" at ${Math.round(x)}, ${Math.round(y)}`).toEqual(rgb);
    }
    await expect(page.locator(".report-sheet")).not.toHaveClass(/exporting/);
    expect(await scroller.evaluate((el) => [el.scrollLeft, el.scrollTop])).toEqual(offset);
  }
});

test("Export as PowerPoint downloads the report as shown, with and without JavaScript", async ({ page, signIn, visit, js }) => {
  const ad = await demoDisease(ALZHEIMERS);
  await signIn(DEMO.analyst);
  await visit(`${ad.path}?type=timeline-table&fs=20`);
  if (js) await drawn(page, "timeline-table");
  const link = page.getByRole("link", { name: "Export as PowerPoint" });
  await expect(link).toHaveAttribute("href", `${ad.path}/export?type=timeline-table&fs=20`);
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe("Alzheimer's Disease - Launch table.pptx");
  expect(
    readFileSync((await download.path())!)
      .subarray(0, 2)
      .toString(),
  ).toBe("PK");
  // The news list has no deck (the news feed has its own).
  await visit(`${ad.path}?type=list`);
  await expect(page.getByRole("heading", { name: "Alzheimer's Disease: News" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Export as PowerPoint" })).toHaveCount(0);
});

test("Export as Excel downloads the report's workbook as shown, with and without JavaScript", async ({ page, signIn, visit, js }) => {
  const ad = await demoDisease(ALZHEIMERS);
  await signIn(DEMO.analyst);
  await visit(`${ad.path}?type=timeline-table&fs=20`);
  if (js) await drawn(page, "timeline-table");
  const link = page.getByRole("link", { name: "Export as Excel" });
  await expect(link).toHaveAttribute("href", `${ad.path}/excel?type=timeline-table&fs=20`);
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe("Alzheimer's Disease - Launch table.xlsx");
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(readFileSync((await download.path())!)).buffer);
  expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(["Launch timeline", "Left out"]);
});

test("print shows the report alone, whole and readable on landscape pages, table headers on every page", async ({
  page,
  signIn,
  visit,
  js,
}) => {
  test.skip(!js, "reports are drawn, and fitted to the page, by JavaScript");
  test.setTimeout(120_000); // six reports and a PDF
  const ad = await demoDisease(ALZHEIMERS);
  const nsclc = await demoDisease(NSCLC);
  await signIn(DEMO.owner); // every disease
  // Print lays the page out at the paper's printable width: emulated by a viewport that wide.
  await page.setViewportSize({ width: PRINT_WIDTH, height: 720 });
  const sheet = page.locator(".report-sheet");
  const startPrint = async () => {
    // What the browser does before it lays out the pages (page.pdf() as well), then the print style sheet.
    await page.evaluate(() => window.dispatchEvent(new Event("beforeprint")));
    await page.emulateMedia({ media: "print" });
  };
  const endPrint = async () => {
    await page.emulateMedia({ media: null });
    await page.evaluate(() => window.dispatchEvent(new Event("afterprint")));
    await expect(sheet).not.toHaveClass(/printing/);
    expect(await sheet.evaluate((el) => getComputedStyle(el).zoom)).toBe("1");
  };
  const zoom = () => sheet.evaluate((el) => Number(getComputedStyle(el).zoom));
  let fitted = 0;

  // Boards: every column side by side on the first page, zoomed to the page width however large the font.
  const boards = [
    { path: `${ad.path}?type=landscape-type-1`, type: "landscape-type-1", columns: "[data-phase-column]" },
    { path: `${nsclc.path}?type=landscape-type-2`, type: "landscape-type-2", columns: "[data-lot]" },
    { path: `${nsclc.path}?type=landscape-type-2&fs=30`, type: "landscape-type-2", columns: "[data-lot]" },
  ];
  for (const board of boards) {
    await visit(board.path);
    const host = await drawn(page, board.type);
    const count = await host.locator(board.columns).count();
    await startPrint();
    for (const hidden of [".top-bar", ".drawer", ".report-toolbar", ".report-tabs", ".report-actions", ".page-footer"]) {
      await expect(page.locator(hidden).first(), hidden).toBeHidden();
    }
    const columns = await host.locator(board.columns).evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
    expect(columns).toHaveLength(count);
    for (const [i, column] of columns.entries()) {
      expect(column.left, `${board.path}: column ${i}`).toBeGreaterThanOrEqual(0);
      expect(column.right, `${board.path}: column ${i}`).toBeLessThanOrEqual(PRINT_WIDTH);
    }
    expect(new Set(columns.map((c) => Math.round(c.top))).size, `${board.path}: one row of columns`).toBe(1);
    fitted = await zoom();
    expect(fitted, board.path).toBeLessThan(1);
    // Boxes off screen skip painting on screen, never on paper.
    expect(
      new Set(await host.locator(".rb-box, .rb-card").evaluateAll((els) => els.map((el) => getComputedStyle(el).contentVisibility))),
    ).toEqual(new Set(["visible"]));
    await endPrint();
  }

  // A real print (page.pdf) goes through the same events: the same zoom, and the page is left as it was.
  await sheet.evaluate((el) =>
    window.addEventListener("beforeprint", () => (document.body.dataset.printZoom = el.style.getPropertyValue("--print-zoom")), {
      once: true,
    }),
  );
  const pdf = await page.pdf({ landscape: true, format: "Letter" });
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  expect(Number(await page.locator("body").getAttribute("data-print-zoom"))).toBe(fitted);
  await expect(sheet).not.toHaveClass(/printing/);

  // Tables: within the page width, no sticky header, the header group repeated on every page, every row painted.
  for (const type of ["timeline-table", "event-calendar", "landscape-type-3"]) {
    await visit(`${ad.path}?type=${type}`);
    const host = await drawn(page, type);
    await startPrint();
    const table = host.locator("table").first();
    expect(await table.evaluate((el) => el.getBoundingClientRect().right), type).toBeLessThanOrEqual(PRINT_WIDTH);
    const thead = await table
      .locator("thead")
      .evaluate((el) => ({ display: getComputedStyle(el).display, position: getComputedStyle(el).position }));
    expect(thead, type).toEqual({ display: "table-header-group", position: "static" });
    expect(
      new Set(await table.locator("tbody tr").evaluateAll((els) => els.map((el) => getComputedStyle(el).contentVisibility))),
      type,
    ).toEqual(new Set(["visible"]));
    await endPrint();
  }
});

test("the calendar keeps its product column and header in view as it scrolls, and ends on a whole row", async ({
  page,
  signIn,
  visit,
  js,
}) => {
  test.skip(!js, "the calendar is drawn by JavaScript");
  const ad = await demoDisease(ALZHEIMERS);
  await signIn(DEMO.analyst);
  await page.setViewportSize({ width: 900, height: 700 });
  await visit(`${ad.path}?type=event-calendar`);
  const host = await drawn(page, "event-calendar");
  const box = host.locator(".rt-table-scroll");
  const product = host.locator("tbody th.rt-col-product").first();
  const within = async () => {
    const [outer, cell] = [(await box.boundingBox())!, (await product.boundingBox())!];
    return cell.x >= outer.x - 1 && cell.x + cell.width <= outer.x + outer.width + 1;
  };
  expect(await within()).toBe(true);
  await expect(host.locator(".rt-table-frame")).toHaveClass(/rt-more-x/);
  await box.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(host.locator(".rt-table-frame")).toHaveClass(/rt-scrolled-x/);
  expect(await box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
  expect(await within()).toBe(true);
  await expect(product).toBeVisible();
  // Scrolled down, the header row still heads the box.
  await box.evaluate((el) => el.scrollTo({ top: 300 }));
  const [outer, month] = [(await box.boundingBox())!, (await host.locator(".rt-month-row th").first().boundingBox())!];
  expect(month.y).toBeGreaterThanOrEqual(outer.y - 1);
  expect(month.y).toBeLessThan(outer.y + outer.height / 2);
  // Back at the top, the box ends where a row ends.
  await box.evaluate((el) => el.scrollTo({ top: 0 }));
  const cut = await box.evaluate((el) => {
    const bottom = el.getBoundingClientRect().top + el.clientTop + el.clientHeight;
    return [...el.querySelectorAll("tbody tr")].some((tr) => {
      const r = tr.getBoundingClientRect();
      return r.top < bottom - 1 && r.bottom > bottom + 1;
    });
  });
  expect(cut).toBe(false);
});

test("the calendar's event chips break only between words, at the default and the largest font size", async ({
  page,
  signIn,
  visit,
  js,
}) => {
  test.skip(!js, "the calendar is drawn by JavaScript");
  const ad = await demoDisease(ALZHEIMERS);
  await signIn(DEMO.analyst);
  await page.setViewportSize({ width: 1366, height: 800 });
  for (const fs of [18, 32]) {
    await visit(`${ad.path}?type=event-calendar&zoom=100&fs=${fs}`);
    const host = await drawn(page, "event-calendar");
    // Each word (a run between spaces, hyphens and slashes) lies on one line: its characters' boxes share one top.
    const broken = await host.evaluate((el) => {
      const found: string[] = [];
      for (const chip of el.querySelectorAll(".rt-event")) {
        const text = chip.firstChild;
        if (!(text instanceof Text)) continue;
        for (const match of text.data.matchAll(/[^\s\-/]+/g)) {
          const range = document.createRange();
          range.setStart(text, match.index);
          range.setEnd(text, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (tops.size > 1) found.push(match[0]);
        }
      }
      return found;
    });
    expect(broken, `words broken inside at ${fs} px`).toEqual([]);
    expect(await host.locator(".rt-event").count()).toBeGreaterThan(10);
  }
});

/**
 * Runs `use` with a disease of its own client whose sheet is `rows` generated rows, offering `reports`, and removes
 * them after. (The sheet store reads its settings from the environment.)
 */
async function withGeneratedSheet(
  {
    name,
    rows,
    reports,
    store = (id) => storeSheetCopy(id, generateSheet(rows)),
  }: { name: string; rows: number; reports: ReportType[]; store?: (diseaseId: Types.ObjectId) => Promise<unknown> },
  use: (d: { id: string; client: string; path: string }) => Promise<void>,
) {
  process.env.MONGODB_URI ??= process.env.E2E_MONGODB_URI;
  await connectDb(process.env.E2E_MONGODB_URI);
  const client = await Client.create({ name: `${name} ${Date.now()}` });
  const area = await TherapeuticArea.create({ name: "Neurology", client: client._id });
  const disease = await Disease.create({
    name: "Long sheet",
    therapeuticArea: area._id,
    client: client._id,
    reports: reports.map((id) => ({ id, name: id })),
  });
  try {
    await store(disease._id);
    const path = `/clients/${client._id}/therapeuticAreas/${area._id}/diseases/${disease._id}/reports`;
    await use({ id: String(disease._id), client: String(client._id), path });
  } finally {
    await deleteSheetCache(disease._id);
    await Disease.deleteOne({ _id: disease._id });
    await TherapeuticArea.deleteOne({ _id: area._id });
    await Client.deleteOne({ _id: client._id });
  }
}

test("the server's tables hold every row without JavaScript; with it their first 20 until the drawing comes, all if the scripts never do", async ({
  page,
  createUser,
  login,
  js,
}) => {
  await withGeneratedSheet({ name: "First rows", rows: 300, reports: ["timeline-table"] }, async (disease) => {
    const user = await createUser({ clients: [disease.client] });
    await login(user.email, user.password);
    // Not yet known to draw reports, as on a first visit (the sign-in page's scripts have just said it does).
    await page.context().clearCookies({ name: "draws-reports" });
    if (js) {
      // The page's clock stands still until the test moves it, however slow the machine.
      await page.clock.install();
      await page.clock.pauseAt(Date.now() + 1000);
      await page.route("**/build/**/*.js", (route) => route.abort());
    }
    await page.goto(`${disease.path}?type=timeline-table`);
    const rows = page.locator(".server-report").getByRole("table").first().locator("tbody tr");
    expect(await rows.count()).toBeGreaterThan(20);
    const note = page.getByText("The first 20 rows of each table are shown until the charts are drawn.");
    const pager = page.getByRole("navigation", { name: /pages$/ }).first();
    if (js) {
      // The page's scripts are on their way: only the first rows are laid out, and the pager waits with the rest.
      await expect(rows.nth(19)).toBeVisible();
      await expect(rows.nth(20)).toBeHidden();
      await expect(note).toBeVisible();
      await expect(pager).toBeHidden();
      // They never came: after 10 s the tables are whole again.
      await page.clock.runFor(10_000);
    }
    await expect(rows.nth(20)).toBeVisible();
    await expect(rows.last()).toBeVisible();
    await expect(pager).toBeVisible();
    await expect(note).toBeHidden();
  });
});

test("a long timeline table holds a window of its rows, follows the scroll, and prints every row", async ({
  page,
  createUser,
  login,
  visit,
  js,
}) => {
  test.skip(!js, "tables are windowed by JavaScript");
  test.setTimeout(90_000);
  await withGeneratedSheet({ name: "Windowed tables", rows: 3000, reports: ["timeline-table"] }, async (disease) => {
    const total = (await modelOf(disease.id, "timeline-table")).rows.length;
    expect(total).toBeGreaterThan(WINDOW_FROM);
    const user = await createUser({ clients: [disease.client] });
    await login(user.email, user.password);
    await visit(`${disease.path}?type=timeline-table`);
    const host = await drawn(page, "timeline-table");
    const rows = host.locator("tr[data-product]");
    const count = () => rows.count();
    expect(await count()).toBeLessThan(total / 4);
    await expect(host.locator("table")).toHaveAttribute("aria-rowcount", String(total + 1));

    // Scrolled to the end, the last rows are drawn where the box shows them.
    const box = host.locator(".rt-table-scroll");
    await box.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    const last = host.locator(`tr[aria-rowindex="${total + 1}"]`);
    await expect(last).toBeVisible();
    expect(await count()).toBeLessThan(total / 4);

    // Print: every row, in the print layout (emulated after the beforeprint hook), and the window again after.
    await page.evaluate(() => window.dispatchEvent(new Event("beforeprint")));
    await page.emulateMedia({ media: "print" });
    expect(await count()).toBe(total);
    expect(await host.locator(".rt-spacer td").evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height))).toEqual([0, 0]);
    await page.emulateMedia({ media: null });
    await page.evaluate(() => window.dispatchEvent(new Event("afterprint")));
    await expect.poll(count).toBeLessThan(total / 4);
  });
});

test("a large board and launch timeline hold what is near the view, follow the scroll, and print every box and launch", async ({
  page,
  createUser,
  login,
  visit,
  js,
}) => {
  test.skip(!js, "boards and the chart are windowed by JavaScript");
  test.setTimeout(120_000);
  const reports: ReportType[] = ["landscape-type-1", "timeline-chart", "timeline-table"];
  await withGeneratedSheet({ name: "Windowed boards", rows: 4000, reports }, async (disease) => {
    const board = await modelOf(disease.id, "landscape-type-1");
    const chart = await modelOf(disease.id, "timeline-chart");
    expect(board.stats.shownRecords).toBeGreaterThan(BOARD_WINDOW_FROM);
    expect(chart.items.length).toBeGreaterThan(CHART_WINDOW_FROM);
    const user = await createUser({ clients: [disease.client] });
    await login(user.email, user.password);
    const { path } = disease;
    const print = async (count: () => Promise<number>, total: number) => {
      await page.evaluate(() => window.dispatchEvent(new Event("beforeprint")));
      await page.emulateMedia({ media: "print" });
      expect(await count()).toBe(total);
      await page.emulateMedia({ media: null });
      await page.evaluate(() => window.dispatchEvent(new Event("afterprint")));
      await expect.poll(count).toBeLessThan(total / 4);
    };

    // The board: a few groups of each column, each box saying where it stands in its column's list.
    await visit(`${path}?type=landscape-type-1`);
    let host = await drawn(page, "landscape-type-1");
    const boxes = () => host.locator(".rb-box").count();
    expect(await boxes()).toBeLessThan(board.stats.shownRecords / 4);
    const column = board.columns[0]!;
    expect(column.boxes.length).toBeGreaterThan(GROUP_SIZE * 4);
    const list = host.locator(`[data-phase-column="${column.id}"] [role="list"]`);
    await expect(list.locator('[role="listitem"]').first()).toHaveAttribute("aria-setsize", String(column.boxes.length));
    // Scrolled to the column's end, its last boxes are drawn where the page shows them.
    const last = list.locator(`[aria-posinset="${column.boxes.length}"]`);
    await expect(async () => {
      await list.evaluate((el) => el.scrollIntoView({ block: "end" }));
      await expect(last).toBeInViewport({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(last).toHaveAttribute("data-product", column.boxes.at(-1)!.product);
    expect(await boxes()).toBeLessThan(board.stats.shownRecords / 4);
    await print(boxes, board.stats.shownRecords);

    // The chart: the launches near the view, the others as the page scrolls to them; the note says where all are listed.
    await visit(`${path}?type=timeline-chart`);
    host = await drawn(page, "timeline-chart");
    const items = () => host.locator(".rt-item").count();
    expect(await items()).toBeLessThan(chart.items.length / 4);
    await expect(host.locator(".rt-chart-note").getByRole("link", { name: "Launch table" })).toHaveAttribute("href", /type=timeline-table/);
    const svg = host.locator("svg.rt-chart");
    /** The lowest drawn launch, as a share of the chart's height. */
    const lowest = () =>
      svg.evaluate((el) => {
        const bottom = Math.max(...[...el.querySelectorAll(".rt-item")].map((g) => g.getBoundingClientRect().bottom));
        const box = el.getBoundingClientRect();
        return (bottom - box.top) / box.height;
      });
    expect(await lowest()).toBeLessThan(0.5);
    await svg.evaluate((el) => el.scrollIntoView({ block: "end" }));
    await expect.poll(lowest).toBeGreaterThan(0.95);
    const shown = await host
      .locator(".rt-item")
      .evaluateAll(
        (els) => els.filter((el) => el.getBoundingClientRect().bottom > 0 && el.getBoundingClientRect().top < innerHeight).length,
      );
    expect(shown).toBeGreaterThan(0);
    expect(await items()).toBeLessThan(chart.items.length / 4);
    await print(items, chart.items.length);
  });
});

test("a report as of an earlier day shows the sheet as it stood then, what changed since, and an admin restores that version", async ({
  page,
  createUser,
  login,
  visit,
  js,
}) => {
  // The sheet as read on 5 January, then on 12 January with one product renamed.
  const january = alzheimersSheet();
  const renamed = january.values.map((r) => r.map((c) => (c === "lecanemab (Leqembi)" ? "lecanemab IV (Leqembi)" : c)));
  const store = async (id: Types.ObjectId) => {
    await storeSheetCopy(id, { ...january, fetchedAt: "2026-01-05T09:00:00Z" });
    await storeSheetCopy(id, { ...january, values: renamed, fetchedAt: "2026-01-12T09:00:00Z" });
  };
  await withGeneratedSheet({ name: "Versions", rows: 0, reports: ["timeline-table"], store }, async (disease) => {
    const user = await createUser({ role: "admin", clients: [disease.client] });
    await login(user.email, user.password);
    await visit(`${disease.path}?type=timeline-table`);
    const report = page.locator(".report-sheet");
    await expect(report.getByText("lecanemab IV (Leqembi)").first()).toBeVisible();

    // As of 8 January: the version read on the 5th, said so above the report.
    await page.getByLabel("As of").fill("2026-01-08");
    if (!js) await page.getByRole("button", { name: "Apply" }).click();
    const banner = page.getByRole("status").filter({ hasText: "As of 08/01/2026" });
    await expect(banner).toHaveText("As of 08/01/2026: the sheet as it stood then, read 05/01/2026 09:00 UTC. Back to today’s report");
    await expect(page).toHaveURL(/asOf=2026-01-08/);
    await expect(report.getByText("lecanemab (Leqembi)").first()).toBeVisible();
    await expect(report.getByText("lecanemab IV (Leqembi)")).toHaveCount(0);
    await banner.getByRole("link", { name: "Back to today’s report" }).click();
    await expect(page).not.toHaveURL(/asOf=/);
    await expect(report.getByText("lecanemab IV (Leqembi)").first()).toBeVisible();

    // What changed since the 8th: the renamed product, in words, in a panel above the report.
    await page.getByLabel("Compare with").fill("2026-01-08");
    if (!js) await page.getByRole("button", { name: "Apply" }).click();
    const panel = page.getByRole("region", { name: "What changed since 08/01/2026" });
    await expect(panel.getByRole("listitem")).toHaveText([
      "lecanemab (Leqembi) renamed lecanemab IV (Leqembi) (matched by a similar name)",
    ]);
    await panel.getByRole("link", { name: "Stop comparing" }).click();
    await expect(page).not.toHaveURL(/compare=/);
    await expect(panel).toHaveCount(0);

    // The edit page lists both versions; Restore brings the first back as the sheet the reports show.
    await visit(disease.path.replace(/\/reports$/, "/edit"));
    const versions = page.getByRole("table", { name: "Versions of the sheet, newest first" });
    await expect(versions.getByRole("row")).toHaveCount(3);
    await versions.getByRole("button", { name: "Restore the version read 05/01/2026 09:00 UTC" }).click();
    await expect(toast(page, "Sheet restored to the version read 05/01/2026 09:00 UTC.")).toBeVisible();
    await expect(versions.getByRole("row")).toHaveCount(4);
    await expect(versions.getByRole("row").nth(1)).toContainText(`Restored by ${user.fullName} from the version read 05/01/2026 09:00 UTC`);
    await visit(`${disease.path}?type=timeline-table`);
    await expect(report.getByText("lecanemab (Leqembi)").first()).toBeVisible();
    await expect(report.getByText("lecanemab IV (Leqembi)")).toHaveCount(0);
  });
});

test.describe("report addresses outside the user's permissions", () => {
  test("a foreign client, area or disease goes home with 'Invalid ID'; a malformed one with 'wrong id!'", async ({
    page,
    signIn,
    visit,
  }) => {
    const analyst = await userInfo(DEMO.analyst);
    await connectDb(process.env.E2E_MONGODB_URI);
    const own = analyst.clients[0]!.id;
    const foreignDisease = await Disease.findOne({ client: trusted({ $ne: own }) }).lean();
    const granted = ((await User.findOne({ email: DEMO.analyst }).lean())!.permissions ?? []).flatMap((p) => p.diseases);
    const ownUngranted = await Disease.findOne({ client: own, _id: trusted({ $nin: granted }) }).lean();
    const ad = await demoDisease(ALZHEIMERS);
    await signIn(DEMO.analyst);
    const cases: Array<[string, string]> = [
      [
        `/clients/${foreignDisease!.client}/therapeuticAreas/${foreignDisease!.therapeuticArea}/diseases/${foreignDisease!._id}/reports?type=list`,
        "Invalid ID",
      ],
      [`/clients/${own}/therapeuticAreas/${foreignDisease!.therapeuticArea}/diseases/${foreignDisease!._id}/reports`, "Invalid ID"],
      [`/clients/${own}/therapeuticAreas/${ownUngranted!.therapeuticArea}/diseases/${ownUngranted!._id}/reports`, "Invalid ID"],
      [ad.path.replace(/diseases\/[0-9a-f]+/, "diseases/not-an-id"), "wrong id!"],
    ];
    for (const [path, message] of cases) {
      await visit(path);
      await expect(page, path).not.toHaveURL(/\/reports/);
      await expect(toast(page, message)).toBeVisible();
    }
  });

  test("an unknown report type is 'Report Not Available'", async ({ page, signIn, visit }) => {
    const ad = await demoDisease(ALZHEIMERS);
    await signIn(DEMO.analyst);
    await visit(`${ad.path}?type=revenue-forecast`);
    await expect(page.getByText("Report Not Available")).toBeVisible();
  });
});

test.describe("each demo role reaches exactly the reports it is permitted", () => {
  for (const role of ["owner", "admin", "editor", "analyst", "multi"] as const) {
    test(role, async ({ page, signIn, visit, js }) => {
      await connectDb(process.env.E2E_MONGODB_URI);
      const info = await userInfo(DEMO[role]);
      const user = await User.findOne({ email: DEMO[role] }).lean();
      const active = new Set((await Client.find({ status: "active" }).select("_id").lean()).map((c) => String(c._id)));
      const granted = new Set((user!.permissions ?? []).flatMap((p) => p.diseases.map(String)));
      // The seed's diseases: not those other tests make and remove meanwhile (withGeneratedSheet).
      const seeded = Types.ObjectId.createFromTime(Date.parse(process.env.E2E_STARTED_AT!) / 1000);
      const diseases = await Disease.find({ _id: trusted({ $lt: seeded }) }).lean();
      const permitted = (d: (typeof diseases)[number]) => active.has(String(d.client)) && (user!.isTopAdmin || granted.has(String(d._id)));
      await signIn(DEMO[role]);

      // The drill-down by clicks to the first permitted disease of their first client.
      const client = info.clients[0]!;
      const first = diseases.filter((d) => String(d.client) === client.id && permitted(d)).sort((a, b) => a.name.localeCompare(b.name))[0]!;
      const area = await TherapeuticArea.findById(first.therapeuticArea).lean();
      await visit(`/clients/${client.id}/therapeuticAreas`);
      await page
        .getByRole("link", { name: new RegExp(area!.name.replace(/[.*+?^${}()|[\]\\&]/g, "\\$&")) })
        .first()
        .click();
      await page
        .getByRole("link", { name: new RegExp(first.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) })
        .first()
        .click();
      await expect(page).toHaveURL(/\/reports\?type=/);
      await expect(page.getByRole("heading", { level: 1, name: first.name })).toBeVisible();

      // Every disease by address: the permitted ones open, the others go home. (The server decides; one project is enough.)
      if (js) return;
      test.setTimeout(120_000);
      for (const d of diseases) {
        // An unknown type: the page answers after the permission check without reading sheets or news.
        await visit(`/clients/${d.client}/therapeuticAreas/${d.therapeuticArea}/diseases/${d._id}/reports?type=not-a-report`);
        if (permitted(d)) await expect(page.getByRole("heading", { level: 1, name: d.name }), d.name).toBeVisible();
        else await expect(page, d.name).not.toHaveURL(/\/reports/);
      }
    });
  }
});

test("a logo added in the company logos manager is the one the phase board shows", async ({ page, js, signIn, visit }) => {
  test.skip(!js, "the boards are drawn in the browser");
  // A company of the Parkinson's board that the Alzheimer's board (which other tests draw and export) does not show,
  // so that replacing its logo cannot pull an image from under them.
  const [pd, ad] = [await demoDisease("Parkinson's disease"), await demoDisease(ALZHEIMERS)];
  const onAd = new Set((await modelOf(ad.id, "landscape-type-1")).columns.flatMap((c) => c.boxes.map((b) => b.company)));
  const { Company } = await import("#db/models/company.server");
  const boxes = (await modelOf(pd.id, "landscape-type-1")).columns.flatMap((c) => c.boxes).filter((b) => b.company && !onAd.has(b.company));
  let box: (typeof boxes)[number] | undefined;
  for (const candidate of boxes) {
    if (!(await Company.exists({ name: candidate.company }))) continue;
    box = candidate;
    break;
  }
  expect(box, "a company of the Parkinson's board only").toBeDefined();

  const logo = await sharp({ create: { width: 160, height: 60, channels: 3, background: "#ef6c00" } })
    .png()
    .toBuffer();
  await signIn(DEMO.owner);
  await visit("/manage-company-logos");
  await page.getByLabel("Company name").fill(box!.company.toLowerCase());
  await page.getByLabel("Logo", { exact: true }).setInputFiles({ name: "new-logo.png", mimeType: "image/png", buffer: logo });
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByRole("region", { name: "Notifications" }).getByText("Company updated!")).toBeVisible();
  const company = (await Company.findOne({ name: box!.company }).lean())!;
  expect(company.logoName).toBe("new-logo.png");

  await visit(`${pd.path}?type=landscape-type-1`);
  const host = await drawn(page, "landscape-type-1");
  await expect(
    host
      .locator(".rb-box")
      .filter({ has: page.locator(`[src="${company.thumbnails!.w200}"]`) })
      .first(),
  ).toBeVisible();
});

test("a trial whose primary completion date the registry saw move is marked where its product shows, with and without JavaScript", async ({
  page,
  js,
  signIn,
  visit,
}) => {
  // NSCLC's board, which no other test counts markers on. The change as a registry sync records it (issue 15).
  const nsclc = await demoDisease(NSCLC);
  const model = await modelOf(nsclc.id, "landscape-type-1");
  const sheet = await getCachedSheet(nsclc.id);
  const [header, ...rows] = sheet.values;
  const idColumn = header!.indexOf("Trial Identifier");
  // A row of the board naming one trial: its box is the one marked.
  const box = model.columns
    .flatMap((c) => c.boxes)
    .find((b) => /^NCT\d{8}$/.test(String(rows[b.sheetRows[0]! - sheet.headerRow - 1]?.[idColumn] ?? "")))!;
  const nct = String(rows[box.sheetRows[0]! - sheet.headerRow - 1]![idColumn]);
  const disease = (await Disease.findById(nsclc.id).lean())!;
  const change = await TrialChange.create({
    trial: new Types.ObjectId(),
    client: disease.client,
    disease: disease._id,
    trialIdentifier: nct,
    field: "primaryCompletionDate",
    previous: "2027-06-01",
    next: "2028-03-31",
    seenAt: new Date("2026-11-20T09:00:00Z"),
  });
  try {
    const said = `${nct}: primary completion moved from 01/06/2027 to 31/03/2028 (registry, seen 20/11/2026)`;
    await signIn(DEMO.owner);
    await visit(`${nsclc.path}?type=landscape-type-1`);
    if (js) {
      const host = await drawn(page, "landscape-type-1");
      const mark = host.locator(`.rb-box[data-product="${box.product}"] .report-slip`).first();
      await expect(mark).toHaveAttribute("title", said);
      await expect(mark).toHaveAccessibleName(`Registry change: ${said}`);
    } else {
      await expect(page.getByRole("row").filter({ hasText: said }).first().getByRole("cell").nth(1)).toHaveText(`${box.product} ⏱ ${said}`);
    }
  } finally {
    await TrialChange.deleteOne({ _id: change._id });
  }
});

test("hundreds of unreadable values are listed a page at a time: Show more with JavaScript, pages without", async ({
  page,
  createUser,
  login,
  visit,
  js,
}) => {
  test.setTimeout(90_000);
  await withGeneratedSheet({ name: "Many warnings", rows: 2000, reports: ["landscape-type-1"] }, async (disease) => {
    const total = (await modelOf(disease.id, "landscape-type-1")).warnings.length;
    expect(total).toBeGreaterThan(100);
    expect(total).toBeLessThan(200);
    const user = await createUser({ clients: [disease.client] });
    await login(user.email, user.password);
    await visit(`${disease.path}?type=landscape-type-1&invalid=true`);
    const table = page.getByRole("table", { name: `Values that could not be read, on rows the report shows with a ⚠ (${total})` });
    const rows = table.locator("tbody tr");
    await expect(rows).toHaveCount(100);
    if (js) {
      await expect(page.getByText(`1–100 of ${total}`)).toBeVisible();
      await page.getByRole("button", { name: "Show more" }).first().click();
    } else {
      await page.getByRole("navigation", { name: "Unreadable values pages" }).getByRole("link", { name: "Next" }).click();
      await expect(page).toHaveURL(/wpage=2/);
    }
    await expect(rows).toHaveCount(js ? total : total - 100);
  });
});
