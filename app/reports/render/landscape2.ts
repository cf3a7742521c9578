// Report 5 (landscape type 2): trial cards in line-of-therapy columns, drawn like the report-1 board.
import { select } from "d3-selection";

import type { Landscape2Model, TrialCard } from "#workers/engine/model";
import { parseLot } from "#workers/engine/rules";
import { dateOrText, placedAt } from "~/utils/dates";

import { appendNotes, notesOf } from "./annotations";
import { breakable, field, fillListsInChunks, NONE, withCount } from "./landscape1";
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
  const columns = board
    .append("div")
    .attr("class", "rb-columns")
    .attr("tabindex", 0)
    .attr("role", "group")
    .attr("aria-label", "Line-of-therapy columns")
    .selectAll("section")
    .data(model.lotColumns)
    .join("section")
    .attr("class", "rb-column")
    .attr("data-lot", (c) => c.lot);
  columns
    .append("h2")
    .attr("class", "rb-column-heading")
    .text((c) => withCount(c.lot, c.trials.length));
  const lists = columns
    .append("div")
    .attr("class", "rb-list rb-cards")
    .attr("role", "list")
    .attr("aria-label", (c) => c.lot);

  const notes = notesOf(model);
  return fillListsInChunks(
    host,
    lists.nodes(),
    model.lotColumns.map((c) => c.trials),
    (list, trials) => {
      const card = list
        .selectAll<HTMLDivElement, TrialCard>(NONE)
        .data(trials)
        .join("div")
        .attr("class", "rb-card")
        .attr("role", "listitem")
        .attr("data-trial", (t) => t.trialName)
        .attr("data-class", (t) => t.class);
      card
        .append("p")
        .attr("class", "rb-product")
        .text((t) => breakable(t.regimen))
        .call(appendNotes, (t: TrialCard) => notes([t.sheetRow]));
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
      field(
        card,
        "rb-completion",
        "Primary completion",
        (t) => dateOrText(t.primaryCompletion, t.primaryCompletionText),
        () => null,
        (t) => t.primaryCompletion && placedAt(t.primaryCompletion),
      );
      field(card, "rb-biomarker-established", "Established biomarker", (t) => t.establishedBiomarker);
      field(card, "rb-biomarker-exploratory", "Exploratory biomarker", (t) => t.exploratoryBiomarker);
      field(card, "rb-status", "Status", (t) => t.recruitmentStatus);
    },
  );
};
