// Synthetic disease sheets for the benchmark (and the engine's large-input tests): every column the engine reads,
// realistic values, and a share of bad rows (unknown priorities, unreadable dates, unmatched phases, duplicates,
// terminated trials, missing LOT, blank and ragged rows). Deterministic for a given seed.
import type { Cell, SheetData } from "../../workers/engine/sheet";
import { mulberry32 } from "../seed/random";

export const BENCH_HEADER = [
  "H/M/L",
  "New",
  "NA",
  "NCT link",
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
  "Jan 2026",
  "Feb 2026",
  "Mar 2026",
  "Apr 2026",
  "May 2026",
  "Jun 2026",
  "Jul 2026",
  "Aug 2026",
  "Events beyond 6-month Timeframe",
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
  "report-1-footnotes",
  "report-1-general-footnotes",
  "report-2-footnotes",
];

const PRIORITIES = ["HH", "HH", "Medium", "Medium", "Low", "TAK ASSET", "hh", "Urgent", ""];
const PHASES = [
  "Phase III",
  "Phase II",
  "Phase I",
  "Phase 1/2",
  "Phase IIb/III",
  "Pre-clinical",
  "Filed",
  "sNDA (RTF Received)",
  "Filed (CRL Received)",
  "Approved",
  "Marketed",
  "Phase 2",
  "Discontinued",
];
const COMPANIES = [
  "Eisai",
  "Biogen",
  "Eli Lilly",
  "Roche",
  "Novo Nordisk",
  "AC Immune",
  "Anavex",
  "Annovis Bio",
  "Alzheon",
  "Cassava Sciences",
  "Prothena",
  "BMS",
  "AbbVie",
  "Takeda",
  "Vivoryon",
  "Acumen",
  "Cognition Therapeutics",
  "TauRx",
  "Athira",
  "INmune Bio",
];
const MOAS = [
  "Anti-amyloid mAb",
  "Tau aggregation inhibitor",
  "Sigma-1 agonist",
  "Translation inhibitor",
  "Anti-tau mAb",
  "Microglia modulator",
];
const SEGMENTS = [
  "MCI",
  "Mild AD",
  "Moderate AD",
  "Mild AD, Moderate AD",
  "Prodromal",
  "Preclinical AD",
  "MCI/Prodromal, Mild AD",
  "Severe AD",
];
const MODALITIES = ["mAb", "Small Molecule", "Gene Therapy", "Cell Therapy", "ASO", "Peptide", "Vaccine", "RNAi", "", "Other"];
const LAUNCHES: Cell[] = ["2027+", "Q3 2027", "H2 2028", "2029", "31/12/2030", "2026-06-30", 46388, "Jun 2027", "TBD", "2031+"];
const LOTS = ["1L", "1LC", "1LM", "2L", "2LC", "2LM", "3L", "Adjuvant", "Neoadjuvant", "", "1L, 2L"];
const STATUSES = ["Recruiting", "Active, not recruiting", "Completed", "Not yet recruiting", "Terminated", "Suspended"];
const FOCUS = ["Amyloid", "Tau", "Neuroinflammation", "Synaptic function", "Amyloid, Tau", ""];
const EVENTS = [
  "",
  "",
  "",
  "Topline data, Trial Initiation/ Results",
  "PDUFA date, Regulatory/ Other Development",
  "Phase 3 start",
  "EU launch, Commercial",
];

