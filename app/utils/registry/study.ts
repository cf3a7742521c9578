// A ClinicalTrials.gov API v2 study (the parts the import reads; names as the API spells them) and its mapping onto
// the trial model (db/models/trial.server.ts). Pure functions: the unit tests feed them studies as the API sends them.
import { Marked } from "marked";

import { DEVELOPMENT_PHASES } from "#common/constants";
import { sanitizeRichText } from "~/utils/rich-text.server";

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

/**
 * A heading line of an eligibility text, as real records write them: "Inclusion Criteria:", "Key Exclusion Criteria",
 * "INCLUSION CRITERIA:", "Inclusion:", "Exclusion criteria for Part B:", "**Exclusion Criteria:**"… A word other than
 * "Criteria" after Inclusion/Exclusion needs its colon, so a sentence ("Exclusion of patients with…") is not taken for
 * one. What follows the colon on the same line is criteria text.
 */
const CRITERIA_HEADING =
  /^[ \t]*(?:#{1,6}[ \t]*)?(?:\*\*|__)?[ \t]*(?:(?:key|main|major|principal|general|other)[ \t]+)?(inclusion|exclusion)(?:[ \t]+criteria(?:[ \t]+[^:\n*_]{1,40}(?=[ \t]*(?:\*\*|__)?[ \t]*:))?)?[ \t]*(?:\*\*|__)?[ \t]*(?::|$)[ \t]*(?:\*\*|__)?/i;

/** The eligibility text split under its Inclusion/Exclusion headings (CRITERIA_HEADING), the headings dropped; text
 *  before any heading is inclusion. */
export function splitCriteria(text?: string): { inclusion: string; exclusion: string } {
  const parts = { inclusion: [] as string[], exclusion: [] as string[] };
  let section: keyof typeof parts = "inclusion";
  for (const line of (text ?? "").split(/\r?\n/)) {
    const heading = CRITERIA_HEADING.exec(line);
    if (heading) {
      section = heading[1]!.toLowerCase() as keyof typeof parts;
      const rest = line.slice(heading[0].length).trim();
      if (rest) parts[section].push(rest);
    } else parts[section].push(line);
  }
  return { inclusion: parts.inclusion.join("\n").trim(), exclusion: parts.exclusion.join("\n").trim() };
}

// ClinicalTrials.gov API v2 writes its long texts in Markdown ("* " bullets, "\>=" escapes, nested lists).
const markdown = new Marked({ gfm: true, breaks: true, async: false });

/** Registry Markdown as the rich-text fields hold it (the trial form edits criteria as HTML): rendered, then the
 *  server's rich-text allowlist, as all stored rich text — raw HTML in a record survives only where it is allowed. */
export function markdownAsHtml(text: string): string {
  return text.trim() ? sanitizeRichText(markdown.parse(text) as string) : "";
}

/** Registry Markdown for the plain-text fields (arm details, endpoints): its escapes undone, bullets as "•". */
export function markdownAsText(text: string | undefined): string {
  return (text ?? "")
    .replace(/^([ \t]*)[*+-][ \t]+/gm, "$1• ")
    .replace(/\\([!-/:-@[-`{-~])/g, "$1")
    .trim();
}

const unique = (values: Array<string | undefined>) => [...new Set(values.map((v) => v?.trim()).filter((v): v is string => Boolean(v)))];

/** Intervention types that are drugs (biologicals, genetic products, combinations). */
const DRUG_TYPES = new Set(["DRUG", "BIOLOGICAL", "GENETIC", "COMBINATION_PRODUCT"]);
/** The registry's own words for the other types, as its pages write "Device: Exablate". */
const typeLabel = (type: string) => (type === "DIETARY_SUPPLEMENT" ? "Dietary supplement" : sentence(type || "OTHER"));

/**
 * The interventions where an analyst looks for them (reading taken): drugs and biologicals are the primary drug (the
 * first) and the other drugs; a placebo or sham of any type is the comparator; a diagnostic test is the diagnostic
 * test; devices, procedures, radiation, behavioural programmes, dietary supplements and the rest are the treatment
 * plan, each line named by its kind ("Device: Exablate"), so a device study lists no "drug". The comparator, diagnostic
 * test and treatment plan are written only when the study has such interventions: otherwise they stay the editors'.
 */
function interventionsOf(interventions: Array<{ type?: string; name?: string }>) {
  const named = interventions.filter((i) => i.name?.trim());
  const placebo = (i: { name?: string }) => /\b(placebo|sham)\b/i.test(i.name ?? "");
  const comparators = unique(named.filter(placebo).map((i) => i.name));
  const rest = named.filter((i) => !placebo(i));
  const drugs = unique(rest.filter((i) => DRUG_TYPES.has(i.type ?? "")).map((i) => i.name));
  const tests = unique(rest.filter((i) => i.type === "DIAGNOSTIC_TEST").map((i) => i.name));
  const others = unique(
    rest.filter((i) => !DRUG_TYPES.has(i.type ?? "") && i.type !== "DIAGNOSTIC_TEST").map((i) => `${typeLabel(i.type ?? "")}: ${i.name}`),
  );
  return {
    primaryDrugs: drugs[0] ?? "",
    otherDrugs: drugs.slice(1),
    ...(comparators.length ? { comparator: comparators.join(", ") } : {}),
    ...(tests.length ? { diagnosticTest: tests.join(", ") } : {}),
    ...(others.length ? { treatmentPlan: others.join("\n") } : {}),
  };
}

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
              [key]: markdownAsText(o.description || o.measure),
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
      armsDetails:
        `${a.label ?? ""}${a.type ? ` (${sentence(a.type)})` : ""}${a.description ? `: ${markdownAsText(a.description)}` : ""}`.trim(),
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
    inclusionCriteria: markdownAsHtml(criteria.inclusion),
    exclusionCriteria: markdownAsHtml(criteria.exclusion),
    studyDesign: [
      ...[design.studyType, info.allocation, info.interventionModel, info.primaryPurpose].map((v) => (v ? sentence(v) : "")),
      info.maskingInfo?.masking ? `Masking: ${sentence(info.maskingInfo.masking)}` : "",
    ]
      .filter(Boolean)
      .join("; "),
    studyKeywords: unique(p.conditionsModule?.keywords ?? []),
    patientSegmentByDisease: unique(p.conditionsModule?.conditions ?? []).join(", "),
    ...interventionsOf(arms.interventions ?? []),
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
