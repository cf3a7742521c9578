// The report models: what buildReport returns. Plain, structured-clone-safe data (objects, arrays, strings,
// numbers, booleans, null): no class instances, Maps, Dates or functions. The report screens render from these.
import type { EventCategory, EventColour, ModalityFlag, ModalityIcon, PhaseId, Priority, ReportType } from "./constants";
import type { DateValue } from "./dates";
import type { LegendEntry } from "./rules";
import type { Cell } from "./sheet";

export type { DateValue, EventCategory, EventColour, LegendEntry, ModalityFlag, ModalityIcon, PhaseId, Priority, ReportType };

/** A sheet row that is not shown, for the Invalid Records table. */
export interface InvalidRecord {
  /** 1-based row number as seen in the spreadsheet (headerRow + data index + 1). */
  sheetRow: number;
  /** invalid-value: a cell breaks a rule; duplicate: Duplicated=Yes; left-behind: filtered out by the report. */
  kind: "invalid-value" | "duplicate" | "left-behind";
  /** Human-readable reason, e.g. "Invalid value 'Urgent' in column 'H/M/L'". */
  reason: string;
  /** The column at fault (spec spelling), when there is one. */
  column: string | null;
  /** The offending value as text, when there is one. */
  value: string | null;
  /** Duplicated=Yes records: the sheet row that was kept instead. */
  duplicateOf: number | null;
  /** The row's non-empty cells keyed by header text (empty cells and columns without a header are left out). */
  values: Record<string, Cell>;
}

/** A value that could not be read on a row that is still shown (e.g. a bad launch date on report 1). */
export interface RowWarning {
  sheetRow: number;
  column: string;
  value: string;
  reason: string;
}

export interface ReportStats {
  /** Non-empty data rows in the sheet (below the header). */
  dataRows: number;
  /** Records shown (boxes, items, table rows, trials, events). */
  shownRecords: number;
  invalidRecords: number;
}

/** Fields every successful model has. */
export interface ReportBase<T extends ReportType> {
  ok: true;
  type: T;
  /** N of the sheet's 'report-N-footnotes' columns (see README). */
  reportNumber: number;
  title: string;
  engineVersion: string;
  /** Distinct non-empty lines of 'report-N-footnotes', numbered 1… in this order. */
  footnotes: string[];
  /** Sheet row → the numbers of its footnotes, so the report marks the boxes and rows they annotate. */
  footnoteRefs: Record<number, number[]>;
  /** Distinct non-empty lines of 'report-N-general-footnotes'. */
  generalFootnotes: string[];
  invalidRecords: InvalidRecord[];
  warnings: RowWarning[];
  /** Sheet row → the primary completion date moves the trial registry recorded for the trials the row names. */
  slips: Record<number, TrialSlip[]>;
  stats: ReportStats;
  /** What changed in each shown row since an earlier version of the sheet, when the report is compared with one
   *  (issue 30; engine/diff.ts markChanges): the boards, tables, calendar, timeline and deck mark those rows. */
  changes?: RowChanges;
}

/** The kinds of change between two versions of a report (engine/diff.ts). */
export type ChangeKind =
  | "added"
  | "removed"
  | "renamed"
  | "phase"
  | "launch"
  | "primary-completion"
  | "priority"
  | "segment"
  | "lot"
  | "footnote"
  | "detail"
  | "event-added"
  | "event-moved"
  | "event-dropped";

/** One change of a row as the report marks it: its kind, the values before and after as text, the sentence. */
export interface RowChange {
  kind: ChangeKind;
  from: string | null;
  to: string | null;
  /** The earlier date a launch or primary completion moved from (YYYY-MM-DD), where it was one: the timeline's ghost. */
  fromIso?: string | null;
  text: string;
}

/** The changes of a compared report's rows, by sheet row of the newer version, and the day compared with. */
export interface RowChanges {
  since: string;
  rows: Record<number, RowChange[]>;
}

/** A move of a trial's primary completion date seen by the registry sync (issue 15), as the page gives it to the
 *  engine: the trial's registry id and ISO dates (YYYY-MM-DD; null when the date was or became unknown). */
export interface TrialSlip {
  trial: string;
  from: string | null;
  to: string | null;
  seenAt: string;
}

// ----- Landscape type 1 (report 1): phase-column board ------------------------------------------------------------

/** One box on the report-1 board (one product for one condition; merged rows list several segments). */
export interface Landscape1Box {
  /** Sheet rows merged into this box (identical apart from segment), first one first. */
  sheetRows: number[];
  product: string;
  company: string;
  moa: string;
  condition: string;
  /** Normalised segments, in order of first appearance. */
  segments: string[];
  phase: PhaseId;
  /** The 'Compound phase' text as written. */
  phaseText: string;
  /** Parsed launch date, null when empty or unreadable (then a warning is listed). */
  launch: DateValue | null;
  /** 'Est. Launch' as written ('' when empty). */
  launchText: string;
  priority: "HH" | "Medium" | "Low";
  /** H, M or L for the box badge. */
  priorityLetter: string;
  /** 'New' column set (false when the column is absent). */
  isNew: boolean;
  roa: string | null;
  /** 'NCT link', else 'NCT Url'. */
  nctLink: string | null;
  na: string | null;
  /** 'Therapeutic Modality' as written, null when absent/empty. */
  modality: string | null;
  modalityIcon: ModalityIcon;
  /** dormant: 'Dormant' column set or the phase text says dormant; potential-dmt: 'Potential DMT' (or 'DMT')
   *  column set. */
  flags: ModalityFlag[];
}

