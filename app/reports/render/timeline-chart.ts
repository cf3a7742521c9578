// Report 2: launches on a year/month axis. The SVG's viewBox is in em and its CSS size is the same number of em, so
// one user unit is 1em of the host's font: every size below is in em and the page's font-size control scales the
// chart without a redraw.
import { range } from "d3-array";
import { select, type Selection } from "d3-selection";

import type { LegendEntry, TimelineChartModel, TimelineItem } from "#workers/engine/model";
import { namingSteps } from "#workers/engine/names";
import { formatDate, placedAt } from "~/utils/dates";
import { SLIP_MARK, slipText } from "~/utils/registry/slips";

import { CHANGE_MARK, changeBadge, changeText, notesOf } from "./annotations";
import {
  cancelFrame,
  CHUNK_SIZE,
  drawInChunks,
  finish,
  firstIndex,
  nextFrame,
  registerWindowed,
  runInFrames,
  SLICE,
  type Windowed,
} from "./progressive";
import { LAUNCH_TABLE_LINK, type Renderer } from "./types";

const MONTH_W = 1.25;
/** Fitted to a narrow box, months get no narrower than this (the labels keep their size and stack into more lanes;
 *  what is still too wide is zoomed by the page). Below MONTH_LABEL_MIN_W the month initials are left out. */
const MIN_MONTH_W = 0.3;
const MONTH_LABEL_MIN_W = 0.7;
const LANE_H = 1.3;
/** Year labels, then month initials, then the items. */
const HEADER_H = 2.6;
const PAD = 0.5;
const MARKER_R = 0.3;
const LABEL_SIZE = 0.7;
/** Estimated width of a label character: text cannot be measured before layout (nor in jsdom), and a generous
 *  estimate only costs a little height. */
const CHAR_W = 0.6 * LABEL_SIZE;
const LABEL_GAP = 0.2;
const MONTH_INITIALS = "JFMAMJJASOND";

interface Placed {
  item: TimelineItem;
  x: number;
  y: number;
  lane: number;
  /** Where its label ends. */
  end: number;
}

/** A binary min-heap of numbers, or of indices ordered by `key`. */
class MinHeap {
  private readonly a: number[] = [];
  constructor(private readonly key: (v: number) => number = (v) => v) {}
  get size() {
    return this.a.length;
  }
  peek() {
    return this.a[0]!;
  }
  push(v: number) {
    const { a, key } = this;
    let i = a.push(v) - 1;
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (key(a[up]!) <= key(v)) break;
      a[i] = a[up]!;
      i = up;
    }
    a[i] = v;
  }
  pop() {
    const { a, key } = this;
    const top = a[0]!;
    const last = a.pop()!;
    if (a.length === 0) return top;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= a.length) break;
      if (child + 1 < a.length && key(a[child + 1]!) < key(a[child]!)) child++;
      if (key(a[child]!) >= key(last)) break;
      a[i] = a[child]!;
      i = child;
    }
    a[i] = last;
    return top;
  }
}

/** Items laid out between two pauses of a chart's layout (layOut). */
const STEP = 2000;

/** First-fit stacking: each item (in launch order) takes the first lane whose last label ends left of its
 *  marker, so labels never overlap. Returns the positions and the number of lanes. As items come in
 *  launch order, a lane once free stays free for every later item: lanes move from `busy` (by where their label
 *  ends) to `free` (by number) as the markers pass them, so 50k items in thousands of lanes take milliseconds, not
 *  the half second of scanning every lane for every item. Pauses (yields) every STEP items. */
function* place(
  items: readonly TimelineItem[],
  xs: readonly number[],
  ends: readonly number[],
): Generator<void, { placed: Placed[]; lanes: number }> {
  const laneEnds: number[] = [];
  const busy = new MinHeap((lane) => laneEnds[lane]!);
  const free = new MinHeap();
  const placed: Placed[] = [];
  for (let i = 0; i < items.length; i++) {
    const [x, end] = [xs[i]!, ends[i]!];
    while (busy.size && laneEnds[busy.peek()]! <= x - MARKER_R) free.push(busy.pop());
    const lane = free.size ? free.pop() : laneEnds.length;
    laneEnds[lane] = end;
    busy.push(lane);
    placed.push({ item: items[i]!, x, y: HEADER_H + (lane + 0.5) * LANE_H, lane, end });
    if (i % STEP === STEP - 1) yield;
  }
  return { placed, lanes: laneEnds.length };
}

