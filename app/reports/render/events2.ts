// Report 7: the disease's events from the database as cards, by quarter (sections) and month (three columns).
import { group } from "d3-array";
import { select } from "d3-selection";

import type { EventItem, EventMonth, Events2Model } from "#workers/engine/model";
import { dateTimeAttr, formatDate } from "~/utils/dates";

import { drawEventKey } from "./event-calendar";
import { drawInChunks } from "./progressive";
import type { Renderer } from "./types";

const monthKey = (m: EventMonth) => `${m.year}-${String(m.month + 1).padStart(2, "0")}`;

export const renderEvents2: Renderer<Events2Model> = (host, model) => {
  host.replaceChildren();
  const root = select(host);
  if (model.quarters.length === 0) {
    root.append("p").attr("class", "rt-empty").text("No events for this disease.");
    return () => {};
  }
  const report = root.append("div").attr("class", "rt-events2");
  drawEventKey(report, model.eventTypes);
  const quarter = report
    .selectAll(null)
    .data(model.quarters)
    .join("section")
    .attr("class", "rt-quarter")
    .attr("data-quarter", (q) => q.label);
  quarter
    .append("h2")
    .attr("class", "rt-quarter-heading")
    .text((q) => q.label);
  const month = quarter
    .append("div")
    .attr("class", "rt-months")
    .selectAll(null)
    .data((q) => q.months)
    .join("div")
    .attr("class", "rt-month")
    .attr("data-month", monthKey);
  month
    .append("h3")
    .attr("class", "rt-month-heading")
    .text((m) => m.label);
  month
    .filter((m) => m.events.length === 0)
    .append("p")
    .attr("class", "rt-month-empty")
    .text("No events");

  // Sections are few; the cards can be many, so they go in chunks, each into its month's list.
  const cards: { list: HTMLUListElement; event: EventItem }[] = [];
  month
    .filter((m) => m.events.length > 0)
    .append("ul")
    .attr("class", "rt-cards")
    .each(function (m) {
      for (const event of m.events) cards.push({ list: this, event });
    });
  const drawCards = (slice: readonly { list: HTMLUListElement; event: EventItem }[]) => {
    for (const [list, items] of group(slice, (c) => c.list)) {
      const card = select(list)
        .selectAll(null)
        .data(items.map((c) => c.event))
        .join("li")
        .attr("class", (e) => (e.isPast ? "rt-event-card rt-past" : "rt-event-card"))
        .attr("data-title", (e) => e.title)
        .attr("data-category", (e) => e.category)
        .style("background-color", (e) => e.colour.background)
        .style("color", (e) => e.colour.text);
      card
        .append("p")
        .attr("class", "rt-card-title")
        .text((e) => e.title);
      // Type and 'Past' in words: the colour and the faded style are not the only cues.
      card
        .append("p")
        .attr("class", "rt-card-type")
        .text((e) => (e.isPast ? `${e.type} · Past` : e.type));
      const dates = card.append("p").attr("class", "rt-card-dates");
      dates
        .append("time")
        .attr("datetime", (e) => dateTimeAttr(e.start))
        .text((e) => formatDate(e.start));
      const end = dates.filter((e) => e.end !== null && e.end.iso !== e.start.iso);
      end.append("span").text(" – ");
      end
        .append("time")
        .attr("datetime", (e) => dateTimeAttr(e.end!))
        .text((e) => formatDate(e.end!));
      card
        .filter((e) => e.compound !== null)
        .append("p")
        .attr("class", "rt-card-compound")
        .text((e) => e.compound!);
    }
  };
  host.dataset.drawing = "true";
  const cancel = drawInChunks(cards, drawCards, () => delete host.dataset.drawing);
  return () => {
    cancel();
    delete host.dataset.drawing;
  };
};
