// What the fake outside services of the browser tests know (tests/e2e/global-setup.ts), and where they listen: the
// ClinicalTrials.gov API, and keyword monitoring's feeds.
import type { StudyFixture } from "../fake-ctgov";

export const CTGOV_PORT = Number(process.env.E2E_CTGOV_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 1000);

export const E2E_STUDIES: readonly StudyFixture[] = [
  { nctId: "NCT01767311", title: "A Study of Lecanemab in Early Alzheimer's Disease", acronym: "Clarity AD", phases: ["PHASE3"] },
  {
    nctId: "NCT04437511",
    title: "A Study of Donanemab in Early Symptomatic Alzheimer's Disease",
    status: "ACTIVE_NOT_RECRUITING",
    phases: ["PHASE3"],
  },
];

export const SOURCES_PORT = Number(process.env.E2E_SOURCES_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 1002);
/** A feed per project: each run's item mentions the seeded Alzheimer's keyword "amyloid". */
export const feedTitle = (project: "js" | "no-js") => `Amyloid PET readout reported (${project})`;
