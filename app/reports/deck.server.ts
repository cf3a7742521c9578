// 'Export as PowerPoint' (issue #14): the report as native, editable slides, built on the server from the engine's
// model. A cover slide; the report over as many slides as it needs, each with its title, "(n of m)" and a footer
// with the source and the export date; then the footnotes. Boards are cards as shapes under their column headings,
// the timeline chart an axis of years with the items placed by date, the table reports pptx tables; whatever does
// not fit continues on the next slide with the headings repeated. Arial for titles, Calibri for text.
//
// Pages are planned first (pure data, from estimated text heights), then drawn: the plan is what tests count.
import type PptxGenJS from "pptxgenjs";

import type { ModelChange } from "#workers/engine/diff";
import type {
  Landscape1Box,
  Landscape1Model,
  Landscape2Model,
  Landscape3Model,
  ReportModel,
  TimelineChartModel,
  TimelineItem,
} from "#workers/engine/model";
import { distinctNames } from "#workers/engine/names";
import { formatDateTime, formatDay } from "~/utils/dates";
import { presentation } from "~/utils/pptx.server";
import { SLIP_MARK, slipText } from "~/utils/registry/slips";
import { trialLink } from "~/utils/url";

import { CHANGE_MARK, changeBadge, notesOf, type RowNotes } from "./render/annotations";
import { emptyReportText, flaggedDate, leftOutTable, reportTables, type ReportTable } from "./tables";
import { FONT_SIZE } from "./view";

export interface ReportDeckInfo {
  /** The report's heading, as on the page. */
  title: string;
  disease: string;
  client: string;
  /** Where the data comes from ("AD landscape.xlsx, sheet 'AD Landscape'"). */
  source: string;
  /** When the data was read from its source (ISO), if known. */
  readAt: string | null;
  exportedAt: Date;
  /** The view's options in words ("Therapeutic modality view"). */
  options: string[];
  /** The page's Footnotes switch. */
  footnotes: boolean;
  /** The page's font size (fs): text scales with it, so fewer rows fit a slide. */
  fontSize: number;
  /** Company logos by the company names the report shows (the boards draw them as the page does). */
  logos?: Record<string, DeckLogo>;
  /** Compared with an earlier version (issue 30): what changed since, for the "What changed" slides (the model's rows
   *  carry the same changes as marks). */
  changes?: DeckChanges | null;
}

/** What changed since an earlier version: its day and read time, the changes in words, the rows unchanged. */
export interface DeckChanges {
  since: string;
  readAt: string;
  list: ModelChange[];
  unchanged: number;
  /** The registry's moves of the rows' trials in between, in words. */
  registry: string[];
}

/** A PNG as pptxgenjs takes it ("image/png;base64,…") with its size in pixels, for its aspect ratio. */
export interface DeckLogo {
  data: string;
  width: number;
  height: number;
}

// LAYOUT_WIDE: 13.33 × 7.5 in. The body sits between the title line and the footer.
const BODY = { x: 0.5, y: 1.0, w: 12.33, h: 5.75 };
const TITLE = { fontFace: "Arial", bold: true, color: "1F2933" } as const;
const TEXT = { fontFace: "Calibri", color: "1F2933" } as const;
const MUTED = "52606D";
const RULE = "D9E2EC";
const HEADING_FILL = "E5E9F0";
const PRIORITY_COLOURS: Record<Landscape1Box["priority"], string> = { HH: "B22028", Medium: "B7791F", Low: "7B8794" };

const inches = (pt: number) => pt / 72;
const lineHeight = (pt: number) => inches(pt) * 1.2;
/**
 * Lines a text takes in a box `width` inches wide at `pt`. Calibri averages under half an em a character; 0.55 em
 * and whole words carried over keep the estimate on the tall side, so a slide is never planned fuller than it is.
 */
function linesOf(text: string, width: number, pt: number): number {
  const perLine = Math.max(1, Math.floor(width / (inches(pt) * 0.55)));
  let lines = 0;
  for (const paragraph of text.split("\n")) {
    lines++;
    let used = 0;
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (used && used + 1 + word.length <= perLine) {
        used += 1 + word.length;
        continue;
      }
      if (used) lines++; // the word starts a new line
      lines += Math.ceil(word.length / perLine) - 1; // a word longer than a line breaks inside it
      used = word.length % perLine || perLine;
    }
  }
  return lines;
}

/** The smallest text size: the deck never goes below it, whatever the page's font size. */
const MIN_PT = 9;
/** Where a line may break: at spaces, and after a hyphen within a word ("dextromethorphan-|bupropion"), as PowerPoint
 *  and LibreOffice break. */
const BREAKS = /\s+|(?<=\w-)(?=\w)/;
/** The characters of the longest unbreakable run of `text`. */
const longestRun = (text: string) => Math.max(0, ...text.split(BREAKS).map((word) => word.length));
/** How wide the longest word of `texts` is at `pt`, in inches. 0.6 em a character (wider than Calibri's average, as
 *  capitals are) so that a width planned from it never breaks a word. */
