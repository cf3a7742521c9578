// @vitest-environment jsdom
// Report 1 board drawn from the Alzheimer's fixture: what a reader sees in each phase column, logos, modality icons,
// and chunked drawing that a cancel stops.
import { describe, expect, test } from "vitest";

import type { Landscape1Model } from "#workers/engine";
import { GROUP_SIZE, renderLandscape1 } from "~/reports/render/landscape1";
import { CHUNK_SIZE, whenDrawn } from "~/reports/render/progressive";

import { alzheimersSheet, HEADER } from "../engine/fixtures/alzheimers";
import { drawn, modelOf, pause, started, text } from "./helpers";

const LOGOS: Record<string, string> = { Eisai: "/logos/eisai.png", Roche: "/logos/roche.png" };
const options = { logoUrl: (company: string) => LOGOS[company] ?? null };
/** Drawn with the logos above. */
const draw = (m: Landscape1Model) => drawn(renderLandscape1, m, options);

const boxes = (root: ParentNode) => [...root.querySelectorAll<HTMLElement>(".rb-box")];
const box = (host: HTMLElement, product: string) => host.querySelector<HTMLElement>(`.rb-box[data-product="${product}"]`)!;

describe("renderLandscape1, plain variant", () => {
  const m = modelOf("landscape-type-1");

  test("one column per phase, headed by its label and count, holding the model's boxes in order", async () => {
    const host = await draw(m);
    const columns = [...host.querySelectorAll<HTMLElement>(".rb-column")];
    expect(columns.map((c) => c.dataset.phaseColumn)).toEqual(m.columns.map((c) => c.id));
    columns.forEach((column, k) => {
      const { label, boxes: expected } = m.columns[k];
      expect(text(column.querySelector("h2"))).toBe(`${label} (${expected.length})`);
      expect(column.querySelector(".rb-list")?.getAttribute("role")).toBe("list");
      expect(boxes(column).map((b) => [b.dataset.phase, b.dataset.product])).toEqual(expected.map((b) => [b.phase, b.product]));
    });
    expect(text(host.querySelector('[data-phase-column="phase-3"] h2'))).toBe("Phase III (4)");
    expect(text(host.querySelector('[data-phase-column="phase-1"] h2'))).toBe("Phase I (0)");
    expect(host.dataset.drawing).toBeUndefined();
  });

  test("a box shows product, company, MOA, segments, launch, New and the priority as text", async () => {
    const host = await draw(m);
    const tront = box(host, "trontinemab");
    expect(tront.closest(".rb-column")?.getAttribute("data-phase-column")).toBe("phase-3");
    expect(text(tront.querySelector(".rb-product"))).toBe("trontinemab");
    expect(text(tront.querySelector(".rb-company"))).toBe("Roche");
    expect(text(tront.querySelector(".rb-moa"))).toBe("Brain Shuttle anti-Aβ mAb");
    expect(text(tront.querySelector(".rb-segments"))).toBe("Early AD (Mild & MCI)");
    expect(text(tront.querySelector(".rb-launch"))).toBe("Launch: H2 2028");
    expect(text(tront.querySelector(".rb-priority"))).toBe("Priority H");
    expect(text(tront.querySelector(".rb-new"))).toBe("New");
    expect(box(host, "remternetug").querySelector(".rb-new")).toBeNull();
    expect(text(box(host, "remternetug").querySelector(".rb-priority"))).toBe("Priority M");
    expect(text(box(host, "valiltramiprosate (ALZ-801)").querySelector(".rb-priority"))).toBe("Priority L");

    const leqembi = box(host, "lecanemab (Leqembi)");
    expect(text(leqembi.querySelector(".rb-segments"))).toBe("Early AD (Mild & MCI), Mild to Moderate AD");
    expect(text(leqembi.querySelector(".rb-roa"))).toBe("RoA: IV");
    const nct = leqembi.querySelector<HTMLAnchorElement>(".rb-nct a")!;
    expect(nct.href).toBe("https://clinicaltrials.gov/study/NCT03887455");
    expect(text(nct)).toBe("NCT03887455");
    expect(tront.querySelector(".rb-nct, .rb-roa, .rb-na")).toBeNull();
    expect(host.querySelector(".rb-glyph, .rb-legend")).toBeNull();
  });

  test("a link cell that is not http(s) (e.g. javascript:) is shown as text, never as a link", async () => {
    const columns = m.columns.map((c) => ({
      ...c,
      boxes: c.boxes.map((b) => (b.product === "lecanemab (Leqembi)" ? { ...b, nctLink: "javascript:alert(document.cookie)" } : b)),
    }));
    const host = await draw({ ...m, columns });
    const nct = box(host, "lecanemab (Leqembi)").querySelector(".rb-nct")!;
    expect(nct.querySelector("a")).toBeNull();
    expect(text(nct)).toBe("Trial: Record");
    expect(host.querySelectorAll('a[href^="javascript"]')).toHaveLength(0);
  });

  test("a bare NCT number in the link cell leads to the registry's page of the trial", async () => {
    const columns = m.columns.map((c) => ({
      ...c,
      boxes: c.boxes.map((b) => (b.product === "lecanemab (Leqembi)" ? { ...b, nctLink: "nct03887455" } : b)),
    }));
    const host = await draw({ ...m, columns });
    const nct = box(host, "lecanemab (Leqembi)").querySelector<HTMLAnchorElement>(".rb-nct a")!;
    expect(nct.href).toBe("https://clinicaltrials.gov/study/NCT03887455");
    expect(text(nct)).toBe("NCT03887455");
  });

  test("logo images only for companies that have one, lazy, with empty alt beside the printed name", async () => {
    const host = await draw(m);
    for (const b of boxes(host)) {
      const company = m.columns.flatMap((c) => c.boxes).find((x) => x.product === b.dataset.product)!.company;
      const img = b.querySelector("img");
      if (LOGOS[company]) expect(img?.getAttribute("src")).toBe(LOGOS[company]);
      else expect(img).toBeNull();
    }
    const img = box(host, "trontinemab").querySelector("img")!;
    expect(img.getAttribute("alt")).toBe("");
    expect(img.getAttribute("loading")).toBe("lazy");
    img.dispatchEvent(new Event("error"));
    expect(img.hidden).toBe(true);
  });

  test("a box carries the numbers of its footnotes, and a warning marker with the value that could not be read", async () => {
    const host = await draw(m);
    for (const column of m.columns)
      for (const b of column.boxes) {
        const refs = [...new Set(b.sheetRows.flatMap((row) => m.footnoteRefs[row] ?? []))].sort((x, y) => x - y);
        const sup = box(host, b.product).querySelector(".report-footnote-ref");
        expect(sup ? text(sup) : "", b.product).toBe(refs.length ? `Footnote ${refs.join(",")}` : "");
      }
    // Row 10's launch is 'TBD': the box stays, flagged.
    const flagged = host.querySelectorAll<HTMLElement>(".rb-box .report-flag");
    expect(flagged).toHaveLength(1);
    expect(flagged[0]!.title).toBe("Est. Launch: Launch date 'TBD' could not be read: not a recognised date");
    expect(flagged[0]!.closest<HTMLElement>(".rb-box")!.dataset.product).toBe("blarcamesine");
  });

  test("a box whose trial's primary completion date moved in the registry carries a slip marker saying from when to when", async () => {
    const slipped = modelOf("landscape-type-1", undefined, {
      slips: [{ trial: "NCT04468659", from: "2027-10-01", to: "2028-03-01", seenAt: "2026-11-20" }],
    });
    const host = await draw(slipped);
    const marks = host.querySelectorAll<HTMLElement>(".rb-box .report-slip");
    expect(marks).toHaveLength(1);
    expect(marks[0]!.closest<HTMLElement>(".rb-box")!.dataset.product).toBe("lecanemab (Leqembi)");
    expect(marks[0]!.title).toBe("NCT04468659: primary completion moved from 01/10/2027 to 01/03/2028 (registry, seen 20/11/2026)");
    expect(marks[0]!.getAttribute("aria-label")).toMatch(/^Registry change: NCT04468659/);
    expect((await draw(m)).querySelector(".report-slip")).toBeNull();
  });

  test("the box size comes from the model, in em of the 18 px default font (boxes grow with the font); a redraw replaces the board", async () => {
    const host = await draw(m);
    const board = host.querySelector<HTMLElement>(".rb-board")!;
    expect(board.style.getPropertyValue("--rb-box-width")).toBe(`${185 / 18}em`);
    expect(board.style.getPropertyValue("--rb-box-height")).toBe("10em");
    renderLandscape1(host, m, options);
    await whenDrawn(host);
    expect(host.querySelectorAll(".rb-board")).toHaveLength(1);
    expect(boxes(host)).toHaveLength(m.stats.shownRecords);
  });
});

