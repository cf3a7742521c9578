// The rules of spec §4, one small exported function each. No I/O, no state; table-tested in
// tests/unit/engine/rules.test.ts.
import {
  DEFAULT_CALENDAR_EVENT_TYPE,
  EVENT_COLOURS,
  EVENT_TYPE_CATEGORIES,
  LEGEND_MAX_ENTRIES,
  LEGEND_OTHER_LABEL,
  LEGEND_PALETTE,
  LOT_ORDER,
  MODALITY_ICONS,
  PRIORITIES,
  type EventCategory,
  type EventColour,
  type ModalityIcon,
  type PhaseId,
  type Priority,
} from "./constants";
import type { Cell } from "./sheet";
import { canonicalHeader, cellText, memoize, normKey, splitLines, splitList } from "./text";

// ---------------------------------------------------------------------------------------------------------------
// Phase classification (report 1, landscape type 3)

/** Upper-case roman numerals as whole tokens (optional a/b suffix: 'IIb'), so 'Filed', 'Clinical' or 'CRL' never
 *  count as I. */
const RE_ROMAN = /(?<![A-Za-z])(IV|III|II|I)[ab]?(?![A-Za-z])/g;
/** 'Phase 1/2', 'Ph 2b', 'phase ii-iii', 'Phase3': the numbers after the word phase/ph, any case. */
const RE_PHASE_WORD = /\b(?:phase|ph)\.?\s*([0-9ivab\s/&,+-]{1,20})/gi;
const RE_PHASE_NUMBER = /[1-4]|iv|iii|ii|i/gi;
const RE_CLINICAL = /clinical|discovery/i;
const RE_FILED = /\b(?:filed|filing|s?nda|s?bla|maa|submitted|submission)\b/i;
const RE_APPROVED = /\b(?:approved|approval|marketed|launched|registered|commercial)\b/i;
const ROMAN: Record<string, number> = { i: 1, ii: 2, iii: 3, iv: 4 };

function highestPhaseNumber(text: string): number {
  let best = 0;
  for (const m of text.matchAll(RE_ROMAN)) best = Math.max(best, ROMAN[m[1].toLowerCase()]);
  for (const m of text.matchAll(RE_PHASE_WORD)) {
    for (const n of m[1].matchAll(RE_PHASE_NUMBER)) {
      const v = n[0];
      best = Math.max(best, /\d/.test(v) ? Number(v) : ROMAN[v.toLowerCase()]);
    }
  }
  return best;
}

/** Report 1 phase column of a 'Compound phase' value, or null (→ invalid record). In order: a III token → Phase
 *  III; else II → Phase II; else I → Phase I (roman numerals as upper-case tokens, or arabic/roman numbers after
 *  'Phase'/'Ph': 'Phase 1/2' → Phase II); Phase IV/4 → Approved/Marketed; else 'clinical' (Pre-clinical,
 *  Preclinical) or 'Discovery' → Pre-Clinical; else filed values (Filed, sNDA, NDA, BLA, MAA, submitted, and
 *  combinations such as 'sNDA (RTF Received)', 'Filed (CRL Received)') → Filed; else approved, marketed,
 *  launched, registered → Approved/Marketed. */
export function classifyPhase(value: Cell | undefined): PhaseId | null {
  return classifyPhaseText(cellText(value));
}

const classifyPhaseText = memoize((text: string): PhaseId | null => {
  if (!text) return null;
  const n = highestPhaseNumber(text);
  if (n === 3) return "phase-3";
  if (n === 2) return "phase-2";
  if (n === 1) return "phase-1";
  if (n === 4) return "approved";
  if (RE_CLINICAL.test(text)) return "pre-clinical";
  if (RE_FILED.test(text)) return "filed";
  if (RE_APPROVED.test(text)) return "approved";
  return null;
});

// ---------------------------------------------------------------------------------------------------------------
// Priority (H/M/L)

const PRIORITY_BY_KEY = new Map<string, Priority>(PRIORITIES.map((p) => [normKey(p), p]));
/** The H/M/L value in its canonical spelling (HH, Medium, Low, TAK ASSET; any case, inner spaces collapsed), or
 *  null for anything else. */
export function parsePriority(value: Cell | undefined): Priority | null {
  return PRIORITY_BY_KEY.get(normKey(cellText(value))) ?? null;
}

