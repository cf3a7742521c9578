// Report 1 (landscape type 1): phase columns of product boxes. HTML rather than SVG, so text wraps, can be selected
// and is read by screen readers; sizes of text are in em (styles in app/styles/reports-boards.css).
import { select, type BaseType, type Selection } from "d3-selection";

import { MODALITY_FLAGS, MODALITY_ICONS, type ModalityFlag, type ModalityIcon } from "#workers/engine/constants";
import type { DateValue, Landscape1Box, Landscape1Model } from "#workers/engine/model";
import { FONT_SIZE } from "~/reports/view";
import { dateOrText, placedAt } from "~/utils/dates";
import { httpUrl, trialLink } from "~/utils/url";

import { appendNotes, notesOf, type RowNotes } from "./annotations";
import { fillListsInChunks } from "./board-window";
import type { Renderer } from "./types";

/** Selects nothing, for joins whose elements are all new (a chunk appends to what earlier chunks drew). */
export const NONE = (): never[] => [];

export { GROUP_SIZE } from "./board-window";

/** A name that may break after a slash ("vibostolimab/pembrolizumab"): a zero-width space there, so a name longer
 *  than its box wraps between its parts rather than mid-word. */
export const breakable = (text: string) => text.replace(/\/(?=\S)/g, "/\u200B");

/** "Phase III (12)": a column's label with its count, as headings show it. */
export const withCount = (label: string, count: number) => `${label} (${count})`;

/** A board's columns (landscape 1 and 2) in a box that scrolls sideways, a group named `label` the keyboard can
 *  scroll: a section per column, headed by its name and count, over the list its items fill (named as its column). */
export function appendColumns<E extends BaseType, M, P extends BaseType, PD, C>(
  board: Selection<E, M, P, PD>,
  label: string,
  data: readonly C[],
  { name, count, listClass }: { name: (c: C) => string; count: (c: C) => number; listClass: string },
) {
  const sections = board
    .append("div")
    .attr("class", "rb-columns")
    .attr("tabindex", 0)
    .attr("role", "group")
    .attr("aria-label", label)
    .selectAll("section")
    .data(data)
    .join("section")
    .attr("class", "rb-column");
  sections
    .append("h2")
    .attr("class", "rb-column-heading")
    .text((c) => withCount(name(c), count(c)));
  const lists = sections.append("div").attr("class", `rb-list ${listClass}`).attr("role", "list").attr("aria-label", name);
  return { sections, lists };
}

/** Fills each of `lists` with its items, windowed when long (board-window.ts): each a `div.{className}` list item,
 *  given its attributes and contents by `draw`. */
export function fillItems<T>(
  host: HTMLElement,
  lists: HTMLElement[],
  items: readonly (readonly T[])[],
  className: string,
  draw: (item: Selection<HTMLDivElement, T, HTMLElement, unknown>) => void,
) {
  return fillListsInChunks(host, lists, items, (list, data) =>
    draw(list.selectAll<HTMLDivElement, T>(NONE).data(data).join("div").attr("class", className).attr("role", "listitem")),
  );
}

/** An item's product (a trial card's regimen) as its heading line, breakable at slashes, with the marks of its notes. */
export function appendProduct<T>(
  item: Selection<HTMLDivElement, T, HTMLElement, unknown>,
  name: (d: T) => string,
  notes: (d: T) => RowNotes,
) {
  item
    .append("p")
    .attr("class", "rb-product")
    .text((d) => breakable(name(d)))
    .call(appendNotes, notes);
}

