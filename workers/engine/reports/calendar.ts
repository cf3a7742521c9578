// Report 4 (event-calendar): HH assets × the 8 month columns before 'Events beyond 6-month Timeframe'.
import { CALENDAR_MONTH_COLUMNS, EVENT_COLOURS, KEPT_PRIORITIES } from "../constants";
import type { BuildContext } from "../context";
import { parseMonthLabel, quarterOfMonth } from "../dates";
import type { CalendarEvent, CalendarMonth, CalendarQuarterGroup, CalendarRow, EventCalendarModel } from "../model";
import { eventColour, parseEventCell, type ParsedEvent } from "../rules";
import type { Cell } from "../sheet";
import { selectTimelineRows } from "./timeline";

function toEvent(e: ParsedEvent, conference = false): CalendarEvent {
  const category = conference ? "conference" : e.category;
  return { text: e.text, name: e.name, type: conference && e.type === "Trial" ? "Conference" : e.type, category, colour: eventColour(category) };
}

/** Month columns from their header texts. A bare month name takes its year from the previous month column
 *  (rolling over after December), or from `now` for the first one. */
function calendarMonths(labels: readonly Cell[], now: Date): CalendarMonth[] {
  const out: CalendarMonth[] = [];
  let prev: { year: number; month: number } | null = null;
  for (const cell of labels) {
    const label = typeof cell === "string" ? cell.trim() : cell === null || cell === undefined ? "" : String(cell);
    const parsed = parseMonthLabel(cell);
    if (!parsed) {
      out.push({ label, year: null, month: null, quarter: null });
      continue;
    }
    let year = parsed.year;
    if (year === null) year = prev ? (parsed.month < prev.month ? prev.year + 1 : prev.year) : now.getUTCFullYear();
    prev = { year, month: parsed.month };
    out.push({ label, year, month: parsed.month, quarter: quarterOfMonth(parsed.month) });
  }
  return out;
}

/** Consecutive month columns of the same quarter and year form one header group. */
function quarterGroups(months: readonly CalendarMonth[]): CalendarQuarterGroup[] {
  const groups: CalendarQuarterGroup[] = [];
  months.forEach((m, i) => {
    const label = m.quarter === null ? "" : `Q${m.quarter}${m.year === null ? "" : ` ${m.year}`}`;
    const last = groups[groups.length - 1];
    if (last && last.label === label && label !== "") last.span++;
    else groups.push({ label, start: i, span: 1 });
  });
  return groups;
}

export function buildEventCalendar(ctx: BuildContext, options: { now?: Date }): EventCalendarModel {
  const beyondCol = ctx.header.col.eventsBeyond;
  const monthCols = Array.from({ length: CALENDAR_MONTH_COLUMNS }, (_, k) => beyondCol - CALENDAR_MONTH_COLUMNS + k);
  const headerCells = monthCols.map((c) => ctx.header.names[c] ?? "");
  const months = calendarMonths(headerCells, options.now ?? new Date());
  const { rows } = ctx.sheet;
  const eventsOf = (i: number, c: number, conference = false) => parseEventCell(rows[i][c]).map((e) => toEvent(e, conference));

  const conferences: CalendarEvent[][] = monthCols.map(() => []);
  const conferencesBeyond: CalendarEvent[] = [];
  const conferenceRow = ctx.sheet.conference;
  for (let i = 0; i < rows.length; i++) {
    if (!conferenceRow[i]) continue;
    monthCols.forEach((c, k) => conferences[k].push(...eventsOf(i, c, true)));
    conferencesBeyond.push(...eventsOf(i, beyondCol, true));
  }

  const selected = selectTimelineRows(ctx, KEPT_PRIORITIES["event-calendar"], false);
  const calendarRows: CalendarRow[] = selected.map((s) => ({
    sheetRow: ctx.sheetRow(s.row),
    product: ctx.text(s.row, "product"),
    company: ctx.text(s.row, "company"),
    moa: ctx.text(s.row, "moa"),
    launch: s.launch,
    months: monthCols.map((c) => eventsOf(s.row, c)),
    beyond: eventsOf(s.row, beyondCol),
  }));
  return {
    ...ctx.base("event-calendar", calendarRows.length),
    months,
    quarters: quarterGroups(months),
    conferences,
    conferencesBeyond,
    rows: calendarRows,
    eventColours: { ...EVENT_COLOURS },
  };
}
