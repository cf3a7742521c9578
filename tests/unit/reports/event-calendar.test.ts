// @vitest-environment jsdom
// Report 4 drawn from the Alzheimer's fixture: quarter and month header rows, the conference row first, one row per
// HH asset with its events as chips in the right month and colour, the colour key, cancelling pending chunks, and a
// long calendar windowed but whole for print.
import { describe, expect, test } from "vitest";

import { longestWords } from "#workers/engine/reports/calendar";
import { renderEventCalendar } from "~/reports/render/event-calendar";
import { CHUNK_SIZE, drawEverything, nextFrame, SLICE, WINDOW_FROM } from "~/reports/render/progressive";

import { alzheimersSheet, HEADER, row } from "../engine/fixtures/alzheimers";
import { bodyRows, drawn, expectChunkedDrawing, modelOf, pause, started, texts } from "./helpers";

/** Chips of a row's cell: [visible text, category, background, text colour]. */
const chips = (tr: Element, cell: string) =>
  [...tr.querySelectorAll<HTMLElement>(`td${cell} .rt-event`)].map((c) => [
    c.firstChild!.textContent,
    c.dataset.category,
    c.style.backgroundColor,
    c.style.color,
  ]);

describe("renderEventCalendar", () => {
  const m = modelOf("event-calendar");

  test("two rows of one product (two segments) are told apart by their segment", async () => {
    const sheet = alzheimersSheet();
    const product = m.rows[0]!.product;
    const twin = sheet.values.find((r) => r[HEADER.indexOf("Product name")] === product)!;
    const other = [...twin];
    other[HEADER.indexOf("Segment")] = "Preclinical AD";
    const host = await drawn(renderEventCalendar, modelOf("event-calendar", { ...sheet, values: [...sheet.values, other] }));
    const names = [...host.querySelectorAll(`tbody tr[data-product="${product}"] .rt-product`)].map((e) => e.firstChild!.textContent);
    expect(names.sort()).toEqual([`${product} · ${twin[HEADER.indexOf("Segment")]}`, `${product} · Preclinical AD`]);
  });

  test("two header rows: quarters spanning their months, then Product, the month labels and 'beyond'", async () => {
    const host = await drawn(renderEventCalendar, m);
    const [quarters, months] = host.querySelectorAll("thead tr");
    const groups = [...quarters.querySelectorAll("th")];
    expect(groups.map((th) => [th.textContent, th.getAttribute("colspan"), th.getAttribute("scope")])).toEqual([
      ["Q1 2026", "3", "colgroup"],
      ["Q2 2026", "3", "colgroup"],
      ["Q3 2026", "2", "colgroup"],
    ]);
    expect([...host.querySelectorAll("colgroup")].map((c) => c.querySelectorAll("col").length)).toEqual([1, 3, 3, 2, 1]);
    expect(texts(months.querySelectorAll("th[scope=col]"))).toEqual([
      "Product",
      "Jan 2026",
      "Feb 2026",
      "Mar 2026",
      "Apr 2026",
      "May 2026",
      "Jun 2026",
      "Jul 2026",
      "Aug 2026",
      "Events beyond 6-month Timeframe",
    ]);
    expect(host.querySelector("caption")?.textContent).toBe(
      "Event calendar: events of 5 high-priority assets and compounds, Jan 2026 to Aug 2026 and beyond",
    );
  });

  test("the conference row comes first, with its conferences in tan chips", async () => {
    const host = await drawn(renderEventCalendar, m);
    const conference = host.querySelector("tr.rt-conference-row")!;
    expect(conference.parentElement!.tagName).toBe("THEAD");
    expect(conference.querySelector("th[scope=row]")?.textContent).toBe("Conferences");
    const tan = "rgb(210, 180, 140)";
    expect(chips(conference, '[data-month="0"]')).toEqual([["CTAD 2025 follow-up", "conference", tan, "rgb(0, 0, 0)"]]);
    expect(chips(conference, '[data-month="2"]')).toEqual([["AD/PD 2026", "conference", tan, "rgb(0, 0, 0)"]]);
    expect(chips(conference, '[data-month="6"]')).toEqual([["AAIC 2026", "conference", tan, "rgb(0, 0, 0)"]]);
    expect(chips(conference, ".rt-beyond")).toEqual([["CTAD 2026", "conference", tan, "rgb(0, 0, 0)"]]);
    expect(conference.querySelectorAll(".rt-event")).toHaveLength(4);
    // The type is not in the text, so it is written for screen readers and in the tooltip.
    const adpd = conference.querySelector('td[data-month="2"] .rt-event')!;
    expect(adpd.textContent).toBe("AD/PD 2026, Conference");
    expect(adpd.getAttribute("title")).toBe("AD/PD 2026 (Conference)");
  });

  test("one row per HH asset in the model's order, each event in its month cell in its category colour", async () => {
    const host = await drawn(renderEventCalendar, m);
    const rows = bodyRows(host);
    expect(rows.map((r) => r.dataset.product)).toEqual(m.rows.map((r) => r.product));
    expect(rows.map((r) => r.querySelectorAll("td[data-month]").length)).toEqual(m.rows.map(() => 8));
    const leqembi = rows.find((r) => r.dataset.product === "lecanemab (Leqembi)")!;
    expect(texts(leqembi.querySelectorAll("th[scope=row] span"))).toEqual(["lecanemab (Leqembi)", "Eisai", "Anti-Aβ protofibril mAb"]);
    expect(chips(leqembi, '[data-month="0"]')).toEqual([
      ["SC autoinjector launch, Commercial", "commercial", "rgb(31, 95, 168)", "rgb(255, 255, 255)"],
    ]);
    expect(leqembi.querySelectorAll(".rt-event")).toHaveLength(1);
    const tront = rows.find((r) => r.dataset.product === "trontinemab")!;
    expect(chips(tront, '[data-month="5"]')).toEqual([
      ["Phase 3 enrolment complete, Trial Initiation/ Results", "other", "rgb(248, 200, 220)", "rgb(0, 0, 0)"],
    ]);
    expect(tront.querySelector(".rt-event .sr-only")).toBeNull();
  });

  test("a key names each colour's event type", async () => {
    const host = await drawn(renderEventCalendar, m);
    const entries = [...host.querySelectorAll<HTMLElement>(".rt-key .rt-key-entry")];
    expect(
      entries.map((e) => [e.dataset.category, e.textContent, e.querySelector<HTMLElement>(".rt-swatch")!.style.backgroundColor]),
    ).toEqual([
      ["conference", "Conference", "rgb(210, 180, 140)"],
      ["development", "Regulatory/ Other Development", "rgb(255, 242, 204)"],
      ["other", "Trial Initiation/ Results", "rgb(248, 200, 220)"],
      ["commercial", "Commercial", "rgb(31, 95, 168)"],
    ]);
  });

  test("the month columns are sized for the longest words of any chip: the same words as every word sorted by length", () => {
    const s = alzheimersSheet();
    const texts = ["Readout", "Phase III initiation", "EMA subcutaneous filing", "Conference presentation", "FDA decision"];
    s.values = [
      ...s.values,
      ...Array.from({ length: 300 }, (_, k) =>
        row({ "H/M/L": "HH", "Product name": `P-${k}`, "Company Name": "Eisai", "Feb 2026": `${texts[k % 5]} ${"x".repeat(k % 13)}` }),
      ),
    ];
    const big = modelOf("event-calendar", s);
    const words = new Set<string>();
    for (const r of [{ months: big.conferences, beyond: big.conferencesBeyond }, ...big.rows])
      for (const event of [...r.months.flat(), ...r.beyond]) for (const word of event.text.split(/\s+/)) words.add(word);
    const longest = (count: number) => [...words].sort((a, b) => b.length - a.length).slice(0, count);
    expect(big.longestWords).toEqual(longest(8));
    const rows = [{ months: big.conferences, beyond: big.conferencesBeyond }, ...big.rows];
    for (const count of [1, 3, 40]) expect(longestWords(rows, count)).toEqual(longest(count));
  });

  test("long calendars come in chunks; cancel stops the ones still pending", async () => {
    const s = alzheimersSheet();
    const n = CHUNK_SIZE + 20;
    s.values = [
      [...HEADER],
      ...Array.from({ length: n }, (_, k) =>
        row({ "H/M/L": "HH", "Product name": `P-${k}`, "Company Name": "Eisai", "Feb 2026": "Readout" }),
      ),
    ];
    const big = modelOf("event-calendar", s);
    expect(big.rows).toHaveLength(n);
    await expectChunkedDrawing(renderEventCalendar, big, bodyRows, n);
  });

  test("a long calendar holds a window of its rows, and every row before printing", async () => {
    const s = alzheimersSheet();
    const n = WINDOW_FROM * 4;
    s.values = [
      [...HEADER],
      ...Array.from({ length: n }, (_, k) =>
        row({ "H/M/L": "HH", "Product name": `P-${k}`, "Company Name": "Eisai", "Feb 2026": "Readout" }),
      ),
    ];
    const big = modelOf("event-calendar", s);
    const { host, cancel } = started(renderEventCalendar, big);
    await pause();
    expect(bodyRows(host).length).toBeLessThan(200);
    expect(bodyRows(host)[0].dataset.product).toBe(big.rows[0].product);
    const release = drawEverything(host, true);
    expect(bodyRows(host).map((r) => r.dataset.product)).toEqual(big.rows.map((r) => r.product));
    expect(bodyRows(host)[n - 1].querySelector('td[data-month="1"] .rt-event')?.firstChild?.textContent).toBe("Readout");
    release();
    await pause();
    expect(bodyRows(host).length).toBeLessThan(200);
    cancel();
  });

  test("a long calendar draws the rows of its first screen at once, then the rows around them a slice a frame", async () => {
    const s = alzheimersSheet();
    s.values = [
      [...HEADER],
      ...Array.from({ length: WINDOW_FROM * 2 }, (_, k) =>
        row({ "H/M/L": "HH", "Product name": `P-${k}`, "Company Name": "Eisai", "Feb 2026": "Readout" }),
      ),
    ];
    const { host, cancel } = started(renderEventCalendar, modelOf("event-calendar", s));
    const frame = () => new Promise<void>((resolve) => nextFrame(() => resolve()));
    const counts = [bodyRows(host).length];
    for (let k = 0; k < 4; k++) {
      await frame();
      counts.push(bodyRows(host).length);
    }
    // jsdom lays nothing out: rows count as 32 px and the box as 400 px, so a screen and a half is 19 rows. The first
    // frame lays out the first 10; the margin comes in the frame after.
    expect(counts).toEqual([10, 10, 10 + SLICE, 10 + SLICE, 10 + SLICE]);
    cancel();
  });
});
