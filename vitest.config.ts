import path from "node:path";
import { defineConfig } from "vitest/config";

// Two projects: `unit` needs no database (`npx vitest run --project unit` runs without SecantusDB, hence without
// cargo); `integration` starts one embedded SecantusDB for the run (or uses TEST_MONGODB_URL) and gives each test file
// a fresh database of its own.
export default defineConfig({
  resolve: {
    alias: {
      "~": path.resolve(import.meta.dirname, "app"),
      "#db": path.resolve(import.meta.dirname, "db"),
      "#workers": path.resolve(import.meta.dirname, "workers"),
      "#common": path.resolve(import.meta.dirname, "common"),
    },
  },
  test: {
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    reporters: ["default"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts", "workers/**/*.test.ts"],
          // As in integration below: a worker's files share its modules (a sixth of the project's CPU was importing them
          // again for each file). A file that stubs globals or modules undoes it after its tests (robustness.test.ts).
          // Checked with shuffled file orders.
          isolate: false,
          setupFiles: ["tests/setup/per-file.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          // The files of a worker share its module graph (the app, mongoose and its models are imported once per
          // worker, not once per file: a third of the stage's CPU), not their data: per-file-db.ts still gives each
          // file a fresh database, and the app keeps no state of its own in memory (sessions, limits and jobs are in
          // the database). Checked with shuffled file orders (`--sequence.shuffle.files`); run that after adding
          // module-level state.
          isolate: false,
          globalSetup: ["tests/setup/global-db.ts"],
          setupFiles: ["tests/setup/per-file.ts", "tests/setup/per-file-db.ts"],
        },
      },
    ],
  },
});
