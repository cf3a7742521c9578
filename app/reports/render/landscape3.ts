// Report 6 (landscape type 3): a table of focus areas (rows) × phases (columns) holding product cards. A real
// <table>, so screen readers announce each cell with its focus area and phase.
import { sum } from "d3-array";
import { select } from "d3-selection";

import type { FocusAreaRow, Landscape3Model } from "#workers/engine/model";

import { notesOf } from "./annotations";
import { appendProduct, field, fillItems, withCount } from "./landscape1";
import type { Renderer } from "./types";

export const renderLandscape3: Renderer<Landscape3Model> = (host, model) => {
  host.replaceChildren();
  const table = select(host)
    .selectAll("div")
    .data([model])
    .join("div")
    .attr("class", "rb-board rb-landscape3")
    .attr("tabindex", 0)
    .attr("role", "group")
    .attr("aria-label", "Focus areas by phase")
    .append("table")
    .attr("class", "rb-grid");

  const headings = table.append("thead").append("tr");
  headings.append("th").attr("scope", "col").text("Focus area");
  headings
    .selectAll("th.rb-phase-heading")
    .data(model.phaseColumns)
    .join("th")
    .attr("class", "rb-phase-heading")
    .attr("scope", "col")
    .attr("data-phase", (p) => p.id)
    .text((p, i) =>
      withCount(
        p.label,
        sum(model.focusAreas, (row) => row.cells[i].length),
      ),
    );

  const rows = table
    .append("tbody")
    .selectAll("tr")
    .data(model.focusAreas)
    .join("tr")
    .attr("class", "rb-row")
    .attr("data-focus-area", (row) => row.focusArea);
  rows
    .append("th")
    .attr("class", "rb-row-heading")
    .attr("scope", "row")
    .text((row) =>
      withCount(
        row.focusArea,
        sum(row.cells, (cell) => cell.length),
      ),
    );
  const cells = rows
    .selectAll("td")
    .data((row: FocusAreaRow) => row.cells.map((cards, i) => ({ phase: model.phaseColumns[i].id, cards })))
    .join("td")
    .attr("class", "rb-cell")
    .attr("data-phase", (cell) => cell.phase);
  // Empty cells get no list: an empty list would be announced as "list, 0 items" in every blank cell.
  const lists = cells
    .filter((cell) => cell.cards.length > 0)
    .append("div")
    .attr("class", "rb-list rb-cards")
    .attr("role", "list");

  const notes = notesOf(model);
  return fillItems(
    host,
    lists.nodes(),
    lists.data().map((cell) => cell.cards),
    "rb-card",
    (card) => {
      card.attr("data-product", (c) => c.product);
      appendProduct(
        card,
        (c) => c.product,
        (c) => notes([c.sheetRow]),
      );
      field(card, "rb-company", "Company", (c) => c.company);
      field(card, "rb-moa", "MOA", (c) => c.moa);
      field(card, "rb-phase-text", "Phase", (c) => c.phaseText);
      field(card, "rb-biomarker-established", "Established biomarker", (c) => c.establishedBiomarker);
      field(card, "rb-biomarker-exploratory", "Exploratory biomarker", (c) => c.exploratoryBiomarker);
    },
  );
};
