// One embedded SecantusDB for the whole vitest run (unless TEST_MONGODB_URL points at one already, as scripts/test does
// for both engines); every test file then gets a fresh database of its own (see per-file-db.ts).
import { rmSync } from "node:fs";
import type { TestProject } from "vitest/node";

import { freePort, scratchDir, startEmbeddedDb } from "../../scripts/embedded-db";

declare module "vitest" {
  export interface ProvidedContext {
    mongoUrl: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_MONGODB_URL) {
    project.provide("mongoUrl", process.env.TEST_MONGODB_URL);
    return;
  }
  const dataDir = scratchDir("pharmascope-vitest-");
  const db = await startEmbeddedDb({ dataDir, port: await freePort() });
  project.provide("mongoUrl", `mongodb://127.0.0.1:${db.port}`);
  return async () => {
    await db.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