/** A changed launch's mark after its label: "Δ was 31/12/2027". */
const changeLabel = (changes: Parameters<typeof changeBadge>[0]) => `${CHANGE_MARK} ${changeBadge(changes)}`;

interface Layout {
  monthW: number;
  /** The last year of the axis: the end year, or later where labels run past it. */
  lastYear: number;
  placed: Placed[];
  lanes: number;
  /** Each item's name as shown ("posdinemab · Early AD" where a product repeats). */
  name: (item: TimelineItem) => string;
}

/**
 * Lays the chart out: the items' names and labels, the month width (fitted to `fitTo` em, or MONTH_W) and the axis's
 * last year (it runs on under labels that would run past it), then the lanes. In steps (yields every STEP items), so a
 * chart of tens of thousands of launches can be laid out across frames.
 */
function* layOut(model: TimelineChartModel, fitTo: number | null | undefined): Generator<void, Layout> {
  const { items, startYear, endYear } = model;
  const notes = notesOf(model);
  const name = yield* namingSteps(items);
  /** Where each marker is, in months from the axis's start, and how far each label reaches past its marker. */
  const [months, reach]: [number[], number[]] = [[], []];
  for (let i = 0; i < items.length; i++) {
    const { launch, sheetRow } = items[i]!;
    const { footnotes, slips, changes } = notes([sheetRow]);
    const label = [name(items[i]!), footnotes.join(","), slips.length ? SLIP_MARK : "", changes.length ? changeLabel(changes) : ""]
      .filter(Boolean)
      .join(" ");
    months.push((launch.year - startYear) * 12 + launch.month + 0.5);
    reach.push(MARKER_R + LABEL_GAP + label.length * CHAR_W);
    if (i % STEP === STEP - 1) yield;
  }
  const axisMonths = (endYear - startYear + 1) * 12;
  /** Years the axis goes on past the last launch, under the labels that run past it (none runs past the axis). */
  const extraYears = (monthW: number) => {
    const right = months.reduce((max, m, i) => Math.max(max, m * monthW + reach[i]!), 0);
    return Math.ceil(Math.max(0, right - axisMonths * monthW) / (12 * monthW));
  };
  const fitted = (years: number) => Math.min(MONTH_W, Math.max(MIN_MONTH_W, (fitTo! - 2 * PAD) / (axisMonths + 12 * years)));
  let monthW = fitTo ? fitted(0) : MONTH_W;
  // A chart fitted to its box narrows its months to make room for those years, so it stays within its frame.
  if (fitTo && extraYears(monthW) > 0) monthW = fitted(extraYears(monthW));
  const lastYear = endYear + extraYears(monthW);
  yield;
  const xs = months.map((m) => PAD + m * monthW);
  const { placed, lanes } = yield* place(
    items,
    xs,
    xs.map((x, i) => x + reach[i]!),
  );
  return { monthW, lastYear, placed, lanes, name };
}

function drawLegend(parent: Selection<HTMLDivElement, unknown, null, undefined>, legend: readonly LegendEntry[]) {
  const entry = parent
    .append("ul")
    .attr("class", "rt-legend")
    .attr("aria-label", "Companies")
    .selectAll(null)
    .data(legend)
    .join("li")
    .attr("class", (d) => (d.isOther ? "rt-legend-entry rt-legend-other" : "rt-legend-entry"));
  entry
    .append("span")
    .attr("class", "rt-swatch")
    .attr("aria-hidden", "true")
    .style("background-color", (d) => d.colour);
  entry
    .append("span")
    .attr("class", "rt-legend-label")
    .text((d) => d.label);
  entry
    .append("span")
    .attr("class", "rt-legend-count")
    .text((d) => `(${d.count})`);
}

