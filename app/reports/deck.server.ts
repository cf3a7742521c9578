// 'Export as PowerPoint' (issue #14): the report as native, editable slides, built on the server from the engine's
// model. A cover slide; the report over as many slides as it needs, each with its title, "(n of m)" and a footer
// with the source and the export date; then the footnotes. Boards are cards as shapes under their column headings,
// the timeline chart an axis of years with the items placed by date, the table reports pptx tables; whatever does
// not fit continues on the next slide with the headings repeated. Arial for titles, Calibri for text.
//
// Pages are planned first (pure data, from estimated text heights), then drawn: the plan is what tests count.
import type PptxGenJS from "pptxgenjs";

import type {
  Landscape1Box,
  Landscape1Model,
  Landscape2Model,
  Landscape3Model,
  ReportModel,
  TimelineChartModel,
  TimelineItem,
} from "#workers/engine/model";
import { dateOrText, formatDay } from "~/utils/dates";
import { presentation } from "~/utils/pptx.server";

import { reportTables, type ReportTable } from "./tables";
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

/** One card on a board: a bold title, its fields, and (report 1) the priority as a coloured letter and bar. */
interface Card {
  title: string;
  lines: string[];
  priority?: { letter: string; colour: string; isNew: boolean };
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
  colW: number;
  labelW: number;
  pt: number;
  rows: Array<{ label: string | null; group: number; height: number; cards: Array<Card | null> }>;
}
interface TimelinePage {
  kind: "timeline";
  model: TimelineChartModel;
  pt: number;
  lanes: Array<Array<{ item: TimelineItem; x: number; labelX: number; labelW: number; left: boolean }>>;
}
interface TablePage {
  kind: "table";
  columns: string[];
  colW: number[];
  pt: number;
  rows: string[][];
}
interface NotesPage {
  pt: number;
  lines: Array<{ text: string; general: boolean }>;
}
type Page = BoardPage | TimelinePage | TablePage;

/** The slides after the cover: the report's pages, then the footnotes' (none when the Footnotes switch is off). */
export function planReportDeck(
  model: ReportModel,
  view: Pick<ReportDeckInfo, "footnotes" | "fontSize">,
): { report: Page[]; notes: NotesPage[] } {
  const scale = view.fontSize / FONT_SIZE.default;
  const size = (pt: number) => Math.max(6, Math.round(pt * scale * 2) / 2);
  const notes = view.footnotes ? notesPages(model.footnotes, model.generalFootnotes, size(12)) : [];
  switch (model.type) {
    case "landscape-type-1":
      return { report: boardPages(landscape1Board(model), size(9)), notes };
    case "landscape-type-2":
      return { report: boardPages(landscape2Board(model), size(9)), notes };
    case "landscape-type-3":
      return { report: boardPages(landscape3Board(model), size(9)), notes };
    case "timeline-chart":
      return { report: timelinePages(model, size(8)), notes };
    case "timeline-table":
    case "event-calendar":
    case "events-2":
      return { report: reportTables(model).flatMap((table) => tablePages(table, size(10))), notes };
    case "list":
      // The news list has no sheet model: the news feed has its own deck ('Download News').
      return { report: [], notes };
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

function landscape1Board(model: Landscape1Model): Board {
  const card = (b: Landscape1Box): Card => ({
    title: b.product,
    lines: [
      b.company,
      b.moa,
      b.segments.join(", "),
      ...present("Launch", dateOrText(b.launch, b.launchText)),
      ...present("RoA", b.roa),
      ...(model.variant === "modality" ? present("Modality", b.modality) : []),
      [b.flags.includes("dormant") ? "Dormant" : "", b.flags.includes("potential-dmt") ? "Potential DMT" : ""].filter(Boolean).join(" · "),
    ].filter(Boolean),
    priority: { letter: b.priorityLetter, colour: PRIORITY_COLOURS[b.priority], isNew: b.isNew },
  });
  return {
    corner: null,
    headings: model.columns.map((c) => heading(c.label, c.boxes.length)),
    groups: [{ label: "", rows: cardRows(model.columns.map((c) => c.boxes.map(card))) }],
  };
}

function landscape2Board(model: Landscape2Model): Board {
  return {
    corner: null,
    headings: model.lotColumns.map((c) => heading(c.lot, c.trials.length)),
    groups: [
      {
        label: "",
        rows: cardRows(
          model.lotColumns.map((c) =>
            c.trials.map((t) => ({
              title: t.regimen,
              lines: [
                ...present("Trial", t.trialName),
                ...present("ID", t.trialIdentifier),
                ...present("Sponsor", t.trialSponsor),
                ...(model.combineLot ? present("LOT", t.lot) : []),
                ...present("Class", t.class),
                ...present("Phase", t.trialPhase),
                ...present("Primary completion", dateOrText(t.primaryCompletion, t.primaryCompletionText)),
                ...present("Established biomarker", t.establishedBiomarker),
                ...present("Exploratory biomarker", t.exploratoryBiomarker),
                ...present("Status", t.recruitmentStatus),
              ],
            })),
          ),
        ),
      },
    ],
  };
}

function landscape3Board(model: Landscape3Model): Board {
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
          cards.map((c) => ({
            title: c.product,
            lines: [
              ...present("Company", c.company),
              ...present("MOA", c.moa),
              ...present("Phase", c.phaseText),
              ...present("Established biomarker", c.establishedBiomarker),
              ...present("Exploratory biomarker", c.exploratoryBiomarker),
            ],
          })),
        ),
      ),
    })),
  };
}

