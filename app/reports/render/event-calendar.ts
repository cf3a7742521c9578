// Report 4: HH assets × 8 month columns (+ 'beyond'), under quarter and month header rows and the conference row; a
// long calendar is windowed (progressive.ts).
import { select, type BaseType, type Selection } from "d3-selection";

import { EVENT_TYPE_CATEGORIES } from "#workers/engine/constants";
import type { CalendarEvent, CalendarRow, EventCalendarModel, EventCategory, EventColour } from "#workers/engine/model";

import { appendNotes, notesOf } from "./annotations";
import { appendTableScroll, drawTableRows } from "./progressive";
import type { Renderer } from "./types";

export interface EventKeyEntry {
  type: string;
  category: EventCategory;
  colour: EventColour;
}

/** The colour key: a swatch and the type name per category, so no event is told apart by colour alone. */
export function drawEventKey(parent: Selection<HTMLDivElement, unknown, null, undefined>, entries: readonly EventKeyEntry[]) {
  const entry = parent
    .append("ul")
    .attr("class", "rt-key")
    .attr("aria-label", "Event types")
    .selectAll(null)
    .data(entries)
    .join("li")
    .attr("class", "rt-key-entry")
    .attr("data-category", (d) => d.category);
  entry
    .append("span")
    .attr("class", "rt-swatch")
    .attr("aria-hidden", "true")
    .style("background-color", (d) => d.colour.background);
  entry
    .append("span")
    .attr("class", "rt-key-label")
    .text((d) => d.type);
}

interface EventCells {
  months: CalendarEvent[][];
  beyond: CalendarEvent[];
}

/** The month cells (data-month = column index) and the 'beyond' cell of each row in `rows`, with event chips. */
function drawEventCells<E extends BaseType, R extends EventCells, P extends BaseType, PD>(rows: Selection<E, R, P, PD>) {
  const chip = rows
    .selectAll(null)
    .data((r) => [...r.months.map((events, month) => ({ events, month })), { events: r.beyond, month: null }])
    .join("td")
    .attr("data-month", (c) => c.month)
    .attr("class", (c) => (c.month === null ? "rt-beyond" : null))
    .filter((c) => c.events.length > 0)
    .append("ul")
    .attr("class", "rt-events")
    .selectAll(null)
    .data((c) => c.events)
    .join("li")
    .attr("class", "rt-event")
    .attr("data-category", (e) => e.category)
    .attr("title", (e) => `${e.name} (${e.type})`)
    .style("background-color", (e) => e.colour.background)
    .style("color", (e) => e.colour.text)
    .text((e) => e.text);
  // A cell without ', type' defaults to a type its text does not say: spell it out for screen readers too.
  chip
    .filter((e) => !e.text.includes(e.type))
    .append("span")
    .attr("class", "sr-only")
    .text((e) => `, ${e.type}`);
}

/** The widest month column (em) the longest word may ask for; a longer token (an address) wraps inside itself. */
const MAX_MONTH_EM = 14;

/**
 * Widens the month columns to the longest word of any event chip, so a chip breaks only between words
 * ("Conference", "subcutaneous" stay whole). The fixed layout keeps the month columns equal; the width is measured
 * once with a hidden chip in the table's font and set in em, so the font-size control still scales it. The engine names
 * the longest words (`longestWords`). (No layout in jsdom: the stylesheet's minimum applies.)
 */
function fitMonthsToLongestWord(table: HTMLTableElement, cell: HTMLElement, model: EventCalendarModel) {
  const longest = model.longestWords;
  if (longest.length === 0) return;
  const probe = cell.ownerDocument.createElement("span");
  probe.className = "rt-event rt-event-probe";
  cell.append(probe);
  let widest = 0;
  for (const word of longest) {
    probe.textContent = word;
    widest = Math.max(widest, probe.getBoundingClientRect().width);
  }
  probe.remove();
  const style = getComputedStyle(cell);
  const fontPx = Number.parseFloat(getComputedStyle(table).fontSize);
  const padding = Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.paddingRight);
  if (!(widest > 0 && fontPx > 0)) return;
  table.style.setProperty("--rt-month-min", `${Math.min(MAX_MONTH_EM, (widest + padding + 2) / fontPx).toFixed(2)}em`);
}

