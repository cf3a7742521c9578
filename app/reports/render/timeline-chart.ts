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
import { drawInChunks } from "./progressive";
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
    ends[lane] = x + MARKER_R + LABEL_GAP + labelOf(item).length * CHAR_W;
    busy.push(lane);
    right = Math.max(right, ends[lane]);
    return { item, x, y: HEADER_H + (lane + 0.5) * LANE_H };
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

export const renderTimelineChart: Renderer<TimelineChartModel> = (host, model, { width: fitTo }) => {
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
  };
  host.dataset.drawing = "true";
  const cancel = drawInChunks(placed, drawItems, () => delete host.dataset.drawing);
  return () => {
    cancel();
    delete host.dataset.drawing;
  };
};
