// @vitest-environment jsdom
// Report 7 drawn from database-style events: quarter sections with three month columns, event cards in their type's
// colour with DD/MM/YYYY dates, past events marked, the empty case, and cancelling pending chunks.
import { describe, expect, test } from "vitest";

import type { EngineEventInput } from "#workers/engine";
import { renderEvents2 } from "~/reports/render/events2";
import { CHUNK_SIZE } from "~/reports/render/progressive";

import { alzheimersSheet } from "../engine/fixtures/alzheimers";
import { drawn, expectChunkedDrawing, modelOf } from "./helpers";

const EVENTS: EngineEventInput[] = [
  { title: "AAIC 2026", type: "Conference", startDateTime: "2026-07-12 09:00:00", endDateTime: "2026-07-16 18:00:00", compound: null },
  {
    title: "Leqembi sBLA PDUFA date",
    type: "Regulatory/ Other Development",
    startDateTime: "2026-02-01 00:00:00",
    compound: { name: "lecanemab" },
  },
  { title: "TRAILBLAZER-ALZ 3 readout", type: "Trial Initiation/ Results", startDateTime: "2026-03-20T00:00:00Z", compound: "donanemab" },
  {
    title: "Kisunla EU launch",
    type: "Commercial",
    startDateTime: "2026-01-05 00:00:00",
    endDateTime: "2026-01-07 00:00:00",
    compound: "donanemab",
  },
  { title: "AD/PD 2026", type: "Conference", startDateTime: "2026-03-17 00:00:00", endDateTime: "2026-03-21 00:00:00" },
  { title: "Undated webinar", type: "Conference", startDateTime: "" },
];

const model = (events: readonly EngineEventInput[] = EVENTS) => modelOf("events-2", alzheimersSheet(), { events });

const cards = (root: ParentNode) => [...root.querySelectorAll<HTMLElement>(".rt-event-card")];
const card = (host: HTMLElement, title: string) => cards(host).find((c) => c.dataset.title === title)!;
/** Raw text, not trimmed. */
const text = (el: Element | null) => el?.textContent ?? null;

describe("renderEvents2", () => {
  const m = model();

  test("a section per quarter with events, headed 'Q1 2026', each with its three months", async () => {
    const host = await drawn(renderEvents2, m);
    const sections = [...host.querySelectorAll<HTMLElement>("section.rt-quarter")];
    expect(sections.map((s) => [s.dataset.quarter, text(s.querySelector("h2"))])).toEqual([
      ["Q1 2026", "Q1 2026"],
      ["Q3 2026", "Q3 2026"],
    ]);
    const months = sections.map((s) =>
      [...s.querySelectorAll<HTMLElement>(".rt-month")].map((mo) => [mo.dataset.month, text(mo.querySelector("h3"))]),
    );
    expect(months).toEqual([
      [
        ["2026-01", "Jan 2026"],
        ["2026-02", "Feb 2026"],
        ["2026-03", "Mar 2026"],
      ],
      [
        ["2026-07", "Jul 2026"],
        ["2026-08", "Aug 2026"],
        ["2026-09", "Sep 2026"],
      ],
    ]);
    const aug = host.querySelector('.rt-month[data-month="2026-08"]')!;
    expect(aug.querySelector(".rt-event-card")).toBeNull();
    expect(text(aug.querySelector(".rt-month-empty"))).toBe("No events");
  });

  test("cards in their month, by start date, with title, type, DD/MM/YYYY dates and compound", async () => {
    const host = await drawn(renderEvents2, m);
    const titles = (month: string) => cards(host.querySelector(`.rt-month[data-month="${month}"]`)!).map((c) => c.dataset.title);
    expect(titles("2026-01")).toEqual(["Kisunla EU launch"]);
    expect(titles("2026-02")).toEqual(["Leqembi sBLA PDUFA date"]);
    expect(titles("2026-03")).toEqual(["AD/PD 2026", "TRAILBLAZER-ALZ 3 readout"]);
    expect(titles("2026-07")).toEqual(["AAIC 2026"]);

    const aaic = card(host, "AAIC 2026");
    expect([...aaic.querySelectorAll("p")].map((p) => [p.className, p.textContent])).toEqual([
      ["rt-card-title", "AAIC 2026"],
      ["rt-card-type", "Conference"],
      ["rt-card-dates", "12/07/2026 – 16/07/2026"],
    ]);
    expect([...aaic.querySelectorAll("time")].map((t) => t.getAttribute("datetime"))).toEqual(["2026-07-12", "2026-07-16"]);
    const pdufa = card(host, "Leqembi sBLA PDUFA date");
    expect(text(pdufa.querySelector(".rt-card-dates"))).toBe("01/02/2026"); // no end date
    expect(text(pdufa.querySelector(".rt-card-compound"))).toBe("lecanemab");
  });

  test("cards take their type's colours", async () => {
    const host = await drawn(renderEvents2, m);
    const colours = (title: string) => {
      const c = card(host, title);
      return [c.dataset.category, c.style.backgroundColor, c.style.color];
    };
    expect(colours("AAIC 2026")).toEqual(["conference", "rgb(210, 180, 140)", "rgb(0, 0, 0)"]);
    expect(colours("Leqembi sBLA PDUFA date")).toEqual(["development", "rgb(255, 242, 204)", "rgb(0, 0, 0)"]);
    expect(colours("TRAILBLAZER-ALZ 3 readout")).toEqual(["other", "rgb(248, 200, 220)", "rgb(0, 0, 0)"]);
    expect(colours("Kisunla EU launch")).toEqual(["commercial", "rgb(31, 95, 168)", "rgb(255, 255, 255)"]);
    expect([...host.querySelectorAll(".rt-key-entry")].map((e) => e.textContent)).toEqual(m.eventTypes.map((t) => t.type));
  });

  test("past events are marked in words and style", async () => {
    const host = await drawn(renderEvents2, m);
    const past = cards(host).filter((c) => c.classList.contains("rt-past"));
    expect(past.map((c) => c.dataset.title)).toEqual(["Kisunla EU launch"]);
    expect(text(past[0].querySelector(".rt-card-type"))).toBe("Commercial · Past");
  });

  test("no events: only a short note", async () => {
    const host = await drawn(renderEvents2, model([]));
    expect(host.children).toHaveLength(1);
    expect(host.textContent).toBe("No events for this disease.");
  });

  test("many events come in chunks; cancel stops the ones still pending", async () => {
    const n = CHUNK_SIZE + 25;
    const many = model(
      Array.from({ length: n }, (_, k) => ({
        title: `Event ${k}`,
        type: k % 2 ? "Commercial" : "Conference",
        startDateTime: `2026-0${1 + (k % 6)}-10`,
      })),
    );
    const full = await expectChunkedDrawing(renderEvents2, many, cards, n);
    // Chunks keep each month's cards in the model's order.
    const june = many.quarters[1].months[2];
    expect(cards(full.querySelector('.rt-month[data-month="2026-06"]')!).map((c) => c.dataset.title)).toEqual(
      june.events.map((e) => e.title),
    );
  });
});
