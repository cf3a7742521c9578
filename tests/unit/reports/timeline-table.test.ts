// @vitest-environment jsdom
// Report 3 drawn from the Alzheimer's fixture: columns, rows in launch order, launch dates at their precision,
// chunked drawing that a cancel stops, and a long table windowed but whole for print and export.
import { describe, expect, test } from "vitest";

import { CHUNK_SIZE, drawEverything, whenDrawn, WINDOW_FROM } from "~/reports/render/progressive";
import { renderTimelineTable } from "~/reports/render/timeline-table";

import { alzheimersSheet, HEADER, row } from "../engine/fixtures/alzheimers";
import { bodyRows, drawn, expectChunkedDrawing, modelOf, pause, started, texts } from "./helpers";

const rowOf = (host: HTMLElement, product: string) => bodyRows(host).find((r) => r.dataset.product === product)!;

describe("renderTimelineTable", () => {
  const m = modelOf("timeline-table");

  test("a captioned table with the fixed and the sheet's optional columns", async () => {
    const host = await drawn(renderTimelineTable, m);
    expect(host.querySelector("table caption")?.textContent).toBe("Timeline table: 10 assets by estimated launch date");
    expect(texts(host.querySelectorAll("thead th[scope=col]"))).toEqual([
      "Product",
      "Company",
      "MOA",
      "H/M/L",
      "Est. Launch",
      "US",
      "EU",
      "Japan",
      "Rest of World",
      "Est.Launch Country",
      "Launch Assumptions",
    ]);
  });

  test("one row per asset in launch order, headed by the product", async () => {
    const host = await drawn(renderTimelineTable, m);
    expect(bodyRows(host).map((r) => r.dataset.product)).toEqual(m.rows.map((r) => r.product));
    const leqembi = rowOf(host, "lecanemab (Leqembi)");
    expect(leqembi.querySelector("th[scope=row]")?.textContent).toBe("lecanemab (Leqembi)");
    expect(texts(leqembi.cells)).toEqual([
      "lecanemab (Leqembi)",
      "Eisai",
      "Anti-Aβ protofibril mAb",
      "HH",
      "06/07/2023",
      "Approved",
      "Approved",
      "Approved",
      "",
      "",
      "",
    ]);
  });

  test("launch dates as precise as the sheet: DD/MM/YYYY for a day, periods as written", async () => {
    const host = await drawn(renderTimelineTable, m);
    const launch = (product: string) => rowOf(host, product).querySelector("td.rt-col-launch time")!;
    expect([launch("lecanemab (Leqembi)").textContent, launch("lecanemab (Leqembi)").getAttribute("datetime")]).toEqual([
      "06/07/2023",
      "2023-07-06",
    ]);
    expect(launch("Lecanemab (Leqembi)").textContent).toBe("01/01/2026"); // a Sheets serial number
    expect([launch("EX-101").textContent, launch("EX-101").getAttribute("datetime")]).toEqual(["Jun 2027", "2027-06"]);
    expect(launch("trontinemab").textContent).toBe("H2 2028");
    expect(launch("buntanetap").textContent).toBe("2028");
    expect(launch("remternetug").textContent).toBe("2027+");
  });

  test("only the optional columns the sheet has", async () => {
    const s = alzheimersSheet();
    s.values[0] = s.values[0].map((h) => (h === "Japan" || h === "Launch Assumptions" ? "Notes" : h));
    const host = await drawn(renderTimelineTable, modelOf("timeline-table", s));
    expect(texts(host.querySelectorAll("thead th"))).toEqual([
      "Product",
      "Company",
      "MOA",
      "H/M/L",
      "Est. Launch",
      "US",
      "EU",
      "Rest of World",
      "Est.Launch Country",
    ]);
    expect(rowOf(host, "trontinemab").cells).toHaveLength(9);
  });

  test("no rows: a short note instead of an empty table", async () => {
    const s = alzheimersSheet();
    s.values = [s.values[0]];
    const host = await drawn(renderTimelineTable, modelOf("timeline-table", s));
    expect(host.querySelector("table")).toBeNull();
    expect(host.textContent).toBe("No assets to show.");
  });

  test("long tables come in chunks; cancel stops the ones still pending", async () => {
    const s = alzheimersSheet();
    const n = CHUNK_SIZE * 2 + 50;
    s.values = [
      [...HEADER],
      ...Array.from({ length: n }, (_, k) =>
        row({ "H/M/L": "HH", "Product name": `P-${k}`, "Company Name": "Eisai", "Est. Launch": "2027" }),
      ),
    ];
    const big = modelOf("timeline-table", s);
    expect(big.rows).toHaveLength(n);
    await expectChunkedDrawing(renderTimelineTable, big, bodyRows, n);
  });
});

describe("a long timeline table", () => {
  const tableOf = (n: number) => {
    const s = alzheimersSheet();
    s.values = [
      [...HEADER],
      ...Array.from({ length: n }, (_, k) =>
        row({ "H/M/L": "HH", "Product name": `P-${k}`, "Company Name": "Eisai", "Est. Launch": "2027" }),
      ),
    ];
    return modelOf("timeline-table", s);
  };
  const products = (host: HTMLElement) => [...host.querySelectorAll<HTMLElement>("tr[data-product]")].map((r) => r.dataset.product);

  test("of 10k rows holds only a window of them, from the first, and tells screen readers how many there are", async () => {
    const big = tableOf(10_000);
    const { host, cancel } = started(renderTimelineTable, big);
    await pause();
    const shown = products(host);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(200);
    expect(shown).toEqual(big.rows.slice(0, shown.length).map((r) => r.product));
    expect(host.querySelector("table")!.getAttribute("aria-rowcount")).toBe("10001");
    expect(host.querySelector("tr[data-product]")!.getAttribute("aria-rowindex")).toBe("2");
    cancel();
  });

  // Fewer rows than 10k from here: jsdom is slow to build tens of thousands of cells.
  const n = WINDOW_FROM * 4;
  const big = tableOf(n);

  test("drawEverything puts every row in, in chunks, until released; then the window again", async () => {
    const { host, cancel } = started(renderTimelineTable, big);
    expect(products(host).length).toBeLessThan(200);
    const release = drawEverything(host);
    expect(host.dataset.drawing).toBe("true");
    await whenDrawn(host);
    expect(products(host)).toEqual(big.rows.map((r) => r.product));
    // Stripes by row number, wherever the window started.
    expect(host.querySelectorAll("tr.rt-alt[data-product]").length).toBe(n / 2);
    release();
    await pause();
    expect(products(host).length).toBeLessThan(200);
    cancel();
  });

  test("drawEverything(now), as before printing, has every row at once", () => {
    const { host, cancel } = started(renderTimelineTable, big);
    const release = drawEverything(host, true);
    expect(products(host)).toHaveLength(n);
    expect(host.dataset.drawing).toBeUndefined();
    release();
    cancel();
  });
});
