import { describe, expect, test } from "vitest";

import { parseDate, parseMonthLabel, quarterOfMonth } from "#workers/engine/dates";

describe("parseDate (launch dates)", () => {
  test.each([
    ["2027+", "2027-12-31", "year", true],
    [" 2031 + ", "2031-12-31", "year", true],
    ["2027", "2027-01-01", "year", false],
    ["2027E", "2027-01-01", "year", false],
    [2028, "2028-01-01", "year", false],
    [46023, "2026-01-01", "day", false],
    ["46023", "2026-01-01", "day", false],
    [46023.75, "2026-01-01", "day", false],
    ["2026-06-30", "2026-06-30", "day", false],
    ["2026-06-30T10:00:00Z", "2026-06-30", "day", false],
    ["2026-06-30 09:00:00", "2026-06-30", "day", false],
    ["31/12/2027", "2027-12-31", "day", false],
    ["1/2/2027", "2027-02-01", "day", false],
    ["31-12-27", "2027-12-31", "day", false],
    ["Q3 2027", "2027-07-01", "quarter", false],
    ["3Q27", "2027-07-01", "quarter", false],
    ["2027 Q4", "2027-10-01", "quarter", false],
    ["q1'28", "2028-01-01", "quarter", false],
    ["H2 2028", "2028-07-01", "half", false],
    ["1H 2028", "2028-01-01", "half", false],
    ["2028 H2", "2028-07-01", "half", false],
    ["Jun 2027", "2027-06-01", "month", false],
    ["June-27", "2027-06-01", "month", false],
    ["Sept 2027", "2027-09-01", "month", false],
    ["06/2027", "2027-06-01", "month", false],
    ["2027-06", "2027-06-01", "month", false],
    ["30 Jun 2027", "2027-06-30", "day", false],
    ["June 30, 2027", "2027-06-30", "day", false],
    ["Q3 2027+", "2027-07-01", "quarter", true],
  ] as const)("%j → %s (%s)", (cell, iso, precision, orLater) => {
    const r = parseDate(cell);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value).toMatchObject({ iso, precision, orLater });
  });

  test("quarter and month of the value", () => {
    const r = parseDate("Q3 2027");
    expect(r.ok && [r.value.year, r.value.month, r.value.quarter]).toEqual([2027, 6, 3]);
  });

  test.each([
    ["TBD"],
    ["N/A"],
    ["31/02/2027"],
    ["13/13/2027"],
    ["Q5 2027"],
    ["2027-13-01"],
    ["soon"],
    [true],
    [-5],
    [Number.NaN],
    ["1850"],
    [9_999_999],
  ])("%j fails with a reason, never throws", (cell) => {
    const r = parseDate(cell as never);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toBeTruthy();
  });

  test.each([[""], ["   "], [null], [undefined]])("%j is blank", (cell) => {
    expect(parseDate(cell as never)).toMatchObject({ ok: false, blank: true });
  });
});

describe("calendar month labels", () => {
  test.each([
    ["Jan 2026", { year: 2026, month: 0 }],
    ["January-26", { year: 2026, month: 0 }],
    ["2026-03", { year: 2026, month: 2 }],
    ["46054", { year: 2026, month: 1 }],
    ["December", { year: null, month: 11 }],
    ["Sept", { year: null, month: 8 }],
    ["Q1 2026", null],
    ["Notes", null],
    ["", null],
  ])("%s → %j", (label, expected) => {
    expect(parseMonthLabel(label)).toEqual(expected);
  });

  test.each([
    [0, 1],
    [2, 1],
    [3, 2],
    [5, 2],
    [6, 3],
    [8, 3],
    [9, 4],
    [11, 4],
  ])("month %i is Q%i", (month, quarter) => {
    expect(quarterOfMonth(month)).toBe(quarter);
  });
});
