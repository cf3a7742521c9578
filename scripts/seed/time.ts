// Wall-clock times in a named zone without a date library (Intl knows every IANA zone).

const DAY_MS = 86_400_000;

function zoneOffsetMs(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wallAsUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return wallAsUtc - at.getTime();
}

/** The instant at which the clock in `timeZone` shows the given local date and time (month 1-12; day may overflow). */
export function zonedDate(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const first = wall - zoneOffsetMs(new Date(wall), timeZone);
  return new Date(wall - zoneOffsetMs(new Date(first), timeZone));
}

/** The calendar date (UTC) `days` from `from`, as year, month (1-12) and day. */
export function dayFrom(from: Date, days: number): { year: number; month: number; day: number } {
  const d = new Date(from.getTime() + days * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

export function addDays(from: Date, days: number): Date {
  return new Date(from.getTime() + days * DAY_MS);
}

/** "2019-03" to a date on day `day` of that month (UTC noon, so it shows the same day everywhere). */
export function monthDate(yearMonth: string, day: number): Date {
  const [y, m] = yearMonth.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, day, 12));
}
