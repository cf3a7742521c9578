// Playwright's global setup: a fake ClinicalTrials.gov and a fake feed server on fixed loopback ports for the whole run
// (the app server is shared by every test, so its CTGOV_BASE_URL points here — playwright.config.ts), answering with
// the studies the browser tests import (tests/e2e/registry.spec.ts) and the feeds monitoring reads (monitoring.spec.ts).
import { generateRssFeed } from "feedsmith";

import { startFakeCtgov } from "../fake-ctgov";
import { startFakeSources } from "../fake-monitoring";
import { CTGOV_PORT, E2E_STUDIES, feedTitle, SOURCES_PORT } from "./registry-fixtures";

export default async function globalSetup() {
  // Records made before this moment are the seed's; tests that walk every record skip those other tests make meanwhile.
  process.env.E2E_STARTED_AT = new Date().toISOString();
  const registry = await startFakeCtgov({ port: CTGOV_PORT });
  registry.fake.studies = [...E2E_STUDIES];
  // Keyword monitoring's feeds (tests/e2e/monitoring.spec.ts).
  const sources = await startFakeSources({ port: SOURCES_PORT });
  for (const project of ["js", "no-js"] as const) {
    const body = generateRssFeed({
      title: "Neurology wire",
      link: "https://wire.example",
      description: "",
      items: [{ title: feedTitle(project), link: `https://wire.example/${project}`, description: "Tracer uptake fell." }],
    });
    sources.fake.feeds.set(project, { body });
  }
  return async () => {
    await registry.close();
    await sources.close();
  };
}
