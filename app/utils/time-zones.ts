import { fromDate, parseDateTime, toCalendarDateTime, toZoned } from "@internationalized/date";

import type { SelectOption } from "~/utils/options";

// One home for time zones: an event's times are wall-clock times in its own zone (an IANA name) in the form, instants
// (UTC) in the database. Apart from ~/utils/dates because of its date library: the pages without an event form or
// calendar (sign-in among them) do not load it.

/** The wall clock of an instant in a zone, as a datetime-local input's value: YYYY-MM-DDTHH:mm (…:ss when not 0). */
export function wallClockIn(instant: Date, timeZone: string): string {
  const text = toCalendarDateTime(fromDate(instant, timeZone)).toString();
  return text.endsWith(":00") ? text.slice(0, 16) : text.slice(0, 19);
}

/** The instant a wall-clock time is in a zone ("YYYY-MM-DDTHH:mm[:ss]" from a datetime-local input, or the spec's
 *  "YYYY-MM-DD HH:mm:ss"); a time a DST change skips or repeats is read as the clock then shows it ("compatible":
 *  skipped → later, repeated → the earlier). Null when the text or the zone cannot be read. */
export function instantIn(wallClock: string | null | undefined, timeZone: string): Date | null {
  if (!wallClock || !/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?$/.test(wallClock)) return null;
  try {
    return toZoned(parseDateTime(wallClock.replace(" ", "T")), timeZone, "compatible").toDate();
  } catch {
    return null;
  }
}

/** A wall-clock time in one form for comparing two of them ("YYYY-MM-DDTHH:mm:ss"). */
export const wallClockKey = (wallClock: string) => wallClock.replace(" ", "T").padEnd(19, ":00");

/** The wall clock of an instant in a zone in the spec's sent format, 'YYYY-MM-DD HH:mm:ss' (admin-console §7, §9). */
export const sentWallClockIn = (instant: Date, timeZone: string) => wallClockKey(wallClockIn(instant, timeZone)).replace("T", " ");

/** Zones the runtime's ICU still lists under names IANA has replaced, by the current name people look for. */
const CURRENT_ZONE_NAMES: Record<string, string> = {
  "Africa/Asmera": "Africa/Asmara",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "America/Catamarca": "America/Argentina/Catamarca",
  "America/Coral_Harbour": "America/Atikokan",
  "America/Cordoba": "America/Argentina/Cordoba",
  "America/Godthab": "America/Nuuk",
  "America/Indianapolis": "America/Indiana/Indianapolis",
  "America/Jujuy": "America/Argentina/Jujuy",
  "America/Louisville": "America/Kentucky/Louisville",
  "America/Mendoza": "America/Argentina/Mendoza",
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Europe/Kiev": "Europe/Kyiv",
  "Pacific/Enderbury": "Pacific/Kanton",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Truk": "Pacific/Chuuk",
};

let zoneNames: string[] | undefined;
/** The full list of time zones (IANA names, admin-console §9): UTC first, then the runtime's zones by their current
 *  IANA names ("Asia/Kolkata", where ICU still says "Asia/Calcutta"), alphabetically. */
export function timeZoneNames(): string[] {
  zoneNames ??= [
    "UTC",
    ...Intl.supportedValuesOf("timeZone")
      .filter((z) => z !== "UTC")
      .map((z) => CURRENT_ZONE_NAMES[z] ?? z)
      .sort(),
  ];
  return zoneNames;
}

/** A zone as the time zone picker offers it: its IANA name, shown with spaces ("America/New York"). */
export const timeZoneOption = (zone: string): SelectOption => ({ value: zone, label: zone.replaceAll("_", " ") });

/** Whether a text is a time zone this runtime knows, spelt as the list spells it, or as the runtime does (an IANA name:
 *  "Europe/Berlin", not "europe/berlin" or the legacy "EST5EDT", which Intl accepts too). */
export function isTimeZone(name: string | null | undefined): boolean {
  if (!name) return false;
  if (timeZoneNames().includes(name)) return true;
  try {
    return new Intl.DateTimeFormat("en", { timeZone: name }).resolvedOptions().timeZone === name;
  } catch {
    return false;
  }
}

/** One formatter a zone, made once: making an Intl.DateTimeFormat costs far more than formatting with it (two a card
 *  were 6 % of the events page's server CPU). Only zones Intl knows are kept (it throws on the others), so the map
 *  stays within the few hundred IANA names. */
const rangeFormats = new Map<string, Intl.DateTimeFormat>();
function rangeFormat(timeZone: string) {
  let format = rangeFormats.get(timeZone);
  if (!format) {
    const options = {
      timeZone,
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    } as const;
    rangeFormats.set(timeZone, (format = new Intl.DateTimeFormat("en-GB", options)));
  }
  return format;
}

/** DD/MM/YYYY HH:mm of an instant in a time zone (an IANA name), the day left out of the end when it is the same. */
export function formatRangeIn(start: string, end: string, timeZone: string) {
  const parts = (iso: string) => {
    const p = Object.fromEntries(
      rangeFormat(timeZone)
        .formatToParts(new Date(iso))
        .map((x) => [x.type, x.value]),
    );
    return { day: `${p.day}/${p.month}/${p.year}`, time: `${p.hour}:${p.minute}` };
  };
  const [a, b] = [parts(start), parts(end)];
  return a.day === b.day ? `${a.day} ${a.time}–${b.time}` : `${a.day} ${a.time} – ${b.day} ${b.time}`;
}