const longestWord = (texts: readonly string[], pt: number) => Math.max(0, ...texts.map(longestRun)) * inches(pt) * 0.6;
/** The largest of `pt` and smaller half-point sizes, down to MIN_PT, at which `fits` holds; MIN_PT if none does. */
function largestFitting(pt: number, fits: (pt: number) => boolean): number {
  for (let size = pt; size > MIN_PT; size -= 0.5) if (fits(size)) return size;
  return MIN_PT;
}

/** Items of the given heights in pages of at most `room`: in order, a page breaks before an item that would overflow
 *  it; an item taller than a page gets one of its own. */
function paginate(heights: readonly number[], room: number): number[][] {
  const pages: number[][] = [];
  let used = Infinity;
  heights.forEach((height, i) => {
    if (used + height > room + 1e-9) {
      pages.push([]);
      used = 0;
    }
    pages.at(-1)!.push(i);
    used += height;
  });
  return pages;
}

// ----- The plan -----------------------------------------------------------------------------------------------------

/** A line of a card: text, or a link where the page links it (a trial's registry record). */
type Line = string | { text: string; url: string };
const lineText = (line: Line) => (typeof line === "string" ? line : line.text);

/** One card on a board: a bold title with the marks the page puts after it (footnote numbers, ⚠ where a value could
 *  not be read, ⏱ where the registry saw a trial's date move), its fields, (report 1) the priority as a coloured letter
 *  and bar, and the company's logo. */
interface Card {
  title: string;
  notes: RowNotes;
  lines: Line[];
  priority?: { letter: string; colour: string; isNew: boolean };
  logo?: DeckLogo;
}

/** A board: column headings over rows of cards; rows may be grouped under a label in a column of their own. */
interface Board {
  corner: string | null;
  headings: string[];
  /** Per group, the i-th card of each column side by side. */
  groups: Array<{ label: string; rows: Array<Array<Card | null>> }>;
}

interface BoardPage {
  kind: "board";
  corner: string | null;
  headings: string[];
  headingH: number;
  colW: number;
  labelW: number;
  pt: number;
  rows: Array<{ label: string | null; group: number; height: number; cards: Array<Card | null> }>;
}
interface TimelinePage {
  kind: "timeline";
  model: TimelineChartModel;
  pt: number;
  legendW: number;
  lanes: Array<Array<{ item: TimelineItem; label: string; x: number; labelX: number; labelW: number; left: boolean }>>;
}
interface TablePage {
  kind: "table";
  columns: string[];
  colW: number[];
  pt: number;
  rows: string[][];
  /** A paragraph above the table (on its first slide): why a report with nothing to show is empty. */
  intro?: { text: string; pt: number; h: number };
}
interface NotesPage {
  pt: number;
  lines: Array<{ text: string; general: boolean }>;
}
type Page = BoardPage | TimelinePage | TablePage;

/** A size of the deck's text at the page's font size (fs), never below MIN_PT, in half points. */
const deckPt = (pt: number, fontSize: number) => Math.max(MIN_PT, Math.round(((pt * fontSize) / FONT_SIZE.default) * 2) / 2);

/** The slides after the cover: the report's pages, then the footnotes' (none when the Footnotes switch is off). */
export function planReportDeck(
  model: ReportModel,
  view: Pick<ReportDeckInfo, "footnotes" | "fontSize" | "logos">,
): { report: Page[]; notes: NotesPage[] } {
  const size = (pt: number) => deckPt(pt, view.fontSize);
  const notes = view.footnotes ? notesPages(model.footnotes, model.generalFootnotes, size(12)) : [];
  if (model.type === "list") return { report: [], notes }; // no sheet model: the news feed has its own deck
  // Nothing to show: the page's explanation, over the rows the report's rules left out with their reasons.
  if (model.stats.shownRecords === 0) {
    const pt = size(14);
    const text = `${emptyReportText(model.type, model.stats)}${model.invalidRecords.length ? ":" : "."}`;
    const intro = { text, pt, h: linesOf(text, BODY.w - 2 * INSET, pt) * lineHeight(pt) + 2 * INSET + 0.1 };
    const report: TablePage[] = model.invalidRecords.length
      ? tablePages(leftOutTable(model.invalidRecords), size(10), intro)
      : [{ kind: "table", columns: [], colW: [], pt, rows: [], intro }];
    return { report, notes };
  }
  const cards = cardMaker(model, view.logos ?? {});
  switch (model.type) {
    case "landscape-type-1":
      return { report: boardPages(landscape1Board(model, cards), size(9)), notes };
    case "landscape-type-2":
      return { report: boardPages(landscape2Board(model, cards), size(9)), notes };
    case "landscape-type-3":
      return { report: boardPages(landscape3Board(model, cards), size(9)), notes };
    case "timeline-chart":
      return { report: timelinePages(model, size(9)), notes };
    case "timeline-table":
    case "event-calendar":
    case "events-2":
      return { report: reportTables(model).flatMap((table) => tablePages(table, size(10))), notes };
  }
}

// Boards ------------------------------------------------------------------------------------------------------------

