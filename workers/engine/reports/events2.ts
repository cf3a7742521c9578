// Report 7 (events-2): the disease's events from the database, by quarter and month, coloured by type (§9).
import { EVENT_TYPE_CATEGORIES, type EventTypeLabel } from "../constants";
import type { BuildContext } from "../context";
import type { EngineEventInput, EventItem, EventQuarter, Events2Model } from "../model";
import { eventColour } from "../rules";
import { compareNames } from "../text";
import { readConsoleEvents } from "./console-events";

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export function buildEvents2(ctx: BuildContext, options: { events?: readonly EngineEventInput[]; now?: Date }): Events2Model {
  const now = options.now ?? new Date();
  const nowIso = now.toISOString().slice(0, 10);
  const { items: read, invalid: invalidEvents } = readConsoleEvents(options.events);
  const items: EventItem[] = read.map(({ compoundNames: _names, company: _company, ...e }) => ({
    ...e,
    isPast: (e.end ?? e.start).iso < nowIso,
  }));
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
