// Date entry (user-app §9: dates read DD/MM/YYYY): one reading of what a date field sends — typed without JavaScript
// as DD/MM/YYYY (HH:mm), or sent by the picker, a link or the spec's clients as YYYY-MM-DD (THH:mm) — and its message.
import { describe, expect, test } from "vitest";

import { datePattern, notADate, readDate, shownDate } from "~/utils/dates";

describe("date entry", () => {
  test("a day typed as DD/MM/YYYY, or sent as YYYY-MM-DD, is the same day", () => {
    for (const text of ["15/03/2026", "15.03.2026", "15-03-2026", "15/3/2026", " 15/03/2026 ", "2026-03-15"])
      expect(readDate(text), text).toBe("2026-03-15");
    // The picker passes through early years while a year is typed digit by digit.
    expect(readDate("26/11/0002")).toBe("0002-11-26");
  });

  test("a day the calendar does not have, another order or a short year is no day", () => {
    for (const text of [
      "31/02/2026",
      "29/02/2027",
      "00/01/2026",
      "15/13/2026",
      "03/15/2026",
      "15/03/26",
      "01/01/0000",
      "2026-02-30",
      "2026-3-15",
      "",
      "tomorrow",
      "15/03/2026 09:00",
    ])
      expect(readDate(text), text).toBeNull();
    expect(readDate("29/02/2028")).toBe("2028-02-29");
  });

  test("a time to the minute: DD/MM/YYYY HH:mm typed, YYYY-MM-DDTHH:mm picked, the spec's 'YYYY-MM-DD HH:mm:ss' sent", () => {
    expect(readDate("14/01/2027 09:00", "minute")).toBe("2027-01-14T09:00");
    expect(readDate("14/01/2027, 9:05", "minute")).toBe("2027-01-14T09:05");
    expect(readDate("2027-01-14T09:00", "minute")).toBe("2027-01-14T09:00");
    expect(readDate("2027-01-14 09:00:00", "minute")).toBe("2027-01-14T09:00");
    expect(readDate("2027-01-14T09:00:30", "minute")).toBe("2027-01-14T09:00:30");
    for (const text of ["14/01/2027", "14/01/2027 24:00", "14/01/2027 09:60", "31/04/2027 09:00", "2027-01-14"])
      expect(readDate(text, "minute"), text).toBeNull();
  });

  test("a field shows its value as DD/MM/YYYY (HH:mm), and what it cannot read as typed", () => {
    expect(shownDate("2026-03-15")).toBe("15/03/2026");
    expect(shownDate("2027-01-14T09:00", "minute")).toBe("14/01/2027 09:00");
    expect(shownDate("31/02/2026")).toBe("31/02/2026");
    expect(shownDate(undefined)).toBe("");
    expect(notADate("31/02/2026")).toBe("'31/02/2026' is not a date: enter it as DD/MM/YYYY.");
    expect(notADate("14/01/2027", "minute")).toBe("'14/01/2027' is not a date and time: enter it as DD/MM/YYYY HH:mm.");
  });

  test("the text field's pattern (compiled by browsers with the v flag) takes what readDate reads", () => {
    const day = new RegExp(`^(?:${datePattern("day")})$`, "v");
    const minute = new RegExp(`^(?:${datePattern("minute")})$`, "v");
    expect(["15/03/2026", "15.3.2026"].every((t) => day.test(t))).toBe(true);
    expect(["2026-03-15", "15/03/26", "15/03/2026 09:00"].some((t) => day.test(t))).toBe(false);
    expect(["14/01/2027 09:00", "14/01/2027, 09:00"].every((t) => minute.test(t))).toBe(true);
    expect(minute.test("14/01/2027")).toBe(false);
  });
});