const present = (label: string, value: string | null | undefined) => (value ? [`${label}: ${value}`] : []);
/** The cards of each column as rows: the i-th row holds the i-th card of every column. */
function cardRows(columns: Card[][]): Array<Array<Card | null>> {
  const depth = Math.max(0, ...columns.map((c) => c.length));
  return Array.from({ length: depth }, (_, i) => columns.map((c) => c[i] ?? null));
}
const heading = (label: string, count: number) => `${label} (${count})`;

/** A card of the model's sheet rows: their notes, and the registry's moves and what changed since a compared version
 *  spelt out below the fields (the page says them in the ⏱ and Δ markers' tooltips, which a slide has not). */
function cardMaker(model: ReportModel, logos: Record<string, DeckLogo>) {
  const notes = notesOf(model);
  return (sheetRows: readonly number[], card: Omit<Card, "notes">, company?: string): Card => {
    const marks = notes(sheetRows);
    const logo = company ? logos[company] : undefined;
    return {
      ...card,
      notes: marks,
      lines: [
        ...card.lines,
        ...(marks.slips.length ? [`${SLIP_MARK} ${slipText(marks.slips)}`] : []),
        ...marks.changes.filter((c) => c.kind !== "added").map((c) => `${CHANGE_MARK} ${c.text}`),
      ],
      ...(logo ? { logo } : {}),
    };
  };
}
type CardMaker = ReturnType<typeof cardMaker>;

/** "Trial: NCT05026177", linked to the record, as the page's field. */
function trialLine(cell: string | null): Line[] {
  if (!cell) return [];
  const { label, url } = trialLink(cell);
  return [url ? { text: `Trial: ${label}`, url } : `Trial: ${label}`];
}

function landscape1Board(model: Landscape1Model, card: CardMaker): Board {
  const box = (b: Landscape1Box): Card =>
    card(
      b.sheetRows,
      {
        title: b.product,
        lines: [
          b.company,
          b.moa,
          b.segments.join(", "),
          ...present("Launch", flaggedDate(b.launch, b.launchText)),
          ...present("RoA", b.roa),
          ...present("NA", b.na),
          ...trialLine(b.nctLink),
          ...(model.variant === "modality" ? present("Modality", b.modality) : []),
          [b.flags.includes("dormant") ? "Dormant" : "", b.flags.includes("potential-dmt") ? "Potential DMT" : ""]
            .filter(Boolean)
            .join(" · "),
        ].filter(Boolean),
        priority: { letter: b.priorityLetter, colour: PRIORITY_COLOURS[b.priority], isNew: b.isNew },
      },
      b.company,
    );
  return {
    corner: null,
    headings: model.columns.map((c) => heading(c.label, c.boxes.length)),
    groups: [{ label: "", rows: cardRows(model.columns.map((c) => c.boxes.map(box))) }],
  };
}

function landscape2Board(model: Landscape2Model, card: CardMaker): Board {
  return {
    corner: null,
    headings: model.lotColumns.map((c) => heading(c.lot, c.trials.length)),
    groups: [
      {
        label: "",
        rows: cardRows(
          model.lotColumns.map((c) =>
            c.trials.map((t) =>
              card([t.sheetRow], {
                title: t.regimen,
                lines: [
                  ...present("Trial", t.trialName),
                  ...(t.registryUrl && t.trialIdentifier
                    ? [{ text: `ID: ${t.trialIdentifier}`, url: t.registryUrl }]
                    : present("ID", t.trialIdentifier)),
                  ...present("Sponsor", t.trialSponsor),
                  ...(model.combineLot ? present("LOT", t.lot) : []),
                  ...present("Class", t.class),
                  ...present("Phase", t.trialPhase),
                  ...present("Primary completion", flaggedDate(t.primaryCompletion, t.primaryCompletionText)),
                  ...present("Established biomarker", t.establishedBiomarker),
                  ...present("Exploratory biomarker", t.exploratoryBiomarker),
                  ...present("Status", t.recruitmentStatus),
                ],
              }),
            ),
          ),
        ),
      },
    ],
  };
}

function landscape3Board(model: Landscape3Model, card: CardMaker): Board {
  return {
    corner: "Focus area",
    headings: model.phaseColumns.map((p, i) =>
      heading(
        p.label,
        model.focusAreas.reduce((n, row) => n + row.cells[i]!.length, 0),
      ),
    ),
    groups: model.focusAreas.map((row) => ({
      label: heading(
        row.focusArea,
        row.cells.reduce((n, cell) => n + cell.length, 0),
      ),
      rows: cardRows(
        row.cells.map((cards) =>
          cards.map((c) =>
            card([c.sheetRow], {
              title: c.product,
              lines: [
                ...present("Company", c.company),
                ...present("MOA", c.moa),
                ...present("Phase", c.phaseText),
                ...present("Established biomarker", c.establishedBiomarker),
                ...present("Exploratory biomarker", c.exploratoryBiomarker),
              ],
            }),
          ),
        ),
      ),
    })),
  };
}

const CARD_GAP = 0.08;
/** Text inset of a card or cell, in inches (cards use the same in points for pptxgenjs: 4 pt). */
const INSET = inches(4);
/** The priority bar on the left of a report-1 card. */
const BAR = 0.06;
/** A logo's box in a card's lower right corner. */
const LOGO = { w: 0.6, h: 0.22 };

