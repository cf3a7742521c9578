// @vitest-environment jsdom
// Report 2 drawn from the Alzheimer's fixture: the year/month axis, each product at its launch month in its
// company's colour, stacking without overlaps, the legend (with 'Other' last), and cancelling pending chunks.
import { describe, expect, test } from "vitest";

import { LEGEND_PALETTE, type SheetData } from "#workers/engine";
import { CHUNK_SIZE } from "~/reports/render/progressive";
import { renderTimelineChart } from "~/reports/render/timeline-chart";

import { alzheimersSheet, HEADER, row, ROWS } from "../engine/fixtures/alzheimers";
import { drawn, expectChunkedDrawing, modelOf, NO_LOGOS } from "./helpers";

const items = (host: HTMLElement) => [...host.querySelectorAll<SVGGElement>("g.rt-item")];
const item = (host: HTMLElement, product: string) => items(host).find((g) => g.getAttribute("data-product") === product)!;
/** [x, y] of an item group's translate(). */
const position = (g: Element) =>
  g
    .getAttribute("transform")!
    .match(/translate\(([\d.]+),([\d.]+)\)/)!
    .slice(1)
    .map(Number);
/** A year label's centre on the x axis. */
const yearX = (host: HTMLElement, year: number) => {
  const label = host.querySelector(`text[data-year="${year}"]`)!;
  return position(label.parentElement!)[0] + Number(label.getAttribute("x"));
};
const legendLabels = (host: HTMLElement) => [...host.querySelectorAll(".rt-legend-entry .rt-legend-label")].map((e) => e.textContent);