export const renderTimelineChart: Renderer<TimelineChartModel> = (host, model, { width: fitTo, launchTable }) => {
  host.replaceChildren();
  const root = select(host).append("div").attr("class", "rt-timeline");
  drawLegend(root, model.legend);
  const steps = layOut(model, fitTo);
  if (model.items.length > CHART_WINDOW_FROM) {
    const chart = new ChartWindow(host, steps, (laid) => drawChart(root, model, laid, launchTable ?? null));
    return () => chart.cancel();
  }
  const { placed, drawItems } = drawChart(root, model, finish(steps));
  host.dataset.drawing = "true";
  const cancel = drawInChunks(placed, drawItems, () => delete host.dataset.drawing);
  return () => {
    cancel();
    delete host.dataset.drawing;
  };
};

/** Charts with more launches than this are laid out across frames and windowed; smaller ones are laid out at once
 *  and drawn whole, in chunks. */
export const CHART_WINDOW_FROM = 1000;

/** A laid-out chart in the page: its axis, and how to draw its items (returns their elements, in order). */
interface DrawnChart {
  svg: SVGSVGElement;
  scroller: HTMLElement;
  /** In em. */
  width: number;
  placed: readonly Placed[];
  drawItems: (slice: readonly Placed[]) => Element[];
}

/** Draws the laid-out chart's axis under its legend (`root`), the items left to the caller. A windowed chart
 *  (`launchTable` a link, or null when the disease has no Launch table) says where every launch is listed. */
