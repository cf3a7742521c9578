// Clinical trials of the compounds.
import { escapeHtml } from "#common/plain-text";
import { Trial } from "#db/models/index.server";

import { COMPOUNDS } from "../data/compounds";
import { DISEASES } from "../data/diseases";
import { TRIAL_DIAGNOSTICS } from "../data/keywords";
import { TRIALS, type TrialSeed } from "../data/trials";
import { Random } from "../random";
import { monthDate } from "../time";
import type { CompoundRef } from "./compounds";
import { lowerFirst } from "./shared";

const COUNTRIES: Record<string, string[]> = {
  "North America": ["United States", "Canada"],
  Europe: ["Germany", "France", "United Kingdom", "Spain", "Italy", "Netherlands", "Poland", "Sweden"],
  "Asia-Pacific": ["Japan", "Australia", "South Korea", "Taiwan", "China"],
  "Latin America": ["Brazil", "Mexico", "Argentina"],
};

function trialCountries(t: TrialSeed, rng: Random): { countries: string[]; regions: string[] } {
  if (t.sponsor === "Akeso") return { countries: ["China"], regions: ["Asia-Pacific"] };
  const picked: string[] = ["United States"];
  const size = t.enrollment > 3000 ? 4 : t.enrollment > 800 ? 3 : t.enrollment > 200 ? 2 : 1;
  const regions = ["North America", ...rng.sample(["Europe", "Asia-Pacific", "Latin America"], size - 1)];
  for (const region of regions) {
    for (const country of rng.sample(COUNTRIES[region], Math.max(1, Math.round(COUNTRIES[region].length * 0.5)))) {
      if (!picked.includes(country)) picked.push(country);
    }
  }
  return { countries: picked, regions };
}

function ageSexSegment(t: TrialSeed): string {
  const min = t.minAge ?? 18;
  const max = t.maxAge ?? 99;
  const age = max <= 1 ? "Infants" : max < 18 ? "Pediatric" : min < 18 ? "Adolescents and adults" : min >= 60 ? "Older adults" : "Adults";
  const sex = t.gender === "Male" ? "Male" : t.gender === "Female" ? "Female" : "Male & Female";
  return `${age}, ${sex}`;
}

