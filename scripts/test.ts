// The test run behind scripts/test: typecheck and lint, one embedded SecantusDB for the run, vitest against it, the
// integration tests again against FerretDB (a second, independent engine: our queries must stay within what MongoDB
// itself accepts, not one engine's quirks), then the built app seeded with the demo data and Playwright against that.
// typecheck, lint, the build and the seed run side by side (see below). Exits non-zero if any stage fails.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

import { freePort, scratchDir, startEmbeddedDb } from "./embedded-db";

const root = path.resolve(import.meta.dirname, "..");
const dataDir = scratchDir("pharmascope-test-");
const db = await startEmbeddedDb({ engine: "secantus", dataDir: path.join(dataDir, "secantus"), port: await freePort() });
const second = await startEmbeddedDb({
  engine: "ferretdb",
  dataDir: path.join(dataDir, "ferretdb"),
  port: await freePort(),
  heapLimit: "1GiB",
});
const base = `mongodb://127.0.0.1:${db.port}`;

const log = (line: string) => console.log(`\n\u001b[36m[pharmascope]\u001b[0m ${line}`);

/**
 * Runs one stage. A stage running beside another (`background`) keeps its output and prints it whole when it ends,
 * so the two never interleave.
 */
function run(label: string, command: string, args: string[], env: Record<string, string> = {}, { background = false } = {}) {
  const started = Date.now();
  if (!background) log(label);
  return new Promise<boolean>((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: background ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...process.env, ...env },
    });
    const output: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
    child.on("exit", (code: number | null) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      if (background) {
        log(`${label}: ${code === 0 ? "done" : "FAILED"}`);
        process.stdout.write(Buffer.concat(output));
      }
      log(`${label} took ${seconds} s`);
      resolve(code === 0);
    });
  });
}

const npx = (bin: string, ...args: string[]) => [path.join(root, "node_modules/.bin", bin), args] as const;
// Both runners also write JSON reports, so the run ends with one plain "N passed, N failed" line. (Not under
// test-results/: Playwright empties that folder when it starts.)
const reports = path.join(root, ".cache/test-reports");
mkdirSync(reports, { recursive: true });
const vitestJson = path.join(reports, "vitest.json");
const secondJson = path.join(reports, "vitest-ferretdb.json");
const playwrightJson = path.join(reports, "playwright.json");
for (const file of [vitestJson, secondJson, playwrightJson]) rmSync(file, { force: true });

function counts() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const file of [vitestJson, secondJson].filter(existsSync)) {
    const v = JSON.parse(readFileSync(file, "utf8")) as { numPassedTests: number; numFailedTests: number; numPendingTests: number };
    passed += v.numPassedTests;
    failed += v.numFailedTests;
    skipped += v.numPendingTests;
  }
  if (existsSync(playwrightJson)) {
    const p = JSON.parse(readFileSync(playwrightJson, "utf8")) as {
      stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    };
    passed += p.stats.expected + p.stats.flaky;
    failed += p.stats.unexpected;
    skipped += p.stats.skipped;
  }
  return { passed, failed, skipped };
}
// Integration files that FerretDB would only run a second time to the same effect, so they run on SecantusDB alone:
// migrate starts both engines itself; report-deck and report-excel are LibreOffice opening decks and workbooks of data
// whose queries the report page's tests run on both engines; seed and backup insert the demo data and read whole
// collections back, nothing an engine could answer differently (backup's move across engines is migrate's).
const SAME_ON_EVERY_ENGINE = ["migrate", "report-deck", "report-excel", "seed", "backup"].map(
  (name) => `tests/integration/${name}.test.ts`,
);

let ok = false;
try {
  // typecheck, lint, the build and the seed are each one process keeping about one core busy: they run side by side.
  // vitest and Playwright keep both cores busy and have tests that time the event loop or wait for the page: each runs
  // alone.
  const prepared = await Promise.all([
    run("lint", "npm", ["run", "-s", "lint"]),
    run("typecheck", "npm", ["run", "-s", "typecheck"], {}, { background: true }),
    (async () =>
      (await run("build", "npm", ["run", "-s", "build"], {}, { background: true })) &&
      (await run(
        "seed the e2e database",
        process.execPath,
        ["--import", "tsx", "scripts/seed/index.ts"],
        { MONGODB_URI: `${base}/e2e` },
        { background: true },
      )))(),
  ]);
  ok =
    prepared.every(Boolean) &&
    (await run(
      "unit and integration tests (vitest, SecantusDB)",
      ...npx("vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`),
      { TEST_MONGODB_URL: base },
    )) &&
    (await run(
      "integration tests on the second engine (vitest, FerretDB)",
      ...npx(
        "vitest",
        "run",
        "--project=integration",
        ...SAME_ON_EVERY_ENGINE.map((file) => `--exclude=${file}`),
        "--reporter=dot",
        "--reporter=json",
        `--outputFile.json=${secondJson}`,
      ),
      // TEST_ENGINE: the tests that time the app's event loop run on the first engine only (timesEventLoop).
      { TEST_MONGODB_URL: `mongodb://127.0.0.1:${second.port}`, TEST_ENGINE: "ferretdb" },
    )) &&
    (await run("browser tests (playwright, JavaScript on and off)", ...npx("playwright", "test", "--reporter=list,json"), {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
      E2E_MONGODB_URI: `${base}/e2e`,
      E2E_PORT: String(await freePort()),
    }));
} finally {
  await Promise.all([db.stop(), second.stop()]);
  rmSync(dataDir, { recursive: true, force: true });
}
const { passed, failed, skipped } = counts();
console.log(ok ? "\nAll test stages passed." : "\nA test stage failed.");
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(ok ? 0 : 1);
