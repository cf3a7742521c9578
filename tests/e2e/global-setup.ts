// Playwright's global setup: a fake ClinicalTrials.gov on a fixed loopback port for the whole run (the app server is
// shared by every test, so its CTGOV_BASE_URL points here — playwright.config.ts), answering with the studies the
// browser tests import (tests/e2e/registry.spec.ts).
import { startFakeCtgov } from "../fake-ctgov";
import { CTGOV_PORT, E2E_STUDIES } from "./registry-fixtures";

export default async function globalSetup() {
  const registry = await startFakeCtgov({ port: CTGOV_PORT });
  registry.fake.studies = [...E2E_STUDIES];
  return () => registry.close();
}
