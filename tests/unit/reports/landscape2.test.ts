// @vitest-environment jsdom
// Report 5 board drawn from the Alzheimer's fixture: LOT columns in order, each holding the model's trial cards.
import { describe, expect, test } from "vitest";

import { renderLandscape2 } from "~/reports/render/landscape2";

import { alzheimersSheet } from "../engine/fixtures/alzheimers";
import { drawn, modelOf, text } from "./helpers";

const model = (combineLot = false) => modelOf("landscape-type-2", alzheimersSheet(), { combineLot });
const columns = (host: HTMLElement) => [...host.querySelectorAll<HTMLElement>(".rb-column")];
const cards = (root: ParentNode) => [...root.querySelectorAll<HTMLElement>(".rb-card")];

describe("renderLandscape2", () => {
  test("LOT columns in order, headed with their count, holding the model's cards in order", async () => {
    const m = model();
    const host = await drawn(renderLandscape2, m);
    expect(columns(host).map((c) => c.dataset.lot)).toEqual(["1L", "1LC", "2L"]);
    expect(columns(host).map((c) => text(c.querySelector("h2")))).toEqual(["1L (3)", "1LC (1)", "2L (1)"]);
    columns(host).forEach((column, k) => {
      expect(column.querySelector(".rb-list")?.getAttribute("role")).toBe("list");
      expect(cards(column).map((c) => c.dataset.trial)).toEqual(m.lotColumns[k].trials.map((t) => t.trialName));
    });
    // A trial with two LOTs has a card in each column; terminated and suspended trials are not shown.
    expect(
      cards(host)
        .filter((c) => c.dataset.trial === "TRONTIER 1")
        .map((c) => c.closest<HTMLElement>(".rb-column")!.dataset.lot),
    ).toEqual(["1L", "2L"]);
    expect(host.querySelector('[data-trial="EX Phase 3"], [data-trial="APOLLOE4"]')).toBeNull();
    expect(host.dataset.drawing).toBeUndefined();
  });

  test("a key says what the LOT codes mean", async () => {
    const host = await drawn(renderLandscape2, model());
    const key = host.querySelector('[aria-label="Line-of-therapy key"]')!;
    expect([...key.querySelectorAll("div")].map((d) => text(d))).toEqual(["1LFirst line", "1LCFirst line, consolidation", "2LSecond line"]);
  });

  test("with Combine LOT the key keeps the spec's LOT order, whatever order the combined column's cards are in", async () => {
    const m = structuredClone(model(true));
    const first = m.lotColumns.find((c) => c.lot === "1L")!;
    expect(first.trials.length).toBeGreaterThanOrEqual(2);
    // Class order within the combined column can put a maintenance card before a consolidation card.
    first.trials[0]!.lot = "1LM";
    first.trials[1]!.lot = "1LC";
    const host = await drawn(renderLandscape2, m);
    const key = host.querySelector('[aria-label="Line-of-therapy key"]')!;
    expect([...key.querySelectorAll("dt")].map((d) => text(d))).toEqual(["1L", "1LC", "1LM", "2L"]);
  });

  test("a card shows regimen, trial, linked identifier, sponsor, class, phase, completion, biomarkers and status", async () => {
    const host = await drawn(renderLandscape2, model());
    const ahead = host.querySelector('[data-trial="AHEAD 3-45"]')!;
    expect(text(ahead.querySelector(".rb-product"))).toBe("Lecanemab");
    expect(
      [
        ".rb-trial",
        ".rb-identifier",
        ".rb-sponsor",
        ".rb-class",
        ".rb-trial-phase",
        ".rb-completion",
        ".rb-biomarker-established",
        ".rb-biomarker-exploratory",
        ".rb-status",
      ].map((s) => text(ahead.querySelector(s))),
    ).toEqual([
      "Trial: AHEAD 3-45",
      "ID: NCT04468659",
      "Sponsor: Eisai",
      "Class: Anti-amyloid",
      "Phase: Phase 3",
      "Primary completion: 01/10/2027", // DD/MM/YYYY (spec §9), whatever the sheet wrote
      "Established biomarker: Amyloid PET",
      "Exploratory biomarker: Plasma p-tau217",
      "Status: Active, not recruiting",
    ]);
    expect(ahead.querySelector<HTMLAnchorElement>(".rb-identifier a")?.href).toBe("https://clinicaltrials.gov/study/NCT04468659");
    // Not an NCT number: plain text; empty biomarkers are left out.
    const trailrunner = host.querySelector('[data-trial="TRAILRUNNER-ALZ 1"]')!;
    expect(trailrunner.querySelector(".rb-identifier a")).toBeNull();
    expect(text(trailrunner.querySelector(".rb-identifier"))).toBe("ID: EX-TRIAL-8");
    expect(trailrunner.querySelector(".rb-biomarker-established")).toBeNull();
    expect(host.querySelector(".rb-lot")).toBeNull();
  });

  test("combined LOT columns say each card's own LOT", async () => {
    const host = await drawn(renderLandscape2, model(true));
    expect(columns(host).map((c) => text(c.querySelector("h2")))).toEqual(["1L (4)", "2L (1)"]);
    expect(cards(columns(host)[0]).map((c) => text(c.querySelector(".rb-lot")))).toEqual(["LOT: 1L", "LOT: 1L", "LOT: 1LC", "LOT: 1L"]);
  });
});