const CARD_GAP = 0.08;
/** Text inset of a card or cell, in inches (cards use the same in points for pptxgenjs: 4 pt). */
const INSET = inches(4);
const HEADING_H = 0.4;

function cardHeight(card: Card, width: number, pt: number) {
  const text = width - 2 * INSET - (card.priority ? 0.06 : 0);
  const titleLines = linesOf(
    `${card.priority ? `${card.priority.letter}  ` : ""}${card.title}${card.priority?.isNew ? "  New" : ""}`,
    text,
    pt + 1,
  );
  const lines = card.lines.reduce((n, line) => n + linesOf(line, text, pt), 0);
  return titleLines * lineHeight(pt + 1) + lines * lineHeight(pt) + 2 * INSET + 0.04;
}

function boardPages(board: Board, pt: number): BoardPage[] {
  const labelW = board.corner === null ? 0 : 1.6;
  const colW = (BODY.w - labelW) / Math.max(1, board.headings.length);
  const rows = board.groups.flatMap((g, group) =>
    g.rows.map((cards, i) => ({
      label: i === 0 ? g.label : null,
      group,
      cards,
      height: Math.max(0, ...cards.map((c) => (c ? cardHeight(c, colW - CARD_GAP, pt) : 0))) + CARD_GAP,
    })),
  );
  // An empty board still gets a slide: its headings say there is nothing in any column.
  const pages = rows.length
    ? paginate(
        rows.map((r) => r.height),
        BODY.h - HEADING_H - CARD_GAP,
      )
    : [[]];
  return pages.map((indexes) => {
    const onPage = indexes.map((i) => rows[i]!);
    // A group continued from the slide before is labelled again on this one.
    if (onPage[0] && onPage[0].label === null && board.groups[onPage[0].group]!.label)
      onPage[0] = { ...onPage[0], label: `${board.groups[onPage[0].group]!.label} (cont.)` };
    return { kind: "board", corner: board.corner, headings: board.headings, colW, labelW, pt, rows: onPage };
  });
}

// Timeline chart ----------------------------------------------------------------------------------------------------

const AXIS_H = 0.35;
const MARKER = 0.11;
const LEGEND_ENTRY = { w: 2.05, h: 0.24 };
const laneHeight = (pt: number) => lineHeight(pt) + 0.06;
const legendHeight = (model: TimelineChartModel) => Math.ceil(model.legend.length / Math.floor(BODY.w / LEGEND_ENTRY.w)) * LEGEND_ENTRY.h;

/** Items in lanes (first fit, in launch order): each item takes the first lane whose labels all end left of its own,
 *  its label right of its marker, or left of it when it would run off the slide. */
