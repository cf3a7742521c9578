// Marks on a report's boxes, cards and rows: the numbers of the sheet's footnotes that annotate them, a warning
// where a value could not be read (data quality made visible: the marker's tooltip says which value and why), and
// a slip marker where the trial registry saw the primary completion date of a trial the row names move, and — when the
// report is compared with an earlier version (issue 30) — a change marker saying what changed since.
import type { BaseType, Selection } from "d3-selection";

import type { ReportModel, RowChange, RowWarning, TrialSlip } from "#workers/engine/model";
import { formatDay } from "~/utils/dates";
import { SLIP_MARK, slipText } from "~/utils/registry/slips";

export interface RowNotes {
  footnotes: number[];
  warnings: RowWarning[];
  slips: TrialSlip[];
  changes: RowChange[];
  /** The day the changes are since (YYYY-MM-DD), when the report is compared. */
  since?: string;
}

const NO_NOTES: RowNotes = { footnotes: [], warnings: [], slips: [], changes: [] };

/** The notes of a record from its sheet rows (a merged box has several). */
export function notesOf(
  model: Pick<ReportModel, "footnoteRefs" | "warnings" | "slips" | "changes">,
): (sheetRows: readonly number[]) => RowNotes {
  const warnings = new Map<number, RowWarning[]>();
  for (const warning of model.warnings) warnings.set(warning.sheetRow, [...(warnings.get(warning.sheetRow) ?? []), warning]);
  const changed = model.changes?.rows ?? {};
  return (sheetRows) => {
    const footnotes = [...new Set(sheetRows.flatMap((row) => model.footnoteRefs[row] ?? []))].sort((a, b) => a - b);
    const flagged = sheetRows.flatMap((row) => warnings.get(row) ?? []);
    const slips = [...new Set(sheetRows.flatMap((row) => model.slips?.[row] ?? []))];
    const changes = sheetRows.flatMap((row) => changed[row] ?? []);
    return footnotes.length || flagged.length || slips.length || changes.length
      ? { footnotes, warnings: flagged, slips, changes, since: model.changes?.since }
      : NO_NOTES;
  };
}

/** The marker of a changed record. */
export const CHANGE_MARK = "Δ";

/** What a changed record says beside its marker, in a word or two: "New", "from Phase II", "was 31/12/2027". */
export function changeBadge(changes: readonly RowChange[]): string {
  const of = (kind: RowChange["kind"]) => changes.find((c) => c.kind === kind);
  if (of("added")) return "New";
  const phase = of("phase");
  if (phase) return `from ${phase.from ?? "no phase"}`;
  const moved = of("launch") ?? of("primary-completion");
  if (moved) return `was ${moved.from ?? "no date"}`;
  return "Changed";
}

/** Every change of a record in words, and since when: the marker's tooltip. */
export const changeText = ({ changes, since }: Pick<RowNotes, "changes" | "since">) =>
  `${since ? `Changed since ${formatDay(since)}: ` : ""}${changes.map((c) => c.text).join("; ")}`;

/** The class of a changed record's element: a new row and a changed one are told apart. */
export const changeClass = (changes: readonly RowChange[]) =>
  changes.some((c) => c.kind === "added") ? "report-changed report-added" : "report-changed";

/** What a warning marker says: each unreadable value with its reason (which quotes the value as written). */
export const flagText = (warnings: readonly RowWarning[]) => warnings.map((w) => `${w.column}: ${w.reason}`).join("; ");

/** Appends, to each element whose record has them, its footnote numbers (superscript, as the footnotes list numbers
 *  them), a warning marker with the unreadable values in its tooltip, a slip marker with the registry's moves, and a
 *  change marker (its card or row highlighted) with what changed since the compared version. */
export function appendNotes<E extends HTMLElement, D, P extends BaseType, PD>(parent: Selection<E, D, P, PD>, notes: (d: D) => RowNotes) {
  parent
    .filter((d) => notes(d).footnotes.length > 0)
    .append("sup")
    .attr("class", "report-footnote-ref")
    .call((sup) => sup.append("span").attr("class", "sr-only").text("Footnote "))
    .append("span")
    .text((d) => notes(d).footnotes.join(","));
  parent
    .filter((d) => notes(d).warnings.length > 0)
    .append("span")
    .attr("class", "report-flag")
    .attr("role", "img")
    .attr("tabindex", 0)
    .attr("aria-label", (d) => `Warning: ${flagText(notes(d).warnings)}`)
    .attr("title", (d) => flagText(notes(d).warnings))
    .text("⚠");
  parent
    .filter((d) => notes(d).slips.length > 0)
    .append("span")
    .attr("class", "report-slip")
    .attr("role", "img")
    .attr("tabindex", 0)
    .attr("aria-label", (d) => `Registry change: ${slipText(notes(d).slips)}`)
    .attr("title", (d) => slipText(notes(d).slips))
    .text(SLIP_MARK);
  const changed = parent.filter((d) => notes(d).changes.length > 0);
  changed.each(function (d) {
    // The card or table row the element heads is the record highlighted.
    const record = this.closest(".rb-box, .rb-card, tr") ?? this;
    for (const name of changeClass(notes(d).changes).split(" ")) record.classList.add(name);
  });
  changed
    .append("span")
    .attr("class", "report-change")
    .attr("role", "img")
    .attr("tabindex", 0)
    .attr("aria-label", (d) => changeText(notes(d)))
    .attr("title", (d) => changeText(notes(d)))
    .text((d) => `${CHANGE_MARK} ${changeBadge(notes(d).changes)}`);
}
