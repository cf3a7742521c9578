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