// ---------------------------------------------------------------------------------------------------------------
// Segments (report 1)

const SEGMENT_MILD_TO_MODERATE = "Mild to Moderate AD";
const SEGMENT_EARLY = "Early AD (Mild & MCI)";
const SEGMENT_SYNONYMS = new Map<string, string>([
  ...["mild ad", "moderate ad", "mild to moderate ad", "mild moderate ad", "mild to moderate alzheimer s disease"].map(
    (k) => [k, SEGMENT_MILD_TO_MODERATE] as const,
  ),
  ...["mci", "prodromal", "prodromal ad", "mci prodromal", "mci prodromal ad", "mci due to ad", "early ad", "early ad mild mci"].map(
    (k) => [k, SEGMENT_EARLY] as const,
  ),
]);

/** Segment normalisation (spec §4): Mild AD, Moderate AD, Mild to Moderate AD → 'Mild to Moderate AD';
 *  MCI, Prodromal, MCI/Prodromal (also 'MCI due to AD', 'Early AD') → 'Early AD (Mild & MCI)'. Compared in
 *  canonical form (case, spaces and punctuation ignored). Other segments are kept as written. */
export const normaliseSegment: (segment: string) => string = memoize(
  (segment) => SEGMENT_SYNONYMS.get(canonicalHeader(segment)) ?? segment.trim(),
);

/** A Segment cell → its segments: split on commas (outside parentheses) and line breaks, normalised, and
 *  deduplicated (case-insensitive), in order of first appearance. 'Mild AD, Moderate AD' → one segment. */
export function segmentsOf(value: Cell | undefined): string[] {
  return segmentsOfText(cellText(value)).slice();
}
const segmentsOfText = memoize((text: string): string[] => {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const part of splitList(text)) {
    const seg = normaliseSegment(part);
    const key = normKey(seg);
    if (!seen.has(key)) {
      seen.add(key);
      out.push(seg);
    }
  }
  return out;
});

// ---------------------------------------------------------------------------------------------------------------
// Therapeutic modality (report 1 modality variant)

const MODALITY_PATTERNS: ReadonlyArray<readonly [ModalityIcon, RegExp]> = [
  ["gene-therapy", /gene/i],
  ["cell-therapy", /\bcell|car-?t\b/i],
  ["mab", /\bm?abs?\b|monoclonal|antibod|bispecific|\badc\b|nanobod/i],
  ["rnai-aso", /rnai|sirna|\basos?\b|antisense|oligonucleotide|olegonucleotide|antagonat/i],
  ["small-molecule", /small[\s-]*molecule|\bsm\b|\bnce\b/i],
  ["peptide", /peptide/i],
  ["vaccine", /vaccin/i],
];

/** Icon key of a Therapeutic Modality value: the first of gene therapy, cell therapy (incl. stem cell, CAR-T), mAb
 *  (antibodies, bispecifics, ADCs), RNAi/ASO (siRNA, antisense, oligonucleotides), small molecule, peptide,
 *  vaccine that matches; 'unknown' otherwise (also for an empty value). */
export function modalityIcon(value: Cell | undefined): ModalityIcon {
  return modalityIconText(cellText(value));
}
const modalityIconText = memoize((text: string): ModalityIcon => {
  if (!text) return "unknown";
  for (const [icon, re] of MODALITY_PATTERNS) if (re.test(text)) return icon;
  return "unknown";
});

/** Sort rank of a modality: the icon order of MODALITY_ICONS, and empty modality after all of them. */
export function modalityRank(value: Cell | undefined): number {
  if (!cellText(value)) return MODALITY_ICONS.length;
  return MODALITY_ICONS.indexOf(modalityIcon(value));
}

// ---------------------------------------------------------------------------------------------------------------
// Line of therapy (landscape type 2)

const RE_LOT_NUMBERED = /^(\d{1,2})\s*L\s*([CM]?)$/i;
const LOT_FIXED_RANK = new Map<string, number>(LOT_ORDER.map((lot, i) => [lot, i]));

export interface Lot {
  /** As ordered/displayed: 'Neoadjuvant', 'Adjuvant', '1L', '1LC', '2LM', …. */
  lot: string;
  /** The combined LOT: trailing C or M dropped ('1LC' → '1L'). */
  combined: string;
  /** Sort rank (LOT_ORDER; later numbered lines after 3LM). */
  rank: number;
}

