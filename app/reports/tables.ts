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
  rows: string[][];
  /** The dates the engine used, by column name, row by row (null where it has none): the workbook writes them as
   *  dates, beside the text shown. */
  dates?: Record<string, Array<DateValue | null>>;
  /** The events of each cell of `rows` where it holds events (the calendar), so the page can show their type's
   *  colour; `rows` has the same events as text (the deck's table). */
  events?: CalendarEvent[][][];
}

const events = (list: CalendarEvent[]) => list.map((e) => e.text).join("; ");
const present = (value: string | null | undefined) => value ?? "";

export function reportTables(model: ReportModel): ReportTable[] {
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
  /** Compared with an earlier version: a last column saying what changed in each row (`records`: its sheet rows). */
  const changed = (table: ReportTable, records: ReadonlyArray<readonly number[]>): ReportTable => {
    if (!model.changes) return table;
    return {
      ...table,
      columns: [...table.columns, `Changed since ${formatDay(model.changes.since)}`],
      rows: table.rows.map((row, i) => [
        ...row,
        notes(records[i] ?? [])
          .changes.map((c) => c.text)
          .join("; "),
      ]),
      events: table.events?.map((cells) => [...cells, []]),
    };
  };
  switch (model.type) {
    case "landscape-type-1":
      return [
        changed(
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
            rows: model.columns.flatMap((column) =>
              column.boxes.map((b) => [
                column.label,
                slipped(b.product, b.sheetRows),
                b.company,
                b.moa,
                b.segments.join(", "),
                moved(flaggedDate(b.launch, b.launchText), b.sheetRows, "launch"),
                b.priority,
                b.isNew ? "New" : "",
                ...(model.variant === "modality" ? [present(b.modality)] : []),
              ]),
            ),
            dates: { "Est. Launch": model.columns.flatMap((column) => column.boxes.map((b) => b.launch)) },
          },
          model.columns.flatMap((column) => column.boxes.map((b) => b.sheetRows)),
        ),
      ];
    case "timeline-chart": {
      const itemName = distinctNames(model.items);
      return [
        changed(
          {
            caption: `Launches ${model.startYear}–${model.endYear}`,
            key: { label: "Companies", entries: model.legend.map((e) => ({ label: `${e.label} (${e.count})`, background: e.colour })) },
            columns: ["Est. Launch", "Product", "Company", "MOA", "Segment", "Priority"],
            rows: model.items.map((i) => [
              moved(date(i.launch), [i.sheetRow], "launch"),
              slipped(itemName(i), [i.sheetRow]),
              i.company,
              i.moa,
              i.segment,
              i.priority,
            ]),
            dates: { "Est. Launch": model.items.map((i) => i.launch) },
          },
          model.items.map((i) => [i.sheetRow]),
        ),
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
        changed(
          {
            caption: "Launch timeline",
            columns: ["Product", "Company", "MOA", "Priority", "Est. Launch", ...shown.map(([name]) => name)],
            rows: model.rows.map((r) => [
              slipped(r.product, [r.sheetRow]),
              r.company,
              r.moa,
              r.priority,
              moved(date(r.launch), [r.sheetRow], "launch"),
              ...shown.map(([, get]) => present(get(r))),
            ]),
            dates: { "Est. Launch": model.rows.map((r) => r.launch) },
          },
          model.rows.map((r) => [r.sheetRow]),
        ),
      ];
    }
    case "event-calendar": {
      return [
        changed(
          {
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
            rows: [
              ["Conferences", "", ...model.conferences.map(events), events(model.conferencesBeyond)],
              ...model.rows.map((r) => [
                slipped(r.name, r.sheetRow === null ? [] : [r.sheetRow]),
                r.company,
                ...r.months.map(events),
                events(r.beyond),
              ]),
            ],
            events: [[[], [], ...model.conferences, model.conferencesBeyond], ...model.rows.map((r) => [[], [], ...r.months, r.beyond])],
          },
          [[], ...model.rows.map((r) => (r.sheetRow === null ? [] : [r.sheetRow]))],
        ),
      ];
    }
    case "landscape-type-2":
      return [
        changed(
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
            rows: model.lotColumns.flatMap((column) =>
              column.trials.map((t) => [
                column.lot,
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
              ]),
            ),
            dates: { "Primary Completion Date": model.lotColumns.flatMap((column) => column.trials.map((t) => t.primaryCompletion)) },
          },
          model.lotColumns.flatMap((column) => column.trials.map((t) => [t.sheetRow])),
        ),
      ];
    case "landscape-type-3":
      return [
        changed(
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
            rows: model.focusAreas.flatMap((area) =>
              area.cells.flatMap((cards, i) =>
                cards.map((c) => [
                  area.focusArea,
                  model.phaseColumns[i]!.label,
                  slipped(c.product, [c.sheetRow]),
                  c.company,
                  c.moa,
                  c.phaseText,
                  c.establishedBiomarker,
                  c.exploratoryBiomarker,
                ]),
              ),
            ),
          },
          model.focusAreas.flatMap((area) => area.cells.flatMap((cards) => cards.map((c) => [c.sheetRow]))),
        ),
      ];
    case "events-2":
      return [
        {
          caption: "Events",
          columns: ["Quarter", "Month", "Title", "Type", "Start", "End", "Compound"],
          rows: model.quarters.flatMap((q) =>
            q.months.flatMap((m) =>
              m.events.map((e) => [q.label, m.label, e.title, e.type, date(e.start), date(e.end), present(e.compound)]),
            ),
          ),
          dates: {
            Start: model.quarters.flatMap((q) => q.months.flatMap((m) => m.events.map((e) => e.start))),
            End: model.quarters.flatMap((q) => q.months.flatMap((m) => m.events.map((e) => e.end))),
          },
        },
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
  return { caption: "Invalid Records", columns: ["Row", "Reason"], rows: records.map((r) => [String(r.sheetRow), r.reason]) };
}