/** A changed card's outline and marks (the page's highlight). */
const CHANGED = "6D28D9";

/** The marks after a card's title, as the page shows them: footnote numbers (superscript), ⚠, ⏱ and Δ. */
function marksOf(notes: RowNotes): PptxGenJS.TextProps[] {
  return [
    ...(notes.footnotes.length ? [{ text: notes.footnotes.join(","), options: { superscript: true } }] : []),
    ...(notes.warnings.length ? [{ text: " ⚠", options: { color: "B7791F" } }] : []),
    ...(notes.slips.length ? [{ text: ` ${SLIP_MARK}`, options: { color: MUTED } }] : []),
    ...(notes.changes.length ? [{ text: ` ${CHANGE_MARK} ${changeBadge(notes.changes)}`, options: { color: CHANGED } }] : []),
  ];
}
/** A card's title line as text, to measure it. */
const titleText = (card: Card) =>
  [
    card.priority ? `${card.priority.letter}  ` : "",
    card.title,
    ...marksOf(card.notes).map((run) => run.text),
    card.priority?.isNew ? "  New" : "",
  ].join("");

function cardHeight(card: Card, width: number, pt: number) {
  const text = width - 2 * INSET - (card.priority ? BAR : 0);
  const lines = card.lines.reduce((n, line) => n + linesOf(lineText(line), text, pt), 0);
  return (
    linesOf(titleText(card), text, pt + 1) * lineHeight(pt + 1) +
    lines * lineHeight(pt) +
    2 * INSET +
    0.04 +
    (card.logo ? LOGO.h + 0.04 : 0)
  );
}

/**
 * A board over as many slides as it needs. Text is as large as the page's font size asks, or smaller (not below 9 pt)
 * so that the longest word of every card and heading fits its column: a word never breaks. Columns that do not fit
 * side by side even at 9 pt go on to slides of their own, in order.
 */
function boardPages(board: Board, requested: number): BoardPage[] {
  const cards = board.groups.flatMap((g) => g.rows.flat()).filter((c): c is Card => c !== null);
  const labels = board.groups.map((g) => g.label);
  const labelW =
    board.corner === null ? 0 : Math.min(3, Math.max(1.6, longestWord([board.corner, ...labels], requested + 1) + 2 * INSET + CARD_GAP));
  const columnNeeds = (pt: number) =>
    Math.max(
      longestWord(
        cards.flatMap((c) => c.lines.map(lineText)),
        pt,
      ),
      longestWord([...cards.map(titleText), ...board.headings], pt + 1),
    ) +
    2 * INSET +
    BAR +
    CARD_GAP;
  const fitting = (pt: number) => Math.max(1, Math.floor((BODY.w - labelW) / columnNeeds(pt)));
  const count = Math.max(1, board.headings.length);
  const pt = largestFitting(requested, (size) => fitting(size) >= count);
  const slides = Math.ceil(count / fitting(pt));
  const share = Math.ceil(count / slides);
  return Array.from({ length: slides }, (_, k) => columnPages(columnsOf(board, k * share, (k + 1) * share), pt, labelW, share)).flat();
}

/** The board's columns from `from` to before `to`, rows left empty by the cut dropped. */
function columnsOf(board: Board, from: number, to: number): Board {
  if (from === 0 && to >= board.headings.length) return board;
  return {
    ...board,
    headings: board.headings.slice(from, to),
    groups: board.groups
      .map((g) => ({ ...g, rows: g.rows.map((row) => row.slice(from, to)).filter((row) => row.some(Boolean)) }))
      .filter((g) => g.rows.length),
  };
}

function columnPages(board: Board, pt: number, labelW: number, columns: number): BoardPage[] {
  const colW = (BODY.w - labelW) / Math.max(1, columns);
  const textH = (text: string, width: number) => linesOf(text, width - CARD_GAP - 2 * INSET, pt + 1) * lineHeight(pt + 1) + 2 * INSET;
  const headingH = Math.max(0.4, ...board.headings.map((h) => textH(h, colW)), board.corner === null ? 0 : textH(board.corner, labelW));
  const rows = board.groups.flatMap((g, group) =>
    g.rows.map((cards, i) => ({
      label: i === 0 ? g.label : null,
      group,
      cards,
      height:
        Math.max(
          i === 0 && g.label ? textH(`${g.label} (cont.)`, labelW) : 0,
          ...cards.map((c) => (c ? cardHeight(c, colW - CARD_GAP, pt) : 0)),
        ) + CARD_GAP,
    })),
  );
  // An empty board still gets a slide: its headings say there is nothing in any column.
  const pages = rows.length
    ? paginate(
        rows.map((r) => r.height),
        BODY.h - headingH - CARD_GAP,
      )
    : [[]];
  return pages.map((indexes) => {
    const onPage = indexes.map((i) => rows[i]!);
    // A group continued from the slide before is labelled again on this one.
    if (onPage[0] && onPage[0].label === null && board.groups[onPage[0].group]!.label)
      onPage[0] = { ...onPage[0], label: `${board.groups[onPage[0].group]!.label} (cont.)` };
    return { kind: "board", corner: board.corner, headings: board.headings, headingH, colW, labelW, pt, rows: onPage };
  });
}

