// Report 5 (landscape-type-2): trials by line of therapy.
import { COLUMNS } from "../columns";
import type { BuildContext } from "../context";
import { parseDate } from "../dates";
import type { Landscape2Model, LotColumn, TrialCard } from "../model";
import { isLeftBehindStatus, lotsOf, type Lot } from "../rules";
import { compareNames } from "../text";

const RE_NCT = /^NCT\d{8}$/i;

export function buildLandscape2(ctx: BuildContext, options: { combineLot?: boolean }): Landscape2Model {
  const combine = options.combineLot === true;
  const { rows, nonEmpty } = ctx.sheet;
  const cards: { card: TrialCard; rank: number }[] = [];
  const classes = new Set<string>();
  for (let i = 0; i < rows.length; i++) {
    if (!nonEmpty[i]) continue;
    const status = ctx.text(i, "recruitmentStatus");
    if (isLeftBehindStatus(status)) {
      ctx.reject(i, "left-behind", `Left behind because ${COLUMNS.recruitmentStatus} is '${status}'`, "recruitmentStatus", status);
      continue;
    }
    const lotText = ctx.text(i, "lot");
    if (!lotText) {
      ctx.reject(i, "left-behind", `Left behind because ${COLUMNS.lot} is empty`, "lot", null);
      continue;
    }
    const { lots, invalid } = lotsOf(lotText);
    if (invalid.length > 0 || lots.length === 0) {
      ctx.rejectValue(i, "lot", lotText, "expected Neoadjuvant, Adjuvant or 1L, 1LC, 1LM, 2L, …");
      continue;
    }
    const completionText = ctx.text(i, "primaryCompletion");
    const completion = parseDate(ctx.cell(i, "primaryCompletion"));
    if (!completion.ok && !completion.blank) {
      ctx.warn(i, "primaryCompletion", completionText, `Date '${completionText}' could not be read: ${completion.reason}`);
    }
    const identifier = ctx.text(i, "trialIdentifier");
    const cls = ctx.text(i, "class");
    if (cls) classes.add(cls);
    const base = {
      sheetRow: ctx.sheetRow(i),
      regimen: ctx.text(i, "regimen"),
      trialName: ctx.text(i, "trialName"),
      trialIdentifier: identifier,
      registryUrl: RE_NCT.test(identifier) ? `https://clinicaltrials.gov/study/${identifier.toUpperCase()}` : null,
      trialSponsor: ctx.text(i, "trialSponsor"),
      class: cls,
      trialPhase: ctx.text(i, "trialPhase"),
      primaryCompletion: completion.ok ? completion.value : null,
      primaryCompletionText: completionText,
      establishedBiomarker: ctx.text(i, "establishedBiomarker"),
      exploratoryBiomarker: ctx.text(i, "exploratoryBiomarker"),
      recruitmentStatus: status,
    };
    for (const lot of lots as Lot[]) {
      cards.push({ card: { ...base, lot: lot.lot, combinedLot: lot.combined }, rank: lot.rank });
    }
  }
  cards.sort(
    (a, b) =>
      a.rank - b.rank ||
      (a.card.class === "" ? 1 : 0) - (b.card.class === "" ? 1 : 0) ||
      compareNames(a.card.class, b.card.class) ||
      a.card.sheetRow - b.card.sheetRow,
  );
  const columns: LotColumn[] = [];
  for (const { card } of cards) {
    const heading = combine ? card.combinedLot : card.lot;
    const last = columns[columns.length - 1];
    if (last && last.lot === heading) last.trials.push(card);
    else columns.push({ lot: heading, trials: [card] });
  }
  if (combine) {
    // Within a combined column keep class order across the merged LOT values.
    for (const col of columns) {
      col.trials.sort(
        (a, b) => (a.class === "" ? 1 : 0) - (b.class === "" ? 1 : 0) || compareNames(a.class, b.class) || a.sheetRow - b.sheetRow,
      );
    }
  }
  return {
    ...ctx.base("landscape-type-2", cards.length),
    combineLot: combine,
    lotColumns: columns,
    classes: [...classes].sort(compareNames),
  };
}