/** Reads one LOT value: 'Neoadjuvant'/'Neo-adjuvant', 'Adjuvant', or NL / NLC / NLM (any case, spaces allowed:
 *  '1 L', '2lc'). Null for anything else. */
export function parseLot(text: string): Lot | null {
  const key = normKey(text).replace(/[\s-]/g, "");
  if (key === "neoadjuvant") return { lot: "Neoadjuvant", combined: "Neoadjuvant", rank: 0 };
  if (key === "adjuvant") return { lot: "Adjuvant", combined: "Adjuvant", rank: 1 };
  const m = RE_LOT_NUMBERED.exec(key);
  if (!m) return null;
  const n = Number(m[1]);
  if (n < 1) return null;
  const suffix = m[2].toUpperCase();
  const lot = `${n}L${suffix}`;
  const rank = LOT_FIXED_RANK.get(lot) ?? 2 + (n - 1) * 3 + (suffix === "" ? 0 : suffix === "C" ? 1 : 2);
  return { lot, combined: combineLot(lot), rank };
}

/** Combining LOT drops a trailing C or M (spec §4): '1LC' → '1L', '2LM' → '2L'; others unchanged. */
export function combineLot(lot: string): string {
  return /^\d+L[CM]$/.test(lot) ? lot.slice(0, -1) : lot;
}

/** A LOT cell → its LOT values (comma/line separated); `invalid` lists the parts that are not a LOT. */
export function lotsOf(value: Cell | undefined): { lots: Lot[]; invalid: string[] } {
  const lots: Lot[] = [];
  const invalid: string[] = [];
  const seen = new Set<string>();
  for (const part of splitList(cellText(value))) {
    const lot = parseLot(part);
    if (!lot) invalid.push(part);
    else if (!seen.has(lot.lot)) {
      seen.add(lot.lot);
      lots.push(lot);
    }
  }
  return { lots, invalid };
}

/** Landscape type 2 leaves behind Terminated and Suspended trials (any case, surrounding text allowed, e.g.
 *  'Suspended (safety)'). */
export function isLeftBehindStatus(value: Cell | undefined): boolean {
  const key = normKey(cellText(value));
  return key.startsWith("terminated") || key.startsWith("suspended");
}

// ---------------------------------------------------------------------------------------------------------------
// Events (event calendar, events-2)

export interface ParsedEvent {
  /** Whole cell line as written. */
  text: string;
  /** Name part (before the last comma). */
  name: string;
  /** Type: the last comma part, else 'Trial'. */
  type: string;
  category: EventCategory;
}

/** Colour category of an event type: one of the four §9 types by name, else by keyword — conference/congress/
 *  meeting → conference; commercial/launch/sales/pricing → commercial; regulatory/development/approval/filing/
 *  PDUFA/submission → development; anything else (trial, readout, results) → other. */
export function eventCategory(type: string): EventCategory {
  const exact = (EVENT_TYPE_CATEGORIES as Record<string, EventCategory>)[type.trim()];
  if (exact) return exact;
  const t = type.toLowerCase();
  if (/conference|congress|meeting|symposium|\baaic\b|\bctad\b|\bad\/pd\b/.test(t)) return "conference";
  if (/commercial|launch|sales|pricing|reimburse|market access/.test(t)) return "commercial";
  if (/regulat|development|approv|filing|filed|pdufa|submission|\bnda\b|\bbla\b|\bmaa\b|chmp|label/.test(t)) {
    return "development";
  }
  return "other";
}

export function eventColour(category: EventCategory): EventColour {
  return EVENT_COLOURS[category];
}

/** One event-calendar cell → its events, one per non-empty line. 'name, type' takes the type from the last comma
 *  part; without a comma the type is 'Trial' (spec §4). */
export function parseEventCell(value: Cell | undefined): ParsedEvent[] {
  const out: ParsedEvent[] = [];
  for (const line of splitLines(cellText(value))) {
    const comma = line.lastIndexOf(",");
    const name = comma >= 0 ? line.slice(0, comma).trim() : line;
    const type = (comma >= 0 ? line.slice(comma + 1).trim() : "") || DEFAULT_CALENDAR_EVENT_TYPE;
    out.push({ text: line, name: name || line, type, category: eventCategory(type) });
  }
  return out;
}