export interface PhaseColumn<B> {
  id: PhaseId;
  label: string;
  boxes: B[];
}

/** Report 1: boxes in phase columns. Phase I-III always; Pre-Clinical, Filed, Approved/Marketed only when used.
 *  Plain variant: boxes in sheet order; modality variant (tm): by modality order, then product name. */
export interface Landscape1Model extends ReportBase<"landscape-type-1"> {
  variant: "plain" | "modality";
  boxSize: { width: number; height: number };
  columns: PhaseColumn<Landscape1Box>[];
  /** Optional columns present in the sheet (spec spelling), so the box shows only those fields. */
  optionalColumns: string[];
}

// ----- Timeline chart (report 2) -----------------------------------------------------------------------------------

export interface TimelineItem {
  sheetRow: number;
  product: string;
  company: string;
  moa: string;
  condition: string;
  segment: string;
  priority: "HH" | "Medium" | "TAK ASSET";
  launch: DateValue;
  /** Index into legend (the 'Other' entry for companies beyond the 14 most frequent). */
  legendIndex: number;
  colour: string;
}

/** Report 2: launches on a year/month axis, sorted by launch date then product. */
export interface TimelineChartModel extends ReportBase<"timeline-chart"> {
  /** First year of the axis: the earliest launch year (TIMELINE_START_YEAR when there is none). */
  startYear: number;
  /** Last year of the axis: the latest launch year (at least startYear). */
  endYear: number;
  items: TimelineItem[];
  /** What the legend groups by. */
  legendBy: "company";
  legend: LegendEntry[];
}

// ----- Timeline table (report 3) ------------------------------------------------------------------------------------

export interface TimelineTableRow {
  sheetRow: number;
  product: string;
  company: string;
  moa: string;
  priority: "HH" | "Medium";
  launch: DateValue;
  us: string | null;
  eu: string | null;
  japan: string | null;
  restOfWorld: string | null;
  estLaunchCountry: string | null;
  launchAssumptions: string | null;
}

/** Report 3: one row per kept asset, sorted by launch date then product. */
export interface TimelineTableModel extends ReportBase<"timeline-table"> {
  /** Which of US, EU, Japan, Rest of World, Est.Launch Country, Launch Assumptions the sheet has. */
  optionalColumns: string[];
  rows: TimelineTableRow[];
}

// ----- Event calendar (report 4) -----------------------------------------------------------------------------------

export interface CalendarEvent {
  text: string;
  name: string;
  type: string;
  category: EventCategory;
  colour: EventColour;
}

export interface CalendarMonth {
  /** Header text of the month column as written. */
  label: string;
  /** Parsed from the label (a bare month name gets the year from the sequence and options.now); null if not a
   *  month. */
  year: number | null;
  /** 0-11, null when the label is not a month. */
  month: number | null;
  /** 1-4, null when the label is not a month. */
  quarter: number | null;
}

export interface CalendarQuarterGroup {
  /** 'Q1 2026' ('Q1' without a year; '' for columns that are not months). */
  label: string;
  /** Index of the first month column in the group. */
  start: number;
  /** Number of month columns. */
  span: number;
}

export interface CalendarRow {
  /** The sheet row of an HH asset; null for a row of console events whose compound has no HH row on the sheet. */
  sheetRow: number | null;
  product: string;
  company: string;
  moa: string;
  /** The sheet row's 'Segment' ('' for a row of console events): what tells two rows of one product apart. */
  segment: string;
  /** The product as the calendar names the row: with its segment, and its company too, where the product has several
   *  rows (names.ts). Named here, in the worker: over every row of a large sheet it was 35 ms of the page's drawing. */
  name: string;
  launch: DateValue | null;
  /** Events per month column (8 arrays). */
  months: CalendarEvent[][];
  /** 'Events beyond 6-month Timeframe'. */
  beyond: CalendarEvent[];
}

/** Report 4: HH assets × 8 month columns, with the conference row as a header row. */
export interface EventCalendarModel extends ReportBase<"event-calendar"> {
  months: CalendarMonth[];
  quarters: CalendarQuarterGroup[];
  /** Conference header row: events per month column (from every Conference row). */
  conferences: CalendarEvent[][];
  conferencesBeyond: CalendarEvent[];
  rows: CalendarRow[];
  /** The §9 event colours, for the key. */
  eventColours: Record<EventCategory, EventColour>;
  /** The longest words of the event chips (at most CALENDAR_LONGEST_WORDS, longest first): the page sizes the month
   *  columns so that none breaks inside a chip. Found here, off the page's main thread. */
  longestWords: string[];
}

