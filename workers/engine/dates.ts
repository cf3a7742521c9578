// Date parsing for launch dates, completion dates, calendar month labels and events. Never throws: a value that
// cannot be read comes back as { ok: false, reason }.
import type { Cell } from "./sheet";
import { cellText } from "./text";

export type DatePrecision = "day" | "month" | "quarter" | "half" | "year";

/** A parsed date. Period values (a year, half, quarter or month) use the period's first day, except 'YYYY+'
 *  which is 31 December of YYYY (spec §4). */
export interface DateValue {
  /** YYYY-MM-DD (UTC). */
  iso: string;
  year: number;
  /** 0-11. */
  month: number;
  /** 1-4 (months 0-2 are Q1). */
  quarter: number;
  precision: DatePrecision;
  /** True for 'YYYY+' style values ('or later'). */
  orLater: boolean;
  /** The text as written in the sheet (a serial number is shown as DD/MM/YYYY). */
  label: string;
}

export type DateParse = { ok: true; value: DateValue } | { ok: false; blank: boolean; reason: string };

const MIN_YEAR = 1900;
const MAX_YEAR = 2200;
/** Days between the Sheets/Excel serial epoch (1899-12-30) and 1970-01-01. */
const SERIAL_EPOCH_OFFSET = 25569;
const DAY_MS = 86_400_000;

const MONTHS: Record<string, number> = {
  jan: 0,
  january: 0,
  feb: 1,
  february: 1,
  mar: 2,
  march: 2,
  apr: 3,
  april: 3,
  may: 4,
  jun: 5,
  june: 5,
  jul: 6,
  july: 6,
  aug: 7,
  august: 7,
  sep: 8,
  sept: 8,
  september: 8,
  oct: 9,
  october: 9,
  nov: 10,
  november: 10,
  dec: 11,
  december: 11,
};

