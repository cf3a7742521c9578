import { COMPOUNDS, type CompoundSeed } from "../data/compounds";
import { DISEASES, type DiseaseKey } from "../data/diseases";
import { TRIAL_DIAGNOSTICS } from "../data/keywords";
import { TRIALS } from "../data/trials";
import { monthEnd, type SheetRowSeed } from "./columns";

// Rows for the other demo diseases, derived from the seed's compounds and trials (one row per trial, or one
// per compound without trials), so every demo disease has a working sheet offline.

const PHASES: Record<string, string> = {
  Discovery: "Pre-clinical",
  "Pre-clinical": "Pre-clinical",
  "Phase 1": "Phase I",
  "Phase 1/2": "Phase I/II",
  "Phase 2": "Phase II",
  "Phase 2/3": "Phase II/III",
  "Phase 3": "Phase III",
  "Phase 4": "Marketed",
  "Filed/Registered": "Filed",
  Approved: "Approved",
  Marketed: "Marketed",
  Terminated: "Discontinued",
  Withdrawn: "Withdrawn",
  Suspended: "Suspended",
  Others: "Other",
};
const TRIAL_PHASES: Record<string, string> = {
  "Phase 1": "Phase I",
  "Phase 1b": "Phase Ib",
  "Phase 1/2": "Phase I/II",
  "Phase 2": "Phase II",
  "Phase 2b": "Phase IIb",
  "Phase 2/3": "Phase II/III",
  "Phase 3": "Phase III",
  "Phase 3b": "Phase IIIb",
  "Phase 4": "Phase IV",
};
const MODALITIES: Record<string, string> = {
  "Small Molecule": "Small Molecules",
  mAb: "mAbs",
  Vaccine: "Vaccine",
  ASO: "RNAi/ASO",
  RNAi: "RNAi/ASO",
  AntagoNAT: "RNAi/ASO",
  Olegonucleotide: "RNAi/ASO",
  "Cell Therapy": "Cell Therapies",
  "Stem Cell": "Cell Therapies",
  "Gene Therapy": "Gene Therapy",
  Peptide: "Peptide",
  "Large Molecule": "Unknown",
};
const PRIORITY = { 1: "HH", 2: "Medium", 3: "Low" } as const;
const LAUNCH_BY_PHASE: Record<string, string> = {
  "Phase 3": "2027+",
  "Phase 2/3": "2028+",
  "Phase 2": "2029+",
  "Phase 1/2": "2030+",
  "Phase 1": "2031+",
  "Pre-clinical": "2032+",
  Discovery: "2033+",
  "Filed/Registered": "2026+",
};

function product(c: CompoundSeed) {
  return c.brand ? `${c.brand} (${c.generic})` : c.generic;
}

function company(c: CompoundSeed) {
  const partners = (c.licensees ?? []).flatMap((l) => l.companies).filter((n) => n !== c.originator);
  return [c.originator, ...new Set(partners)].join(" / ");
}

function regionStatus(c: CompoundSeed, region: string) {
  return c.approved?.includes(region) ? "Approved" : "-";
}

export function genericRows(key: DiseaseKey): SheetRowSeed[] {
  const disease = DISEASES[key];
  const diag = TRIAL_DIAGNOSTICS[key];
  return COMPOUNDS.filter((c) => c.disease === key).flatMap((c, ci) => {
    const base: SheetRowSeed = {
      hml: PRIORITY[c.priority],
      phase: PHASES[c.phase] ?? c.phase,
      product: product(c),
      moa: c.moa,
      company: company(c),
      segment: c.segment,
      condition: disease.name,
      launch: LAUNCH_BY_PHASE[c.phase] ?? (c.approved?.length ? "Launched" : "-"),
      launchCountry: c.approved?.[0] ?? "US",
      roa: c.roa,
      us: regionStatus(c, "US"),
      eu: regionStatus(c, "EU"),
      japan: regionStatus(c, "Japan"),
      row: (c.approved ?? []).filter((r) => !["US", "EU", "Japan"].includes(r)).join(", ") || "-",
      modality: c.status === "inactive" ? "Dormant" : (MODALITIES[c.modality] ?? "Unknown"),
    };
    const trials = TRIALS.filter((t) => t.disease === key && t.compound === c.generic);
    if (trials.length === 0) return [base];
    return trials.map((t, ti) => ({
      ...base,
      regimen: [c.generic, ...(t.otherDrugs ?? [])].join(" + "),
      trial: t.title,
      nct: t.nct,
      sponsor: t.sponsor,
      lot: t.lineOfTherapy ?? (disease.linesOfTherapy.length ? "" : undefined),
      cls: c.moa,
      trialPhase: TRIAL_PHASES[t.phase] ?? t.phase,
      pcd: monthEnd(t.pcd),
      estBio: diag.biomarkers[(ci + ti) % diag.biomarkers.length],
      focus: c.segment,
      recruit: t.status,
    }));
  });
}
