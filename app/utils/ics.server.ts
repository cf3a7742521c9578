// An iCalendar file (RFC 5545) of one event, for 'Add to calendar'. Times travel in UTC (the calendar shows them in its
// own zone); the event's zone is named in the description.

/** Text as a property value: backslash, semicolon, comma and line breaks escaped. */
const text = (value: string) => value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");

/** 20270312T080000Z */
const utc = (d: Date) => d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

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

export function eventCalendar(event: { id: string; title: string; description: string; start: Date; end: Date; timezone: string }, now = new Date()) {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Pharmascope//Events//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${event.id}@pharmascope`,
    `DTSTAMP:${utc(now)}`,
    `DTSTART:${utc(event.start)}`,
    `DTEND:${utc(event.end)}`,
    `SUMMARY:${text(event.title)}`,
    `DESCRIPTION:${text(`${event.description}${event.description ? "\n\n" : ""}Time zone of the event: ${event.timezone}`)}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