/** Is this the conference header row of the event calendar? A row whose H/M/L or Product name is 'Conference'
 *  or 'Conferences' (any case). */
export function isConferenceRow(hml: Cell | undefined, product: Cell | undefined): boolean {
  const a = normKey(cellText(hml));
  const b = normKey(cellText(product));
  return a === "conference" || a === "conferences" || b === "conference" || b === "conferences";
}

// ---------------------------------------------------------------------------------------------------------------
// Legend, footnotes, duplicates

export interface LegendEntry {
  label: string;
  colour: string;
  /** Records with this entry. */
  count: number;
  /** True for the 15th entry that gathers the rest. */
  isOther: boolean;
}

/** Legend of at most 14 entries plus 'Other': the 14 most frequent labels (ties: first appearance) keep their
 *  own colour, the rest share 'Other' (15th colour). Returns the entries and, per input, its entry index. */
export function buildLegend(labels: readonly string[]): { entries: LegendEntry[]; indexOf: number[] } {
  const counts = new Map<string, { label: string; count: number; first: number }>();
  labels.forEach((label, i) => {
    const key = normKey(label);
    const c = counts.get(key);
    if (c) c.count++;
    else counts.set(key, { label, count: 1, first: i });
  });
  const ranked = [...counts.values()].sort((a, b) => b.count - a.count || a.first - b.first);
  const needOther = ranked.length > LEGEND_MAX_ENTRIES;
  const named = needOther ? ranked.slice(0, LEGEND_MAX_ENTRIES) : ranked;
  const entries: LegendEntry[] = named.map((c, i) => ({
    label: c.label,
    colour: LEGEND_PALETTE[i],
    count: c.count,
    isOther: false,
  }));
  const slot = new Map<string, number>(named.map((c, i) => [normKey(c.label), i]));
  if (needOther) {
    const otherCount = ranked.slice(LEGEND_MAX_ENTRIES).reduce((s, c) => s + c.count, 0);
    entries.push({ label: LEGEND_OTHER_LABEL, colour: LEGEND_PALETTE[LEGEND_MAX_ENTRIES], count: otherCount, isOther: true });
  }
  const indexOf = labels.map((l) => slot.get(normKey(l)) ?? LEGEND_MAX_ENTRIES);
  return { entries, indexOf };
}

/** Distinct non-empty footnote lines of the given columns over all rows, in order of first appearance. */
export function collectFootnotes(
  rows: ReadonlyArray<readonly Cell[]>,
  columns: readonly number[] | undefined,
  /** Called for each row with a footnote: its index and the footnote's number (1-based, as the list numbers it). */
  onRef?: (row: number, number: number) => void,
): string[] {
  if (!columns || columns.length === 0) return [];
  const numbers = new Map<string, number>();
  const out: string[] = [];
  rows.forEach((row, i) => {
    for (const c of columns) {
      const text = cellText(row[c]);
      if (!text) continue;
      for (const line of splitLines(text)) {
        let number = numbers.get(line);
        if (number === undefined) {
          out.push(line);
          number = out.length;
          numbers.set(line, number);
        }
        onRef?.(i, number);
      }
    }
  });
  return out;
}

/** Duplicate resolution in one pass: items with the same key keep the one with the earlier (or later) time;
 *  null times lose; ties keep the first. Returns, per item, -1 when kept or the index of the item it lost to. */
export function resolveDuplicates(keys: readonly string[], times: ReadonlyArray<number | null>, keep: "earlier" | "later"): number[] {
  const lostTo = new Array<number>(keys.length).fill(-1);
  const winner = new Map<string, number>();
  const better = (a: number | null, b: number | null) => {
    if (a === null) return false;
    if (b === null) return true;
    return keep === "earlier" ? a < b : a > b;
  };
  for (let i = 0; i < keys.length; i++) {
    const w = winner.get(keys[i]);
    if (w === undefined) {
      winner.set(keys[i], i);
    } else if (better(times[i], times[w])) {
      lostTo[w] = i;
      winner.set(keys[i], i);
    } else {
      lostTo[i] = w;
    }
  }
  // An item that lost to an item that later lost too points at the final winner.
  for (let i = 0; i < keys.length; i++) if (lostTo[i] >= 0) lostTo[i] = winner.get(keys[i])!;
  return lostTo;
}
