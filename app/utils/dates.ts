import type { DateValue } from "#workers/engine/model";

// One home for how dates read on screen (user-app §9: DD/MM/YYYY). Always in UTC, so the server's page and the
// browser's agree whatever their time zones.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const two = (n: number) => String(n).padStart(2, "0");

/** DD/MM/YYYY of an instant (a Date or an ISO string). */
export function formatDay(value: Date | string): string {
  const d = typeof value === "string" ? new Date(value) : value;
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
}

/** DD/MM/YYYY HH:mm UTC, for times an admin may need (when a sheet was read). */
export function formatDateTime(value: Date | string): string {
  const d = typeof value === "string" ? new Date(value) : value;
  return `${formatDay(d)} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())} UTC`;
}

/** DD-MM-YYYY HH:mm:ss UTC (admin-console §9: the Events List's times). */
export function formatUtcDateTime(value: Date | string): string {
  const d = typeof value === "string" ? new Date(value) : value;
  return `${two(d.getUTCDate())}-${two(d.getUTCMonth() + 1)}-${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
}

/** A sheet date as precise as the sheet gave it: DD/MM/YYYY for a day, 'Jun 2027', 'Q3 2027', 'H2 2028' or '2028' for
 *  periods (a period shown as its first day would claim a precision the sheet does not have); '+' for 'or later'. */
export function formatDate(d: DateValue): string {
  const text = {
    day: () => formatDay(`${d.iso}T00:00:00Z`),
    month: () => `${MONTHS[d.month]} ${d.year}`,
    quarter: () => `Q${d.quarter} ${d.year}`,
    half: () => `H${d.month < 6 ? 1 : 2} ${d.year}`,
    year: () => String(d.year),
  }[d.precision]();
  return d.orLater ? `${text}+` : text;
}

/** `<time datetime>` value at the date's precision (periods as their first month). */
export function dateTimeAttr(d: DateValue): string {
  return d.precision === "day" ? d.iso : d.precision === "year" ? d.iso.slice(0, 4) : d.iso.slice(0, 7);
}

/** Where the engine placed a date the sheet gives less precisely than a day — 'Q3 2027' at 01/07/2027, '2031+' at
 *  31/12/2031 — as "placed at DD/MM/YYYY"; null for a day, which is placed where it says. */
export function placedAt(d: DateValue): string | null {
  return d.precision === "day" ? null : `placed at ${formatDay(`${d.iso}T00:00:00Z`)}`;
}

/** A date as the sheet gives it with, on a second line, where the engine placed it (tables and the deck). */
export function dateWithPlacement(d: DateValue): string {
  const placed = placedAt(d);
  return placed ? `${formatDate(d)}\n(${placed})` : formatDate(d);
}

/** A sheet date as read when it could be read (a serial number becomes a date), else the text as written. */
export function dateOrText(value: DateValue | null, text: string): string {
  return value ? formatDate(value) : text;
}

/** user-app §3: the news filter's default dates, one month back to the end of today (UTC). */
export function defaultNewsWindow(now = new Date()) {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, now.getUTCDate()));
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 23, 59, 59, 999));
  return { from, to };
}

/** YYYY-MM-DD of an instant, in UTC (the value of a date input). */
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** A day (as `readDate` reads it) as the instant it starts (`end`: the last millisecond of it), UTC; null when it is not
 *  a day. */
export function dayBound(value: string | null | undefined, end = false): Date | null {
  const day = readDate(value, "day");
  return day ? new Date(`${day}T${end ? "23:59:59.999" : "00:00:00.000"}Z`) : null;
}

// Date entry (user-app §9: dates read DD/MM/YYYY). Every date field — with JavaScript a date picker, without it a text
// input — and every date filter is read by `readDate`, so what one types and what the picker sends mean the same.

/** A date field's precision: a day, or a day and a time of day (an event's start and end). */
export type DateGranularity = "day" | "minute";
/** How a date field shows its value, and asks for one. */
export const DATE_FORMAT: Record<DateGranularity, string> = { day: "DD/MM/YYYY", minute: "DD/MM/YYYY HH:mm" };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
// Written to compile alike as a script's regular expression and as an input's `pattern` (which browsers compile with
// the `v` flag, where '/' and '-' in a class must be escaped).
const SHOWN_DAY = String.raw`(\d{1,2})[\/.\-](\d{1,2})[\/.\-](\d{4})`;
const SHOWN_TIME = String.raw`,?\s+(\d{1,2})[:.](\d{2})(?::(\d{2}))?`;
const SHOWN_DATE = new RegExp(`^${SHOWN_DAY}(?:${SHOWN_TIME})?$`, "u");
/** A text date field's `pattern`: DD/MM/YYYY, with the time for "minute". */
export const datePattern = (granularity: DateGranularity) => (granularity === "day" ? SHOWN_DAY : SHOWN_DAY + SHOWN_TIME);

/**
 * The one reading of a date field's text: DD/MM/YYYY as the field shows it and one types it ('/', '.' or '-' between the
 * parts; ' HH:mm' after it for a time), or YYYY-MM-DD as the date picker, links and the spec's clients send it
 * ('THH:mm[:ss]' or the spec's ' HH:mm:ss' after it for a time). The value the server works with — YYYY-MM-DD, or
 * YYYY-MM-DDTHH:mm (':ss' when not 0) — or null for a day the calendar does not have ('31/02/2026'), a time the clock
 * does not, or a text of the other granularity.
 */
export function readDate(text: string | null | undefined, granularity: DateGranularity = "day"): string | null {
  const trimmed = text?.trim() ?? "";
  const iso = ISO_DATE.exec(trimmed);
  const shown = iso ? null : SHOWN_DATE.exec(trimmed);
  if (!iso && !shown) return null;
  const [, a, b, c, hour, minute, second] = (iso ?? shown)!;
  if ((hour === undefined) !== (granularity === "day")) return null;
  const [year, month, day] = (iso ? [a, b, c] : [c, b, a]).map(Number) as [number, number, number];
  const date = new Date(0);
  // setUTCFullYear rolls 31/02 over to 03/03: a day that changes is no day. (Years before 100 are days too: the picker
  // passes through 0002 while a year is typed digit by digit.)
  date.setUTCFullYear(year, month - 1, day);
  if (year < 1 || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  const dayText = `${String(year).padStart(4, "0")}-${two(month)}-${two(day)}`;
  if (granularity === "day") return dayText;
  const [h, m, s] = [Number(hour), Number(minute), Number(second ?? 0)];
  if (h > 23 || m > 59 || s > 59) return null;
  return `${dayText}T${two(h)}:${two(m)}${s ? `:${two(s)}` : ""}`;
}

/** A date field's text as it shows it: DD/MM/YYYY (HH:mm), or the text as it was typed when it cannot be read. */
export function shownDate(text: string | null | undefined, granularity: DateGranularity = "day"): string {
  const value = readDate(text, granularity);
  if (!value) return text ?? "";
  const [year, month, day] = value.slice(0, 10).split("-");
  return `${day}/${month}/${year}${granularity === "day" ? "" : ` ${value.slice(11)}`}`;
}

/** What a date field says of a text `readDate` cannot read. */
export const notADate = (text: string, granularity: DateGranularity = "day") =>
  `'${text.length > 30 ? `${text.slice(0, 30)}…` : text}' is not a ${granularity === "day" ? "date" : "date and time"}: enter it as ${DATE_FORMAT[granularity]}.`;

/** A date filter's range as the address gives it (`from`, `to`: as the fields without JavaScript or the picker sent
 *  them): the bounds of its days, or what is wrong with it (then neither bound applies); `latest`: the last day allowed. */
export function readDayRange(from: string, to: string, latest?: string) {
  const [start, end] = [dayBound(from), dayBound(to, true)];
  const problem =
    from && !start
      ? notADate(from)
      : to && !end
        ? notADate(to)
        : start && end && start > end
          ? "The start date must not be after the end date."
          : latest && end && end > dayBound(latest, true)!
            ? "The end date can be at most one year ahead."
            : null;
  return { from: problem ? undefined : (start ?? undefined), to: problem ? undefined : (end ?? undefined), problem };
}

/** user-app §2: the date range presets, as YYYY-MM-DD pairs (weeks start on Monday), and the news feed's latest day. */
export function dateRangePresets(now = new Date()) {
  const day = (y: number, m: number, d: number) => isoDay(new Date(Date.UTC(y, m, d)));
  const [y, m, d] = [now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()];
  const monday = d - ((now.getUTCDay() + 6) % 7);
  return {
    presets: [
      { label: "Today", from: day(y, m, d), to: day(y, m, d) },
      { label: "Yesterday", from: day(y, m, d - 1), to: day(y, m, d - 1) },
      { label: "This Week", from: day(y, m, monday), to: day(y, m, monday + 6) },
      { label: "Last Week", from: day(y, m, monday - 7), to: day(y, m, monday - 1) },
      { label: "This Month", from: day(y, m, 1), to: day(y, m + 1, 0) },
      { label: "Last Month", from: day(y, m - 1, 1), to: day(y, m, 0) },
      { label: "This Year", from: day(y, 0, 1), to: day(y, 11, 31) },
      { label: "Last Year", from: day(y - 1, 0, 1), to: day(y - 1, 11, 31) },
    ],
    /** The latest day one may pick: a year ahead. */
    max: day(y + 1, m, d),
  };
}
