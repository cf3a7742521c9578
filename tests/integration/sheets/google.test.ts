// Google Sheets path: the real googleapis client pointed (rootUrl) at a fake Sheets v4 API on loopback.
import { describe, expect, test } from "vitest";

import { Disease } from "#db/models/disease.server";
import { SheetCache } from "#db/models/sheet-cache.server";
import { getCachedSheet, refreshSheet } from "~/utils/sheets/refresh.server";
import { SheetUnavailableError } from "~/utils/sheets/store.server";

import { GOOGLE_ERRORS, sheetWorld, startFakeSheetsApi, useFakeSheetsApi, valuesAnswer, withEnv } from "./helpers";

const fake = useFakeSheetsApi();

const HEADER = ["H/M/L", "New", "Compound phase", "Product name", "Est. Launch"];

describe("Google Sheets source", () => {
  test("reads the named tab from the Headers Range down, unformatted, dates as serial numbers", async () => {
    const w = await sheetWorld();
    fake.answer = (req) =>
      valuesAnswer(req.range, [
        HEADER,
        ["HH", "Yes", "Phase III", "lecanemab", 44932],
        [],
        ["Medium", "", "Phase II", "remternetug", "2027+", true],
      ]);
    const result = await refreshSheet(w.ad._id);
    expect(result.ok).toBe(true);

    expect(fake.requests).toHaveLength(1);
    const req = fake.requests[0];
    expect(req.spreadsheetId).toBe("1AdSheetIdForTestsAbCdEfGhIjKlMnOpQrStUv");
    expect(req.range).toBe("'AD Landscape'!A5:ZZ");
    expect(req.query.get("valueRenderOption")).toBe("UNFORMATTED_VALUE");
    expect(req.query.get("dateTimeRenderOption")).toBe("SERIAL_NUMBER");
    expect(req.query.get("majorDimension")).toBe("ROWS");
    expect(req.query.get("key")).toBe("test-key");

    const sheet = await getCachedSheet(w.ad._id);
    expect(sheet).toMatchObject({ headerRow: 5, firstColumn: 1, source: "google" });
    expect(sheet.values).toEqual([
      HEADER,
      ["HH", "Yes", "Phase III", "lecanemab", 44932],
      [],
      ["Medium", "", "Phase II", "remternetug", "2027+", true],
    ]);
    expect(Date.parse(sheet.fetchedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  test("a sheet name with a quote, an end column and a pasted URL are sent correctly", async () => {
    const w = await sheetWorld({
      sheetId: "https://docs.google.com/spreadsheets/d/1QuotedSheetIdAbCdEfGhIjKlMnOpQrStUvWx/edit#gid=0",
      sheetName: "Pat's AD",
      range: "C3:AH3",
    });
    fake.answer = (req) => valuesAnswer(req.range, [HEADER]);
    expect((await refreshSheet(w.ad._id)).ok).toBe(true);
    expect(fake.requests[0].spreadsheetId).toBe("1QuotedSheetIdAbCdEfGhIjKlMnOpQrStUvWx");
    expect(fake.requests[0].range).toBe("'Pat''s AD'!C3:AH");
    expect(await getCachedSheet(w.ad._id)).toMatchObject({ headerRow: 3, firstColumn: 3 });
  });

  test.each([
    ["404 not found", GOOGLE_ERRORS.notFound, "not-found", /Sheet ID "1AdSheetIdForTestsAbCdEfGhIjKlMnOpQrStUv"/],
    ["403 not shared", GOOGLE_ERRORS.notShared, "not-shared", /Anyone with the link/],
    ["400 bad range", GOOGLE_ERRORS.badRange("'AD Landscape'!A5:ZZ"), "bad-range", /no tab "AD Landscape"/],
    // In words an admin understands, with the hint about the server's own set-up; variable names only in the log.
    [
      "400 bad API key",
      GOOGLE_ERRORS.badKey,
      "credentials",
      /^Google refused this server's access to Google Sheets.*upload the workbook instead.*\(Google did not accept the server's Google access \(HTTP 400\)/,
    ],
  ])("%s becomes an actionable message, and readers get no copy", async (_name, answer, code, message) => {
    const w = await sheetWorld();
    fake.answer = () => answer;
    const result = await refreshSheet(w.ad._id);
    expect(result).toMatchObject({ ok: false, code });
    if (!result.ok) expect(result.error).toMatch(message);
    const cache = await SheetCache.findOne({ disease: w.ad._id }).lean();
    expect(cache?.lastError?.message).toMatch(message);
    expect(cache?.generation).toBeUndefined();
    // getCachedSheet does not hammer Google again right after a failure: it throws at once.
    await expect(getCachedSheet(w.ad._id)).rejects.toBeInstanceOf(SheetUnavailableError);
    expect(fake.requests).toHaveLength(1);
  });

  test("503 is retried once", async () => {
    const w = await sheetWorld();
    let calls = 0;
    fake.answer = (req) => (++calls === 1 ? GOOGLE_ERRORS.unavailable : valuesAnswer(req.range, [HEADER]));
    expect((await refreshSheet(w.ad._id)).ok).toBe(true);
    expect(calls).toBe(2);
  });

  test("network down: the last good copy stays and the error is recorded", async () => {
    const w = await sheetWorld();
    fake.answer = (req) => valuesAnswer(req.range, [HEADER, ["HH", "", "Phase III", "trontinemab"]]);
    expect((await refreshSheet(w.ad._id)).ok).toBe(true);
    const good = await getCachedSheet(w.ad._id);

    const down = await startFakeSheetsApi(() => GOOGLE_ERRORS.notFound);
    await down.close(); // a port nothing listens on
    const restore = withEnv({ GOOGLE_SHEETS_ROOT_URL: down.url, GOOGLE_SHEETS_TIMEOUT_MS: "3000" });
    try {
      const started = performance.now();
      const result = await refreshSheet(w.ad._id);
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(result).toMatchObject({ ok: false, code: "network" });
      if (!result.ok) expect(result.error).toMatch(/could not be reached \(ECONNREFUSED\)/);
      expect(result.status).toMatchObject({ hasCopy: true, source: "google", fetchedAt: good.fetchedAt });
    } finally {
      restore();
    }
    expect(await getCachedSheet(w.ad._id)).toEqual(good);
    const cache = await SheetCache.findOne({ disease: w.ad._id }).lean();
    expect(cache?.lastError?.code).toBe("network");

    // Back up: the next refresh replaces the copy and clears the error.
    fake.answer = (req) => valuesAnswer(req.range, [HEADER, ["HH", "", "Phase III", "trontinemab"], ["Low", "", "Phase I", "PRX012"]]);
    expect((await refreshSheet(w.ad._id)).ok).toBe(true);
    expect((await getCachedSheet(w.ad._id)).values).toHaveLength(3);
    expect((await SheetCache.findOne({ disease: w.ad._id }).lean())?.lastError).toBeUndefined();
  });

  test("no credentials on the server is reported as configuration, not as a sheet problem", async () => {
    const w = await sheetWorld();
    const restore = withEnv({ GOOGLE_API_KEY: undefined });
    try {
      const result = await refreshSheet(w.ad._id);
      expect(result).toMatchObject({ ok: false, code: "not-configured" });
    } finally {
      restore();
    }
    expect(fake.requests).toHaveLength(0);
  });

  test("changing the disease's Sheet Name refreshes on the next read", async () => {
    const w = await sheetWorld();
    fake.answer = (req) => valuesAnswer(req.range, [HEADER, [req.range]]);
    expect((await getCachedSheet(w.ad._id)).values[1]).toEqual(["'AD Landscape'!A5:ZZ"]);
    expect((await getCachedSheet(w.ad._id)).values[1]).toEqual(["'AD Landscape'!A5:ZZ"]);
    expect(fake.requests).toHaveLength(1); // the second read came from the cache
    await Disease.updateOne({ _id: w.ad._id }, { $set: { sheetName: "AD 2026" } });
    expect((await getCachedSheet(w.ad._id)).values[1]).toEqual(["'AD 2026'!A5:ZZ"]);
    expect(fake.requests).toHaveLength(2);
  });
});
