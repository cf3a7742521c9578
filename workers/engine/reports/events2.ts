// Report 7 (events-2): the disease's events from the database, by quarter and month, coloured by type (§9).
import { EVENT_TYPE_CATEGORIES, type EventTypeLabel } from "../constants";
import type { BuildContext } from "../context";
import { fromSerial, parseDate, type DateParse, type DateValue } from "../dates";
import type { EngineEventInput, EventItem, EventQuarter, Events2Model, InvalidEvent } from "../model";
import { eventCategory, eventColour } from "../rules";
import { cellText, compareNames } from "../text";

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DAY_MS = 86_400_000;

/** An event date: a Date, epoch milliseconds (numbers above 10^10), or anything parseDate reads
 *  ('YYYY-MM-DD HH:mm:ss', ISO, DD/MM/YYYY, …). */
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

function compoundName(value: unknown): string | null {
  if (typeof value === "string") return value.trim() || null;
  if (value && typeof value === "object" && "name" in value && typeof (value as { name: unknown }).name === "string") {
    return (value as { name: string }).name.trim() || null;
  }
  return null;
}

function text(value: unknown): string {
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? cellText(value) : "";
}

export function buildEvents2(ctx: BuildContext, options: { events?: readonly EngineEventInput[]; now?: Date }): Events2Model {
  const now = options.now ?? new Date();
  const nowIso = now.toISOString().slice(0, 10);
  const events = Array.isArray(options.events) ? options.events : [];
  const items: EventItem[] = [];
  const invalidEvents: InvalidEvent[] = [];
  events.forEach((raw, index) => {
    const e = (raw && typeof raw === "object" ? raw : {}) as EngineEventInput;
    const title = text(e.title);
    const start = parseEventDate(e.startDateTime);
    if (!start.ok) {
      invalidEvents.push({ index, title, reason: start.blank ? "No start date" : `Start date could not be read (${start.reason})` });
      return;
    }
    const endParsed = parseEventDate(e.endDateTime);
    const end: DateValue | null = endParsed.ok && endParsed.value.iso >= start.value.iso ? endParsed.value : null;
    const type = text(e.type) || "Other";
    const category = eventCategory(type);
    items.push({
      index,
      title: title || "(untitled event)",
      type,
      category,
      colour: eventColour(category),
      start: start.value,
      end,
      compound: compoundName(e.compound),
      isPast: (end ?? start.value).iso < nowIso,
    });
  });
  items.sort((a, b) => (a.start.iso < b.start.iso ? -1 : a.start.iso > b.start.iso ? 1 : compareNames(a.title, b.title)));
  const quarters: EventQuarter[] = [];
  for (const item of items) {
    const { year, quarter, month } = item.start;
    let q = quarters[quarters.length - 1];
    if (!q || q.year !== year || q.quarter !== quarter) {
      const first = (quarter - 1) * 3;
      q = {
        year,
        quarter,
        label: `Q${quarter} ${year}`,
        months: [0, 1, 2].map((k) => ({ year, month: first + k, label: `${MONTH_NAMES[first + k]} ${year}`, events: [] })),
      };
      quarters.push(q);
    }
    q.months[month % 3].events.push(item);
  }
  const model = ctx.base("events-2", items.length);
  return {
    ...model,
    quarters,
    invalidEvents,
    eventTypes: (Object.keys(EVENT_TYPE_CATEGORIES) as EventTypeLabel[]).map((type) => ({
      type,
      category: EVENT_TYPE_CATEGORIES[type],
      colour: eventColour(EVENT_TYPE_CATEGORIES[type]),
    })),
  };
}
