import { utcFormat } from "d3-time-format";
import type { DateValue } from "#workers/engine/model";

const dayFormat = utcFormat("%d/%m/%Y");
const monthFormat = utcFormat("%b %Y");

/** A date as precise as the sheet gave it: DD/MM/YYYY for a day, 'Jun 2027', 'Q3 2027', 'H2 2028' or '2028' for
 *  periods (a period shown as its first day would claim a precision the sheet does not have); '+' for 'or later'. */
export function formatDate(d: DateValue): string {
  const date = new Date(`${d.iso}T00:00:00Z`);
  const text = {
    day: () => dayFormat(date),
    month: () => monthFormat(date),
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
