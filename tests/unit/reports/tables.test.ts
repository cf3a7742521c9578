// The tables of the no-JavaScript page, the deck and the workbook (app/reports/tables.ts): a window of a table's rows
// (the page's 100, an assistant's first 150) is exactly those rows of the whole table, with their events and dates,
// for every report type, compared with an earlier version or not — the server makes only the rows a page shows.
import { describe, expect, test } from "vitest";

import { REPORT_TYPE_IDS } from "#common/constants";
import { diffModels, markChanges } from "#workers/engine/diff";
import type { ReportModel } from "#workers/engine/model";
import { reportTables, type ReportTable } from "~/reports/tables";

import { generateEvents, generateSheet } from "../../../scripts/bench/generate";
import { modelOf } from "./helpers";

const SINCE = "2025-12-01";
const sheet = generateSheet(1200);
const options = { events: generateEvents(300), tm: true };

/** What a table holds for rows [from, to) of the whole. */
const windowOf = (table: ReportTable, from: number, to: number) => ({
  count: table.rows.length,
  rows: table.rows.slice(from, to),
  events: table.events?.slice(from, to),
  dates: table.dates && Object.fromEntries(Object.entries(table.dates).map(([name, dates]) => [name, dates.slice(from, to)])),
});
const held = ({ count, rows, events, dates }: ReportTable) => ({ count, rows, events, dates });

describe("a window of a report's table rows", () => {
  for (const type of REPORT_TYPE_IDS.filter((t) => t !== "list")) {
    test(type, () => {
      const model = modelOf(type, sheet, options) as ReportModel;
      const models = [model];
      // Compared with another sheet: every row has a "Changed since" cell, which must be its own row's.
      if (type !== "events-2")
        models.push(
          markChanges(model, diffModels(modelOf(type, generateSheet(1200, 7), options), model, { since: SINCE, until: null }), SINCE),
        );
      for (const m of models) {
        const whole = reportTables(m);
        expect(whole.map((t) => t.count)).toEqual(whole.map((t) => t.rows.length));
        expect(Math.max(...whole.map((t) => t.count))).toBeGreaterThan(200);
        for (const [from, to] of [
          [0, 100],
          [100, 200],
          [150, 1_000_000],
          [1_000_000, 1_000_100],
        ] as const) {
          expect(reportTables(m, () => ({ from, to })).map(held)).toEqual(whole.map((t) => windowOf(t, from, to)));
        }
      }
    });
  }
});