const RE_YEAR_PLUS = /^(\d{4})\s*\+$/;
const RE_YEAR = /^(\d{4})\s*e?$/i;
const RE_SERIAL = /^\d{5}(?:\.\d+)?$/;
const RE_ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T\s][\d:.]*(?:Z|[+-]\d{2}:?\d{2})?)?$/i;
const RE_DMY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/;
const RE_YM = /^(\d{4})[-/](\d{1,2})$/;
const RE_MY = /^(\d{1,2})[/.-](\d{4})$/;
const RE_Q = /^(?:q([1-4])|([1-4])q)[\s'’/-]*(\d{4}|\d{2})$/i;
const RE_YQ = /^(\d{4})[\s/-]*q([1-4])$/i;
const RE_H = /^(?:h([12])|([12])h)[\s'’/-]*(\d{4}|\d{2})$/i;
const RE_YH = /^(\d{4})[\s/-]*h([12])$/i;
const RE_MONTH_YEAR = /^([a-z]{3,9})\.?[\s'’/,-]*(\d{4}|\d{2})$/i;
const RE_DAY_MONTH_YEAR = /^(\d{1,2})(?:st|nd|rd|th)?[\s/-]+([a-z]{3,9})\.?[\s/,-]+(\d{4})$/i;
const RE_MONTH_DAY_YEAR = /^([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/i;
const RE_MONTH_ONLY = /^([a-z]{3,9})\.?$/i;

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

function fullYear(text: string): number {
  const n = Number(text);
  return text.length === 2 ? 2000 + n : n;
}

function make(year: number, month: number, day: number, precision: DatePrecision, label: string, orLater = false): DateParse {
  if (year < MIN_YEAR || year > MAX_YEAR) return { ok: false, blank: false, reason: `year ${year} out of range` };
  if (month < 0 || month > 11) return { ok: false, blank: false, reason: `month ${month + 1} out of range` };
  const t = new Date(Date.UTC(year, month, day));
  if (t.getUTCMonth() !== month || t.getUTCDate() !== day) {
    return { ok: false, blank: false, reason: `day ${day} does not exist in ${pad(month + 1)}/${year}` };
  }
  return {
    ok: true,
    value: {
      iso: `${pad(year, 4)}-${pad(month + 1)}-${pad(day)}`,
      year,
      month,
      quarter: Math.floor(month / 3) + 1,
      precision,
      orLater,
      label,
    },
  };
}

/** Google Sheets / Excel serial day number → date. */
export function fromSerial(serial: number, label?: string): DateParse {
  const t = (Math.floor(serial) - SERIAL_EPOCH_OFFSET) * DAY_MS;
  const d = new Date(t);
  if (!Number.isFinite(t) || Number.isNaN(d.getTime())) {
    return { ok: false, blank: false, reason: "not a date serial number" };
  }
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const day = d.getUTCDate();
  return make(y, m, day, "day", label ?? `${pad(day)}/${pad(m + 1)}/${y}`);
}

function monthOf(name: string): number | undefined {
  return MONTHS[name.toLowerCase()];
}

function parseText(raw: string): DateParse {
  let text = raw.replace(/\s+/g, " ");
  let m = RE_YEAR_PLUS.exec(text);
  if (m) return make(Number(m[1]), 11, 31, "year", raw, true);
  let orLater = false;
  if (text.endsWith("+")) {
    orLater = true;
    text = text.slice(0, -1).trim();
  }
  if ((m = RE_YEAR.exec(text))) return make(Number(m[1]), 0, 1, "year", raw, orLater);
  if (RE_SERIAL.test(text)) return fromSerial(Number(text), raw);
  if ((m = RE_ISO.exec(text))) return make(Number(m[1]), Number(m[2]) - 1, Number(m[3]), "day", raw, orLater);
  if ((m = RE_DMY.exec(text))) return make(fullYear(m[3]), Number(m[2]) - 1, Number(m[1]), "day", raw, orLater);
  if ((m = RE_Q.exec(text))) return make(fullYear(m[3]), (Number(m[1] ?? m[2]) - 1) * 3, 1, "quarter", raw, orLater);
  if ((m = RE_YQ.exec(text))) return make(Number(m[1]), (Number(m[2]) - 1) * 3, 1, "quarter", raw, orLater);
  if ((m = RE_H.exec(text))) return make(fullYear(m[3]), (Number(m[1] ?? m[2]) - 1) * 6, 1, "half", raw, orLater);
  if ((m = RE_YH.exec(text))) return make(Number(m[1]), (Number(m[2]) - 1) * 6, 1, "half", raw, orLater);
  if ((m = RE_YM.exec(text))) return make(Number(m[1]), Number(m[2]) - 1, 1, "month", raw, orLater);
  if ((m = RE_MY.exec(text))) return make(Number(m[2]), Number(m[1]) - 1, 1, "month", raw, orLater);
  if ((m = RE_MONTH_YEAR.exec(text))) {
    const month = monthOf(m[1]);
    if (month !== undefined) return make(fullYear(m[2]), month, 1, "month", raw, orLater);
  }
  if ((m = RE_DAY_MONTH_YEAR.exec(text))) {
    const month = monthOf(m[2]);
    if (month !== undefined) return make(Number(m[3]), month, Number(m[1]), "day", raw, orLater);
  }
  if ((m = RE_MONTH_DAY_YEAR.exec(text))) {
    const month = monthOf(m[1]);
    if (month !== undefined) return make(Number(m[3]), month, Number(m[2]), "day", raw, orLater);
  }
  return { ok: false, blank: false, reason: "not a recognised date" };
}

const cache = new Map<string, DateParse>();
const CACHE_LIMIT = 20_000;

/** Parses a launch-style date cell. Accepts: 'YYYY+' (31 Dec), plain years ('2027', '2027E'), Sheets serial
 *  numbers (number or 5-digit text), ISO 'YYYY-MM-DD' (time part ignored), DD/MM/YYYY (also - or . and 2-digit
 *  years), 'Q3 2027' / '3Q27' / '2027 Q3', 'H2 2028' / '2H28' / '2028 H2', month-year ('Jun 2027', 'June-27',
 *  '06/2027', '2027-06'), '30 Jun 2027' and 'June 30, 2027'. A trailing '+' on other forms sets orLater.
 *  Numbers 1900-2200 are years; other numbers are serial days. */
export function parseDate(cell: Cell | undefined): DateParse {
  if (typeof cell === "number") {
    if (!Number.isFinite(cell)) return { ok: false, blank: false, reason: "not a number" };
    if (Number.isInteger(cell) && cell >= MIN_YEAR && cell <= MAX_YEAR) return make(cell, 0, 1, "year", String(cell));
    if (cell <= 0) return { ok: false, blank: false, reason: "not a date serial number" };
    return fromSerial(cell);
  }
  if (typeof cell === "boolean") return { ok: false, blank: false, reason: "a TRUE/FALSE value is not a date" };
  const text = cellText(cell);
  if (!text) return { ok: false, blank: true, reason: "empty" };
  let hit = cache.get(text);
  if (!hit) {
    hit = parseText(text);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(text, hit);
  }
  return hit;
}

/** Sort key of a parsed date (days since 1970 as a number; YYYY-MM-DD compares as text too). */
export function dateKey(value: DateValue): number {
  return Date.UTC(value.year, value.month, Number(value.iso.slice(8, 10))) / DAY_MS;
}

/** A month column header of the event calendar: 'Jan 2026', 'January-26', '2026-01', '01/2026', a date or serial
 *  number (its month), or a bare month name ('January', year null). */
export function parseMonthLabel(cell: Cell | undefined): { year: number | null; month: number } | null {
  const text = cellText(cell);
  const bare = RE_MONTH_ONLY.exec(text);
  if (bare) {
    const month = monthOf(bare[1]);
    return month === undefined ? null : { year: null, month };
  }
  const parsed = parseDate(cell);
  if (!parsed.ok || parsed.value.precision === "year" || parsed.value.precision === "half") return null;
  if (parsed.value.precision === "quarter") return null;
  return { year: parsed.value.year, month: parsed.value.month };
}

/** Quarter 1-4 of a month 0-11 (months 0-2 are Q1). */
export function quarterOfMonth(month: number): number {
  return Math.floor(month / 3) + 1;
}
