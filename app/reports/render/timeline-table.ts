// Report 3: one table row per asset, in launch order; a long table is windowed (progressive.ts).
import { select, type Selection } from "d3-selection";

import type { TimelineTableModel, TimelineTableRow } from "#workers/engine/model";
import { dateTimeAttr, formatDate, placedAt } from "~/utils/dates";

import { appendNotes, notesOf } from "./annotations";
import { appendTableScroll, drawTableRows } from "./progressive";
import type { Renderer } from "./types";

/** Optional columns (spec spelling, as in model.optionalColumns) → row field. */
const OPTIONAL: Record<string, { field: "us" | "eu" | "japan" | "restOfWorld" | "estLaunchCountry" | "launchAssumptions"; width: number }> =
  {
    US: { field: "us", width: 7 },
    EU: { field: "eu", width: 7 },
    Japan: { field: "japan", width: 7 },
    "Rest of World": { field: "restOfWorld", width: 7 },
    "Est.Launch Country": { field: "estLaunchCountry", width: 9 },
    "Launch Assumptions": { field: "launchAssumptions", width: 18 },
  };

interface Column {
  label: string;
  className: string;
  /** In em: the table has a fixed layout, so a window of rows does not change the column widths as it scrolls. */
  width: number;
  text: (row: TimelineTableRow) => string;
  /** Set on the launch column: the cell holds a `<time>`. */
  launch?: true;
}

const slug = (label: string) => `rt-col-${label.toLowerCase().replace(/[^a-z]+/g, "-")}`;

export const renderTimelineTable: Renderer<TimelineTableModel> = (host, model) => {
  host.replaceChildren();
  const root = select(host);
  if (model.rows.length === 0) {
    root.append("p").attr("class", "rt-empty").text("No assets to show.");
    return () => {};
  }
  const columns: Column[] = [
    { label: "Product", className: "rt-col-product", width: 14, text: (r) => r.product },
    { label: "Company", className: "rt-col-company", width: 11, text: (r) => r.company },
    { label: "MOA", className: "rt-col-moa", width: 14, text: (r) => r.moa },
    { label: "H/M/L", className: "rt-col-priority", width: 6, text: (r) => r.priority },
    { label: "Est. Launch", className: "rt-col-launch", width: 7.5, text: (r) => formatDate(r.launch), launch: true },
    ...model.optionalColumns
      .filter((label) => label in OPTIONAL)
      .map((label) => ({
        label,
        className: slug(label),
        width: OPTIONAL[label].width,
        text: (r: TimelineTableRow) => r[OPTIONAL[label].field] ?? "",
      })),
  ];
  const scroller = appendTableScroll(root, "Timeline table");
  const table = scroller
    .append("table")
    .attr("class", "rt-table rt-timeline-table")
    .style("min-width", `${columns.reduce((sum, c) => sum + c.width, 0)}em`);
  table
    .append("colgroup")
    .selectAll(null)
    .data(columns)
    .join("col")
    .style("width", (c) => `${c.width}em`);
  table.append("caption").attr("class", "sr-only").text(`Timeline table: ${model.rows.length} assets by estimated launch date`);
  table
    .append("thead")
    .append("tr")
    .selectAll(null)
    .data(columns)
    .join("th")
    .attr("scope", "col")
    .attr("class", (c) => c.className)
    .text((c) => c.label);
  const tbody = table.append("tbody");
  const doc = host.ownerDocument;
  const notes = notesOf(model);

  const drawRows = (body: Selection<HTMLTableSectionElement, unknown, null, undefined>, slice: readonly TimelineTableRow[]) => {
    body
      .selectAll(null)
      .data(slice)
      .join("tr")
      .attr("data-product", (r) => r.product)
      .selectAll(null)
      .data((row) => columns.map((col, k) => ({ col, row, k })))
      // The product cell heads its row.
      .join((enter) => enter.append((d) => doc.createElement(d.k === 0 ? "th" : "td")))
      .attr("scope", (d) => (d.k === 0 ? "row" : null))
      .attr("class", (d) => d.col.className)
      .each(function ({ col, row, k }) {
        const cell = select(this);
        if (col.launch) {
          // Compared with an earlier version: a launch that moved shows where it was (old → new).
          const moved = notes([row.sheetRow]).changes.find((c) => c.kind === "launch");
          if (moved) {
            cell
              .append("del")
              .attr("class", "report-was")
              .text(moved.from ?? "no date");
            cell.append("span").attr("aria-hidden", "true").text(" → ");
          }
          const time = cell.append("time").attr("datetime", dateTimeAttr(row.launch)).text(col.text(row));
          const placed = placedAt(row.launch);
          if (placed) time.attr("title", placed);
        } else cell.text(col.text(row));
        // The product cell carries the numbers of the row's footnotes.
        if (k === 0) appendNotes(select(this as HTMLElement), () => notes([row.sheetRow]));
      });
  };
  return drawTableRows({ host, scroller: scroller.node()!, table: table.node()!, body: tbody.node()!, rows: model.rows, draw: drawRows });
};
