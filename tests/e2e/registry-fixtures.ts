// What the fake ClinicalTrials.gov of the browser tests knows (tests/e2e/global-setup.ts), and where it listens.
import type { StudyFixture } from "../fake-ctgov";

export const CTGOV_PORT = Number(process.env.E2E_CTGOV_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 1000);

export const E2E_STUDIES: readonly StudyFixture[] = [
  { nctId: "NCT01767311", title: "A Study of Lecanemab in Early Alzheimer's Disease", acronym: "Clarity AD", phases: ["PHASE3"] },
  { nctId: "NCT04437511", title: "A Study of Donanemab in Early Symptomatic Alzheimer's Disease", status: "ACTIVE_NOT_RECRUITING", phases: ["PHASE3"] },
];
