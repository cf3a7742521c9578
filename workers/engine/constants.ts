// Fixed vocabularies of the report engine (spec user-app §4 and §9). Pure data, shared by the rules and the models.
import type { EVENT_TYPES, ReportTypeId } from "#common/constants";

/** The report types are common/constants.ts REPORT_TYPES, the one list. */
export type ReportType = ReportTypeId;

/** Report numbers used by the 'report-N-footnotes' / 'report-N-general-footnotes' columns. Report 1 is the
 *  phase board and report 2 the timeline by year and month (spec §2); the others follow in menu order. */
export const REPORT_NUMBERS: Record<ReportType, number> = {
  "landscape-type-1": 1,
  "timeline-chart": 2,
  "timeline-table": 3,
  "event-calendar": 4,
  "landscape-type-2": 5,
  "landscape-type-3": 6,
  "events-2": 7,
  list: 8,
};

/** Default box size of report 1 (spec §9). */
export const BOX_SIZE = { width: 185, height: 180 } as const;

/** Phase columns of the phase boards (report 1 and landscape type 3), left to right. */
export const PHASE_IDS = ["pre-clinical", "phase-1", "phase-2", "phase-3", "filed", "approved"] as const;
export type PhaseId = (typeof PHASE_IDS)[number];
export const PHASE_LABELS: Record<PhaseId, string> = {
  "pre-clinical": "Pre-Clinical",
  "phase-1": "Phase I",
  "phase-2": "Phase II",
  "phase-3": "Phase III",
  filed: "Filed",
  approved: "Approved/Marketed",
};
/** Columns shown even when empty; the others appear only when a record lands there. */
export const DEFAULT_PHASES: readonly PhaseId[] = ["phase-1", "phase-2", "phase-3"];

/** H/M/L priorities as the engine spells them after case-insensitive matching. */
export const PRIORITIES = ["HH", "Medium", "Low", "TAK ASSET"] as const;
export type Priority = (typeof PRIORITIES)[number];
export const PRIORITY_LETTERS: Record<Priority, string> = { HH: "H", Medium: "M", Low: "L", "TAK ASSET": "T" };
/** Which priorities each report keeps (spec §4). */
export const KEPT_PRIORITIES = {
  "landscape-type-1": ["HH", "Medium", "Low"],
  "timeline-chart": ["HH", "Medium", "TAK ASSET"],
  "timeline-table": ["HH", "Medium"],
  "event-calendar": ["HH"],
} as const satisfies Partial<Record<ReportType, readonly Priority[]>>;

/** Modality icons in their sort order (modality variant of report 1); 'unknown' is a non-empty modality that
 *  matches none, rows with an empty modality sort after all of them. */
export const MODALITY_ICONS = [
  "gene-therapy",
  "cell-therapy",
  "mab",
  "rnai-aso",
  "small-molecule",
  "peptide",
  "vaccine",
  "unknown",
] as const;
export type ModalityIcon = (typeof MODALITY_ICONS)[number];
export const MODALITY_FLAGS = ["dormant", "potential-dmt"] as const;
export type ModalityFlag = (typeof MODALITY_FLAGS)[number];

/** Line-of-therapy order of landscape type 2 (spec §4); further numbered lines (4L, 4LC, …) follow. */
export const LOT_ORDER = ["Neoadjuvant", "Adjuvant", "1L", "1LC", "1LM", "2L", "2LC", "2LM", "3L", "3LC", "3LM"] as const;

/** Legend: at most 14 named entries, the 15th colour is 'Other'. */
export const LEGEND_MAX_ENTRIES = 14;
export const LEGEND_OTHER_LABEL = "Other";
/** 15 colours: 14 for legend entries and a neutral grey for 'Other'. Tableau-like, with the second brown, the olive and
 *  the cyan of an earlier palette (two browns sat side by side) replaced: every two differ by a CIE76 ΔE of at least 22
 *  (a test checks it). */
export const LEGEND_PALETTE = [
  "#4e79a7",
  "#f28e2b",
  "#e15759",
  "#76b7b2",
  "#59a14f",
  "#edc948",
  "#b07aa1",
  "#ff9da7",
  "#9c755f",
  "#8338ec",
  "#1b4332",
  "#1f3a93",
  "#5f0f40",
  "#d62790",
  "#9e9e9e",
] as const;

/** Where the timeline chart's axis starts: the spec's "starts at 2019 or earlier" — 2019, or the first launch's year
 *  when that is earlier. The viewer's "Start at the first launch" (`first=true`) starts it at the first launch instead
 *  (issue 27; issue 14 had read the spec that way, which a reader of the spec did not expect; decision 006). */
export const TIMELINE_START_YEAR = 2019;

/** Event colour categories (spec §9): development pale yellow, commercial blue with white text, conference tan,
 *  other pink. */
export type EventCategory = "development" | "commercial" | "conference" | "other";
export interface EventColour {
  background: string;
  text: string;
}
export const EVENT_COLOURS: Record<EventCategory, EventColour> = {
  development: { background: "#fff2cc", text: "#000000" },
  commercial: { background: "#1f5fa8", text: "#ffffff" },
  conference: { background: "#d2b48c", text: "#000000" },
  other: { background: "#f8c8dc", text: "#000000" },
};
export type EventTypeLabel = (typeof EVENT_TYPES)[number];
/** The four event types (spec §9) and their colour category. */
export const EVENT_TYPE_CATEGORIES: Record<EventTypeLabel, EventCategory> = {
  Conference: "conference",
  "Regulatory/ Other Development": "development",
  "Trial Initiation/ Results": "other",
  Commercial: "commercial",
};
/** Default type of an event-calendar cell without a ', type' part (spec §4). */
export const DEFAULT_CALENDAR_EVENT_TYPE = "Trial";
/** Number of month columns before 'Events beyond 6-month Timeframe' (spec §4). */
export const CALENDAR_MONTH_COLUMNS = 8;
/** How many of the longest words of its chips the calendar's model names (the page measures each). */
export const CALENDAR_LONGEST_WORDS = 8;
