import { defineConfig, devices } from "@playwright/test";

import { E2E_SESSION_SECRET, OUTBOX } from "./tests/e2e/outbox";
import { CTGOV_PORT } from "./tests/e2e/registry-fixtures";

// Run through `scripts/test`, which starts the database, seeds it and sets E2E_MONGODB_URI and E2E_PORT.
const port = Number(process.env.E2E_PORT ?? 3100);
const mongoUri = process.env.E2E_MONGODB_URI ?? "";

export const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    // The compositor's GPU service (software, with --disable-gpu) as a thread of the browser process rather than a
    // process of its own, and no spare renderer started ahead of each navigation (below): on this 2-core machine, 12 %
    // less Chromium CPU and 10 % less time for the shell and sign-in specs (3 runs each); pages draw the same.
    "--in-process-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-component-update",
    "--disable-sync",
    // Playwright's own list (a second --disable-features replaces the first, it does not add to it), and the omnibox's
    // WebUI popups, which Chromium 156 loads into two renderers of their own for every browser context although a
    // headless browser never shows them: about a quarter of a second of CPU per test; and the spare renderer (above).
    `--disable-features=${[
      ...["AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades", "HttpsFirstBalancedModeAutoEnable"],
      ...["LensOverlay", "MediaRouter", "PaintHolding", "ThirdPartyStoragePartitioning", "AvoidCorsURLLoaderRestartOnRedirect"],
      ...["TcpPortRandomizationWin", "OptimizationHints", "NetworkTimeServiceQuerying", "AimEnabled", "PreconnectToSearch"],
      ...["WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "SpareRendererForSitePerProcess"],
    ].join(",")}`,
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [["list"]],
  // A fake ClinicalTrials.gov for the trial import (the app server below is pointed at it).
  globalSetup: "./tests/e2e/global-setup.ts",
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromium,
    // No trace: recording one (a DOM snapshot at every action) for every test, to keep the failing ones, cost a quarter
    // of the browser tests' CPU. A failure still shows the error, the call log and a screenshot; to replay one, run
    // its spec again with `--trace on` (docs/development.md).
    trace: "off",
    // A failing test's pages are photographed by the `page` fixture (tests/e2e/utils.ts). Playwright's own
    // "only-on-failure" photographs every page of every context as it closes, passed or not, in case the test fails
    // later: a PNG of each test, a sixth of the browser tests' CPU.
    screenshot: "off",
  },
  projects: [
    { name: "js", use: { ...devices["Desktop Chrome"], launchOptions: chromium } },
    { name: "no-js", use: { ...devices["Desktop Chrome"], launchOptions: chromium, javaScriptEnabled: false } },
  ],
  webServer: {
    command: "node server.js",
    url: `http://127.0.0.1:${port}/resources/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      MONGODB_URI: mongoUri,
      NODE_ENV: "production",
      SESSION_SECRET: E2E_SESSION_SECRET,
      SECURE_COOKIES: "false",
      PORT: String(port),
      HOST: "127.0.0.1",
      MAIL_OUTBOX: OUTBOX,
      APP_URL: `http://127.0.0.1:${port}`,
      CTGOV_BASE_URL: `http://127.0.0.1:${CTGOV_PORT}`,
      CTGOV_MIN_INTERVAL_MS: "100",
      CTGOV_RETRY_BASE_MS: "100",
      // The scheduler looks for due work every second, so a source added in a test is checked at once.
      SCHEDULER_POLL_SECONDS: "1",
      MONITOR_TICK_SECONDS: "1",
      // The fake feeds are on loopback, which production refuses.
      MONITOR_ALLOW_PRIVATE_HOSTS: "true",
    },
  },
});
