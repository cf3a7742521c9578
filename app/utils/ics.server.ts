import { textWithLines } from "#common/plain-text";

// iCalendar text (RFC 5545): one event for 'Add to calendar', many for a calendar feed (issue 16). Times travel in
// UTC (the calendar shows them in its own zone); the event's zone is named in the description. All-day entries
// (a trial's primary completion date) are dates, not instants.

/** Text as a property value: backslash, semicolon, comma and line breaks escaped. */
const text = (value: string) => value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");

/** 20270312T080000Z */
const utc = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** 20270312: the UTC day (dates are stored as midnight UTC). */
const day = (d: Date) => d.toISOString().slice(0, 10).replace(/-/g, "");

/** Lines longer than 75 octets folded (CRLF and a space), without splitting a UTF-8 character. */
function fold(line: string) {
  const out: string[] = [];
  let current = "";
  for (const char of line) {
    if (Buffer.byteLength(current + char) > (out.length ? 74 : 75)) {
      out.push(current);
      current = "";
    }
    current += char;
  }
  out.push(current);
  return out.join("\r\n ");
}

/** An entry of a calendar: timed (start and end instants) or all-day (one date). `uid` stays the same across
 *  fetches, so a subscribed calendar updates the entry instead of adding another. */
export type CalendarEntry = { uid: string; title: string; description: string } & ({ start: Date; end: Date } | { date: Date });

function entryLines(entry: CalendarEntry, now: Date) {
  const when =
    "date" in entry
      ? [
          `DTSTART;VALUE=DATE:${day(entry.date)}`,
          `DTEND;VALUE=DATE:${day(new Date(entry.date.getTime() + 86_400_000))}`,
          "TRANSP:TRANSPARENT",
        ]
      : [`DTSTART:${utc(entry.start)}`, `DTEND:${utc(entry.end)}`];
  return [
    "BEGIN:VEVENT",
    `UID:${entry.uid}@pharmascope`,
    `DTSTAMP:${utc(now)}`,
    ...when,
    `SUMMARY:${text(entry.title)}`,
    `DESCRIPTION:${text(entry.description)}`,
    "END:VEVENT",
  ];
}

/** A whole calendar; `name` (a feed's) is shown by Outlook, Google and Apple calendars as the subscription's title. */
export function calendar(entries: CalendarEntry[], { name, now = new Date() }: { name?: string; now?: Date } = {}) {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Pharmascope//Events//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...(name ? [`X-WR-CALNAME:${text(name)}`, "REFRESH-INTERVAL;VALUE=DURATION:PT4H", "X-PUBLISHED-TTL:PT4H"] : []),
    ...entries.flatMap((entry) => entryLines(entry, now)),
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}

/** An event's entry: its type, its description (stored rich text) with its paragraphs, lines and list items kept,
 *  then the zone it was set in. */
export function eventEntry(event: {
  id: string;
  title: string;
  type: string;
  description: string;
  start: Date;
  end: Date;
  timezone: string;
}): CalendarEntry {
  const about = textWithLines(event.description);
  const lead = about.startsWith("•") ? `${event.type}.\n\n${about}` : `${event.type}. ${about}`.trim();
  const description = `${lead}\n\nTime zone of the event: ${event.timezone}`;
  return { uid: event.id, title: event.title, description, start: event.start, end: event.end };
}

export function eventCalendar(event: Parameters<typeof eventEntry>[0], now = new Date()) {
  return calendar([eventEntry(event)], { now });
}

/** One event as a download, `<title>.ics` (the events feed's 'Add to calendar' and the API's). */
export function eventDownload(event: {
  _id: unknown;
  title: string;
  type: string;
  description?: string | null;
  startDateTime: Date;
  endDateTime: Date;
  timezone: string;
}) {
  const body = eventCalendar({
    id: String(event._id),
    title: event.title,
    type: event.type,
    description: event.description ?? "",
    start: event.startDateTime,
    end: event.endDateTime,
    timezone: event.timezone,
  });
  const name =
    event.title
      .replace(/[^\w.-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "event";
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}.ics"`,
      "Cache-Control": "private, no-store",
    },
  });
}