function timelinePages(model: TimelineChartModel, pt: number): TimelinePage[] {
  const months = (model.endYear - model.startYear + 1) * 12;
  const monthW = BODY.w / months;
  const right = BODY.x + BODY.w;
  const ends: number[] = [];
  const lanes: TimelinePage["lanes"] = [];
  for (const item of model.items) {
    const x = BODY.x + ((item.launch.year - model.startYear) * 12 + item.launch.month + 0.5) * monthW;
    // Labels do not wrap: a wide estimate (0.6 em a character) keeps neighbours in a lane apart.
    const labelW = item.product.length * inches(pt) * 0.6 + 2 * INSET;
    const left = x + MARKER + labelW > right;
    const labelX = left ? x - MARKER / 2 - labelW : x + MARKER / 2;
    const start = Math.min(x - MARKER / 2, labelX);
    let lane = ends.findIndex((end) => end <= start);
    if (lane < 0) lane = ends.push(0) - 1;
    ends[lane] = Math.max(x + MARKER / 2, labelX + labelW) + 0.04;
    (lanes[lane] ??= []).push({ item, x, labelX, labelW, left });
  }
  const laneH = laneHeight(pt);
  const perSlide = Math.max(1, Math.floor((BODY.h - AXIS_H - legendHeight(model) - 0.15) / laneH));
  const pages: TimelinePage[] = [];
  for (let first = 0; first < Math.max(1, lanes.length); first += perSlide)
    pages.push({ kind: "timeline", model, pt, lanes: lanes.slice(first, first + perSlide) });
  return pages;
}

// Tables ------------------------------------------------------------------------------------------------------------

const CELL_MARGIN = 0.05;

/** Column widths: each wide enough for its longest word (up to 14 characters, so a common word never breaks), the
 *  rest of the slide's width shared by how much each column holds (its mean text length). */
function columnWidths(table: ReportTable, pt: number): number[] {
  const longestWord = (text: string) => Math.max(0, ...text.split(/\s+/).map((w) => w.length));
  const least = table.columns.map((column, c) => {
    const word = Math.max(longestWord(column), ...table.rows.map((row) => longestWord(row[c] ?? "")));
    return Math.min(word, 14) * inches(pt) * 0.6 + 2 * CELL_MARGIN;
  });
  const means = table.columns.map(
    (_, c) => Math.min(40, table.rows.reduce((n, row) => n + (row[c]?.length ?? 0), 0) / Math.max(1, table.rows.length)) + 1,
  );
  const spare = BODY.w - least.reduce((a, b) => a + b, 0);
  if (spare <= 0) return least.map((w) => (w / (BODY.w - spare)) * BODY.w);
  const total = means.reduce((a, b) => a + b, 0);
  return least.map((w, c) => w + (spare * means[c]!) / total);
}

function rowHeight(cells: readonly string[], colW: readonly number[], pt: number) {
  return Math.max(...cells.map((cell, c) => linesOf(cell, colW[c]! - 2 * CELL_MARGIN, pt))) * lineHeight(pt) + 2 * CELL_MARGIN + 0.04;
}

/** A table over as many slides as its rows need, the header row on each. */
function tablePages(table: ReportTable, pt: number): TablePage[] {
  const colW = columnWidths(table, pt);
  const room = BODY.h - rowHeight(table.columns, colW, pt);
  const pages = table.rows.length
    ? paginate(
        table.rows.map((row) => rowHeight(row, colW, pt)),
        room,
      )
    : [[]];
  return pages.map((indexes) => ({ kind: "table", columns: table.columns, colW, pt, rows: indexes.map((i) => table.rows[i]!) }));
}

// Footnotes ---------------------------------------------------------------------------------------------------------

function notesPages(footnotes: string[], general: string[], pt: number): NotesPage[] {
  const lines = [
    ...footnotes.map((text, i) => ({ text: `${i + 1}. ${text}`, general: false })),
    ...general.map((text) => ({ text, general: true })),
  ];
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
  const headingCell = (text: string, x: number, w: number) =>
    slide.addText(text, {
      ...TITLE,
      x,
      y: top,
      w: w - CARD_GAP,
      h: HEADING_H,
      fontSize: page.pt + 1,
      align: "center",
      valign: "middle",
      fill: { color: HEADING_FILL },
      margin: 4,
      fit: "shrink",
    });
  if (page.corner !== null) headingCell(page.corner, BODY.x, page.labelW);
  page.headings.forEach((text, i) => headingCell(text, columnsX + i * page.colW, page.colW));
  let y = top + HEADING_H + CARD_GAP;
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
        fit: "shrink",
      });
    }
    row.cards.forEach((card, i) => {
      if (!card) return;
      const x = columnsX + i * page.colW;
      const w = page.colW - CARD_GAP;
      const h = row.height - CARD_GAP;
      const title: PptxGenJS.TextProps[] = [
        ...(card.priority ? [{ text: `${card.priority.letter}  `, options: { bold: true, color: card.priority.colour } }] : []),
        { text: card.title, options: { bold: true, fontSize: page.pt + 1 } },
        ...(card.priority?.isNew ? [{ text: "  New", options: { bold: true, color: "1F7A4D" } }] : []),
      ];
      title.at(-1)!.options!.breakLine = card.lines.length > 0;
      const runs = [...title, ...card.lines.map((text, l) => ({ text, options: { breakLine: l < card.lines.length - 1 } }))];
      // pptxgenjs reads a margin list as [left, right, bottom, top]: room on the left for the priority bar.
      slide.addText(runs, {
        ...TEXT,
        shape: pptx.ShapeType.rect,
        x,
        y,
        w,
        h,
        fontSize: page.pt,
        valign: "top",
        margin: card.priority ? [8, 4, 4, 4] : 4,
        fill: { color: "FFFFFF" },
        line: { color: RULE, width: 0.75 },
        fit: "shrink",
      });
      if (card.priority)
        slide.addShape(pptx.ShapeType.rect, {
          x,
          y,
          w: 0.06,
          h,
          fill: { color: card.priority.colour },
          line: { color: card.priority.colour, width: 0 },
        });
    });
    y += row.height;
  }
}

