// The test run behind scripts/test: one embedded SecantusDB for the run, vitest against it, the integration tests again
// against FerretDB (a second, independent engine: our queries must stay within what MongoDB itself accepts, not one
// engine's quirks), then the built app seeded with the demo data and Playwright against that. Exits non-zero if any
// stage fails.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { freePort, startEmbeddedDb } from "./embedded-db";

const root = path.resolve(import.meta.dirname, "..");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "pharmascope-test-"));
const db = await startEmbeddedDb({ engine: "secantus", dataDir: path.join(dataDir, "secantus"), port: await freePort() });
const second = await startEmbeddedDb({ engine: "ferretdb", dataDir: path.join(dataDir, "ferretdb"), port: await freePort() });
const base = `mongodb://127.0.0.1:${db.port}`;

function run(label: string, command: string, args: string[], env: Record<string, string> = {}) {
  console.log(`\n\u001b[36m[pharmascope]\u001b[0m ${label}`);
  return new Promise<boolean>((resolve) => {
    spawn(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } }).on("exit", (code: number | null) =>
      resolve(code === 0),
    );
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
let ok = false;
try {
  ok =
    (await run(
      "unit and integration tests (vitest, SecantusDB)",
      ...npx("vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`),
      { TEST_MONGODB_URL: base },
    )) &&
    (await run(
      "integration tests on the second engine (vitest, FerretDB)",
      ...npx("vitest", "run", "tests/integration", "--reporter=dot", "--reporter=json", `--outputFile.json=${secondJson}`),
      { TEST_MONGODB_URL: `mongodb://127.0.0.1:${second.port}` },
    )) &&
    (await run("build", "npm", ["run", "-s", "build"])) &&
    (await run("seed the e2e database", process.execPath, ["--import", "tsx", "scripts/seed/index.ts"], { MONGODB_URI: `${base}/e2e` })) &&
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