function drawChart(
  root: Selection<HTMLDivElement, unknown, null, undefined>,
  model: TimelineChartModel,
  { monthW, lastYear, placed, lanes, name }: Layout,
  launchTable?: string | null,
): DrawnChart {
  const { startYear, endYear } = model;
  const monthX = (year: number, month: number) => PAD + ((year - startYear) * 12 + month) * monthW;
  const notes = notesOf(model);
  /** The footnote numbers of an item, written after its label. */
  const refs = (item: TimelineItem) => notes([item.sheetRow]).footnotes.join(",");
  /** The year and month (0-based) a launch moved from since the compared version, or null. */
  const movedFrom = (item: TimelineItem) => {
    const iso = notes([item.sheetRow]).changes.find((c) => c.kind === "launch")?.fromIso;
    return iso ? { year: Number(iso.slice(0, 4)), month: Number(iso.slice(5, 7)) - 1 } : null;
  };
  const width = monthX(lastYear + 1, 0) + PAD;
  const height = HEADER_H + Math.max(lanes, 1) * LANE_H + PAD;

  const svg = root
    .append("div")
    .attr("class", "rt-chart-scroll")
    .attr("tabindex", 0)
    .attr("role", "group")
    .attr("aria-label", "Timeline chart, scrolls sideways")
    .append("svg")
    .attr("class", "rt-chart")
    .attr("viewBox", `0 0 ${width} ${height}`)
    .style("width", `${width}em`)
    .style("height", `${height}em`)
    .attr("role", "img")
    .attr(
      "aria-label",
      `Timeline of ${model.items.length} expected launches by month, ${startYear} to ${endYear}; ` +
        "each product is labelled at its launch month, coloured by company as in the legend",
    );

  // The arrow head of a moved launch's arrow (from its ghost at the old month).
  svg
    .append("defs")
    .append("marker")
    .attr("id", "report-ghost-head")
    .attr("viewBox", "0 0 10 10")
    .attr("refX", 9)
    .attr("refY", 5)
    .attr("markerWidth", 4)
    .attr("markerHeight", 4)
    .attr("orient", "auto-start-reverse")
    .append("path")
    .attr("d", "M0,0L10,5L0,10z")
    .attr("fill", "#6d28d9");
  const year = svg
    .append("g")
    .attr("class", "rt-axis")
    .selectAll(null)
    .data(range(startYear, lastYear + 1))
    .join("g")
    .attr("class", "rt-year")
    .attr("transform", (y) => `translate(${monthX(y, 0)},0)`);
  year
    .append("rect")
    .attr("class", (y) => ((y - startYear) % 2 ? "rt-year-band rt-year-band-alt" : "rt-year-band"))
    .attr("width", 12 * monthW)
    .attr("height", height - PAD);
  year
    .selectAll(null)
    .data(range(1, 12))
    .join("line")
    .attr("class", "rt-month-line")
    .attr("x1", (m) => m * monthW)
    .attr("x2", (m) => m * monthW)
    .attr("y1", HEADER_H - 1)
    .attr("y2", height - PAD);
  year
    .append("text")
    .attr("class", "rt-year-label")
    .attr("data-year", (y) => y)
    .attr("x", 6 * monthW)
    .attr("y", 1.1)
    .attr("text-anchor", "middle")
    .attr("font-size", 0.85)
    .text((y) => y);
  year
    .selectAll(null)
    .data(monthW >= MONTH_LABEL_MIN_W ? range(12) : [])
    .join("text")
    .attr("class", "rt-month-label")
    .attr("x", (m) => (m + 0.5) * monthW)
    .attr("y", HEADER_H - 0.5)
    .attr("text-anchor", "middle")
    .attr("font-size", 0.55)
    .text((m) => MONTH_INITIALS[m]);

  const itemLayer = svg.append("g").attr("class", "rt-items");
  /** Draws `slice` and returns its elements, in order. */
  const drawItems = (slice: readonly Placed[]) => {
    const item = itemLayer
      .selectAll(null)
      .data(slice)
      .join("g")
      .attr("class", "rt-item")
      .attr("data-product", (d) => d.item.product)
      .attr("data-launch", (d) => `${d.item.launch.year}-${String(d.item.launch.month + 1).padStart(2, "0")}`)
      .attr("transform", (d) => `translate(${d.x},${d.y})`);
    item.append("title").text((d) => {
      const marks = notes([d.item.sheetRow]);
      const { slips } = marks;
      return `${name(d.item)}, ${d.item.company}: launch ${formatDate(d.item.launch)}${placedAt(d.item.launch) ? `, ${placedAt(d.item.launch)}` : ""} (${d.item.priority})${slips.length ? `. ${slipText(slips)}` : ""}${marks.changes.length ? `. ${changeText(marks)}` : ""}`;
    });
    // Compared with an earlier version: a launch that moved leaves a ghost at its old month, an arrow to where it is now.
    const ghost = item
      .filter((d) => movedFrom(d.item) !== null)
      .insert("g", ":first-child")
      .attr("class", "report-ghost-mark")
      .attr("aria-hidden", "true");
    const ghostX = (d: Placed) => {
      const from = movedFrom(d.item)!;
      return monthX(from.year, from.month) + monthW / 2 - d.x;
    };
    ghost
      .append("line")
      .attr("class", "report-ghost-arrow")
      .attr("x1", ghostX)
      .attr("x2", (d) => (ghostX(d) < 0 ? -MARKER_R : MARKER_R))
      .attr("y1", 0)
      .attr("y2", 0)
      .attr("stroke-width", 0.08)
      .attr("marker-end", "url(#report-ghost-head)");
    ghost.append("circle").attr("class", "report-ghost").attr("cx", ghostX).attr("r", MARKER_R).attr("stroke-width", 0.08);
    item
      .append("circle")
      .attr("r", MARKER_R)
      .attr("fill", (d) => d.item.colour);
    const label = item
      .append("text")
      .attr("x", MARKER_R + LABEL_GAP)
      .attr("dy", "0.35em")
      .attr("font-size", LABEL_SIZE)
      .text((d) => name(d.item));
    label
      .filter((d) => refs(d.item) !== "")
      .append("tspan")
      .attr("class", "report-footnote-ref")
      .attr("dy", "-0.4em")
      .attr("font-size", "0.7em")
      .text((d) => ` ${refs(d.item)}`);
    label
      .filter((d) => notes([d.item.sheetRow]).slips.length > 0)
      .append("tspan")
      .attr("class", "report-slip")
      .text(` ${SLIP_MARK}`);
    label
      .filter((d) => notes([d.item.sheetRow]).changes.length > 0)
      .append("tspan")
      .attr("class", "report-change")
      .attr("font-weight", 700)
      .text((d) => ` ${changeLabel(notes([d.item.sheetRow]).changes)}`);
    return item.nodes() as SVGGElement[];
  };
  if (launchTable !== undefined) {
    // What is not drawn is still told: the chart's summary says how many launches there are, and this note where each
    // is listed (the SVG is one image for a screen reader, its labels were never read out one by one).
    const note = root.append("p").attr("class", "rt-chart-note");
    note
      .append("span")
      .text("The chart draws the launches near the part of it on screen. Every launch, with its company and date, is listed ");
    if (launchTable) {
      note.append("span").text("in the ");
      note.append("a").attr("class", LAUNCH_TABLE_LINK).attr("href", launchTable).text("Launch table");
      note.append("span").text(" and ");
    }
    note.append("span").text("in the workbook of Export as Excel.");
  }
  return { svg: svg.node()!, scroller: root.select<HTMLElement>(".rt-chart-scroll").node()!, width, placed, drawItems };
}