export function generateSheet(rows: number, seed = 42): SheetData {
  const r = mulberry32(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)];
  const values: Cell[][] = [BENCH_HEADER.slice()];
  for (let i = 0; i < rows; i++) {
    const roll = r();
    if (roll < 0.01) {
      values.push([]); // blank row
      continue;
    }
    if (roll < 0.015) {
      values.push([
        "Conference",
        "",
        "",
        "",
        "",
        "Conference",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "AD/PD 2026",
        "",
        "",
        "",
        "",
        "",
        "AAIC 2026",
        "",
        "CTAD 2026",
      ]);
      continue;
    }
    // Product names repeat (≈ rows/3 distinct) so duplicates and merges occur.
    const p = Math.floor(r() * Math.max(3, rows / 3));
    const row: Cell[] = [
      pick(PRIORITIES),
      r() < 0.2 ? "Yes" : "",
      "",
      r() < 0.5 ? `https://clinicaltrials.gov/study/NCT0${String(4000000 + p).padStart(7, "0")}` : "",
      pick(PHASES),
      `Compound-${p}`,
      pick(MOAS),
      COMPANIES[p % COMPANIES.length],
      pick(SEGMENTS),
      "Alzheimer's disease",
      pick(LAUNCHES),
      pick(["US", "EU", "Japan", "US, EU"]),
      r() < 0.3 ? "Based on Phase 3 readout" : "",
      pick(["IV", "SC", "Oral"]),
      pick(["2027", "", "Approved"]),
      pick(["2028", ""]),
      pick(["2029", ""]),
      "",
      pick(MODALITIES),
      pick(EVENTS),
      pick(EVENTS),
      pick(EVENTS),
      pick(EVENTS),
      pick(EVENTS),
      pick(EVENTS),
      pick(EVENTS),
      pick(EVENTS),
      pick(EVENTS),
      `Compound-${p} + SoC`,
      `TRIAL-${p}`,
      `NCT0${String(5000000 + i).padStart(7, "0")}`,
      COMPANIES[p % COMPANIES.length],
      pick(LOTS),
      pick(["Anti-amyloid", "Anti-tau", "Symptomatic", ""]),
      pick(["Phase 2", "Phase 3", "Phase 1"]),
      pick(["2027-03-01", "Dec 2028", 47000, "unknown"]),
      pick(["Amyloid PET", "CSF p-tau", ""]),
      pick(["Plasma p-tau217", "NfL", ""]),
      pick(FOCUS),
      pick(STATUSES),
      i % 5000 === 0 ? "Source: company filings" : "",
      i % 7000 === 0 ? "HH = high priority" : "",
      i % 9000 === 0 ? "Launch dates are estimates" : "",
    ];
    // Ragged rows: trailing empty cells cut, as the Sheets API does.
    if (r() < 0.1) row.length = 20 + Math.floor(r() * 10);
    values.push(row);
  }
  return { values, headerRow: 5, firstColumn: 1, fetchedAt: new Date(0).toISOString(), source: "google" };
}

/** The sheet a while later (issue 30's "What changed"): 20 products renamed in place, 5 rows removed, 5 added. */
export function editedSheet(before: SheetData): SheetData {
  const values = before.values.map((row) => [...row]);
  for (let e = 0; e < 20; e++) values[1 + ((e * 491) % (values.length - 1))]![5] = `Edited ${e}`;
  values.splice(Math.min(4_000, values.length - 6), 5);
  values.push(...values.slice(1, 6).map((row, i) => row.map((cell, c) => (c === 5 ? `Added ${i}` : cell))));
  return { ...before, values };
}

/** Synthetic events for events-2. */
export function generateEvents(count: number, seed = 7) {
  const r = mulberry32(seed);
  const types = ["Conference", "Regulatory/ Other Development", "Trial Initiation/ Results", "Commercial", "Other"];
  return Array.from({ length: count }, (_, i) => {
    const start = new Date(Date.UTC(2025, 0, 1) + Math.floor(r() * 900) * 86_400_000);
    return {
      title: `Event ${i}`,
      type: types[i % types.length],
      startDateTime: `${start.toISOString().slice(0, 10)} 09:00:00`,
      endDateTime: i % 10 === 0 ? "bad" : `${start.toISOString().slice(0, 10)} 17:00:00`,
      compound: { name: `Compound-${i % 50}` },
    };
  });
}
