// Report 5 (landscape type 2): trial cards in line-of-therapy columns, drawn like the report-1 board.
import { select } from "d3-selection";

import type { Landscape2Model } from "#workers/engine/model";
import { parseLot } from "#workers/engine/rules";

import { notesOf } from "./annotations";
import { appendColumns, appendProduct, dateField, field, fillItems } from "./landscape1";
import type { Renderer } from "./types";

const ORDINALS = ["First", "Second", "Third", "Fourth", "Fifth"];

/** What a line-of-therapy code means, for the key: "1LM" → "First line, maintenance". C and M are read as
 *  consolidation and maintenance (decision 006); codes the key cannot read are left out of it. */
export function lotMeaning(lot: string): string | null {
  if (/^neoadjuvant$/i.test(lot)) return "Before surgery";
  if (/^adjuvant$/i.test(lot)) return "After surgery";
  const match = /^(\d)L([CM]?)$/i.exec(lot);
  const ordinal = match && ORDINALS[Number(match[1]) - 1];
  if (!ordinal) return null;
  const phase = { C: ", consolidation", M: ", maintenance" }[match[2]!.toUpperCase()] ?? "";
  return `${ordinal} line${phase}`;
}

export const renderLandscape2: Renderer<Landscape2Model> = (host, model) => {
  host.replaceChildren();
  const board = select(host).selectAll("div").data([model]).join("div").attr("class", "rb-board rb-landscape2");
  // The codes in the column headings and on the cards (combined columns hold several), in the spec's LOT order: a
  // combined column's cards are in class order, which can put 1LM before 1LC.
  const rank = (lot: string) => parseLot(lot)?.rank ?? Number.MAX_SAFE_INTEGER;
  const used = new Set<string>();
  for (const column of model.lotColumns) {
    used.add(column.lot);
    for (const trial of column.trials) used.add(trial.lot); // a loop: 30k trials spread into arrays took ~10 ms
  }
  const codes = [...used].sort((a, b) => rank(a) - rank(b));
  const key = codes.flatMap((lot) => {
    const meaning = lotMeaning(lot);
    return meaning && meaning.toLowerCase() !== lot.toLowerCase() ? [{ lot, meaning }] : [];
  });
  if (key.length > 0) {
    const entry = board
      .append("dl")
      .attr("class", "rb-legend rb-lot-key")
      .attr("aria-label", "Line-of-therapy key")
      .selectAll("div")
      .data(key)
      .join("div")
      .attr("class", "rb-legend-item");
    entry.append("dt").text((d) => d.lot);
    entry.append("dd").text((d) => d.meaning);
  }
  const { sections, lists } = appendColumns(board, "Line-of-therapy columns", model.lotColumns, {
    name: (c) => c.lot,
    count: (c) => c.trials.length,
    listClass: "rb-cards",
  });
  sections.attr("data-lot", (c) => c.lot);

  const notes = notesOf(model);
  return fillItems(
    host,
    lists.nodes(),
    model.lotColumns.map((c) => c.trials),
    "rb-card",
    (card) => {
      card.attr("data-trial", (t) => t.trialName).attr("data-class", (t) => t.class);
      appendProduct(
        card,
        (t) => t.regimen,
        (t) => notes([t.sheetRow]),
      );
      field(card, "rb-trial", "Trial", (t) => t.trialName);
      field(
        card,
        "rb-identifier",
        "ID",
        (t) => t.trialIdentifier,
        (t) => t.registryUrl,
      );
      field(card, "rb-sponsor", "Sponsor", (t) => t.trialSponsor);
      // Combined columns hold several LOTs (1L, 1LC, 1LM): the card says which one it is.
      if (model.combineLot) field(card, "rb-lot", "LOT", (t) => t.lot);
      field(card, "rb-class", "Class", (t) => t.class);
      field(card, "rb-trial-phase", "Phase", (t) => t.trialPhase);
      dateField(
        card,
        "rb-completion",
        "Primary completion",
        (t) => t.primaryCompletion,
        (t) => t.primaryCompletionText,
      );
      field(card, "rb-biomarker-established", "Established biomarker", (t) => t.establishedBiomarker);
      field(card, "rb-biomarker-exploratory", "Exploratory biomarker", (t) => t.exploratoryBiomarker);
      field(card, "rb-status", "Status", (t) => t.recruitmentStatus);
    },
  );
};