/** The part of the chart in the page, in its units (em): lanes [top, bottom), x from left to right. */
interface Area {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/**
 * A windowed timeline chart: only the launches within a screen of what the viewport shows of the chart (and its
 * sideways scroll box) are in the SVG, drawn again as the page or the box scrolls, the window resizes or the font size
 * changes. The positions are computed once; each lane's items are in x order and their labels do not overlap, so the
 * ones in view are found by two binary searches a lane. drawEverything() draws every launch for print and the export.
 */
class ChartWindow implements Windowed {
  /** Laid out and its axis drawn (null while it is being laid out). */
  private chart: DrawnChart | null = null;
  /** Each lane's items, by x. */
  private readonly lanes: Placed[][] = [];
  private readonly drawn = new Map<Placed, Element>();
  /** What the drawn items cover (nothing yet). */
  private area: Area = { top: 0, bottom: 0, left: 0, right: 0 };
  private holds = 0;
  private stopLayout: (() => void) | null;
  private stopFill: (() => void) | null = null;
  private frame: number | null = null;
  private readonly resize: ResizeObserver | null = null;
  private readonly unregister: () => void;
  private readonly schedule = () => {
    this.frame ??= nextFrame(() => {
      this.frame = null;
      this.update();
    });
  };

  /** Lays the chart out (`layout`) across frames, then draws its axis (`draw`) and the launches near the view. */
  constructor(
    private readonly host: HTMLElement,
    private readonly layout: Generator<void, Layout>,
    private readonly draw: (laid: Layout) => DrawnChart,
  ) {
    this.unregister = registerWindowed(host, this);
    host.dataset.drawing = "true";
    this.stopLayout = runInFrames(layout, (laid) => this.ready(laid));
    addEventListener("scroll", this.schedule, { capture: true, passive: true });
    addEventListener("resize", this.schedule);
    // The font-size control resizes the chart (it is sized in em) without a redraw.
    if (typeof ResizeObserver === "function") this.resize = new ResizeObserver(this.schedule);
  }

  hold(now: boolean) {
    this.holds++;
    if (now) {
      // Before printing: the rest of the layout now, then every launch.
      if (!this.chart) this.ready(finish(this.layout));
      this.stopFill?.();
      this.add(this.chart!.placed.filter((p) => !this.drawn.has(p)));
      this.filled();
    } else if (this.holds === 1 && this.chart) this.fill(this.chart.placed, SLICE);
  }

  release() {
    if (--this.holds > 0) return;
    this.area = { top: 0, bottom: 0, left: 0, right: 0 };
    this.update();
  }

