// Report 4 (event-calendar): HH assets × the 8 month columns before 'Events beyond 6-month Timeframe', with the
// console's events of the disease put in the same columns.
import { CALENDAR_LONGEST_WORDS, CALENDAR_MONTH_COLUMNS, EVENT_COLOURS, KEPT_PRIORITIES } from "../constants";
import type { BuildContext } from "../context";
import { parseMonthLabel, quarterOfMonth } from "../dates";
import type { CalendarEvent, CalendarMonth, CalendarQuarterGroup, CalendarRow, EngineEventInput, EventCalendarModel } from "../model";
import { distinctNames } from "../names";
import { eventColour, parseEventCell, type ParsedEvent } from "../rules";
import type { Cell } from "../sheet";
import { normKey } from "../text";
import { readConsoleEvents } from "./console-events";
import { selectTimelineRows } from "./timeline";

function toEvent(e: ParsedEvent, conference = false): CalendarEvent {
  const category = conference ? "conference" : e.category;
  return {
    text: e.text,
    name: e.name,
    type: conference && e.type === "Trial" ? "Conference" : e.type,
    category,
    colour: eventColour(category),
  };
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

/** The title given to the row of console events that name no compound. */
export const OTHER_EVENTS_ROW = "Other events";

/** A row before it is named (once every row, the console's included, is known). */
type UnnamedRow = Omit<CalendarRow, "name">;

/**
 * The console's events (admin-console §3) put into the calendar's columns, as the sheet's own cells are: a month
 * column whose month and year the event starts in, or 'beyond' for an event after the last month column; an event
 * before the first is past the calendar's window and not shown. A Conference goes to the conference row; another
 * event to its compound's row (the HH asset whose product name is one of the compound's names), or to a row of its
 * own for a compound with none, or to 'Other events' when it names no compound. Each is shown as a sheet's cell is,
 * "title, type" — once: an event the sheet already shows in that place (by name) is not repeated.
 */
function mergeConsoleEvents(
  events: readonly EngineEventInput[] | undefined,
  months: readonly CalendarMonth[],
  into: { conferences: CalendarEvent[][]; conferencesBeyond: CalendarEvent[]; rows: UnnamedRow[] },
) {
  const keyOf = (m: { year: number | null; month: number | null }) => (m.year === null || m.month === null ? null : m.year * 12 + m.month);
  const keys = months.map(keyOf);
  const last = Math.max(...keys.map((k) => k ?? -Infinity));
  if (last === -Infinity) return;
  // A sheet names a product as "lecanemab (Leqembi)": each part finds it.
  const rowByName = new Map<string, UnnamedRow>();
  for (const row of into.rows) {
    for (const name of [row.product, ...row.product.split(/[()]/)]) {
      const key = normKey(name);
      if (key && !rowByName.has(key)) rowByName.set(key, row);
    }
  }
  const added: UnnamedRow[] = [];
  const rowFor = (product: string, company: string) => {
    const known = rowByName.get(normKey(product));
    if (known) return known;
    const row: UnnamedRow = {
      sheetRow: null,
      product,
      company,
      moa: "",
      segment: "",
      launch: null,
      months: months.map(() => []),
      beyond: [],
    };
    rowByName.set(normKey(product), row);
    added.push(row);
    return row;
  };
  for (const e of readConsoleEvents(events).items) {
    const key = e.start.year * 12 + e.start.month;
    const column = key > last ? "beyond" : keys.indexOf(key);
    if (column === -1) continue;
    const category = e.category;
    const event: CalendarEvent = { text: `${e.title}, ${e.type}`, name: e.title, type: e.type, category, colour: eventColour(category) };
    let cells: { months: CalendarEvent[][]; beyond: CalendarEvent[] };
    if (category === "conference") cells = { months: into.conferences, beyond: into.conferencesBeyond };
    else if (!e.compound) cells = rowFor(OTHER_EVENTS_ROW, "");
    else {
      const sheetRow = e.compoundNames.map((n) => rowByName.get(normKey(n))).find(Boolean);
      cells = sheetRow ?? rowFor(e.compound, e.company);
    }
    // The sheet may list the same event in the same place: shown once.
    const cell = column === "beyond" ? cells.beyond : cells.months[column];
    if (!cell.some((shown) => normKey(shown.name) === normKey(e.title))) cell.push(event);
  }
  // Compounds' own rows by name, 'Other events' last, after the sheet's assets.
  added.sort(
    (a, b) => Number(a.product === OTHER_EVENTS_ROW) - Number(b.product === OTHER_EVENTS_ROW) || a.product.localeCompare(b.product),
  );
  into.rows.push(...added);
}

export function buildEventCalendar(ctx: BuildContext, options: { now?: Date; events?: readonly EngineEventInput[] }): EventCalendarModel {
  const beyondCol = ctx.header.col.eventsBeyond;
  const monthCols = Array.from({ length: CALENDAR_MONTH_COLUMNS }, (_, k) => beyondCol - CALENDAR_MONTH_COLUMNS + k);
  const headerCells = monthCols.map((c) => ctx.header.names[c] ?? "");
  const months = calendarMonths(headerCells, options.now ?? new Date());
  const { rows } = ctx.sheet;
  const eventsOf = (i: number, c: number, conference = false) => parseEventCell(rows[i][c]).map((e) => toEvent(e, conference));

  // The sheet's Conference rows make one header row. A conference two of them name in the same column is one
  // conference, shown once (as a console event the sheet already shows is, below): a sheet repeating its conference
  // rows gave the 50k-row bench sheet 908 chips in one row, three names repeated.
  const conferences: CalendarEvent[][] = monthCols.map(() => []);
  const conferencesBeyond: CalendarEvent[] = [];
  const cells = [...conferences, conferencesBeyond];
  const named = cells.map(() => new Set<string>());
  const conferenceRow = ctx.sheet.conference;
  for (let i = 0; i < rows.length; i++) {
    if (!conferenceRow[i]) continue;
    [...monthCols, beyondCol].forEach((c, k) => {
      for (const event of eventsOf(i, c, true)) {
        const key = normKey(event.name);
        if (named[k].has(key)) continue;
        named[k].add(key);
        cells[k].push(event);
      }
    });
  }

  const selected = selectTimelineRows(ctx, KEPT_PRIORITIES["event-calendar"], false);
  const calendarRows: UnnamedRow[] = selected.map((s) => ({
    sheetRow: ctx.sheetRow(s.row),
    product: ctx.text(s.row, "product"),
    company: ctx.text(s.row, "company"),
    moa: ctx.text(s.row, "moa"),
    segment: ctx.text(s.row, "segment"),
    launch: s.launch,
    months: monthCols.map((c) => eventsOf(s.row, c)),
    beyond: eventsOf(s.row, beyondCol),
  }));
  mergeConsoleEvents(options.events, months, { conferences, conferencesBeyond, rows: calendarRows });
  const name = distinctNames(calendarRows);
  return {
    ...ctx.base("event-calendar", calendarRows.length),
    months,
    quarters: quarterGroups(months),
    conferences,
    conferencesBeyond,
    rows: calendarRows.map((row) => ({ ...row, name: name(row) })),
    eventColours: { ...EVENT_COLOURS },
    longestWords: longestWords([{ months: conferences, beyond: conferencesBeyond }, ...calendarRows], CALENDAR_LONGEST_WORDS),
  };
}

/**
 * The `count` longest distinct words of the chips' texts, longest first (of equal lengths, the first met), in one pass
 * that splits each distinct text once and skips one shorter than the shortest word kept (collecting and sorting every
 * word of a 50k-row calendar on the page took 0.13 s of its first drawing's task).
 */
export function longestWords(rows: ReadonlyArray<Pick<CalendarRow, "months" | "beyond">>, count: number): string[] {
  const longest: string[] = [];
  const seen = new Set<string>();
  const consider = (text: string) => {
    if ((longest.length === count && text.length <= longest[count - 1]!.length) || seen.has(text)) return;
    seen.add(text);
    for (const word of text.split(/\s+/)) {
      if (longest.length === count && word.length <= longest[count - 1]!.length) continue;
      if (longest.includes(word)) continue;
      let at = longest.length;
      while (at > 0 && longest[at - 1]!.length < word.length) at--;
      longest.splice(at, 0, word);
      if (longest.length > count) longest.pop();
    }
  };
  for (const row of rows) {
    for (const month of row.months) for (const event of month) consider(event.text);
    for (const event of row.beyond) consider(event.text);
  }
  return longest;
}