function buildTrial(t: TrialSeed, compound: CompoundRef, now: Date) {
  const rng = new Random(`trial:${t.nct}`);
  const c = compound.seed;
  const start = monthDate(t.start, rng.int(1, 28));
  const pcd = monthDate(t.pcd, rng.int(1, 28));
  const finished = ["Completed", "Terminated", "Active, not recruiting"].includes(t.status);
  const singleArm = t.comparator.startsWith("None");
  const placebo = /placebo|sham/i.test(t.comparator);
  const diag = TRIAL_DIAGNOSTICS[c.disease];
  const { countries, regions } = trialCountries(t, rng);
  const min = t.minAge ?? 18;
  const max = t.maxAge ?? 99;
  const ageText = max >= 99 ? `${min} years and older` : `${min} to ${max} years`;
  const other = t.otherDrugs ?? [];
  return {
    client: compound.disease.client,
    therapeuticArea: compound.disease.area,
    disease: compound.disease._id,
    compound: compound._id,
    // As the app stores it (Trial.compoundName): the compound's name, its generic one (every seeded compound has one).
    compoundName: c.generic,
    title: t.title,
    type: "Trial Initiation/ Results" as const,
    endDateTime: pcd,
    isImportant: (t.priority ?? 2) === 1,
    status: "active" as const,
    eventTitle: t.title,
    trialStatus: t.status,
    trialIdentifier: t.nct,
    startDateTime: start,
    acronyms: /^[A-Z0-9][A-Z0-9 \-()]+$/.test(t.title) ? t.title : "",
    startDateType: start <= now ? "Actual" : "Anticipated",
    lineOfTherapy: t.lineOfTherapy ?? "",
    patientSegmentByDisease: c.segment,
    "patientSegmentByAge&Sex": ageSexSegment(t),
    enrollment: [{ enrollmentNumber: t.enrollment, enrollmentType: finished ? "Actual" : "Anticipated" }],
    pcdType: pcd <= now && finished ? "Actual" : "Anticipated",
    phase: t.phase,
    dosageBeingEvaluated: `<p>${escapeHtml(c.generic)} (${escapeHtml(c.roa)}) at the protocol-specified dose${singleArm ? "" : `, compared with ${escapeHtml(lowerFirst(t.comparator))}`}.</p>`,
    // The form requires other drugs and collaborators (admin-console §5): a trial without either names the comparator
    // (or none) and says it has no collaborator.
    otherDrugs: other.length ? other : [singleArm ? "None" : t.comparator],
    comparator: t.comparator,
    primaryDrugs: c.generic,
    class: c.moa,
    routeOfAdministration: c.roa,
    biomarkers: rng.pick(diag.biomarkers),
    diagnosticTest: rng.pick(diag.tests),
    therapyType: other.length > 0 ? "Combination" : "Monotherapy",
    primaryCompletionDate: pcd,
    sponsors: [t.sponsor],
    collaborators: t.collaborators?.length ? t.collaborators : ["None"],
    objective: `<p>To evaluate the efficacy and safety of ${escapeHtml(c.generic)} in ${escapeHtml(lowerFirst(c.segment))}${singleArm ? "" : ` versus ${escapeHtml(lowerFirst(t.comparator))}`}.</p>`,
    countries,
    regions,
    priority: t.priority ?? 2,
    notes: [
      { details: `Registry record: https://clinicaltrials.gov/study/${t.nct}` },
      ...(t.results ? [{ details: `Headline results reported; see Results.` }] : []),
    ],
    trialArms: singleArm
      ? [{ armsDetails: `${c.generic}${other.length ? ` + ${other.join(" + ")}` : ""} (single arm)` }]
      : [{ armsDetails: `${c.generic}${other.length ? ` + ${other.join(" + ")}` : ""}` }, { armsDetails: t.comparator }],
    primaryEndpoints: [
      {
        details: t.primaryEndpoint,
        endpoints: [{ group: "Efficacy", subgroup: "Overall population", primaryEndpoint: t.primaryEndpoint }],
      },
    ],
    secondayEndpoints: [
      {
        details: "Key secondary endpoints",
        endpoints: t.secondaryEndpoints.map((e, i) => ({
          group: i === 0 ? "Efficacy" : rng.pick(["Efficacy", "Biomarker", "Safety"]),
          subgroup: "Overall population",
          secondaryEndpoint: e,
        })),
      },
    ],
    minAge: min,
    minAgeUnits: "Years",
    maxAge: max,
    maxAgeUnits: "Years",
    gender: t.gender ?? "All",
    inclusionCriteria: `<ul><li>Diagnosis of ${escapeHtml(lowerFirst(c.segment))}</li><li>Age ${ageText}</li><li>${escapeHtml(rng.pick(diag.biomarkers))} confirmed at screening</li></ul>`,
    exclusionCriteria:
      "<ul><li>Participation in another interventional study within 90 days</li><li>Clinically significant hepatic, renal or cardiac disease</li><li>Pregnancy or breastfeeding</li></ul>",
    studyDesign: singleArm
      ? `Open-label, single-arm, multicentre ${t.phase} study`
      : `Randomised, ${placebo ? "double-blind, placebo-controlled" : "active-controlled"}, multicentre ${t.phase} study`,
    studyKeywords: [c.generic, DISEASES[c.disease].short, c.modality, ...(t.lineOfTherapy ? [t.lineOfTherapy] : [])],
    patientPopulation: `${c.segment} (${DISEASES[c.disease].name})`,
    treatmentPlan: `${c.generic} (${c.roa})${other.length ? ` with ${other.join(", ")}` : ""} until the end of the treatment period or discontinuation.`,
    results: t.results ? { details: t.results.details, resultsMeetExpectation: t.results.met } : undefined,
  };
}

export async function seedTrials(compounds: CompoundRef[], now: Date) {
  const docs = compounds.flatMap((c) =>
    TRIALS.filter((t) => t.disease === c.seed.disease && t.compound === c.seed.generic).map((t) => buildTrial(t, c, now)),
  );
  for (const t of TRIALS) {
    if (!COMPOUNDS.some((c) => c.disease === t.disease && c.generic === t.compound)) {
      throw new Error(`trial ${t.title}: no compound ${t.compound} for ${t.disease}`);
    }
  }
  await Trial.insertMany(docs);
  return docs;
}
