// Marks on a report's boxes, cards and rows: the numbers of the sheet's footnotes that annotate them, a warning
// where a value could not be read (data quality made visible: the marker's tooltip says which value and why), and
// a slip marker where the trial registry saw the primary completion date of a trial the row names move.
import type { BaseType, Selection } from "d3-selection";

import type { ReportModel, RowWarning, TrialSlip } from "#workers/engine/model";
import { SLIP_MARK, slipText } from "~/utils/registry/slips";

export interface RowNotes {
  footnotes: number[];
  warnings: RowWarning[];
  slips: TrialSlip[];
}

const NO_NOTES: RowNotes = { footnotes: [], warnings: [], slips: [] };

/** The notes of a record from its sheet rows (a merged box has several). */
export function notesOf(model: Pick<ReportModel, "footnoteRefs" | "warnings" | "slips">): (sheetRows: readonly number[]) => RowNotes {
  const warnings = new Map<number, RowWarning[]>();
  for (const warning of model.warnings) warnings.set(warning.sheetRow, [...(warnings.get(warning.sheetRow) ?? []), warning]);
  return (sheetRows) => {
    const footnotes = [...new Set(sheetRows.flatMap((row) => model.footnoteRefs[row] ?? []))].sort((a, b) => a - b);
    const flagged = sheetRows.flatMap((row) => warnings.get(row) ?? []);
    const slips = [...new Set(sheetRows.flatMap((row) => model.slips?.[row] ?? []))];
    return footnotes.length || flagged.length || slips.length ? { footnotes, warnings: flagged, slips } : NO_NOTES;
  };
}

/** What a warning marker says: each unreadable value with its reason (which quotes the value as written). */
export const flagText = (warnings: readonly RowWarning[]) => warnings.map((w) => `${w.column}: ${w.reason}`).join("; ");

/** Appends, to each element whose record has them, its footnote numbers (superscript, as the footnotes list numbers
 *  them), a warning marker with the unreadable values in its tooltip and a slip marker with the registry's moves. */
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
}
