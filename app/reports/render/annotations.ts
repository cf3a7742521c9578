// Marks on a report's boxes, cards and rows: the numbers of the sheet's footnotes that annotate them, and a warning
// where a value could not be read (data quality made visible: the marker's tooltip says which value and why).
import type { BaseType, Selection } from "d3-selection";
import type { ReportModel, RowWarning } from "#workers/engine/model";

export interface RowNotes {
  footnotes: number[];
  warnings: RowWarning[];
}

const NO_NOTES: RowNotes = { footnotes: [], warnings: [] };

/** The notes of a record from its sheet rows (a merged box has several). */
export function notesOf(model: Pick<ReportModel, "footnoteRefs" | "warnings">): (sheetRows: readonly number[]) => RowNotes {
  const warnings = new Map<number, RowWarning[]>();
  for (const warning of model.warnings) warnings.set(warning.sheetRow, [...(warnings.get(warning.sheetRow) ?? []), warning]);
  return (sheetRows) => {
    const footnotes = [...new Set(sheetRows.flatMap((row) => model.footnoteRefs[row] ?? []))].sort((a, b) => a - b);
    const flagged = sheetRows.flatMap((row) => warnings.get(row) ?? []);
    return footnotes.length || flagged.length ? { footnotes, warnings: flagged } : NO_NOTES;
  };
}

/** What a warning marker says: each unreadable value with its reason (which quotes the value as written). */
export const flagText = (warnings: readonly RowWarning[]) => warnings.map((w) => `${w.column}: ${w.reason}`).join("; ");

/** Appends, to each element whose record has them, its footnote numbers (superscript, as the footnotes list numbers
 *  them) and a warning marker with the unreadable values in its tooltip. */
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
}