  cancel() {
    this.stopLayout?.();
    this.stopFill?.();
    this.filled();
    if (this.frame !== null) cancelFrame(this.frame);
    removeEventListener("scroll", this.schedule, { capture: true });
    removeEventListener("resize", this.schedule);
    this.resize?.disconnect();
    this.unregister();
  }

  private ready(laid: Layout) {
    this.stopLayout?.();
    this.stopLayout = null;
    this.chart = this.draw(laid);
    for (const p of this.chart.placed) (this.lanes[p.lane] ??= []).push(p);
    this.resize?.observe(this.chart.svg);
    if (this.holds > 0) this.fill(this.chart.placed, SLICE);
    else this.update(CHUNK_SIZE);
  }

  /** What the viewport shows of the chart, in its units; before the chart is laid out (jsdom), a first screen. */
  private view({ svg, scroller, width }: DrawnChart): Area {
    const chart = svg.getBoundingClientRect();
    if (chart.width === 0) return { top: 0, bottom: innerHeight / 16, left: 0, right: innerWidth / 16 };
    const box = scroller.getBoundingClientRect();
    const scale = chart.width / width; // px an em, zoom included
    return {
      top: -chart.top / scale,
      bottom: (innerHeight - chart.top) / scale,
      left: (Math.max(0, box.left) - chart.left) / scale,
      right: (Math.min(innerWidth, box.right) - chart.left) / scale,
    };
  }

  /** After a scroll or a resize: the launches within a screen of the view, once it nears the edge of those drawn. */
  private update(first = SLICE) {
    if (this.holds > 0 || !this.chart) return;
    const view = this.view(this.chart);
    const [h, w] = [Math.max(view.bottom - view.top, 10), Math.max(view.right - view.left, 10)];
    const a = this.area;
    const covered =
      a.top <= view.top - h / 2 && a.bottom >= view.bottom + h / 2 && a.left <= view.left - w / 2 && a.right >= view.right + w / 2;
    const far = a.top < view.top - 3 * h || a.bottom > view.bottom + 3 * h || a.left < view.left - 3 * w || a.right > view.right + 3 * w;
    if (covered && !far) return;
    this.area = { top: view.top - h, bottom: view.bottom + h, left: view.left - w, right: view.right + w };
    const wanted = this.within(this.area);
    const keep = new Set(wanted);
    for (const [p, node] of this.drawn)
      if (!keep.has(p)) {
        node.remove();
        this.drawn.delete(p);
      }
    // The nearest lanes first: what shows is drawn before the margin.
    const middle = (view.top + view.bottom) / 2;
    this.fill(
      wanted.filter((p) => !this.drawn.has(p)).sort((p, q) => Math.abs(p.y - middle) - Math.abs(q.y - middle)),
      first,
    );
  }

  /** The items whose marker or label reaches into `area`. */
  private within({ top, bottom, left, right }: Area): Placed[] {
    const found: Placed[] = [];
    const laneOf = (y: number) => Math.floor((y - HEADER_H) / LANE_H);
    for (let lane = Math.max(0, laneOf(top)); lane <= Math.min(this.lanes.length - 1, laneOf(bottom)); lane++) {
      const items = this.lanes[lane] ?? [];
      const from = firstIndex(items.length, (k) => items[k]!.end >= left);
      const to = firstIndex(items.length, (k) => items[k]!.x - MARKER_R > right);
      for (let k = from; k < to; k++) found.push(items[k]!);
    }
    return found;
  }

  /** Draws `items` in chunks (`first` of them at once), marking the host as drawing meanwhile. */
  private fill(items: readonly Placed[], first: number) {
    this.stopFill?.();
    if (items.length === 0) return this.filled();
    this.host.dataset.drawing = "true";
    this.stopFill = drawInChunks(
      items,
      (slice) => this.add(slice.filter((p) => !this.drawn.has(p))),
      () => this.filled(),
      first,
    );
  }

  private add(items: readonly Placed[]) {
    this.chart!.drawItems(items).forEach((node, k) => this.drawn.set(items[k]!, node));
  }

  private filled() {
    this.stopFill = null;
    delete this.host.dataset.drawing;
  }
}
