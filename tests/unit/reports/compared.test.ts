// @vitest-environment jsdom
// A report compared with an earlier version of its sheet (issue 30): what changed marked where the reader looks — the
// board's cards, the timeline (a ghost at a launch's old month and an arrow), the launch table (old → new), the tables
// of the no-JavaScript page, the workbook and the deck (a last column) — and the registry's moves in between listed.
import { describe, expect, test } from "vitest";

import type { Cell, SheetData } from "#workers/engine";
import { diffModels, markChanges } from "#workers/engine/diff";
import type { ReportModel, ReportType, TrialSlip } from "#workers/engine/model";
import { renderLandscape1 } from "~/reports/render/landscape1";
import { renderTimelineChart } from "~/reports/render/timeline-chart";
import { renderTimelineTable } from "~/reports/render/timeline-table";
import { reportTables } from "~/reports/tables";

import { alzheimersSheet, HEADER } from "../engine/fixtures/alzheimers";
import { drawn, modelOf, text } from "./helpers";

const col = (name: string) => HEADER.indexOf(name as (typeof HEADER)[number]);
const SINCE = "2025-12-01";

/** The fixture with trontinemab moved to Filed and its launch to 30/06/2028, and a new product "newumab". */
function later(): SheetData {
  const sheet = alzheimersSheet();
  const values = sheet.values.map((r) => [...r]);
  const k = values.findIndex((r) => r[col("Product name")] === "trontinemab");
  values[k]![col("Compound phase")] = "Filed";
  values[k]![col("Est. Launch")] = "2028-06-30";
  values.push(values[k]!.map((c: Cell, i) => (i === col("Product name") ? "newumab" : i === col("Compound phase") ? "Phase II" : c)));
  return { ...sheet, values };
}

/** The `type` report of the later sheet, compared with the fixture as it was on SINCE. */
function compared<T extends ReportType>(type: T, slips: TrialSlip[] = []) {
  const after = modelOf(type, later(), { slips });
  const diff = diffModels(modelOf(type, alzheimersSheet(), { slips }), after, { since: SINCE, until: null });
  return { model: markChanges(after as ReportModel, diff, SINCE) as typeof after, diff };
}

describe("a report compared with an earlier version", () => {
  test("markChanges puts each change on the newer version's sheet row, none for a removed row", () => {
    const { model, diff } = compared("landscape-type-1");
    expect(model.changes!.since).toBe(SINCE);
    const marked = Object.values(model.changes!.rows).flat();
    expect(marked.map((c) => c.text).sort()).toEqual(
      diff.changes
        .filter((c) => c.sheetRow !== null)
        .map((c) => c.text)
        .sort(),
    );
    expect(marked.find((c) => c.kind === "launch")).toMatchObject({ from: "H2 2028", to: "30/06/2028", fromIso: "2028-07-01" });
  });

  test("the board outlines a moved card and says where it came from; a new card says New", async () => {
    const host = await drawn(renderLandscape1, compared("landscape-type-1").model);
    const moved = host.querySelector<HTMLElement>('.rb-box[data-product="trontinemab"]')!;
    expect(moved.classList.contains("report-changed")).toBe(true);
    const mark = moved.querySelector(".report-change")!;
    expect(text(mark)).toBe("Δ from Phase III");
    expect(mark.getAttribute("title")).toBe(
      "Changed since 01/12/2025: trontinemab: Phase III → Filed; trontinemab: launch moved from H2 2028 to 30/06/2028",
    );
    const added = host.querySelector<HTMLElement>('.rb-box[data-product="newumab"]')!;
    expect([...added.classList]).toEqual(expect.arrayContaining(["report-changed", "report-added"]));
    expect(text(added.querySelector(".report-change"))).toBe("Δ New");
    // The rest are drawn as they were.
    expect(host.querySelectorAll(".report-changed")).toHaveLength(2);
  });

  test("the timeline leaves a ghost at the old launch month with an arrow to the new one", async () => {
    const host = await drawn(renderTimelineChart, compared("timeline-chart").model);
    const item = [...host.querySelectorAll<SVGGElement>("g.rt-item")].find((g) => g.getAttribute("data-product") === "trontinemab")!;
    const ghost = item.querySelector("circle.report-ghost")!;
    // July 2028 (where "H2 2028" was placed) is one month right of June 2028.
    const monthW = Number(host.querySelector("g.rt-year rect")!.getAttribute("width")) / 12;
    expect(Number(ghost.getAttribute("cx"))).toBeCloseTo(monthW, 5);
    expect(item.querySelector("line.report-ghost-arrow")!.getAttribute("marker-end")).toBe("url(#report-ghost-head)");
    expect(text(item.querySelector("tspan.report-change"))).toBe("Δ was H2 2028");
    expect(item.querySelector("title")!.textContent).toContain("trontinemab: launch moved from H2 2028 to 30/06/2028");
    // Items that did not move have no ghost.
    expect(host.querySelectorAll("circle.report-ghost")).toHaveLength(1);
  });

  test("the launch table shows the old date struck through before the new one", async () => {
    const host = await drawn(renderTimelineTable, compared("timeline-table").model);
    const row = host.querySelector<HTMLElement>('tr[data-product="trontinemab"]')!;
    expect(row.classList.contains("report-changed")).toBe(true);
    expect(text(row.querySelector("del.report-was"))).toBe("H2 2028");
    expect(text(row.querySelector(".rt-col-launch") ?? row)).toContain("H2 2028 → 30/06/2028");
  });

  test("the tables (no-JavaScript page, workbook, deck) show old → new and a last column saying what changed", () => {
    const [table] = reportTables(compared("landscape-type-1").model);
    expect(table!.columns.at(-1)).toBe("Changed since 01/12/2025");
    const row = table!.rows.find((r) => r[1] === "trontinemab")!;
    expect(row[table!.columns.indexOf("Est. Launch")]).toBe("H2 2028 → 30/06/2028");
    expect(row.at(-1)).toBe("trontinemab: Phase III → Filed; trontinemab: launch moved from H2 2028 to 30/06/2028");
    expect(table!.rows.find((r) => r[1] === "newumab")!.at(-1)).toBe("Added: newumab (Roche), Phase II");
    expect(table!.rows.filter((r) => r.at(-1) === "")).toHaveLength(table!.rows.length - 2);
    // Not compared: no such column.
    expect(reportTables(modelOf("landscape-type-1"))[0]!.columns).not.toContain("Changed since 01/12/2025");
  });

  test("the registry's moves seen between the two days, of trials the rows name, are listed once each", () => {
    const sheet = alzheimersSheet();
    const trialOf = (values: Cell[][]) => values.flatMap((r) => String(r[col("Trial Identifier")] ?? "").match(/NCT\d{8}/g) ?? [])[0]!;
    const trial = trialOf(sheet.values);
    const slip = (seenAt: string): TrialSlip => ({ trial, from: "2027-01-01", to: "2027-09-01", seenAt });
    const { diff } = compared("landscape-type-2", [slip("2025-11-20"), slip("2025-12-10"), slip("2026-01-05")]);
    // Seen on or before the day compared with: already in the earlier report; after it: listed.
    expect(diff.registry.map((m) => m.slip.seenAt)).toEqual(["2025-12-10", "2026-01-05"]);
    expect(diff.registry[0]!.product).not.toBe("");
  });
});
