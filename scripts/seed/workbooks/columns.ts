// The report spreadsheet's columns (user-app §3), in the spec's order. The eight month columns are named
// "Mmm YYYY" (text), from two months before the seed date to five months after it.

export const LEADING_COLUMNS = [
  "H/M/L",
  "New",
  "NA",
  "NCT link",
  "NCT Url",
  "Compound phase",
  "Product name",
  "MOA (Revised)",
  "Company Name",
  "Segment",
  "Condition treated",
  "Est. Launch",
  "Est.Launch Country",
  "Launch Assumptions",
  "RoA",
  "US",
  "EU",
  "Japan",
  "Rest of World",
  "Therapeutic Modality",
] as const;

export const TRAILING_COLUMNS = [
  "Events beyond 6-month Timeframe",
  "report-1-footnotes",
  "report-1-general-footnotes",
  "report-2-footnotes",
  "report-2-general-footnotes",
  "Regimen",
  "Trial Name",
  "Trial Identifier",
  "Trial Sponsor",
  "LOT",
  "Class",
  "Trial Phase",
  "Primary Completion Date",
  "Established Biomarker",
  "Exploratory Biomarker",
  "Focus Area",
  "Recruitment status",
] as const;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The first month column is two months before `now`. */
const MONTH_OFFSETS = [-2, -1, 0, 1, 2, 3, 4, 5] as const;

export function monthColumns(now: Date) {
  return MONTH_OFFSETS.map((offset) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
    return { offset, year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, header: `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}` };
  });
}

export type CellInput =
  | string
  | number
  | Date
  | { richText: { text: string; font?: { bold?: boolean; italic?: boolean } }[] }
  | { formula: string; result: Date | number | string }
  | { text: string; hyperlink: string }
  | undefined;

/** One spreadsheet row. `events` maps a month offset (see MONTH_OFFSETS) to "name, type" text. */
export interface SheetRowSeed {
  hml: string;
  isNew?: boolean;
  phase: string;
  product: string;
  moa: string;
  company: string;
  segment: string;
  condition: string;
  launch?: CellInput;
  launchCountry?: string;
  assumptions?: string;
  roa?: string;
  us?: string;
  eu?: string;
  japan?: string;
  row?: string;
  modality?: string;
  events?: Partial<Record<(typeof MONTH_OFFSETS)[number], string>>;
  beyond?: string;
  fn1?: CellInput;
  fn2?: CellInput;
  regimen?: string;
  trial?: string;
  nct?: string;
  sponsor?: string;
  lot?: string;
  cls?: string;
  trialPhase?: string;
  pcd?: CellInput;
  estBio?: string;
  expBio?: string;
  focus?: string;
  recruit?: string;
}

/** A date cell (UTC midnight, shown as a date in Excel). */
export const d = (y: number, m: number, day: number) => new Date(Date.UTC(y, m - 1, day));
/** Last day of a month, for "YYYY-MM" primary completion dates. */
export const monthEnd = (ym: string) => {
  const [y, m] = ym.split("-").map(Number);
  return new Date(Date.UTC(y, m, 0));
};