export const renderEventCalendar: Renderer<EventCalendarModel> = (host, model) => {
  host.replaceChildren();
  const root = select(host).append("div").attr("class", "rt-calendar-report");
  drawEventKey(
    root,
    Object.entries(EVENT_TYPE_CATEGORIES).map(([type, category]) => ({ type, category, colour: model.eventColours[category] })),
  );
  const scroller = appendTableScroll(root, "Event calendar");
  const table = scroller.append("table").attr("class", "rt-table rt-calendar");
  const months = model.months.map((m) => m.label);
  table
    .append("caption")
    .attr("class", "sr-only")
    .text(
      `Event calendar: events of ${model.rows.length} high-priority assets and compounds, ${months[0]} to ${months[months.length - 1]} and beyond`,
    );
  // Column groups make the quarter headers' scope="colgroup" resolvable. A <col> for each column, not a span: the
  // image export copies computed widths into its copy of the page, and a group's width there would go to each column.
  table
    .selectAll(null)
    .data([1, ...model.quarters.map((q) => q.span), 1])
    .join("colgroup")
    .selectAll(null)
    .data((span) => Array.from({ length: span }))
    .join("col");

  const thead = table.append("thead");
  const quarterRow = thead.append("tr").attr("class", "rt-quarter-row");
  quarterRow.append("td");
  quarterRow
    .selectAll(null)
    .data(model.quarters)
    .join("th")
    .attr("scope", "colgroup")
    .attr("colspan", (q) => q.span)
    .text((q) => q.label);
  quarterRow.append("td");
  const monthRow = thead.append("tr").attr("class", "rt-month-row");
  monthRow.append("th").attr("scope", "col").attr("class", "rt-col-product").text("Product");
  monthRow
    .selectAll(null)
    .data(months)
    .join("th")
    .attr("scope", "col")
    .attr("data-month", (_, i) => i)
    .text((label) => label);
  monthRow.append("th").attr("scope", "col").attr("class", "rt-beyond").text("Events beyond 6-month Timeframe");
  table.style("--rt-months", model.months.length);
  fitMonthsToLongestWord(table.node()!, monthRow.select<HTMLElement>("th[data-month]").node()!, model);
  // In thead so it repeats on every printed page, like the other header rows.
  const conferences = thead
    .append("tr")
    .datum<EventCells>({ months: model.conferences, beyond: model.conferencesBeyond })
    .attr("class", "rt-conference-row");
  conferences.append("th").attr("scope", "row").text("Conferences");
  drawEventCells(conferences);

  const tbody = table.append("tbody");
  const notes = notesOf(model);
  const drawRows = (body: Selection<HTMLTableSectionElement, unknown, null, undefined>, slice: readonly CalendarRow[]) => {
    const rows = body
      .selectAll(null)
      .data(slice)
      .join("tr")
      .attr("data-product", (r) => r.product);
    const head = rows.append("th").attr("scope", "row").attr("class", "rt-col-product");
    // A row the sheet does not have: a compound (or none) of the console's events.
    head.filter((r) => r.sheetRow === null).attr("title", "Events from the Events List");
    head
      .append("span")
      .attr("class", "rt-product")
      .text((r) => r.name)
      .call(appendNotes, (r: CalendarRow) => notes(r.sheetRow === null ? [] : [r.sheetRow]));
    head
      .append("span")
      .attr("class", "rt-company")
      .text((r) => r.company);
    head
      .filter((r) => r.moa !== "")
      .append("span")
      .attr("class", "rt-moa")
      .text((r) => r.moa);
    drawEventCells(rows);
  };
  return drawTableRows({
    host,
    scroller: scroller.node()!,
    table: table.node()!,
    body: tbody.node()!,
    rows: model.rows,
    draw: drawRows,
    // A row is several chips tall: 10 fill the box's first screen, and the first frame lays them out with the page
    // around them (50 rows: 2,100 objects, 50 ms of the 50k bench sheet's longest task).
    firstRows: 10,
  });
};
