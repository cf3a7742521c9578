import { describe, expect, test } from "vitest";

import { eventCalendar } from "~/utils/ics.server";
import { formatRangeIn } from "~/utils/time-zones";

describe("an event as an .ics file", () => {
  const event = {
    id: "e1",
    title: "AAIC; Toronto, plenary \\ day 1",
    type: "Conference",
    description: "<p>Line one</p>",
    start: new Date("2027-07-27T12:00:00Z"),
    end: new Date("2027-07-27T20:30:00Z"),
    timezone: "America/Toronto",
  };

  test("CRLF lines, UTC times, escaped text", () => {
    const text = eventCalendar(event, new Date("2026-11-23T10:00:00Z"));
    const lines = text.split("\r\n");
    expect(lines.slice(0, 2)).toEqual(["BEGIN:VCALENDAR", "VERSION:2.0"]);
    expect(lines).toContain("DTSTART:20270727T120000Z");
    expect(lines).toContain("DTEND:20270727T203000Z");
    expect(lines).toContain("DTSTAMP:20261123T100000Z");
    expect(lines).toContain("SUMMARY:AAIC\\; Toronto\\, plenary \\\\ day 1");
    expect(text.endsWith("END:VEVENT\r\nEND:VCALENDAR\r\n")).toBe(true);
  });

  test("the description keeps its paragraphs, line breaks and list items (a calendar shows them as lines)", () => {
    const description =
      "<p>Plenary sessions:</p><ul>\n<li>Lecanemab 18-month data</li>\n<li>Donanemab &amp; ARIA</li>\n</ul><p>Poster hall<br>Room 4</p>";
    const unfolded = eventCalendar({ ...event, description }).replace(/\r\n /g, "");
    expect(unfolded).toContain(
      "DESCRIPTION:Conference. Plenary sessions:\\n\\n• Lecanemab 18-month data\\n• Donanemab & ARIA\\n\\nPoster hall\\nRoom 4\\n\\nTime zone of the event: America/Toronto\r\n",
    );
    const listFirst = eventCalendar({ ...event, description: "<ul><li>One</li><li>Two</li></ul>" }).replace(/\r\n /g, "");
    expect(listFirst).toContain("DESCRIPTION:Conference.\\n\\n• One\\n• Two\\n\\nTime zone of the event: America/Toronto\r\n");
  });

  test("long lines are folded at 75 octets without splitting a character", () => {
    const text = eventCalendar({ ...event, title: "Ünïcödé ".repeat(30) });
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(text.replace(/\r\n /g, "")).toContain(`SUMMARY:${"Ünïcödé ".repeat(30)}`);
  });
});

describe("event times in a zone", () => {
  test("DD/MM/YYYY HH:mm, the end's day only when it differs", () => {
    expect(formatRangeIn("2027-07-27T12:00:00Z", "2027-07-27T20:30:00Z", "America/Toronto")).toBe("27/07/2027 08:00–16:30");
    expect(formatRangeIn("2027-07-27T12:00:00Z", "2027-07-27T20:30:00Z", "Asia/Tokyo")).toBe("27/07/2027 21:00 – 28/07/2027 05:30");
  });
});
