// @vitest-environment jsdom
// Report 6 grid drawn from the Alzheimer's fixture: a table of focus-area rows × phase columns with product cards.
import { describe, expect, test } from "vitest";

import { renderLandscape3 } from "~/reports/render/landscape3";

import { drawn, modelOf, text } from "./helpers";

describe("renderLandscape3", () => {
  const m = modelOf("landscape-type-3");

  test("column headers: focus area, then each phase with its count", async () => {
    const host = await drawn(renderLandscape3, m);
    const headers = [...host.querySelectorAll("table thead th")];
    expect(headers.every((th) => th.getAttribute("scope") === "col")).toBe(true);
    expect(headers.map(text)).toEqual([
      "Focus area",
      "Pre-Clinical (1)",
      "Phase I (0)",
      "Phase II (0)",
      "Phase III (4)",
      "Filed (3)",
      "Approved/Marketed (2)",
    ]);
    expect(headers.slice(1).map((th) => th.getAttribute("data-phase"))).toEqual(m.phaseColumns.map((p) => p.id));
  });

  test("one row per focus area, a cell per phase holding the model's cards", async () => {
    const host = await drawn(renderLandscape3, m);
    const rows = [...host.querySelectorAll<HTMLElement>("tbody tr")];
    expect(rows.map((r) => r.dataset.focusArea)).toEqual(["Amyloid", "Neuroprotection", "Tau", "Synaptic"]);
    expect(rows.map((r) => text(r.querySelector('th[scope="row"]')))).toEqual([
      "Amyloid (5)",
      "Neuroprotection (2)",
      "Tau (2)",
      "Synaptic (1)",
    ]);
    rows.forEach((row, r) => {
      const cells = [...row.querySelectorAll<HTMLElement>("td")];
      expect(cells.map((c) => c.dataset.phase)).toEqual(m.phaseColumns.map((p) => p.id));
      cells.forEach((cell, k) => {
        expect([...cell.querySelectorAll<HTMLElement>(".rb-card")].map((c) => c.dataset.product)).toEqual(
          m.focusAreas[r].cells[k].map((c) => c.product),
        );
      });
    });
    const phase3 = host.querySelector('[data-focus-area="Amyloid"] td[data-phase="phase-3"]')!;
    expect([...phase3.querySelectorAll(".rb-product")].map(text)).toEqual(["remternetug", "trontinemab", "valiltramiprosate (ALZ-801)"]);
    expect(host.querySelector('[data-focus-area="Synaptic"] td[data-phase="phase-3"] ul')).toBeNull();
    expect(host.dataset.drawing).toBeUndefined();
  });

  test("a card shows product, company, MOA, phase text and biomarkers", async () => {
    const host = await drawn(renderLandscape3, m);
    const card = host.querySelector('[data-focus-area="Tau"] td[data-phase="pre-clinical"] [data-product="EX-105"]')!;
    expect([...card.querySelectorAll("p")].map(text)).toEqual([
      "EX-105",
      "Company: Example Bio",
      "Phase: Pre-clinical",
      "Established biomarker: CSF p-tau181",
      "Exploratory biomarker: Tau PET",
    ]);
    const leqembi = host.querySelector('[data-focus-area="Amyloid"] [data-product="lecanemab (Leqembi)"]')!;
    expect(text(leqembi.querySelector(".rb-moa"))).toBe("MOA: Anti-Aβ protofibril mAb");
  });
});
