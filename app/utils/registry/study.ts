// A ClinicalTrials.gov API v2 study (the parts the import reads; names as the API spells them) and its mapping onto
// the trial model (db/models/trial.server.ts). Pure functions: the unit tests feed them studies as the API sends them.
import { DEVELOPMENT_PHASES } from "#common/constants";
import { escapeHtml } from "#common/plain-text";

type DateStruct = { date?: string; type?: string };
type Outcome = { measure?: string; description?: string; timeFrame?: string };

export interface Study {
  protocolSection?: {
    identificationModule?: { nctId?: string; briefTitle?: string; officialTitle?: string; acronym?: string };
    statusModule?: {
      overallStatus?: string;
      startDateStruct?: DateStruct;
      primaryCompletionDateStruct?: DateStruct;
      lastUpdatePostDateStruct?: DateStruct;
    };
    sponsorCollaboratorsModule?: { leadSponsor?: { name?: string }; collaborators?: Array<{ name?: string }> };
    conditionsModule?: { conditions?: string[]; keywords?: string[] };
    designModule?: {
      studyType?: string;
      phases?: string[];
      designInfo?: { allocation?: string; interventionModel?: string; primaryPurpose?: string; maskingInfo?: { masking?: string } };
      enrollmentInfo?: { count?: number; type?: string };
    };
    armsInterventionsModule?: {
      armGroups?: Array<{ label?: string; type?: string; description?: string }>;
      interventions?: Array<{ type?: string; name?: string }>;
    };
    outcomesModule?: { primaryOutcomes?: Outcome[]; secondaryOutcomes?: Outcome[] };
    eligibilityModule?: { eligibilityCriteria?: string; sex?: string; minimumAge?: string; maximumAge?: string };
    contactsLocationsModule?: { locations?: Array<{ country?: string }> };
  };
  hasResults?: boolean;
}

/** "RECRUITING" → "Recruiting", "ACTIVE_NOT_RECRUITING" → "Active not recruiting" (callers fix the few exceptions). */
const sentence = (value: string) => {
  const words = value.toLowerCase().replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** overallStatus as ClinicalTrials.gov's pages write it. */
const STATUS_EXCEPTIONS: Record<string, string> = { ACTIVE_NOT_RECRUITING: "Active, not recruiting", UNKNOWN: "Unknown status" };
export const trialStatusOf = (value?: string) => (value ? (STATUS_EXCEPTIONS[value] ?? sentence(value)) : "");

/**
 * designModule.phases as one of the app's development phases (common/constants.ts): PHASE1 + PHASE2 → "Phase 1/2".
 * Reading taken: EARLY_PHASE1 (the former "Phase 0") counts as Phase 1; NA (a study without phases, e.g. a device
 * study) as Others; no phases at all leaves the phase empty.
 */
export function phaseOf(phases?: string[]): string {
  if (!phases?.length) return "";
  const numbers = [
    ...new Set(phases.map((p) => (p === "EARLY_PHASE1" ? "1" : /^PHASE(\d)$/.exec(p)?.[1])).filter((n): n is string => Boolean(n))),
  ].sort();
  const phase = numbers.length ? `Phase ${numbers.join("/")}` : "Others";
  return (DEVELOPMENT_PHASES as readonly string[]).includes(phase) ? phase : "Others";
}

/** ACTUAL → Actual, ESTIMATED → Anticipated (the trial form's words). */
export const dateTypeOf = (type?: string) => (type === "ACTUAL" ? "Actual" : type === "ESTIMATED" ? "Anticipated" : "");

/**
 * A registry date ("2027-06-15", "2027-06" or "2027") as a UTC day. Reading taken: a month-only date is the 1st of
 * that month (a year-only one 1 January) — the registry's own RANGE searches treat it so, and a later precise date in
 * the same month then reads as a slip forward, never backward.
 */
export function registryDate(value?: string): Date | null {
  const m = value ? /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?$/.exec(value.trim()) : null;
  if (!m) return null;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2] ?? 1) - 1, Number(m[3] ?? 1)));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "18 Years" → 18, "Years"; "6 Months" → 6, "Months". */
export function ageOf(value?: string): { age?: number; units?: string } {
  const m = value ? /^(\d+(?:\.\d+)?)\s+([A-Za-z]+)$/.exec(value.trim()) : null;
  if (!m) return {};
  const unit = m[2]!.toLowerCase();
  return { age: Number(m[1]), units: sentence(unit.endsWith("s") ? unit : `${unit}s`) };
}

/** The eligibility text split at its "Exclusion Criteria" heading, the headings themselves dropped. */
export function splitCriteria(text?: string): { inclusion: string; exclusion: string } {
  if (!text) return { inclusion: "", exclusion: "" };
  const at = text.search(/exclusion criteria\s*:?/i);
  const [inclusion, exclusion] = at >= 0 ? [text.slice(0, at), text.slice(at).replace(/^exclusion criteria\s*:?/i, "")] : [text, ""];
  return { inclusion: inclusion.replace(/^\s*inclusion criteria\s*:?/i, "").trim(), exclusion: exclusion.trim() };
}

/** The registry's plain text as the rich-text fields hold it (the trial form edits criteria as HTML): escaped, so
 *  "age < 65" stays text, with its paragraphs and line breaks kept. */
