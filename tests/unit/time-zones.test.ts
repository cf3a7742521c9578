// The events' time zones (admin-console §3, §9): the full IANA list by the names people look for, and wall-clock times
// read in a zone across its DST changes.
import { describe, expect, test } from "vitest";

import { instantIn, isTimeZone, sentWallClockIn, timeZoneNames, wallClockIn } from "~/utils/time-zones";

describe("time zones", () => {
  test("the list is the runtime's full list, UTC first, by current IANA names", () => {
    const names = timeZoneNames();
    expect(names[0]).toBe("UTC");
    expect(names.length).toBeGreaterThan(400);
    expect(names).toEqual(
      expect.arrayContaining(["Europe/Berlin", "America/New_York", "Asia/Tokyo", "Asia/Kolkata", "Europe/Kyiv", "Asia/Ho_Chi_Minh"]),
    );
    expect(names).not.toContain("Asia/Calcutta");
    expect(new Set(names).size).toBe(names.length);
  });

  test("a zone is one of the list, or a name the runtime itself gives; anything else is not", () => {
    for (const name of ["UTC", "Europe/Berlin", "Asia/Kolkata", "Asia/Calcutta", "America/Argentina/Buenos_Aires"])
      expect(isTimeZone(name), name).toBe(true);
    for (const name of ["", "europe/berlin", "Mars/Olympus_Mons", "EST5EDT", "Berlin"]) expect(isTimeZone(name), name).toBe(false);
  });

  test("09:00 in Berlin is 08:00Z in winter and 07:00Z in summer, and reads back as 09:00; Kolkata has no DST", () => {
    expect(instantIn("2027-01-14T09:00", "Europe/Berlin")?.toISOString()).toBe("2027-01-14T08:00:00.000Z");
    expect(instantIn("2027-07-14 09:00:00", "Europe/Berlin")?.toISOString()).toBe("2027-07-14T07:00:00.000Z");
    expect(wallClockIn(new Date("2027-07-14T07:00:00Z"), "Europe/Berlin")).toBe("2027-07-14T09:00");
    expect(sentWallClockIn(new Date("2027-01-14T03:30:00Z"), "Asia/Kolkata")).toBe("2027-01-14 09:00:00");
    // A time the spring change skips is read as the clock then shows it (02:30 → 03:30 CEST).
    expect(instantIn("2027-03-28T02:30", "Europe/Berlin")?.toISOString()).toBe("2027-03-28T01:30:00.000Z");
    expect(instantIn("2027-02-30T09:00", "Europe/Berlin")).toBeNull();
  });
});
