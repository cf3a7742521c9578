// Column vocabulary, header matching and the required columns of each report type.
import { CALENDAR_MONTH_COLUMNS, type ReportType } from "./constants";
import type { Cell } from "./sheet";
import { canonicalHeader, cellText } from "./text";

/** Every column the engine reads, with the spelling used in messages (spec §3). */
export const COLUMNS = {
  hml: "H/M/L",
  isNew: "New",
  na: "NA",
  nctLink: "NCT link",
  nctUrl: "NCT Url",
  compoundPhase: "Compound phase",
  product: "Product name",
  moa: "MOA (Revised)",
  company: "Company Name",
  segment: "Segment",
  condition: "Condition treated",
  estLaunch: "Est. Launch",
  estLaunchCountry: "Est.Launch Country",
  launchAssumptions: "Launch Assumptions",
  roa: "RoA",
  us: "US",
  eu: "EU",
  japan: "Japan",
  restOfWorld: "Rest of World",
  modality: "Therapeutic Modality",
  dormant: "Dormant",
  potentialDmt: "Potential DMT",
  eventsBeyond: "Events beyond 6-month Timeframe",
  regimen: "Regimen",
  trialName: "Trial Name",
  trialIdentifier: "Trial Identifier",
  trialSponsor: "Trial Sponsor",
  lot: "LOT",
  class: "Class",
  trialPhase: "Trial Phase",
  primaryCompletion: "Primary Completion Date",
  establishedBiomarker: "Established Biomarker",
  exploratoryBiomarker: "Exploratory Biomarker",
  focusArea: "Focus Area",
  recruitmentStatus: "Recruitment status",
} as const;
export type ColumnId = keyof typeof COLUMNS;
const COLUMN_IDS = Object.keys(COLUMNS) as ColumnId[];

/** Other spellings accepted when the spec's spelling is absent (compared in canonical form, see text.ts). */
const COLUMN_ALIASES: Partial<Record<ColumnId, readonly string[]>> = {
  hml: ["HML", "H-M-L"],
  product: ["Product", "Product Names"],
  moa: ["MOA", "Mechanism of Action"],
  company: ["Company", "Company Names"],
  condition: ["Condition", "Conditions treated"],
  estLaunch: ["Estimated Launch", "Est. Launch Date", "Launch Date"],
  estLaunchCountry: ["Estimated Launch Country", "Launch Country"],
  restOfWorld: ["RoW", "Rest of the World"],
  modality: ["Modality"],
  nctLink: ["NCT", "NCT Links"],
  nctUrl: ["NCT URL link"],
  potentialDmt: ["DMT", "isDMT", "Potential DMT?"],
  recruitmentStatus: ["Recruitment", "Trial Status"],
  primaryCompletion: ["Primary Completion"],
  focusArea: ["Focus Areas"],
};

const FOOTNOTE_HEADER = /^report ?(\d+) (general )?footnotes?$/;

/** Where each known column sits in the header row (index into a row, -1 when absent), built once per sheet. */
export interface HeaderIndex {
  /** Header texts as written (trimmed), by column index. */
  names: string[];
  /** Column index of each known column, -1 when absent. */
  col: Record<ColumnId, number>;
  /** Columns holding 'report-N-footnotes' (key N) and 'report-N-general-footnotes'. */
  footnotes: Record<number, number[]>;
  generalFootnotes: Record<number, number[]>;
}

export function indexHeader(headerRow: readonly Cell[] | undefined): HeaderIndex {
  const names = (headerRow ?? []).map((c) => cellText(c));
  const firstByCanonical = new Map<string, number>();
  const footnotes: Record<number, number[]> = {};
  const generalFootnotes: Record<number, number[]> = {};
  names.forEach((name, i) => {
    if (!name) return;
    const canonical = canonicalHeader(name);
    if (!firstByCanonical.has(canonical)) firstByCanonical.set(canonical, i);
    const m = FOOTNOTE_HEADER.exec(canonical);
    if (m) {
      const target = m[2] ? generalFootnotes : footnotes;
      (target[Number(m[1])] ??= []).push(i);
    }
  });
  const col = {} as Record<ColumnId, number>;
  for (const id of COLUMN_IDS) {
    let found = firstByCanonical.get(canonicalHeader(COLUMNS[id]));
    for (const alias of COLUMN_ALIASES[id] ?? []) {
      if (found !== undefined) break;
      found = firstByCanonical.get(canonicalHeader(alias));
    }
    col[id] = found ?? -1;
  }
  return { names, col, footnotes, generalFootnotes };
}

/** Required columns of each report type (spec §5); Therapeutic Modality is added for the modality variant. */
export const REQUIRED_COLUMNS: Record<ReportType, readonly ColumnId[]> = {
  "landscape-type-1": ["hml", "compoundPhase", "product", "moa", "company", "segment", "condition", "estLaunch"],
  "timeline-chart": ["hml", "product", "company", "estLaunch"],
  "timeline-table": ["hml", "product", "company", "estLaunch"],
  "event-calendar": ["hml", "product", "company", "eventsBeyond"],
  "landscape-type-2": [
    "regimen",
    "trialName",
    "trialIdentifier",
    "trialSponsor",
    "lot",
    "class",
    "trialPhase",
    "primaryCompletion",
    "establishedBiomarker",
    "exploratoryBiomarker",
    "recruitmentStatus",
  ],
  "landscape-type-3": ["focusArea", "product", "company", "compoundPhase"],
  "events-2": [],
  list: [],
};

const MONTH_COLUMNS_MESSAGE = `${CALENDAR_MONTH_COLUMNS} month columns before '${COLUMNS.eventsBeyond}'`;

/** The required columns a sheet lacks, by their spec spelling (empty when the report can be built). */
export function missingColumns(type: ReportType, header: HeaderIndex, options: { tm?: boolean } = {}): string[] {
  const required: ColumnId[] = [...REQUIRED_COLUMNS[type]];
  if (type === "landscape-type-1" && options.tm) required.push("modality");
  const missing = required.filter((id) => header.col[id] < 0).map((id) => COLUMNS[id] as string);
  if (type === "event-calendar" && header.col.eventsBeyond >= 0 && header.col.eventsBeyond < CALENDAR_MONTH_COLUMNS) {
    missing.push(MONTH_COLUMNS_MESSAGE);
  }
  return missing;
}