function drawTimeline(pptx: PptxGenJS, slide: Slide, page: TimelinePage) {
  const { model, pt } = page;
  const years = model.endYear - model.startYear + 1;
  const yearW = BODY.w / years;
  const laneH = laneHeight(pt);
  // The year bands end below the last lane; the legend follows.
  const bottom = Math.min(BODY.y + BODY.h - legendHeight(model) - 0.1, BODY.y + AXIS_H + Math.max(1, page.lanes.length) * laneH + 0.15);
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
    for (const { item, x, labelX, labelW, left } of lane) {
      const colour = hex(item.colour);
      slide.addShape(pptx.ShapeType.ellipse, {
        x: x - MARKER / 2,
        y: y + (laneH - MARKER) / 2,
        w: MARKER,
        h: MARKER,
        fill: { color: colour },
        line: { color: colour, width: 0 },
      });
      slide.addText(item.product, {
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
  const perRow = Math.floor(BODY.w / LEGEND_ENTRY.w);
  model.legend.forEach((entry, i) => {
    const x = BODY.x + (i % perRow) * LEGEND_ENTRY.w;
    const y = bottom + 0.1 + Math.floor(i / perRow) * LEGEND_ENTRY.h;
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
      w: LEGEND_ENTRY.w - 0.2,
      h: LEGEND_ENTRY.h,
      fontSize: 8,
      valign: "middle",
      margin: 0,
      fit: "shrink",
    });
  });
}

function drawTable(slide: Slide, page: TablePage) {
  const header: PptxGenJS.TableCell[] = page.columns.map((text) => ({ text, options: { ...TITLE, fill: { color: HEADING_FILL } } }));
  const rows: PptxGenJS.TableRow[] = page.rows.length
    ? page.rows.map((row) => row.map((text) => ({ text })))
    : [[{ text: "Nothing to show in this report.", options: { colspan: page.columns.length } }]];
  slide.addTable([header, ...rows], {
    ...TEXT,
    x: BODY.x,
    y: BODY.y,
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
  cover.addText(info.title, { ...TITLE, x: 0.6, y: 1.3, w: 12.1, h: 1.3, fontSize: 36, valign: "bottom", fit: "shrink" });
  cover.addText(`${info.disease} · ${info.client}`, { ...TEXT, x: 0.6, y: 2.7, w: 12.1, h: 0.6, fontSize: 22 });
  const facts = [
    ...info.options,
    `${model.stats.shownRecords} record${model.stats.shownRecords === 1 ? "" : "s"} shown`,
    `Source: ${info.source}${read}`,
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
      slide.addText(`${title}${pages.length > 1 ? ` (${i + 1} of ${pages.length})` : ""}`, {
        ...TITLE,
        x: BODY.x,
        y: 0.3,
        w: BODY.w,
        h: 0.55,
        fontSize: 22,
        fit: "shrink",
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
  addPages(report, info.title, (slide, page) => {
    if (page.kind === "board") drawBoard(pptx, slide, page);
    else if (page.kind === "timeline") drawTimeline(pptx, slide, page);
    else if (page.kind === "table") drawTable(slide, page);
  });
  addPages(notes, `Notes: ${info.title}`, drawNotes);
  // Compressed: table slides are verbose XML (a 600-row table: 12 MB stored). pptxgenjs 4 drops `compression` when
  // write() is given an outputType; stream() keeps it and gives a Node buffer.
  return Buffer.from((await pptx.stream({ compression: true })) as Uint8Array);
}