// Timeline chart ----------------------------------------------------------------------------------------------------

const AXIS_H = 0.35;
const MARKER = 0.11;
const LEGEND_H = 0.24;
const laneHeight = (pt: number) => lineHeight(pt) + 0.06;
/** Legend entries side by side, each as wide as the longest (its text does not wrap). */
const legendWidth = (model: TimelineChartModel, pt: number) =>
  Math.min(BODY.w, Math.max(1, ...model.legend.map((e) => `${e.label} (${e.count})`.length)) * inches(pt) * 0.6 + 0.25);
const legendHeight = (model: TimelineChartModel, width: number) =>
  Math.ceil(model.legend.length / Math.max(1, Math.floor(BODY.w / width))) * LEGEND_H;

/** Items in lanes (first fit, in launch order): each item takes the first lane whose labels all end left of its own,
 *  its label right of its marker, or left of it when it would run off the slide. A label carries the item's footnote
 *  numbers and ⏱, as on the page. */
function timelinePages(model: TimelineChartModel, pt: number): TimelinePage[] {
  const months = (model.endYear - model.startYear + 1) * 12;
  const monthW = BODY.w / months;
  const right = BODY.x + BODY.w;
  const notes = notesOf(model);
  const name = distinctNames(model.items);
  const ends: number[] = [];
  const lanes: TimelinePage["lanes"] = [];
  for (const item of model.items) {
    const x = BODY.x + ((item.launch.year - model.startYear) * 12 + item.launch.month + 0.5) * monthW;
    const marks = notes([item.sheetRow]);
    const label = `${name(item)}${marks.footnotes.length ? ` [${marks.footnotes.join(",")}]` : ""}${marks.slips.length ? ` ${SLIP_MARK}` : ""}${marks.changes.length ? ` ${CHANGE_MARK} ${changeBadge(marks.changes)}` : ""}`;
    // Labels do not wrap: a wide estimate (0.6 em a character) keeps neighbours in a lane apart.
    const labelW = label.length * inches(pt) * 0.6 + 2 * INSET;
    const left = x + MARKER + labelW > right;
    const labelX = left ? x - MARKER / 2 - labelW : x + MARKER / 2;
    const start = Math.min(x - MARKER / 2, labelX);
    let lane = ends.findIndex((end) => end <= start);
    if (lane < 0) lane = ends.push(0) - 1;
    ends[lane] = Math.max(x + MARKER / 2, labelX + labelW) + 0.04;
    (lanes[lane] ??= []).push({ item, label, x, labelX, labelW, left });
  }
  const laneH = laneHeight(pt);
  const legendW = legendWidth(model, MIN_PT);
  const perSlide = Math.max(1, Math.floor((BODY.h - AXIS_H - legendHeight(model, legendW) - 0.15) / laneH));
  const pages: TimelinePage[] = [];
  for (let first = 0; first < Math.max(1, lanes.length); first += perSlide)
    pages.push({ kind: "timeline", model, pt, legendW, lanes: lanes.slice(first, first + perSlide) });
  return pages;
}

// Tables ------------------------------------------------------------------------------------------------------------

const CELL_MARGIN = 0.05;

/** The longest word a table column is widened for: a longer one (an address) may break inside. */
const TABLE_WORD = 30;

/** Each column's least width at `pt`: its longest word (header included) on one line. */
function leastWidths(table: ReportTable, pt: number): number[] {
  return table.columns.map((column, c) => {
    const word = Math.max(longestRun(column), ...table.rows.map((row) => longestRun(row[c] ?? "")));
    return Math.min(word, TABLE_WORD) * inches(pt) * 0.6 + 2 * CELL_MARGIN;
  });
}

/** Column widths: each wide enough for its longest word, the rest of the slide's width shared by how much each
 *  column holds (its mean text length). */
function columnWidths(table: ReportTable, pt: number): number[] {
  const least = leastWidths(table, pt);
  const means = table.columns.map(
    (_, c) => Math.min(40, table.rows.reduce((n, row) => n + (row[c]?.length ?? 0), 0) / Math.max(1, table.rows.length)) + 1,
  );
  const spare = BODY.w - least.reduce((a, b) => a + b, 0);
  // Wider than the slide even at 9 pt: the columns share it (their longest words may break).
  if (spare <= 0) return least.map((w) => (w / (BODY.w - spare)) * BODY.w);
  const total = means.reduce((a, b) => a + b, 0);
  return least.map((w, c) => w + (spare * means[c]!) / total);
}

function rowHeight(cells: readonly string[], colW: readonly number[], pt: number) {
  return Math.max(...cells.map((cell, c) => linesOf(cell, colW[c]! - 2 * CELL_MARGIN, pt))) * lineHeight(pt) + 2 * CELL_MARGIN + 0.04;
}

/** A table over as many slides as its rows need, the header row on each; its text as large as asked or smaller (not
 *  below 9 pt) so that every column's longest word fits on a line. An intro takes room on the first slide. */
