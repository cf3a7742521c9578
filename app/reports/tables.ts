// The report models as plain tables: what the report page shows without JavaScript (rendered on the server from
// the same engine), so every report's data stays readable when the charts cannot be drawn.
import { EVENT_TYPE_CATEGORIES } from "#workers/engine/constants";
import type { CalendarEvent, DateValue, InvalidRecord, ReportModel, ReportStats, TimelineTableRow } from "#workers/engine/model";
import { distinctNames } from "#workers/engine/names";
import { dateWithPlacement, formatDay } from "~/utils/dates";
import { SLIP_MARK, slipText } from "~/utils/registry/slips";

import { notesOf } from "./render/annotations";

/** A date as the sheet gives it, with where the engine placed it on a second line when that is not a day. */
const date = (value: DateValue | null) => (value ? dateWithPlacement(value) : "");
/** The same, and a date the engine could not read as written, flagged (the charts put a ⚠ marker on its box). */
export const flaggedDate = (value: DateValue | null, text: string) => (value ? dateWithPlacement(value) : text && `⚠ ${text} (not a date)`);

/** A colour and what it stands for: a company of the timeline (14 + Other), an event type of the calendar. */
export interface TableKeyEntry {
  label: string;
  background: string;
}

export interface ReportTable {
  caption: string;
  columns: string[];
  /** A header row above the columns grouping them (the calendar's quarters); null where a group has no heading. */
  groups?: Array<{ label: string | null; span: number }>;
  /** The colours the drawn report uses, named (a legend or key shown with the table). */
  key?: { label: string; entries: TableKeyEntry[] };
  /** The table's rows: all of them, or the window asked for (`RowWindow`). */
  rows: string[][];
  /** How many rows the table has in all. */
  count: number;
  /** The dates the engine used, by column name, row by row (null where it has none): the workbook writes them as
   *  dates, beside the text shown. */
  dates?: Record<string, Array<DateValue | null>>;
  /** The events of each cell of `rows` where it holds events (the calendar), so the page can show their type's
   *  colour; `rows` has the same events as text (the deck's table). */
  events?: CalendarEvent[][][];
}

/**
 * Which of a table's rows to make, given how many it has: all of them (the deck, the workbook), or a window (a page of
 * the no-JavaScript view, an assistant's first rows). Making every row of a 50,000-row sheet's table took the server
 * up to 0.15 s (0.3 s before the code was warm) before it could send a page that shows 100 of them.
 */
export type RowWindow = (count: number) => { from: number; to: number };
const everyRow: RowWindow = (count) => ({ from: 0, to: count });

const eventsText = (list: CalendarEvent[]) => list.map((e) => e.text).join("; ");
const present = (value: string | null | undefined) => value ?? "";

/** What makes a table of a report's items: the columns and the rest, and what each item gives. */
interface TableOf<T> extends Omit<ReportTable, "rows" | "count" | "dates" | "events"> {
  row: (item: T) => string[];
  /** The item's sheet rows (for what changed since a compared version); none for items not from the sheet. */
  records?: (item: T) => readonly number[];
  dates?: Record<string, (item: T) => DateValue | null>;
  events?: (item: T) => CalendarEvent[][];
}

/** A calendar row, or the Conferences header row above them (from every Conference row: no sheet row of its own). */
interface CalendarLine {
  name: string;
  company: string;
  months: CalendarEvent[][];
  beyond: CalendarEvent[];
  sheetRows: number[];
  header: boolean;
}

