// Reports 2, 3 and 4 share the same selection: priority filter, launch date, duplicates keep the later launch.
import { COLUMNS } from "../columns";
import { KEPT_PRIORITIES, TIMELINE_START_YEAR, type Priority } from "../constants";
import type { BuildContext } from "../context";
import { dateKey, parseDate, type DateValue } from "../dates";
import type { TimelineChartModel, TimelineItem, TimelineTableModel, TimelineTableRow } from "../model";
import { buildLegend, parsePriority, resolveDuplicates } from "../rules";
import { compareNames, normKey, orNull } from "../text";

interface Selected {
  row: number;
  priority: Priority;
  launch: DateValue | null;
}

/** Keeps rows whose priority is in `kept` and whose launch date reads; the rest are left behind. Among the kept,
 *  rows with the same product, company, condition and segment keep the later launch, the other is
 *  Duplicated=Yes. `launchRequired: false` (event calendar) accepts an empty launch date. */
export function selectTimelineRows(ctx: BuildContext, kept: readonly Priority[], launchRequired: boolean): Selected[] {
  const { rows, nonEmpty } = ctx.sheet;
  const keptSet = new Set<string>(kept);
  const keptList = kept.join(", ");
  const candidates: Selected[] = [];
  const hasLaunch = ctx.has("estLaunch");
  for (let i = 0; i < rows.length; i++) {
    if (!nonEmpty[i]) continue;
    const hmlText = ctx.text(i, "hml");
    const priority = parsePriority(hmlText);
    if (!priority || !keptSet.has(priority)) {
      ctx.reject(
        i,
        "left-behind",
        hmlText
          ? `Left behind because priority '${hmlText}' is not shown in this report (shown: ${keptList})`
          : `Left behind because ${COLUMNS.hml} is empty (shown: ${keptList})`,
        "hml",
        hmlText || null,
      );
      continue;
    }
    if (!ctx.text(i, "product")) {
      ctx.rejectValue(i, "product", "");
      continue;
    }
    let launch: DateValue | null = null;
    if (hasLaunch) {
      const launchText = ctx.text(i, "estLaunch");
      const parsed = parseDate(ctx.cell(i, "estLaunch"));
      if (parsed.ok) launch = parsed.value;
      else if (!parsed.blank || launchRequired) {
        ctx.reject(
          i,
          "left-behind",
          parsed.blank
            ? `Left behind because ${COLUMNS.estLaunch} is empty`
            : `Left behind because the launch date '${launchText}' could not be read (${parsed.reason})`,
          "estLaunch",
          launchText || null,
        );
        continue;
      }
    }
    candidates.push({ row: i, priority, launch });
  }
  const keys = candidates.map(
    (c) =>
      `${normKey(ctx.text(c.row, "product"))}\u0000${normKey(ctx.text(c.row, "company"))}\u0000` +
      `${normKey(ctx.text(c.row, "condition"))}\u0000${normKey(ctx.text(c.row, "segment"))}`,
  );
  const lostTo = resolveDuplicates(
    keys,
    candidates.map((c) => (c.launch ? dateKey(c.launch) : null)),
    "later",
  );
  const out: Selected[] = [];
  candidates.forEach((c, k) => {
    if (lostTo[k] < 0) return void out.push(c);
    const keptRow = ctx.sheetRow(candidates[lostTo[k]].row);
    ctx.reject(
      c.row,
      "duplicate",
      `Duplicated=Yes: same ${COLUMNS.product}, ${COLUMNS.company}, ${COLUMNS.condition} and ${COLUMNS.segment} as ` +
        `row ${keptRow}, which has the later launch date; left behind`,
      null,
      null,
      keptRow,
    );
  });
  return out;
}

function byLaunchThenProduct<T extends { launch: DateValue; product: string }>(a: T, b: T): number {
  return a.launch.iso < b.launch.iso ? -1 : a.launch.iso > b.launch.iso ? 1 : compareNames(a.product, b.product);
}

export function buildTimelineChart(ctx: BuildContext, options: { startAtFirstLaunch?: boolean }): TimelineChartModel {
  const selected = selectTimelineRows(ctx, KEPT_PRIORITIES["timeline-chart"], true);
  const items: TimelineItem[] = selected.map((s) => ({
    sheetRow: ctx.sheetRow(s.row),
    product: ctx.text(s.row, "product"),
    company: ctx.text(s.row, "company"),
    moa: ctx.text(s.row, "moa"),
    condition: ctx.text(s.row, "condition"),
    segment: ctx.text(s.row, "segment"),
    priority: s.priority as TimelineItem["priority"],
    launch: s.launch!,
    legendIndex: 0,
    colour: "",
  }));
  items.sort(byLaunchThenProduct);
  const legend = buildLegend(items.map((it) => it.company || "(no company)"));
  items.forEach((it, k) => {
    it.legendIndex = Math.min(legend.indexOf[k], legend.entries.length - 1);
    it.colour = legend.entries[it.legendIndex]?.colour ?? "";
  });
  // Items are in launch order. The axis starts at 2019 or at an earlier first launch (spec), or at the first launch
  // when the viewer asks; it ends at the last launch.
  const first = items[0]?.launch.year ?? TIMELINE_START_YEAR;
  const startYear = options.startAtFirstLaunch ? first : Math.min(first, TIMELINE_START_YEAR);
  const endYear = Math.max(items.at(-1)?.launch.year ?? startYear, startYear);
  return {
    ...ctx.base("timeline-chart", items.length),
    startYear,
    endYear,
    items,
    legendBy: "company",
    legend: legend.entries,
  };
}

const TABLE_OPTIONAL = ["us", "eu", "japan", "restOfWorld", "estLaunchCountry", "launchAssumptions"] as const;

export function buildTimelineTable(ctx: BuildContext): TimelineTableModel {
  const selected = selectTimelineRows(ctx, KEPT_PRIORITIES["timeline-table"], true);
  const rows: TimelineTableRow[] = selected.map((s) => ({
    sheetRow: ctx.sheetRow(s.row),
    product: ctx.text(s.row, "product"),
    company: ctx.text(s.row, "company"),
    moa: ctx.text(s.row, "moa"),
    priority: s.priority as TimelineTableRow["priority"],
    launch: s.launch!,
    us: orNull(ctx.text(s.row, "us")),
    eu: orNull(ctx.text(s.row, "eu")),
    japan: orNull(ctx.text(s.row, "japan")),
    restOfWorld: orNull(ctx.text(s.row, "restOfWorld")),
    estLaunchCountry: orNull(ctx.text(s.row, "estLaunchCountry")),
    launchAssumptions: orNull(ctx.text(s.row, "launchAssumptions")),
  }));
  rows.sort(byLaunchThenProduct);
  return {
    ...ctx.base("timeline-table", rows.length),
    optionalColumns: TABLE_OPTIONAL.filter((id) => ctx.has(id)).map((id) => COLUMNS[id]),
    rows,
  };
}