function tablePages(table: ReportTable, requested: number, intro?: TablePage["intro"]): TablePage[] {
  const pt = largestFitting(requested, (size) => leastWidths(table, size).reduce((a, b) => a + b, 0) <= BODY.w);
  const colW = columnWidths(table, pt);
  const room = BODY.h - rowHeight(table.columns, colW, pt);
  const heights = table.rows.map((row) => rowHeight(row, colW, pt));
  // The intro as a first item of the first page's height, taken out again below.
  const pages = table.rows.length ? paginate(intro ? [intro.h, ...heights] : heights, room) : [[]];
  const rowsOf = (indexes: number[]) => (intro ? indexes.filter((i) => i > 0).map((i) => i - 1) : indexes);
  return pages.map((indexes, p) => ({
    kind: "table",
    columns: table.columns,
    colW,
    pt,
    rows: rowsOf(indexes).map((i) => table.rows[i]!),
    ...(intro && p === 0 ? { intro } : {}),
  }));
}

// Footnotes ---------------------------------------------------------------------------------------------------------

function notesPages(footnotes: string[], general: string[], pt: number): NotesPage[] {
  return linePages(
    [...footnotes.map((text, i) => ({ text: `${i + 1}. ${text}`, general: false })), ...general.map((text) => ({ text, general: true }))],
    pt,
  );
}

/** The changes a deck lists at most (a few slides); the summary line counts them all. */
const DECK_CHANGES = 300;

/** What changed since a compared version (issue 30): a line saying how much, then each change in words. */
export function changesPages(changes: DeckChanges, pt: number): NotesPage[] {
  const n = changes.list.length;
  const read = formatDateTime(changes.readAt);
  const summary =
    n === 0
      ? `Nothing in this report changed since the sheet as read ${read}; ${changes.unchanged} rows are as they were.`
      : `${n} ${n === 1 ? "change" : "changes"} since the sheet as read ${read}; ${changes.unchanged} rows unchanged.` +
        (n > DECK_CHANGES ? ` The first ${DECK_CHANGES} are listed.` : "");
  const lines = changes.list.slice(0, DECK_CHANGES).map((c) => ({ text: `• ${c.text}`, general: false }));
  const registry = changes.registry.length
    ? [{ text: "In the trial registry:", general: true }, ...changes.registry.map((text) => ({ text: `• ${text}`, general: false }))]
    : [];
  return linePages([{ text: summary, general: true }, ...lines, ...registry], pt);
}

/** Lines of text over as many slides as they need. */
function linePages(lines: NotesPage["lines"], pt: number): NotesPage[] {
  if (!lines.length) return [];
  const heights = lines.map((l) => linesOf(l.text, BODY.w - 2 * INSET, pt) * lineHeight(pt) + inches(pt) * 0.5);
  return paginate(heights, BODY.h - 2 * INSET).map((indexes) => ({ pt, lines: indexes.map((i) => lines[i]!) }));
}

// ----- Drawing ------------------------------------------------------------------------------------------------------

