import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

// Two projects: `unit` needs no database (`npx vitest run --project unit` runs without SecantusDB, hence without
// cargo); `integration` starts one embedded SecantusDB for the run (or uses TEST_MONGODB_URL) and gives each test file
// a fresh database of its own. scripts/test adds a third, `integration-ferretdb`: the integration files again on
// FerretDB (TEST_FERRETDB_URL), in the same run so both engines' files share the two workers.
const integrationFiles = ["tests/integration/**/*.test.ts"];
const perFileDb = ["tests/setup/per-file.ts", "tests/setup/per-file-db.ts"];
// Left out on FerretDB, which would only repeat them to the same effect: migrate starts both engines itself;
// report-deck is LibreOffice opening decks of data whose queries the report page's tests run on both engines; seed and
// backup insert the demo data and read whole collections back, nothing an engine could answer differently (backup's
// move across engines is migrate's).
const sameOnEveryEngine = ["migrate", "report-deck", "seed", "backup"].map((name) => `tests/integration/${name}.test.ts`);
const ferretDbUrl = process.env.TEST_FERRETDB_URL;
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
        test: { name: "unit", include: ["tests/unit/**/*.test.ts", "workers/**/*.test.ts"], setupFiles: ["tests/setup/per-file.ts"] },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: integrationFiles,
          globalSetup: ["tests/setup/global-db.ts"],
          setupFiles: perFileDb,
        },
      },
      ...(ferretDbUrl
        ? [
            {
              extends: true as const,
              test: {
                name: "integration-ferretdb",
                include: integrationFiles,
                exclude: [...configDefaults.exclude, ...sameOnEveryEngine],
                provide: { mongoUrl: ferretDbUrl },
                setupFiles: perFileDb,
              },
            },
          ]
        : []),
    ],
  },
});
