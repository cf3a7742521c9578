// The disease's events from the console's Events List (admin-console §3), as both reports that show them read them:
// events-2 (every event, by quarter) and the event calendar (merged into its month columns).
import { fromSerial, parseDate, type DateParse } from "../dates";
import type { EngineEventInput, EventItem, InvalidEvent } from "../model";
import { eventCategory, eventColour } from "../rules";
import { cellText } from "../text";

const DAY_MS = 86_400_000;

/** An event date: a Date, epoch milliseconds (numbers above 10^10), or anything parseDate reads
 *  ('YYYY-MM-DD HH:mm:ss' — the app sends the wall clock in the event's own zone —, ISO, DD/MM/YYYY, …). */
function parseEventDate(value: unknown): DateParse {
  if (value instanceof Date) {
    const t = value.getTime();
    if (Number.isNaN(t)) return { ok: false, blank: false, reason: "invalid date" };
    return fromSerial(t / DAY_MS + 25569, value.toISOString().slice(0, 10));
  }
  if (typeof value === "number" && Math.abs(value) > 1e10) {
    return fromSerial(value / DAY_MS + 25569, new Date(value).toISOString().slice(0, 10));
  }
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean" || value == null) {
    return parseDate(value as string | number | boolean | null);
  }
  return { ok: false, blank: false, reason: "not a date" };
}

function text(value: unknown): string {
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? cellText(value) : "";
}

function compoundName(value: unknown): string | null {
  if (typeof value === "string") return value.trim() || null;
  if (value && typeof value === "object" && "name" in value) return text((value as { name: unknown }).name) || null;
  return null;
}

/** An event as events-2 shows it (but whether it is past), with what the event calendar needs besides. */
export type ConsoleEvent = Omit<EventItem, "isPast"> & {
  /** Every name the compound goes by (the shown one first), to find its row on a sheet. */
  compoundNames: string[];
  /** The compound's originator. */
  company: string;
};

/** The events that can be placed (a readable start), and those that cannot, with why. */
export function readConsoleEvents(events: readonly EngineEventInput[] | undefined): { items: ConsoleEvent[]; invalid: InvalidEvent[] } {
  const items: ConsoleEvent[] = [];
  const invalid: InvalidEvent[] = [];
  (Array.isArray(events) ? events : []).forEach((raw, index) => {
    const e = (raw && typeof raw === "object" ? raw : {}) as EngineEventInput;
    const title = text(e.title);
    const start = parseEventDate(e.startDateTime);
    if (!start.ok) {
      invalid.push({ index, title, reason: start.blank ? "No start date" : `Start date could not be read (${start.reason})` });
      return;
    }
    const endParsed = parseEventDate(e.endDateTime);
    const type = text(e.type) || "Other";
    const category = eventCategory(type);
    const compound = compoundName(e.compound);
    const aliases = Array.isArray(e.compoundNames) ? e.compoundNames.map(text).filter(Boolean) : [];
    items.push({
      index,
      title: title || "(untitled event)",
      type,
      category,
      colour: eventColour(category),
      start: start.value,
      end: endParsed.ok && endParsed.value.iso >= start.value.iso ? endParsed.value : null,
      compound,
      compoundNames: compound ? [compound, ...aliases] : aliases,
      company: text(e.company),
    });
  });
  return { items, invalid };
}