// ----- Landscape type 2 (report 5): line of therapy ---------------------------------------------------------------

export interface TrialCard {
  sheetRow: number;
  regimen: string;
  trialName: string;
  trialIdentifier: string;
  /** clinicaltrials.gov address when the identifier is an NCT number. */
  registryUrl: string | null;
  trialSponsor: string;
  /** This card's LOT ('1LC'); a trial with several LOT values has a card in each column. */
  lot: string;
  /** LOT with a trailing C/M dropped ('1L'). */
  combinedLot: string;
  class: string;
  trialPhase: string;
  primaryCompletion: DateValue | null;
  primaryCompletionText: string;
  establishedBiomarker: string;
  exploratoryBiomarker: string;
  recruitmentStatus: string;
}

export interface LotColumn {
  /** Column heading: the LOT, or the combined LOT when combineLot is on. */
  lot: string;
  /** Cards sorted by LOT order, then class (empty last), then sheet row. */
  trials: TrialCard[];
}

/** Report 5: trials in LOT columns (only LOT values that occur, in LOT order). */
export interface Landscape2Model extends ReportBase<"landscape-type-2"> {
  combineLot: boolean;
  lotColumns: LotColumn[];
  /** Distinct classes, sorted (for swimlanes or a filter). */
  classes: string[];
}

// ----- Landscape type 3 (report 6): focus area × phase ------------------------------------------------------------

export interface Landscape3Card {
  sheetRow: number;
  product: string;
  company: string;
  moa: string;
  phaseText: string;
  establishedBiomarker: string;
  exploratoryBiomarker: string;
}

export interface FocusAreaRow {
  focusArea: string;
  /** Cards per phase column, aligned with phaseColumns. */
  cells: Landscape3Card[][];
}

/** Report 6: rows = Focus Area (order of first appearance), columns = phase (as report 1). */
export interface Landscape3Model extends ReportBase<"landscape-type-3"> {
  phaseColumns: { id: PhaseId; label: string }[];
  focusAreas: FocusAreaRow[];
}

// ----- Events (report 7): disease events from the database --------------------------------------------------------

/** An event as the database gives it (Event as used in reports, spec §3). */
export interface EngineEventInput {
  title?: unknown;
  type?: unknown;
  /** 'YYYY-MM-DD HH:mm:ss', ISO, DD/MM/YYYY or a Date/epoch-ms number. */
  startDateTime?: unknown;
  endDateTime?: unknown;
  /** Compound id, name, or { name }. */
  compound?: unknown;
  /** Every name the compound goes by (brand, generic, scientific, others): the event calendar finds its row by them. */
  compoundNames?: unknown;
  /** The compound's originator, for a calendar row of its own. */
  company?: unknown;
}

export interface EventItem {
  /** Index in options.events. */
  index: number;
  title: string;
  type: string;
  category: EventCategory;
  colour: EventColour;
  start: DateValue;
  /** Null when missing or unreadable or before start. */
  end: DateValue | null;
  compound: string | null;
  /** End is before options.now. */
  isPast: boolean;
}

export interface EventMonth {
  year: number;
  month: number;
  /** 'Jan 2026'. */
  label: string;
  /** Events starting in this month, by start date then title. */
  events: EventItem[];
}

export interface EventQuarter {
  year: number;
  quarter: number;
  /** 'Q1 2026'. */
  label: string;
  /** Always 3 months. */
  months: EventMonth[];
}

export interface InvalidEvent {
  index: number;
  title: string;
  reason: string;
}

/** Report 7: events by quarter and month (quarters that have events), coloured by type (§9). */
export interface Events2Model extends ReportBase<"events-2"> {
  quarters: EventQuarter[];
  invalidEvents: InvalidEvent[];
  /** The four §9 event types with their colours, for the key. */
  eventTypes: { type: string; category: EventCategory; colour: EventColour }[];
}

// ----- News list (report 8) -----------------------------------------------------------------------------------------

/** Report 8: the news list comes from the database; the engine only contributes the sheet's footnotes. */
export type ListModel = ReportBase<"list">;

// ----- Results ------------------------------------------------------------------------------------------------------

export type ReportModel =
  | Landscape1Model
  | TimelineChartModel
  | TimelineTableModel
  | EventCalendarModel
  | Landscape2Model
  | Landscape3Model
  | Events2Model
  | ListModel;

/** A report that could not be built. missing-columns: list them under 'Missing required columns';
 *  error: an unexpected failure (message in error); unknown-type: not a report type; fetch: the worker could not
 *  load the sheet. */
export interface ReportFailure {
  ok: false;
  type: string;
  failure: "missing-columns" | "error" | "unknown-type" | "fetch";
  missingColumns: string[];
  error: string | null;
}

export type ReportResult = ReportModel | ReportFailure;

/** The model of one report type. */
export type ModelOf<T extends ReportType> = Extract<ReportModel, { type: T }>;