type Slide = PptxGenJS.Slide;
const hex = (colour: string) => colour.replace(/^#/, "").toUpperCase();

function drawBoard(pptx: PptxGenJS, slide: Slide, page: BoardPage) {
  const top = BODY.y;
  const columnsX = BODY.x + page.labelW;
  // No shrink-to-fit anywhere: sizes are planned so that text fits at its size (a reader would shrink it below 9 pt).
  const headingCell = (text: string, x: number, w: number) =>
    slide.addText(text, {
      ...TITLE,
      x,
      y: top,
      w: w - CARD_GAP,
      h: page.headingH,
      fontSize: page.pt + 1,
      align: "center",
      valign: "middle",
      fill: { color: HEADING_FILL },
      margin: 4,
    });
  if (page.corner !== null) headingCell(page.corner, BODY.x, page.labelW);
  page.headings.forEach((text, i) => headingCell(text, columnsX + i * page.colW, page.colW));
  let y = top + page.headingH + CARD_GAP;
  for (const row of page.rows) {
    if (row.label !== null) {
      // A group starts (or continues) here: a rule across the board and its label in the first column.
      slide.addShape(pptx.ShapeType.line, { x: BODY.x, y: y - CARD_GAP / 2, w: BODY.w, h: 0, line: { color: RULE, width: 1 } });
      slide.addText(row.label, {
        ...TITLE,
        x: BODY.x,
        y,
        w: page.labelW - CARD_GAP,
        h: Math.max(0.3, row.height - CARD_GAP),
        fontSize: page.pt + 1,
        valign: "top",
        margin: 4,
      });
    }
    row.cards.forEach((card, i) => {
      if (card) drawCard(pptx, slide, card, { x: columnsX + i * page.colW, y, w: page.colW - CARD_GAP, h: row.height - CARD_GAP }, page.pt);
    });
    y += row.height;
  }
}

function drawCard(pptx: PptxGenJS, slide: Slide, card: Card, box: { x: number; y: number; w: number; h: number }, pt: number) {
  const title: PptxGenJS.TextProps[] = [
    ...(card.priority ? [{ text: `${card.priority.letter}  `, options: { bold: true, color: card.priority.colour } }] : []),
    { text: card.title, options: { bold: true } },
    ...marksOf(card.notes).map((run) => ({ ...run, options: { ...run.options, bold: true } })),
    ...(card.priority?.isNew ? [{ text: "  New", options: { bold: true, color: "1F7A4D" } }] : []),
  ].map((run) => ({ ...run, options: { ...run.options, fontSize: pt + 1 } }));
  title.at(-1)!.options!.breakLine = card.lines.length > 0;
  const runs = [
    ...title,
    ...card.lines.map((line, l) => ({
      text: lineText(line),
      options: {
        breakLine: l < card.lines.length - 1,
        ...(typeof line === "string" ? {} : { hyperlink: { url: line.url, tooltip: line.url } }),
        ...(typeof line === "string" && line.startsWith(SLIP_MARK) ? { color: MUTED } : {}),
        ...(typeof line === "string" && line.startsWith(CHANGE_MARK) ? { color: CHANGED } : {}),
      },
    })),
  ];
  // pptxgenjs reads a margin list as [left, right, bottom, top]: room on the left for the priority bar.
  slide.addText(runs, {
    ...TEXT,
    shape: pptx.ShapeType.rect,
    ...box,
    fontSize: pt,
    valign: "top",
    margin: card.priority ? [8, 4, 4, 4] : 4,
    fill: { color: "FFFFFF" },
    line: card.notes.changes.length ? { color: CHANGED, width: 2 } : { color: RULE, width: 0.75 },
  });
  if (card.priority)
    slide.addShape(pptx.ShapeType.rect, {
      x: box.x,
      y: box.y,
      w: BAR,
      h: box.h,
      fill: { color: card.priority.colour },
      line: { color: card.priority.colour, width: 0 },
    });
  if (card.logo) {
    // In the lower right corner, in proportion, within the room cardHeight kept for it.
    const scale = Math.min(LOGO.w / card.logo.width, LOGO.h / card.logo.height);
    const w = card.logo.width * scale;
    const h = card.logo.height * scale;
    slide.addImage({ data: card.logo.data, x: box.x + box.w - INSET - w, y: box.y + box.h - INSET - h, w, h });
  }
}

function drawTimeline(pptx: PptxGenJS, slide: Slide, page: TimelinePage) {
  const { model, pt } = page;
  const years = model.endYear - model.startYear + 1;
  const yearW = BODY.w / years;
  const laneH = laneHeight(pt);
  // The year bands end below the last lane; the legend follows.
  const bottom = Math.min(
    BODY.y + BODY.h - legendHeight(model, page.legendW) - 0.1,
    BODY.y + AXIS_H + Math.max(1, page.lanes.length) * laneH + 0.15,
  );
  for (let i = 0; i < years; i++) {
    const x = BODY.x + i * yearW;
    slide.addShape(pptx.ShapeType.rect, {
      x,
      y: BODY.y,
      w: yearW,
      h: bottom - BODY.y,
      fill: { color: i % 2 ? "F5F7FA" : "FFFFFF" },
      line: { color: RULE, width: 0.5 },
    });
    slide.addText(String(model.startYear + i), {
      ...TITLE,
      x,
      y: BODY.y,
      w: yearW,
      h: AXIS_H,
      fontSize: Math.min(11, pt + 2),
      align: "center",
      valign: "middle",
      margin: 0,
    });
  }
  page.lanes.forEach((lane, l) => {
    const y = BODY.y + AXIS_H + 0.05 + l * laneH;
    for (const { item, label, x, labelX, labelW, left } of lane) {
      const colour = hex(item.colour);
      slide.addShape(pptx.ShapeType.ellipse, {
        x: x - MARKER / 2,
        y: y + (laneH - MARKER) / 2,
        w: MARKER,
        h: MARKER,
        fill: { color: colour },
        line: { color: colour, width: 0 },
      });
      slide.addText(label, {
        ...TEXT,
        x: labelX,
        y,
        w: labelW,
        h: laneH,
        fontSize: pt,
        align: left ? "right" : "left",
        valign: "middle",
        margin: [4, 4, 0, 0],
        wrap: false,
      });
    }
  });
  // The legend: companies by colour, as on the page.
  const perRow = Math.max(1, Math.floor(BODY.w / page.legendW));
  model.legend.forEach((entry, i) => {
    const x = BODY.x + (i % perRow) * page.legendW;
    const y = bottom + 0.1 + Math.floor(i / perRow) * LEGEND_H;
    slide.addShape(pptx.ShapeType.rect, {
      x,
      y: y + 0.06,
      w: 0.12,
      h: 0.12,
      fill: { color: hex(entry.colour) },
      line: { color: hex(entry.colour), width: 0 },
    });
    slide.addText(`${entry.label} (${entry.count})`, {
      ...TEXT,
      x: x + 0.16,
      y,
      w: page.legendW - 0.2,
      h: LEGEND_H,
      fontSize: MIN_PT,
      valign: "middle",
      margin: 0,
      wrap: false,
    });
  });
}

function drawTable(slide: Slide, page: TablePage) {
  let y = BODY.y;
  if (page.intro) {
    slide.addText(page.intro.text, {
      ...TEXT,
      x: BODY.x,
      y,
      w: BODY.w,
      h: page.intro.h,
      fontSize: page.intro.pt,
      valign: "top",
      margin: 4,
    });
    y += page.intro.h;
  }
  if (!page.columns.length) return;
  const header: PptxGenJS.TableCell[] = page.columns.map((text) => ({ text, options: { ...TITLE, fill: { color: HEADING_FILL } } }));
  const rows: PptxGenJS.TableRow[] = page.rows.length
    ? page.rows.map((row) => row.map((text) => ({ text })))
    : [[{ text: "Nothing to show in this report.", options: { colspan: page.columns.length } }]];
  slide.addTable([header, ...rows], {
    ...TEXT,
    x: BODY.x,
    y,
    w: BODY.w,
    colW: page.colW,
    fontSize: page.pt,
    valign: "top",
    margin: CELL_MARGIN,
    border: { type: "solid", pt: 0.5, color: RULE },
    autoPage: false,
  });
}

function drawNotes(slide: Slide, page: NotesPage) {
  const runs = page.lines.map((line, i) => ({
    text: line.text,
    options: { color: line.general ? MUTED : TEXT.color, breakLine: i < page.lines.length - 1, paraSpaceAfter: page.pt * 0.5 },
  }));
  slide.addText(runs, { ...TEXT, x: BODY.x, y: BODY.y, w: BODY.w, h: BODY.h, fontSize: page.pt, valign: "top", margin: 4 });
}

/** The report as a .pptx: the cover, then the planned pages. */
export async function reportDeck(model: ReportModel, info: ReportDeckInfo): Promise<Buffer> {
  const pptx = presentation({ title: info.title, subject: info.disease });
  const read = info.readAt ? `, read ${formatDay(info.readAt)}` : "";
  const exported = `Exported ${formatDay(info.exportedAt)}`;

  const cover = pptx.addSlide();
  // Titles at a size their box holds (two lines on the cover, one on a slide), never shrunk by the reader.
  const coverPt = largestFitting(36, (pt) => linesOf(info.title, 12.1 - 2 * INSET, pt) <= 2);
  cover.addText(info.title, { ...TITLE, x: 0.6, y: 1.3, w: 12.1, h: 1.3, fontSize: coverPt, valign: "bottom" });
  cover.addText(`${info.disease} · ${info.client}`, { ...TEXT, x: 0.6, y: 2.7, w: 12.1, h: 0.6, fontSize: 22 });
  const facts = [
    ...info.options,
    `${model.stats.shownRecords} record${model.stats.shownRecords === 1 ? "" : "s"} shown`,
    // Compared with an earlier version: both versions' read times, to the minute.
    info.changes && info.readAt ? `Source: ${info.source}, read ${formatDateTime(info.readAt)}` : `Source: ${info.source}${read}`,
    ...(info.changes
      ? [`Compared with the sheet as of ${formatDay(info.changes.since)}, read ${formatDateTime(info.changes.readAt)}`]
      : []),
    exported,
  ];
  cover.addText(
    facts.map((text, i) => ({ text, options: { breakLine: i < facts.length - 1 } })),
    { ...TEXT, x: 0.6, y: 3.5, w: 12.1, h: 2.5, fontSize: 16, color: MUTED, valign: "top" },
  );

  const { report, notes } = planReportDeck(model, info);
  const addPages = <P>(pages: P[], title: string, draw: (slide: Slide, page: P) => void) =>
    pages.forEach((page, i) => {
      const slide = pptx.addSlide();
      const heading = `${title}${pages.length > 1 ? ` (${i + 1} of ${pages.length})` : ""}`;
      slide.addText(heading, {
        ...TITLE,
        x: BODY.x,
        y: 0.3,
        w: BODY.w,
        h: 0.55,
        fontSize: largestFitting(22, (pt) => linesOf(heading, BODY.w - 2 * INSET, pt) <= 1),
      });
      draw(slide, page);
      slide.addText(`Source: ${info.source}${read}`, { ...TEXT, x: BODY.x, y: 6.95, w: 9, h: 0.3, fontSize: 9, color: MUTED, margin: 0 });
      slide.addText(exported, {
        ...TEXT,
        x: BODY.x + BODY.w - 3,
        y: 6.95,
        w: 3,
        h: 0.3,
        fontSize: 9,
        color: MUTED,
        align: "right",
        margin: 0,
      });
    });
  // Compared with an earlier version: what changed, after the cover and before the report (as large as the notes).
  if (info.changes)
    addPages(changesPages(info.changes, deckPt(12, info.fontSize)), `What changed since ${formatDay(info.changes.since)}`, drawNotes);
  addPages(report, info.title, (slide, page) => {
    if (page.kind === "board") drawBoard(pptx, slide, page);
    else if (page.kind === "timeline") drawTimeline(pptx, slide, page);
    else drawTable(slide, page);
  });
  addPages(notes, `Notes: ${info.title}`, drawNotes);
  // Compressed: table slides are verbose XML (a 600-row table: 12 MB stored). pptxgenjs 4 drops `compression` when
  // write() is given an outputType; stream() keeps it and gives a Node buffer.
  return Buffer.from((await pptx.stream({ compression: true })) as Uint8Array);
}
