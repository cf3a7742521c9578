// @vitest-environment jsdom
// Large boards and timeline charts hold only what is near the view (issue 27, "Smooth at 50,000 rows"), tell
// assistive technology what is not drawn, and put everything in for print and the export (drawEverything). jsdom lays
// nothing out, so "near the view" is the top of each list and the first screen of the chart.
import { describe, expect, test } from "vitest";

import type { SheetData } from "#workers/engine";
import { BOARD_WINDOW_FROM, GROUP_SIZE } from "~/reports/render/board-window";
import { renderLandscape1 } from "~/reports/render/landscape1";
import { drawEverything, whenDrawn } from "~/reports/render/progressive";
import { CHART_WINDOW_FROM, renderTimelineChart } from "~/reports/render/timeline-chart";
import { LAUNCH_TABLE_LINK } from "~/reports/render/types";

import { alzheimersSheet, HEADER, row } from "../engine/fixtures/alzheimers";
import { modelOf, NO_LOGOS, pause, started, text } from "./helpers";

const PHASES = ["Phase 1", "Phase 2", "Phase 3", "Filed"];

/** A sheet of `n` products, spread over four phases and seven years of launches. */
function bigSheet(n: number): SheetData {
  const sheet = alzheimersSheet();
  sheet.values = [
    [...HEADER],
    ...Array.from({ length: n }, (_, k) =>
      row({
        "H/M/L": "HH",
        "Product name": `P-${String(k).padStart(4, "0")}`,
        "Company Name": ["Eisai", "Roche", "Biogen"][k % 3],
        "Compound phase": PHASES[k % PHASES.length],
        "Est. Launch": `${2026 + (k % 7)}-${String((k % 12) + 1).padStart(2, "0")}-15`,
      }),
    ),
  ];
  return sheet;
}

describe("a board of thousands of boxes", () => {
  const m = modelOf("landscape-type-1", bigSheet(1200));
  const long = m.columns.filter((c) => c.boxes.length > 0);
  const total = m.stats.shownRecords;
  const boxes = (host: HTMLElement) => [...host.querySelectorAll<HTMLElement>(".rb-box")];
  /** Each column's products as drawn, in order. */
  const drawn = (host: HTMLElement) =>
    long.map((c) => boxes(host.querySelector(`[data-phase-column="${c.id}"]`)!).map((b) => b.dataset.product));

  test("holds only the groups near the view, each box saying where it stands in its column", async () => {
    expect(total).toBeGreaterThan(BOARD_WINDOW_FROM);
    const { host, cancel } = started(renderLandscape1, m);
    await whenDrawn(host);
    // The first group of each column: the top of the board.
    expect(boxes(host)).toHaveLength(long.length * GROUP_SIZE);
    expect(drawn(host)).toEqual(long.map((c) => c.boxes.slice(0, GROUP_SIZE).map((b) => b.product)));
    for (const column of long) {
      const list = host.querySelector(`[data-phase-column="${column.id}"] [role="list"]`)!;
      const items = [...list.querySelectorAll('[role="listitem"]')];
      expect(items.map((b) => b.getAttribute("aria-posinset"))).toEqual(items.map((_, k) => String(k + 1)));
      expect(new Set(items.map((b) => b.getAttribute("aria-setsize")))).toEqual(new Set([String(column.boxes.length)]));
    }
    cancel();
  });

  test("drawEverything puts every box in, in chunks, until released; then the window again", async () => {
    const { host, cancel } = started(renderLandscape1, m);
    await whenDrawn(host);
    const release = drawEverything(host);
    expect(host.dataset.drawing).toBe("true");
    await whenDrawn(host);
    expect(drawn(host)).toEqual(long.map((c) => c.boxes.map((b) => b.product)));
    release();
    await pause();
    expect(boxes(host)).toHaveLength(long.length * GROUP_SIZE);
    cancel();
  });

  test("drawEverything(now), as before printing, has every box at once", () => {
    const { host, cancel } = started(renderLandscape1, m);
    const release = drawEverything(host, true);
    expect(boxes(host)).toHaveLength(total);
    expect(host.dataset.drawing).toBeUndefined();
    release();
    cancel();
  });
});

describe("a timeline chart of thousands of launches", () => {
  const m = modelOf("timeline-chart", bigSheet(1500));
  const items = (host: HTMLElement) => [...host.querySelectorAll<SVGGElement>("g.rt-item")];
  const options = { ...NO_LOGOS, launchTable: "?type=timeline-table" };

  test("draws the launches near the view (the first screen here), and says where every launch is listed", async () => {
    expect(m.items.length).toBeGreaterThan(CHART_WINDOW_FROM);
    const { host, cancel } = started(renderTimelineChart, m, options);
    await whenDrawn(host);
    const shown = items(host);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(m.items.length / 3);
    // The top lanes: 16 px an em in the 768 px jsdom window is 48 em, a screen more is drawn below it.
    const ys = shown.map((g) => Number(g.getAttribute("transform")!.match(/,([\d.]+)\)/)![1]));
    expect(Math.max(...ys)).toBeLessThan(100);
    expect(host.querySelector("svg.rt-chart")!.getAttribute("aria-label")).toMatch(/^Timeline of 1500 expected launches/);
    const note = host.querySelector(".rt-chart-note")!;
    expect(text(note)).toBe(
      "The chart draws the launches near the part of it on screen. Every launch, with its company and date, is listed in the Launch table and in the workbook of Export as Excel.",
    );
    expect(note.querySelector(`a.${LAUNCH_TABLE_LINK}`)!.getAttribute("href")).toBe("?type=timeline-table");
    cancel();
  });

  test("without a Launch table the note points to the Excel workbook only", async () => {
    const { host, cancel } = started(renderTimelineChart, m, { ...options, launchTable: null });
    await whenDrawn(host);
    expect(text(host.querySelector(".rt-chart-note"))).toMatch(/is listed in the workbook of Export as Excel\.$/);
    expect(host.querySelector(".rt-chart-note a")).toBeNull();
    cancel();
  });

  test("drawEverything puts every launch in, each in its lane as first fit places it; released, the window again", async () => {
    const { host, cancel } = started(renderTimelineChart, m, options);
    await whenDrawn(host);
    const release = drawEverything(host);
    await whenDrawn(host);
    const all = items(host);
    expect(all.map((g) => g.dataset.product).sort()).toEqual(m.items.map((i) => i.product).sort());
    // Labels in one lane never overlap (at least the previous label's width apart).
    const lanes = new Map<string, { x: number; text: string }[]>();
    for (const g of all) {
      const [, x, y] = g.getAttribute("transform")!.match(/translate\(([\d.]+),([\d.]+)\)/)!;
      lanes.set(y!, [...(lanes.get(y!) ?? []), { x: Number(x), text: g.querySelector("text")!.textContent! }]);
    }
    for (const lane of lanes.values()) {
      lane.sort((a, b) => a.x - b.x);
      lane.forEach((a, k) => k > 0 && expect(a.x - lane[k - 1]!.x).toBeGreaterThan(lane[k - 1]!.text.length * 0.4));
    }
    release();
    await pause();
    expect(items(host).length).toBeLessThan(m.items.length / 3);
    cancel();
  });

  test("drawEverything(now) while the chart is still being laid out has every launch at once", () => {
    const { host, cancel } = started(renderTimelineChart, m, options);
    expect(items(host)).toHaveLength(0);
    const release = drawEverything(host, true);
    expect(items(host)).toHaveLength(m.items.length);
    expect(host.dataset.drawing).toBeUndefined();
    release();
    cancel();
  });
});
