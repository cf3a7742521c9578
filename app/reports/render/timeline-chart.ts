// Report 2: launches on a year/month axis. The SVG's viewBox is in em and its CSS size is the same number of em, so
// one user unit is 1em of the host's font: every size below is in em and the page's font-size control scales the
// chart without a redraw.
import { range } from "d3-array";
import { select, type Selection } from "d3-selection";

import type { LegendEntry, TimelineChartModel, TimelineItem } from "#workers/engine/model";
import { formatDate, placedAt } from "~/utils/dates";
import { SLIP_MARK, slipText } from "~/utils/registry/slips";

import { distinctNames } from "../names";
import { notesOf } from "./annotations";
import { cancelFrame, CHUNK_SIZE, drawInChunks, nextFrame, registerWindowed, SLICE, type Windowed } from "./progressive";
import type { Renderer } from "./types";

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

/** First-fit stacking: each item (in launch order) takes the first lane whose last label ends left of its
 *  marker, so labels never overlap. Returns the positions and the right edge of the widest lane. As items come in
 *  launch order, a lane once free stays free for every later item: lanes move from `busy` (by where their label
 *  ends) to `free` (by number) as the markers pass them, so 50k items in thousands of lanes take milliseconds, not
 *  the half second of scanning every lane for every item. */
function place(items: readonly TimelineItem[], xOf: (item: TimelineItem) => number, labelOf: (item: TimelineItem) => string) {
  const ends: number[] = [];
  const busy = new MinHeap((lane) => ends[lane]!);
  const free = new MinHeap();
  let right = 0;
  const placed: Placed[] = items.map((item) => {
    const x = xOf(item);
    while (busy.size && ends[busy.peek()]! <= x - MARKER_R) free.push(busy.pop());
    const lane = free.size ? free.pop() : ends.length;
    const end = x + MARKER_R + LABEL_GAP + labelOf(item).length * CHAR_W;
    ends[lane] = end;
    busy.push(lane);
    right = Math.max(right, end);
    return { item, x, y: HEADER_H + (lane + 0.5) * LANE_H, lane, end };
  });
  return { placed, lanes: ends.length, right };
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

  const { startYear, endYear } = model;
  const months = (endYear - startYear + 1) * 12;
  const notes = notesOf(model);
  /** The footnote numbers of an item, written after its label. */
  const refs = (item: TimelineItem) => notes([item.sheetRow]).footnotes.join(",");
  const name = distinctNames(model.items);
  const label = (it: TimelineItem) => [name(it), refs(it), notes([it.sheetRow]).slips.length ? SLIP_MARK : ""].filter(Boolean).join(" ");
  const layout = (monthW: number) => {
    const monthX = (year: number, month: number) => PAD + ((year - startYear) * 12 + month) * monthW;
    const laid = place(model.items, (it) => monthX(it.launch.year, it.launch.month + 0.5), label);
    return { monthW, monthX, ...laid, overflow: Math.max(0, laid.right - monthX(endYear + 1, 0)) };
  };
  /** Years the axis goes on past the last launch, under the labels that run past it (none runs past the axis). */
  const extraYears = (l: { overflow: number; monthW: number }) => Math.ceil(l.overflow / (12 * l.monthW));
  const fitted = (years: number) => Math.min(MONTH_W, Math.max(MIN_MONTH_W, (fitTo! - 2 * PAD) / (months + 12 * years)));
  let laid = layout(fitTo ? fitted(0) : MONTH_W);
  // A chart fitted to its box narrows its months to make room for those years, so it stays within its frame.
  if (fitTo && laid.overflow > 0) laid = layout(fitted(extraYears(laid)));
  const { monthW, monthX, placed, lanes } = laid;
  const lastYear = endYear + extraYears(laid);
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
      const slips = notes([d.item.sheetRow]).slips;
      return `${name(d.item)}, ${d.item.company}: launch ${formatDate(d.item.launch)}${placedAt(d.item.launch) ? `, ${placedAt(d.item.launch)}` : ""} (${d.item.priority})${slips.length ? `. ${slipText(slips)}` : ""}`;
    });
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
    return item.nodes() as SVGGElement[];
  };
  if (placed.length > CHART_WINDOW_FROM) {
    // What is not drawn is still told: the chart's summary says how many launches there are, and this note where each
    // is listed (the SVG is one image for a screen reader, its labels were never read out one by one).
    const note = root.append("p").attr("class", "rt-chart-note");
    note
      .append("span")
      .text("The chart draws the launches near the part of it on screen. Every launch, with its company and date, is listed ");
    if (launchTable) {
      note.append("span").text("in the ");
      note.append("a").attr("href", launchTable).text("Launch table");
      note.append("span").text(" and ");
    }
    note.append("span").text("in the workbook of Export as Excel.");
    const chart = new ChartWindow(host, svg.node()!, root.select<HTMLElement>(".rt-chart-scroll").node()!, placed, width, drawItems);
    return () => chart.cancel();
  }
  host.dataset.drawing = "true";
  const cancel = drawInChunks(placed, drawItems, () => delete host.dataset.drawing);
  return () => {
    cancel();
    delete host.dataset.drawing;
  };
};