type Glyph = ModalityIcon | ModalityFlag;
const circle = (cx: number, cy: number, r: number) => `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;
/** Stroked 16×16 glyphs: small inline SVG, so they print and export without fonts or external files. */
const GLYPHS: Record<Glyph, { label: string; d: string }> = {
  "gene-therapy": { label: "Gene therapy", d: "M4 1c0 6 8 8 8 14M12 1c0 6-8 8-8 14M5 4h6M5 12h6" },
  "cell-therapy": { label: "Cell therapy", d: `${circle(8, 8, 6.5)}${circle(8, 8, 2)}` },
  mab: { label: "Monoclonal antibody", d: "M8 15V8L3 2M8 8l5-6M4.5 5.5 2 8M11.5 5.5 14 8" },
  "rnai-aso": { label: "RNAi / ASO", d: "M1 6c2.3-4 4.7-4 7 0s4.7 4 7 0M3 9v5M7 9v5M11 9v5" },
  "small-molecule": { label: "Small molecule", d: "M8 1.5l5.6 3.25v6.5L8 14.5l-5.6-3.25v-6.5z" },
  peptide: { label: "Peptide", d: `M4.5 8h2M9.5 8h2${circle(3, 8, 1.6)}${circle(8, 8, 1.6)}${circle(13, 8, 1.6)}` },
  vaccine: { label: "Vaccine", d: "M11 1l4 4M13 3 5 11M9 3l4 4M5 11 3 9M4 12l-3 3" },
  unknown: { label: "Other modality", d: `${circle(8, 8, 6.5)}M6 6.3a2 2 0 1 1 2.6 1.9c-.5.2-.6.6-.6 1.3M8 11.5v.5` },
  dormant: { label: "Dormant", d: "M10.5 1.8a6.5 6.5 0 1 0 3.7 9.4 5.2 5.2 0 0 1-3.7-9.4z" },
  "potential-dmt": { label: "Potential DMT", d: "M8 1.5l2 4.2 4.5.6-3.3 3.1.8 4.5L8 11.7l-4 2.2.8-4.5-3.3-3.1 4.5-.6z" },
};

/** Appends a glyph; with a title it is an image with that name (since its shape alone says nothing), without one it
 *  is decoration. */
function appendGlyph<E extends HTMLElement, D, P extends BaseType, PD>(
  parent: Selection<E, D, P, PD>,
  glyph: (d: D) => Glyph,
  title?: (d: D) => string,
) {
  const svg = parent
    .append("svg")
    .attr("class", (d) => `rb-glyph rb-glyph-${glyph(d)}`)
    .attr("viewBox", "0 0 16 16");
  if (title) svg.attr("role", "img").attr("aria-label", title).append("title").text(title);
  else svg.attr("aria-hidden", "true");
  svg.append("path").attr("d", (d) => GLYPHS[glyph(d)].d);
}

/** A box's glyphs: its modality (none when the sheet leaves it empty), then its flags. */
const boxGlyphs = (box: Landscape1Box): Glyph[] => [...(box.modality ? [box.modalityIcon] : []), ...box.flags];
/** A glyph's name, with the modality as written when it says more ("Monoclonal antibody: Bispecific antibody"). */
function glyphTitle(box: Landscape1Box, glyph: Glyph): string {
  const { label } = GLYPHS[glyph];
  return glyph === box.modalityIcon && box.modality && box.modality.toLowerCase() !== label.toLowerCase()
    ? `${label}: ${box.modality}`
    : label;
}

export const renderLandscape1: Renderer<Landscape1Model> = (host, model, { logoUrl }) => {
  host.replaceChildren();
  const modality = model.variant === "modality";
  const logos = new Map<string, string | null>();
  const logoOf = (company: string) => {
    if (!logos.has(company)) logos.set(company, company ? logoUrl(company) : null);
    return logos.get(company)!;
  };

  const board = select(host)
    .selectAll("div")
    .data([model])
    .join("div")
    .attr("class", `rb-board rb-landscape1 rb-variant-${model.variant}`)
    // The sheet's box size is in px at the default font size: in em, boxes grow with the font instead of splitting words.
    .style("--rb-box-width", `${model.boxSize.width / FONT_SIZE.default}em`)
    .style("--rb-box-height", `${model.boxSize.height / FONT_SIZE.default}em`);

  if (modality) {
    // Only the glyphs the board uses, in the engine's modality order.
    const used = new Set(model.columns.flatMap((c) => c.boxes.flatMap(boxGlyphs)));
    const legend = board
      .append("ul")
      .attr("class", "rb-legend")
      .attr("role", "list")
      .attr("aria-label", "Modality key")
      .selectAll<HTMLLIElement, Glyph>("li")
      .data([...MODALITY_ICONS, ...MODALITY_FLAGS].filter((g) => used.has(g)))
      .join("li")
      .attr("class", "rb-legend-item")
      .attr("data-glyph", (g) => g);
    appendGlyph(legend, (g) => g); // its name is printed next to it
    legend.append("span").text((g) => GLYPHS[g].label);
  }

  const { sections, lists } = appendColumns(board, "Phase columns", model.columns, {
    name: (c) => c.label,
    count: (c) => c.boxes.length,
    listClass: "rb-boxes",
  });
  sections
    .attr("data-phase-column", (c) => c.id)
    // Long columns wrap into up to four box columns, so one busy phase does not make the board very tall.
    .style("--rb-cols", (c) => String(Math.min(4, Math.max(1, Math.ceil(Math.sqrt(c.boxes.length / 3))))));

  const notes = notesOf(model);
  return fillItems(
    host,
    lists.nodes(),
    model.columns.map((c) => c.boxes),
    "rb-box",
    (box) => {
      box
        .attr("data-phase", (b) => b.phase)
        .attr("data-product", (b) => b.product)
        .attr("data-priority", (b) => b.priority);

      const badges = box.append("div").attr("class", "rb-badges");
      badges
        .append("span")
        .attr("class", "rb-priority")
        .call((s) => s.append("span").attr("class", "sr-only").text("Priority "))
        .append("span")
        .text((b) => b.priorityLetter);
      badges
        .filter((b) => b.isNew)
        .append("span")
        .attr("class", "rb-new")
        .text("New");
      if (modality) {
        const icons = badges
          .selectAll<HTMLSpanElement, { box: Landscape1Box; glyph: Glyph }>(NONE)
          .data((b) => boxGlyphs(b).map((glyph) => ({ box: b, glyph })))
          .join("span")
          .attr("class", "rb-icon");
        appendGlyph(
          icons,
          (d) => d.glyph,
          (d) => glyphTitle(d.box, d.glyph),
        );
      }

      appendProduct(
        box,
        (b) => b.product,
        (b) => notes(b.sheetRows),
      );
      const company = box.append("p").attr("class", "rb-company");
      company
        .filter((b) => logoOf(b.company) !== null)
        .append("img")
        .attr("class", "rb-logo")
        .attr("src", (b) => logoOf(b.company))
        // The company name is printed next to the logo, so the image adds nothing for a screen reader.
        .attr("alt", "")
        .attr("loading", "lazy")
        .on("error", (event: Event) => ((event.currentTarget as HTMLImageElement).hidden = true));
      company.append("span").text((b) => b.company);
      box
        .filter((b) => b.moa !== "")
        .append("p")
        .attr("class", "rb-moa")
        .text((b) => b.moa);
      box
        .filter((b) => b.segments.length > 0)
        .append("p")
        .attr("class", "rb-segments")
        .text((b) => b.segments.join(", "));
      dateField(
        box,
        "rb-launch",
        "Launch",
        (b) => b.launch,
        (b) => b.launchText,
      );
      field(box, "rb-roa", "RoA", (b) => b.roa);
      field(box, "rb-na", "NA", (b) => b.na);
      field(
        box,
        "rb-nct",
        "Trial",
        (b) => b.nctLink && trialLink(b.nctLink).label,
        (b) => b.nctLink && trialLink(b.nctLink).url,
      );
    },
  );
};

/**
 * A labelled line ("Launch: H2 2028") per datum, left out when the value is empty (or the sheet has no such column);
 * the value is a link when `href` gives an http(s) address (anything else, e.g. a `javascript:` cell, stays text).
 * Shared by the landscape boards.
 */
export function field<E extends HTMLElement, D, P extends BaseType, PD>(
  parent: Selection<E, D, P, PD>,
  className: string,
  label: string,
  value: (d: D) => string | null,
  href: (d: D) => string | null = () => null,
  hint: (d: D) => string | null = () => null,
) {
  const link = (d: D) => httpUrl(href(d));
  const line = parent
    .filter((d) => !!value(d))
    .append("p")
    .attr("class", `rb-field ${className}`);
  line.append("span").attr("class", "rb-label").text(`${label}: `); // real text, so it is read and copied
  line
    .append(function (d) {
      return this.ownerDocument.createElement(link(d) ? "a" : "span");
    })
    .text((d) => value(d)!)
    // A tooltip where the value needs one: where the engine placed a date given as a period.
    .each(function (d) {
      const text = hint(d);
      if (text) this.setAttribute("title", text);
    })
    .filter("a")
    .attr("href", link)
    .attr("target", "_blank")
    .attr("rel", "noopener noreferrer");
}

/** A date's labelled line: the date as read, with a tooltip where the engine placed a date given as a period, else the
 *  sheet's text for it. */
export function dateField<E extends HTMLElement, D, P extends BaseType, PD>(
  parent: Selection<E, D, P, PD>,
  className: string,
  label: string,
  date: (d: D) => DateValue | null,
  text: (d: D) => string,
) {
  field(
    parent,
    className,
    label,
    (d) => dateOrText(date(d), text(d)),
    () => null,
    (d) => {
      const value = date(d);
      return value && placedAt(value);
    },
  );
}
