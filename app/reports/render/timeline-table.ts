// Report 3: one table row per asset, in launch order, appended in chunks.
import { select } from "d3-selection";
import type { TimelineTableModel, TimelineTableRow } from "#workers/engine/model";
import { dateTimeAttr, formatDate } from "~/utils/dates";
import { drawInChunks } from "./progressive";
import type { Renderer } from "./types";

/** Optional columns (spec spelling, as in model.optionalColumns) → row field. */
const OPTIONAL: Record<string, "us" | "eu" | "japan" | "restOfWorld" | "estLaunchCountry" | "launchAssumptions"> = {
  US: "us",
  EU: "eu",
  Japan: "japan",
  "Rest of World": "restOfWorld",
  "Est.Launch Country": "estLaunchCountry",
  "Launch Assumptions": "launchAssumptions",
};

interface Column {
  label: string;
  className: string;
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
    { label: "Product", className: "rt-col-product", text: (r) => r.product },
    { label: "Company", className: "rt-col-company", text: (r) => r.company },
    { label: "MOA", className: "rt-col-moa", text: (r) => r.moa },
    { label: "H/M/L", className: "rt-col-priority", text: (r) => r.priority },
    { label: "Est. Launch", className: "rt-col-launch", text: (r) => formatDate(r.launch), launch: true },
    ...model.optionalColumns
      .filter((label) => label in OPTIONAL)
      .map((label) => ({ label, className: slug(label), text: (r: TimelineTableRow) => r[OPTIONAL[label]] ?? "" })),
  ];
  const table = root
    .append("div")
    .attr("class", "rt-table-scroll")
    .attr("tabindex", 0)
    .attr("role", "group")
    .attr("aria-label", "Timeline table")
    .append("table")
    .attr("class", "rt-table rt-timeline-table");
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

  const drawRows = (slice: readonly TimelineTableRow[]) => {
    tbody
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
      .each(function ({ col, row }) {
        const cell = select(this);
        if (col.launch) cell.append("time").attr("datetime", dateTimeAttr(row.launch)).text(col.text(row));
        else cell.text(col.text(row));
      });
  };
  host.dataset.drawing = "true";
  const cancel = drawInChunks(model.rows, drawRows, () => delete host.dataset.drawing);
  return () => {
    cancel();
    delete host.dataset.drawing;
  };
};