export function textAsHtml(text: string): string {
  if (!text) return "";
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\n/g, "<br>")}</p>`)
    .join("");
}

const unique = (values: Array<string | undefined>) => [...new Set(values.map((v) => v?.trim()).filter((v): v is string => Boolean(v)))];

/** Interventions that are drugs (biologicals, genetic products, combinations), placebos left out. */
const DRUG_TYPES = new Set(["DRUG", "BIOLOGICAL", "GENETIC", "COMBINATION_PRODUCT"]);

/** The trial fields a study gives; fields the registry has no word for (line of therapy, priority, notes…) are not
 *  touched by an import, so an editor's additions survive every sync. */
export function trialValuesOfStudy(study: Study) {
  const p = study.protocolSection ?? {};
  const id = p.identificationModule ?? {};
  const status = p.statusModule ?? {};
  const design = p.designModule ?? {};
  const arms = p.armsInterventionsModule ?? {};
  const eligibility = p.eligibilityModule ?? {};
  const sponsors = p.sponsorCollaboratorsModule ?? {};
  const min = ageOf(eligibility.minimumAge);
  const max = ageOf(eligibility.maximumAge);
  const criteria = splitCriteria(eligibility.eligibilityCriteria);
  const interventions = arms.interventions ?? [];
  const drugs = unique(
    [...interventions.filter((i) => DRUG_TYPES.has(i.type ?? "") && !/placebo/i.test(i.name ?? "")), ...interventions].map((i) => i.name),
  );
  const enrollment = design.enrollmentInfo;
  const info = design.designInfo ?? {};
  const endpoints = (outcomes: Outcome[] | undefined, key: "primaryEndpoint" | "secondaryEndpoint") =>
    outcomes?.length
      ? [
          {
            details: "",
            endpoints: outcomes.map((o) => ({
              group: o.measure ?? "",
              subgroup: o.timeFrame ?? "",
              [key]: o.description || o.measure || "",
            })),
          },
        ]
      : [];
  return {
    trialIdentifier: id.nctId ?? "",
    eventTitle: id.briefTitle || id.officialTitle || "",
    acronyms: id.acronym ?? "",
    trialStatus: trialStatusOf(status.overallStatus),
    phase: phaseOf(design.phases),
    startDateTime: registryDate(status.startDateStruct?.date),
    startDateType: dateTypeOf(status.startDateStruct?.type),
    primaryCompletionDate: registryDate(status.primaryCompletionDateStruct?.date),
    pcdType: dateTypeOf(status.primaryCompletionDateStruct?.type),
    enrollment:
      enrollment?.count !== undefined ? [{ enrollmentNumber: enrollment.count, enrollmentType: dateTypeOf(enrollment.type) }] : [],
    trialArms: (arms.armGroups ?? []).map((a) => ({
      armsDetails: `${a.label ?? ""}${a.type ? ` (${sentence(a.type)})` : ""}${a.description ? `: ${a.description}` : ""}`.trim(),
    })),
    primaryEndpoints: endpoints(p.outcomesModule?.primaryOutcomes, "primaryEndpoint"),
    secondayEndpoints: endpoints(p.outcomesModule?.secondaryOutcomes, "secondaryEndpoint"),
    sponsors: unique([sponsors.leadSponsor?.name]),
    collaborators: unique((sponsors.collaborators ?? []).map((c) => c.name)),
    countries: unique((p.contactsLocationsModule?.locations ?? []).map((l) => l.country)),
    minAge: min.age,
    minAgeUnits: min.units ?? "",
    maxAge: max.age,
    maxAgeUnits: max.units ?? "",
    gender: eligibility.sex ? sentence(eligibility.sex) : "",
    inclusionCriteria: textAsHtml(criteria.inclusion),
    exclusionCriteria: textAsHtml(criteria.exclusion),
    studyDesign: [
      ...[design.studyType, info.allocation, info.interventionModel, info.primaryPurpose].map((v) => (v ? sentence(v) : "")),
      info.maskingInfo?.masking ? `Masking: ${sentence(info.maskingInfo.masking)}` : "",
    ]
      .filter(Boolean)
      .join("; "),
    studyKeywords: unique(p.conditionsModule?.keywords ?? []),
    patientSegmentByDisease: unique(p.conditionsModule?.conditions ?? []).join(", "),
    primaryDrugs: drugs[0] ?? "",
    otherDrugs: drugs.slice(1),
    lastUpdatePostDate: registryDate(status.lastUpdatePostDateStruct?.date),
    hasResults: Boolean(study.hasResults),
  };
}
export type StudyValues = ReturnType<typeof trialValuesOfStudy>;

const day = (d: Date | null | undefined) => (d ? d.toISOString().slice(0, 10) : "");

/** The tracked fields (db/models/trial-change.server.ts) as the change log writes them. */
export function trackedValues(t: {
  trialStatus?: string | null;
  primaryCompletionDate?: Date | null;
  enrollment?: ReadonlyArray<{ enrollmentNumber?: number | null; enrollmentType?: string | null }> | null;
  phase?: string | null;
}) {
  const enrollment = t.enrollment?.[0];
  return {
    trialStatus: t.trialStatus ?? "",
    primaryCompletionDate: day(t.primaryCompletionDate),
    enrollment:
      enrollment?.enrollmentNumber != null
        ? `${enrollment.enrollmentNumber}${enrollment.enrollmentType ? ` (${enrollment.enrollmentType})` : ""}`
        : "",
    phase: t.phase ?? "",
  };
}