export function reportTables(model: ReportModel, window: RowWindow = everyRow): ReportTable[] {
  const notes = notesOf(model);
  /** `text` with what the charts mark on its record: the numbers of its footnotes, and the registry's primary
   *  completion moves of the trials its rows name (the ⏱ marker's tooltip). */
  const slipped = (text: string, sheetRows: readonly number[]) => {
    const { footnotes, slips } = notes(sheetRows);
    return `${text}${footnotes.length ? ` [${footnotes.join(",")}]` : ""}${slips.length ? ` ${SLIP_MARK} ${slipText(slips)}` : ""}`;
  };
  /** A date that moved since the compared version (issue 30) as old → new. */
  const moved = (text: string, sheetRows: readonly number[], kind: "launch" | "primary-completion") => {
    const change = notes(sheetRows).changes.find((c) => c.kind === kind);
    return change ? `${change.from ?? "no date"} → ${text || "no date"}` : text;
  };
  /**
   * The table of `items`, a row each, of those in the window only. Compared with an earlier version, a last column
   * says what changed in each row (its item's `records`).
   */
  const table = <T>(items: readonly T[], { row, records, dates, events, ...rest }: TableOf<T>): ReportTable => {
    const { from, to } = window(items.length);
    const shown = items.slice(from, to);
    const made: ReportTable = {
      ...rest,
      count: items.length,
      rows: shown.map(row),
      ...(dates ? { dates: Object.fromEntries(Object.entries(dates).map(([name, of]) => [name, shown.map(of)])) } : {}),
      ...(events ? { events: shown.map(events) } : {}),
    };
    if (!model.changes || !records) return made;
    return {
      ...made,
      columns: [...made.columns, `Changed since ${formatDay(model.changes.since)}`],
      rows: made.rows.map((cells, i) => [
        ...cells,
        notes(records(shown[i]!))
          .changes.map((c) => c.text)
          .join("; "),
      ]),
      events: made.events?.map((cells) => [...cells, []]),
    };
  };
  switch (model.type) {
    case "landscape-type-1":
      return [
        table(
          model.columns.flatMap((column) => column.boxes.map((box) => ({ phase: column.label, box }))),
          {
            caption: "Pipeline by phase",
            columns: [
              "Phase",
              "Product",
              "Company",
              "MOA",
              "Segment",
              "Est. Launch",
              "Priority",
              "New",
              ...(model.variant === "modality" ? ["Therapeutic Modality"] : []),
            ],
            row: ({ phase, box: b }) => [
              phase,
              slipped(b.product, b.sheetRows),
              b.company,
              b.moa,
              b.segments.join(", "),
              moved(flaggedDate(b.launch, b.launchText), b.sheetRows, "launch"),
              b.priority,
              b.isNew ? "New" : "",
              ...(model.variant === "modality" ? [present(b.modality)] : []),
            ],
            records: ({ box }) => box.sheetRows,
            dates: { "Est. Launch": ({ box }) => box.launch },
          },
        ),
      ];
    case "timeline-chart": {
      const itemName = distinctNames(model.items);
      return [
        table(model.items, {
          caption: `Launches ${model.startYear}–${model.endYear}`,
          key: { label: "Companies", entries: model.legend.map((e) => ({ label: `${e.label} (${e.count})`, background: e.colour })) },
          columns: ["Est. Launch", "Product", "Company", "MOA", "Segment", "Priority"],
          row: (i) => [
            moved(date(i.launch), [i.sheetRow], "launch"),
            slipped(itemName(i), [i.sheetRow]),
            i.company,
            i.moa,
            i.segment,
            i.priority,
          ],
          records: (i) => [i.sheetRow],
          dates: { "Est. Launch": (i) => i.launch },
        }),
      ];
    }
    case "timeline-table": {
      const optional: Array<[string, (r: TimelineTableRow) => string | null]> = [
        ["US", (r) => r.us],
        ["EU", (r) => r.eu],
        ["Japan", (r) => r.japan],
        ["Rest of World", (r) => r.restOfWorld],
        ["Est.Launch Country", (r) => r.estLaunchCountry],
        ["Launch Assumptions", (r) => r.launchAssumptions],
      ];
      const shown = optional.filter(([name]) => model.optionalColumns.includes(name));
      return [
        table(model.rows, {
          caption: "Launch timeline",
          columns: ["Product", "Company", "MOA", "Priority", "Est. Launch", ...shown.map(([name]) => name)],
          row: (r) => [
            slipped(r.product, [r.sheetRow]),
            r.company,
            r.moa,
            r.priority,
            moved(date(r.launch), [r.sheetRow], "launch"),
            ...shown.map(([, get]) => present(get(r))),
          ],
          records: (r) => [r.sheetRow],
          dates: { "Est. Launch": (r) => r.launch },
        }),
      ];
    }
    case "event-calendar": {
      const lines: CalendarLine[] = [
        { name: "Conferences", company: "", months: model.conferences, beyond: model.conferencesBeyond, sheetRows: [], header: true },
        ...model.rows.map((r) => ({ ...r, sheetRows: r.sheetRow === null ? [] : [r.sheetRow], header: false })),
      ];
      return [
        table(lines, {
          caption: "Event calendar",
          key: {
            label: "Event types",
            entries: Object.entries(EVENT_TYPE_CATEGORIES).map(([type, category]) => ({
              label: type,
              background: model.eventColours[category].background,
            })),
          },
          groups: [{ label: null, span: 2 }, ...model.quarters.map((q) => ({ label: q.label, span: q.span })), { label: null, span: 1 }],
          columns: ["Product", "Company", ...model.months.map((m) => m.label), "Events beyond 6-month Timeframe"],
          row: (l) => [l.header ? l.name : slipped(l.name, l.sheetRows), l.company, ...l.months.map(eventsText), eventsText(l.beyond)],
          records: (l) => l.sheetRows,
          events: (l) => [[], [], ...l.months, l.beyond],
        }),
      ];
    }
    case "landscape-type-2":
      return [
        table(
          model.lotColumns.flatMap((column) => column.trials.map((trial) => ({ lot: column.lot, trial }))),
          {
            caption: "Trials by line of therapy",
            columns: [
              "LOT",
              "Regimen",
              "Trial Name",
              "Trial Identifier",
              "Trial Sponsor",
              "Class",
              "Trial Phase",
              "Primary Completion Date",
              "Established Biomarker",
              "Exploratory Biomarker",
              "Recruitment status",
            ],
            row: ({ lot, trial: t }) => [
              lot,
              t.regimen,
              t.trialName,
              t.trialIdentifier,
              t.trialSponsor,
              t.class,
              t.trialPhase,
              slipped(moved(flaggedDate(t.primaryCompletion, t.primaryCompletionText), [t.sheetRow], "primary-completion"), [t.sheetRow]),
              t.establishedBiomarker,
              t.exploratoryBiomarker,
              t.recruitmentStatus,
            ],
            records: ({ trial }) => [trial.sheetRow],
            dates: { "Primary Completion Date": ({ trial }) => trial.primaryCompletion },
          },
        ),
      ];
    case "landscape-type-3":
      return [
        table(
          model.focusAreas.flatMap((area) =>
            area.cells.flatMap((cards, i) => cards.map((card) => ({ area: area.focusArea, phase: model.phaseColumns[i]!.label, card }))),
          ),
          {
            caption: "Focus areas by phase",
            columns: [
              "Focus Area",
              "Phase",
              "Product",
              "Company",
              "MOA",
              "Compound phase",
              "Established Biomarker",
              "Exploratory Biomarker",
            ],
            row: ({ area, phase, card: c }) => [
              area,
              phase,
              slipped(c.product, [c.sheetRow]),
              c.company,
              c.moa,
              c.phaseText,
              c.establishedBiomarker,
              c.exploratoryBiomarker,
            ],
            records: ({ card }) => [card.sheetRow],
          },
        ),
      ];
    case "events-2":
      return [
        table(
          model.quarters.flatMap((q) => q.months.flatMap((m) => m.events.map((event) => ({ quarter: q.label, month: m.label, event })))),
          {
            caption: "Events",
            columns: ["Quarter", "Month", "Title", "Type", "Start", "End", "Compound"],
            row: ({ quarter, month, event: e }) => [quarter, month, e.title, e.type, date(e.start), date(e.end), present(e.compound)],
            dates: { Start: ({ event }) => event.start, End: ({ event }) => event.end },
          },
        ),
      ];
    case "list":
      return [];
  }
}

/** Why a report shows nothing, as its page says it (the page links the left-out rows; the deck lists them). */
export function emptyReportText(type: string, stats: Pick<ReportStats, "invalidRecords">): string {
  if (type === "events-2") return "No events of this disease to show.";
  const left = stats.invalidRecords;
  return left === 0
    ? "No rows match this report: the sheet has no data rows."
    : `No rows match this report: ${left} ${left === 1 ? "row" : "rows"} left out`;
}

/** The rows a report's rules left out, with the reason for each (the Invalid Records table's first columns). */
export function leftOutTable(records: readonly InvalidRecord[]): ReportTable {
  return {
    caption: "Invalid Records",
    columns: ["Row", "Reason"],
    rows: records.map((r) => [String(r.sheetRow), r.reason]),
    count: records.length,
  };
}