/** Charts with more launches than this are windowed; smaller ones are drawn whole, in chunks. */
export const CHART_WINDOW_FROM = 1000;

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
  /** Each lane's items, by x. */
  private readonly lanes: Placed[][] = [];
  private readonly drawn = new Map<Placed, Element>();
  /** What the drawn items cover (nothing yet). */
  private area: Area = { top: 0, bottom: 0, left: 0, right: 0 };
  private holds = 0;
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

  constructor(
    private readonly host: HTMLElement,
    private readonly svg: SVGSVGElement,
    private readonly scroller: HTMLElement,
    private readonly placed: readonly Placed[],
    private readonly width: number,
    private readonly draw: (slice: readonly Placed[]) => Element[],
  ) {
    for (const p of placed) (this.lanes[p.lane] ??= []).push(p);
    this.unregister = registerWindowed(host, this);
    addEventListener("scroll", this.schedule, { capture: true, passive: true });
    addEventListener("resize", this.schedule);
    // The font-size control resizes the chart (it is sized in em) without a redraw.
    if (typeof ResizeObserver === "function") {
      this.resize = new ResizeObserver(this.schedule);
      this.resize.observe(svg);
    }
    this.update(CHUNK_SIZE);
  }

  hold(now: boolean) {
    this.holds++;
    if (now) {
      this.stopFill?.();
      this.add(this.placed.filter((p) => !this.drawn.has(p)));
      this.filled();
    } else if (this.holds === 1) this.fill(this.placed, SLICE);
  }

  release() {
    if (--this.holds > 0) return;
    this.area = { top: 0, bottom: 0, left: 0, right: 0 };
    this.update();
  }

  cancel() {
    this.stopFill?.();
    this.filled();
    if (this.frame !== null) cancelFrame(this.frame);
    removeEventListener("scroll", this.schedule, { capture: true });
    removeEventListener("resize", this.schedule);
    this.resize?.disconnect();
    this.unregister();
  }

  /** What the viewport shows of the chart, in its units; before the chart is laid out (jsdom), a first screen. */
  private view(): Area {
    const chart = this.svg.getBoundingClientRect();
    if (chart.width === 0) return { top: 0, bottom: innerHeight / 16, left: 0, right: innerWidth / 16 };
    const box = this.scroller.getBoundingClientRect();
    const scale = chart.width / this.width; // px an em, zoom included
    return {
      top: -chart.top / scale,
      bottom: (innerHeight - chart.top) / scale,
      left: (Math.max(0, box.left) - chart.left) / scale,
      right: (Math.min(innerWidth, box.right) - chart.left) / scale,
    };
  }

  /** After a scroll or a resize: the launches within a screen of the view, once it nears the edge of those drawn. */
  private update(first = SLICE) {
    if (this.holds > 0) return;
    const view = this.view();
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
      const from = firstWhere(items, (p) => p.end >= left);
      const to = firstWhere(items, (p) => p.x - MARKER_R > right);
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
    this.draw(items).forEach((node, k) => this.drawn.set(items[k]!, node));
  }

  private filled() {
    this.stopFill = null;
    delete this.host.dataset.drawing;
  }
}

/** The first index of sorted `items` where `test` holds (it holds for every later one), or their length. */
function firstWhere<T>(items: readonly T[], test: (item: T) => boolean) {
  let [lo, hi] = [0, items.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (test(items[mid]!)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