describe("renderTimelineChart", () => {
  const m = modelOf("timeline-chart");

  test("an SVG image with a summary, year labels from the start year to the end year and month initials", async () => {
    const host = await drawn(renderTimelineChart, m);
    const svg = host.querySelector("svg.rt-chart")!;
    expect(svg.getAttribute("role")).toBe("img");
    // The axis starts at 2019 (spec; the first launch is in 2023) and runs past the last launch (2032) as far as its
    // label does: one more year.
    expect(svg.getAttribute("aria-label")).toMatch(/^Timeline of 11 expected launches by month, 2019 to 2032;/);
    const years = [...host.querySelectorAll("text[data-year]")];
    expect(years.map((t) => t.textContent)).toEqual(Array.from({ length: 15 }, (_, k) => String(2019 + k)));
    expect(host.querySelectorAll("text.rt-month-label")).toHaveLength(15 * 12);
    // Sized in em (viewBox = CSS size), so the host's font size scales the chart.
    const [, , w, h] = svg.getAttribute("viewBox")!.split(" ").map(Number);
    expect([(svg as SVGSVGElement).style.width, (svg as SVGSVGElement).style.height]).toEqual([`${w}em`, `${h}em`]);
  });

  test("no label runs past the axis or out of the frame: the axis goes on under late labels, and a fitted chart stays within its width", async () => {
    for (const width of [undefined, 60]) {
      const host = await drawn(renderTimelineChart, m, { ...NO_LOGOS, width });
      const svg = host.querySelector("svg.rt-chart")!;
      const [, , w] = svg.getAttribute("viewBox")!.split(" ").map(Number);
      const bands = [...host.querySelectorAll<SVGGElement>("g.rt-year")];
      const last = bands.at(-1)!;
      const axisEnd = position(last)[0] + Number(last.querySelector("rect")!.getAttribute("width"));
      // Each label (as laid out: 0.6 of its 0.7 em font a character) ends before the axis does.
      for (const g of items(host)) {
        const label = g.querySelector("text")!;
        const end = position(g)[0] + Number(label.getAttribute("x")) + label.textContent!.length * 0.42;
        expect(end, `${label.textContent} (width ${width})`).toBeLessThanOrEqual(axisEnd + 0.01);
      }
      expect(axisEnd).toBeLessThanOrEqual(w);
      if (width !== undefined) expect(w).toBeLessThanOrEqual(width + 0.01);
    }
  });

  test("each product at its launch month, in its company's colour, with the company in its tooltip", async () => {
    const host = await drawn(renderTimelineChart, m);
    expect(items(host).map((g) => g.getAttribute("data-product"))).toEqual(m.items.map((i) => i.product));
    const expected: [string, string][] = [
      ["lecanemab (Leqembi)", "2023-07"],
      ["trontinemab", "2028-07"], // H2 2028
      ["EX-101", "2027-06"],
      ["buntanetap", "2028-01"], // a plain year
      ["EX-105", "2032-12"], // 2032+ is 31 December
    ];
    for (const [product, launch] of expected) expect(item(host, product).getAttribute("data-launch")).toBe(launch);
    // Jul 2023 lies half a year past the 2023 label's left edge, i.e. at its centre.
    expect(position(item(host, "lecanemab (Leqembi)"))[0]).toBeCloseTo(yearX(host, 2023) + 1.25 / 2);
    for (const it of m.items) {
      const g = item(host, it.product);
      expect(g.querySelector("circle")!.getAttribute("fill")).toBe(m.legend[it.legendIndex].colour);
      // The label: the product, then the numbers of its footnotes.
      const refs = m.footnoteRefs[it.sheetRow] ?? [];
      expect(g.querySelector("text")!.textContent).toBe(refs.length ? `${it.product} ${refs.join(",")}` : it.product);
      expect(g.querySelector("title")!.textContent).toContain(it.company);
    }
    expect(item(host, "trontinemab").querySelector("title")!.textContent).toBe(
      "trontinemab, Roche: launch H2 2028, placed at 01/07/2028 (HH)",
    );
  });

  test("a product listed twice (two segments) is told apart by its segment; one listed once keeps its name", async () => {
    const sheet = alzheimersSheet();
    const twin = ROWS.find((r) => r[HEADER.indexOf("Product name")] === "trontinemab")!;
    const other = [...twin];
    other[HEADER.indexOf("Segment")] = "Preclinical AD";
    const host = await drawn(renderTimelineChart, modelOf("timeline-chart", { ...sheet, values: [...sheet.values, other] }));
    const labels = items(host)
      .filter((g) => g.getAttribute("data-product") === "trontinemab")
      .map((g) => g.querySelector("text")!.firstChild!.textContent);
    expect(labels.sort()).toEqual([`trontinemab · ${twin[HEADER.indexOf("Segment")]}`, "trontinemab · Preclinical AD"]);
    expect(item(host, "remternetug").querySelector("text")!.firstChild!.textContent).toBe("remternetug");
  });

  test("products launching in the same month stack vertically; labels in one lane never overlap", async () => {
    const s = alzheimersSheet();
    s.values[8 - 5][8] = "Jun 2027"; // remternetug, like EX-101
    const host = await drawn(renderTimelineChart, modelOf("timeline-chart", s));
    const [x1, y1] = position(item(host, "remternetug"));
    const [x2, y2] = position(item(host, "EX-101"));
    expect(x1).toBe(x2);
    expect(y1).not.toBe(y2);
    const lanes = new Map<number, { x: number; text: string }[]>();
    for (const g of items(host)) {
      const [x, y] = position(g);
      lanes.set(y, [...(lanes.get(y) ?? []), { x, text: g.querySelector("text")!.textContent! }]);
    }
    for (const lane of lanes.values()) {
      // At least the previous label's width (0.7em text, ~0.6em per character) apart.
      lane.forEach((a, k) => k > 0 && expect(a.x - lane[k - 1].x).toBeGreaterThan(lane[k - 1].text.length * 0.4));
    }
  });

  test("each label takes the lowest lane that is free at its launch month (first fit), over hundreds of lanes", async () => {
    const s = alzheimersSheet();
    // 400 products of varied name lengths over two years: lanes fill, free up and are taken again.
    for (let k = 0; k < 400; k++) {
      const month = String((k * 7) % 24 >= 12 ? ((k * 7) % 12) + 1 : ((k * 5) % 12) + 1).padStart(2, "0");
      s.values.push(
        row({
          "H/M/L": "HH",
          "Product name": `P${k}${"x".repeat(k % 13)}`,
          "Company Name": "Eisai",
          "Compound phase": "Phase 3",
          "Est. Launch": `${2026 + (k % 2)}-${month}-15`,
        }),
      );
    }
    const host = await drawn(renderTimelineChart, modelOf("timeline-chart", s));
    const placed = items(host).map((g) => ({ position: position(g), text: g.querySelector("text")!.textContent! }));
    expect(placed.length).toBeGreaterThan(400);
    const laneYs = [...new Set(placed.map((p) => p.position[1]))].sort((a, b) => a - b);
    expect(laneYs.length).toBeGreaterThan(20);
    // Replayed in launch order: every lane below an item's own is still taken by a label reaching past its marker.
    const ends = new Map<number, number>();
    for (const {
      position: [x, y],
      text,
    } of placed) {
      for (const lower of laneYs.filter((l) => l < y)) expect(ends.get(lower)!).toBeGreaterThan(x - 0.3);
      expect(ends.get(y) ?? -Infinity).toBeLessThanOrEqual(x - 0.3);
      ends.set(y, x + 0.3 + 0.2 + text.length * 0.6 * 0.7);
    }
  });

  test("legend: one entry per company with its colour swatch, in the model's order", async () => {
    const host = await drawn(renderTimelineChart, m);
    expect(legendLabels(host)).toEqual(m.legend.map((e) => e.label));
    expect(legendLabels(host)[0]).toBe("Example Bio");
    const first = host.querySelector<HTMLElement>(".rt-legend-entry .rt-swatch")!;
    expect(first.style.backgroundColor).toBe("rgb(78, 121, 167)"); // LEGEND_PALETTE[0]
    expect(host.querySelector(".rt-legend-other")).toBeNull();
  });

  test("more than 14 companies: the rest share 'Other', last in the legend and grey in the chart", async () => {
    const s = alzheimersSheet();
    const companies = Array.from({ length: 17 }, (_, k) => `Company ${String.fromCharCode(65 + k)}`);
    s.values.push(
      ...companies.map((company, k) =>
        row({ "H/M/L": "HH", "Product name": `CL-${k}`, "Company Name": company, "Est. Launch": `${2020 + (k % 10)}` }),
      ),
    );
    const big = modelOf("timeline-chart", s);
    const host = await drawn(renderTimelineChart, big);
    const labels = legendLabels(host);
    expect(labels).toHaveLength(15);
    expect(labels[14]).toBe("Other");
    expect(host.querySelectorAll(".rt-legend-other")).toHaveLength(1);
    expect(host.querySelector(".rt-legend-entry:last-child")?.classList.contains("rt-legend-other")).toBe(true);
    const others = big.items.filter((i) => i.legendIndex === 14);
    expect(others).toHaveLength(big.legend[14].count);
    for (const it of others) expect(item(host, it.product).querySelector("circle")!.getAttribute("fill")).toBe(LEGEND_PALETTE[14]);
  });

  test("many items come in chunks; cancel stops the ones still pending", async () => {
    const n = CHUNK_SIZE + 30;
    const s: SheetData = {
      ...alzheimersSheet(),
      values: [[...HEADER], ...Array.from({ length: n }, (_, k) => [...ROWS[0].slice(0, 3), `P-${k}`, ...ROWS[0].slice(4)])],
    };
    const big = modelOf("timeline-chart", s);
    expect(big.items).toHaveLength(n);
    await expectChunkedDrawing(renderTimelineChart, big, items, n);
  });
});