describe("renderLandscape1, modality variant", () => {
  test("each box with a modality has a named icon; the legend lists the icons used, in modality order", async () => {
    const m = modelOf("landscape-type-1", alzheimersSheet(), { tm: true });
    const host = await draw(m);
    const legend = host.querySelector(".rb-legend")!;
    expect(legend.compareDocumentPosition(host.querySelector(".rb-columns")!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect([...legend.querySelectorAll("li")].map(text)).toEqual([
      "Gene therapy",
      "Monoclonal antibody",
      "Small molecule",
      "Peptide",
      "Vaccine",
    ]);
    for (const b of m.columns.flatMap((c) => c.boxes)) {
      const icons = box(host, b.product).querySelectorAll(".rb-icon svg");
      expect(icons).toHaveLength(b.modality ? 1 : 0);
    }
    const icon = box(host, "trontinemab").querySelector(".rb-icon svg")!;
    expect(icon.getAttribute("role")).toBe("img");
    expect(icon.getAttribute("aria-label")).toBe("Monoclonal antibody: Bispecific antibody");
    expect(box(host, "EX-106").querySelector(".rb-icon svg")?.getAttribute("aria-label")).toBe("Peptide");
    // Boxes follow the model's modality order.
    expect(boxes(host.querySelector('[data-phase-column="phase-3"]')!).map((b) => b.dataset.product)).toEqual(
      m.columns.find((c) => c.id === "phase-3")!.boxes.map((b) => b.product),
    );
  });

  test("flags (Potential DMT) get their own icon and legend entry", async () => {
    const sheet = alzheimersSheet();
    sheet.values[0].push("Potential DMT");
    const tront = sheet.values[4];
    while (tront.length < HEADER.length) tront.push("");
    tront.push("Yes");
    const host = await draw(modelOf("landscape-type-1", sheet, { tm: true }));
    const labels = [...box(host, "trontinemab").querySelectorAll(".rb-icon svg")].map((s) => s.getAttribute("aria-label"));
    expect(labels).toEqual(["Monoclonal antibody: Bispecific antibody", "Potential DMT"]);
    expect(text(host.querySelector('.rb-legend [data-glyph="potential-dmt"]'))).toBe("Potential DMT");
  });
});

describe("chunked drawing", () => {
  // 600 products copied from the lecanemab row: more than one chunk.
  const sheet = alzheimersSheet();
  const product = HEADER.indexOf("Product name");
  for (let k = 0; k < 600; k++) sheet.values.push(sheet.values[1].map((cell, i) => (i === product ? `copy ${k}` : cell)));
  const big = modelOf("landscape-type-1", sheet);
  const total = big.stats.shownRecords;

  test("the first chunk is drawn at once, the rest on later frames", async () => {
    expect(total).toBeGreaterThan(CHUNK_SIZE);
    const { host } = started(renderLandscape1, big, options);
    expect(boxes(host)).toHaveLength(CHUNK_SIZE);
    expect(host.dataset.drawing).toBe("true");
    // The first chunk takes the top of every column, not just the first one.
    expect(boxes(host.querySelector('[data-phase-column="phase-3"]')!)).toHaveLength(4);
    await whenDrawn(host);
    expect(boxes(host)).toHaveLength(total);
    // Each column's boxes sit in groups of GROUP_SIZE (the unit the browser skips off screen), in the model's order,
    // each box still an item of the column's list.
    for (const column of big.columns) {
      const list = host.querySelector(`[data-phase-column="${column.id}"] .rb-list`)!;
      const sizes = [...list.children].map((g) => (expect(g.className).toBe("rb-group"), g.children.length));
      expect(sizes.slice(0, -1).every((n) => n === GROUP_SIZE) && (sizes.at(-1) ?? 0) <= GROUP_SIZE).toBe(true);
      expect(boxes(list).map((b) => b.dataset.product)).toEqual(column.boxes.map((b) => b.product));
      expect(boxes(list).every((b) => b.getAttribute("role") === "listitem")).toBe(true);
    }
    expect(Math.max(...big.columns.map((c) => c.boxes.length))).toBeGreaterThan(GROUP_SIZE);
  });

  test("cancel stops the pending chunks", async () => {
    const { host, cancel } = started(renderLandscape1, big, options);
    cancel();
    expect(host.dataset.drawing).toBeUndefined();
    await pause();
    expect(boxes(host)).toHaveLength(CHUNK_SIZE);
  });
});
