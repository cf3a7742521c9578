import { describe, expect, test } from "vitest";

import { Company, Compound, Disease, Event, News, Trial } from "#db/models/index.server";
import { SheetCache } from "#db/models/sheet-cache.server";
import { TrialChange } from "#db/models/trial-change.server";
import { buildReport } from "#workers/engine";
import * as reportsRoute from "~/routes/_app+/clients+/$clientId.therapeuticAreas+/$taId.diseases+/$diseaseId.reports";
import * as logos from "~/routes/resources+/company-logos";
import * as sheetRoute from "~/routes/resources+/sheet.$diseaseId";
import { storeSheetCopy } from "~/utils/sheets/store.server";

import { generateSheet } from "../../scripts/bench/generate";
import { callLoader, diseaseParams, scene, sessionCookie, settle, toastsOf } from "../db-utils";
import { alzheimersSheet, row } from "../unit/engine/fixtures/alzheimers";
import { longestBlock, reportPageData, timesEventLoop } from "./sheets/helpers";

// The report viewer's loader against the real database: permissions, report-type resolution, the database parts of
// reports (events, news), and the tables the server builds for browsers without JavaScript.

async function world() {
  const reports = ["landscape-type-1", "events-2", "list", "timeline-table", "event-calendar"].map((id) => ({ id, name: id }));
  const w = await scene({
    clients: { alpha: "Alpha", beta: "Beta" },
    areas: { neuro: { client: "alpha", name: "Neurology" }, betaArea: { client: "beta", name: "Immunology" } },
    diseases: {
      ad: { area: "neuro", name: "Alzheimer's disease", reports, tm: true, titlePrefix: "Alzheimer's Disease" },
      empty: { area: "neuro", name: "Parkinson's disease", reports: [] },
      foreign: { area: "betaArea", name: "Lupus", reports },
    },
    users: { user: { role: "external", grants: ["ad", "empty"] } },
  });
  await storeSheetCopy(w.ad._id, alzheimersSheet());
  return { ...w, params: diseaseParams(w.ad) };
}

type Params = Record<string, string>;
async function load(userId: string, params: Params, query = "", headers: Record<string, string> = {}) {
  const url = `/clients/${params.clientId}/therapeuticAreas/${params.taId}/diseases/${params.diseaseId}/reports${query}`;
  return callLoader(reportsRoute, { user: userId, url, params, headers });
}
const page = reportPageData;

describe("report type resolution (user-app §2)", () => {
  test("a missing or unconfigured type goes to the first configured one, keeping the other params", async () => {
    const w = await world();
    const id = String(w.user._id);
    for (const query of ["", "?type=timeline-chart&fs=20"]) {
      const result = await load(id, w.params, query);
      expect(result).toBeInstanceOf(Response);
      const location = new URL((result as Response).headers.get("Location")!, "http://x");
      expect(location.pathname).toBe(
        `/clients/${w.params.clientId}/therapeuticAreas/${w.params.taId}/diseases/${w.params.diseaseId}/reports`,
      );
      expect(location.searchParams.get("type")).toBe("landscape-type-1");
      if (query) expect(location.searchParams.get("fs")).toBe("20");
    }
  });

  test("an unknown type is 'Report Not Available'; a disease without reports is 'No Reports selected'", async () => {
    const w = await world();
    const unknown = page(await load(String(w.user._id), w.params, "?type=sales-forecast"));
    expect(unknown.resolution).toBe("unknown");
    expect(unknown.type).toBeNull();
    expect(unknown.server).toBeNull();
    const none = page(await load(String(w.user._id), { ...w.params, diseaseId: String(w.empty._id) }, "?type=list"));
    expect(none.resolution).toBe("none");
    expect(none.disease.reports).toEqual([]);
  });
});

describe("permissions", () => {
  test("malformed ids are 'wrong id!', ids outside the user's permissions 'Invalid ID', both back to /", async () => {
    const w = await world();
    const id = String(w.user._id);
    const cases: Array<[Params, string]> = [
      [{ ...w.params, taId: "nope" }, "wrong id!"],
      [{ ...w.params, diseaseId: "123" }, "wrong id!"],
      [{ ...w.params, diseaseId: String(w.foreign._id) }, "Invalid ID"],
      [{ clientId: String(w.beta._id), taId: String(w.betaArea._id), diseaseId: String(w.foreign._id) }, "Invalid ID"],
      [{ ...w.params, taId: String(w.betaArea._id) }, "Invalid ID"],
    ];
    for (const [params, message] of cases) {
      const result = await load(id, params, "?type=landscape-type-1");
      expect(result).toBeInstanceOf(Response);
      expect((result as Response).headers.get("Location")).toBe("/");
      expect(await toastsOf(result as Response)).toEqual([message]);
    }
  });

  test("a signed-out visitor is sent to sign in and gets no data", async () => {
    const w = await world();
    const url = `http://x/clients/${w.params.clientId}/therapeuticAreas/${w.params.taId}/diseases/${w.params.diseaseId}/reports?type=list`;
    const thrown = await reportsRoute.loader({ request: new Request(url), params: w.params, context: {} }).catch((e: unknown) => e);
    expect((thrown as Response).headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });
});

describe("the report without JavaScript", () => {
  test("a document request gets the engine's model as tables; a script fetch does not pay for it", async () => {
    const w = await world();
    const data = page(await load(String(w.user._id), w.params, "?type=landscape-type-1"));
    expect(data.type).toBe("landscape-type-1");
    expect(data.disease.titlePrefix).toBe("Alzheimer's Disease");
    expect(data.server?.ok).toBe(true);
    if (!data.server?.ok) return;
    const [table] = data.server.tables;
    expect(table!.columns.slice(0, 3)).toEqual(["Phase", "Product", "Company"]);
    // A product carries the numbers of its footnotes, as the drawn board marks it.
    const remternetug = table!.rows.find((r) => r[1]!.startsWith("remternetug"));
    expect(remternetug?.[0]).toBe("Phase III");
    // A launch the sheet gives as a period says, on a second line, where the report placed it.
    const launches = table!.rows.map((r) => r[table!.columns.indexOf("Est. Launch")]!);
    expect(launches.filter((cell) => cell.includes("\n"))).not.toEqual([]);
    for (const cell of launches.filter((cell) => cell.includes("\n"))) expect(cell).toMatch(/^\S.*\n\(placed at \d\d\/\d\d\/\d{4}\)$/);
    expect(table!.columns).not.toContain("Therapeutic Modality");
    expect(data.server.invalid).toBeNull();

    expect(data.tablesLeftOut).toBe(false);

    const fetched = page(await load(String(w.user._id), w.params, "?type=landscape-type-1", { "Sec-Fetch-Dest": "empty" }));
    expect(fetched.server).toBeNull();
    expect(fetched.sheetUrl).toBe(`/resources/sheet/${w.params.diseaseId}`);
    expect(fetched.tablesLeftOut).toBe(false);

    // A document for a browser whose cookie says it draws reports (reports/drawn-here.ts): no tables, said so.
    for (const [cookie, leftOut] of [
      ["theme=dark; draws-reports=1", true],
      ["draws-reports=", false],
      ["draws-reports=10", false],
    ] as const) {
      const document = page(await load(String(w.user._id), w.params, "?type=landscape-type-1", { Cookie: cookie }));
      expect([cookie, document.server === null, document.tablesLeftOut]).toEqual([cookie, leftOut, leftOut]);
    }
  });

  timesEventLoop(
    "a 10,000-row sheet is read and built off the event loop: the page's tables and the page's sheet request each hold it under 100 ms",
    async () => {
      const w = await world();
      const sheet = generateSheet(10_000);
      await storeSheetCopy(w.ad._id, sheet);
      const expected = buildReport("timeline-table", sheet);
      if (!expected.ok) throw new Error("the bench sheet builds");

      const built = await longestBlock(() => load(String(w.user._id), w.params, "?type=timeline-table&page=7"));
      expect(built.blockedMs).toBeLessThan(100);
      const server = page(built.result).server;
      if (!server?.ok) throw new Error("tables expected");
      expect(server.stats.shownRecords).toBe(expected.stats.shownRecords);
      expect(server.tables[0]!.page).toMatchObject({ page: 7, total: expected.rows.length });
      expect(server.tables[0]!.rows[0]).toEqual(expect.arrayContaining([expect.stringContaining(expected.rows[600]!.product)]));

      // The sheet the page's worker fetches: the stored chunks passed on as they are, the same values.
      const fetched = await longestBlock(async () => {
        const response = (await callLoader(sheetRoute, {
          user: w.user._id,
          url: `/resources/sheet/${w.ad._id}`,
          params: { diseaseId: String(w.ad._id) },
        })) as Response;
        return (await response.json()) as { sheet: typeof sheet };
      });
      expect(fetched.blockedMs).toBeLessThan(100);
      expect(fetched.result.sheet).toEqual({ ...sheet, fetchedAt: expect.any(String) });
    },
    120_000,
  );

  test("the registry's primary completion moves of a trial the sheet names reach the report: in the options the worker builds with, and in the server's tables", async () => {
    const w = await world();
    const trial = await Trial.create({
      eventTitle: "AHEAD 3-45",
      trialIdentifier: "NCT04468659",
      client: w.alpha._id,
      therapeuticArea: w.neuro._id,
      disease: w.ad._id,
    });
    const change = { trial: trial._id, client: w.alpha._id, trialIdentifier: "NCT04468659", field: "primaryCompletionDate" as const };
    await TrialChange.create([
      { ...change, disease: w.ad._id, previous: "2027-10-01", next: "2028-03-01", seenAt: new Date("2026-11-20T08:00:00Z") },
      // Another field, and another disease's trial: neither is a slip of this disease.
      {
        ...change,
        disease: w.ad._id,
        field: "trialStatus" as const,
        previous: "Recruiting",
        next: "Completed",
        seenAt: new Date("2026-11-20T08:00:00Z"),
      },
      { ...change, disease: w.foreign._id, previous: "2027-01-01", next: "2029-01-01", seenAt: new Date("2026-11-21T08:00:00Z") },
    ]);
    const data = page(await load(String(w.user._id), w.params, "?type=landscape-type-1"));
    expect(data.options.slips).toEqual([{ trial: "NCT04468659", from: "2027-10-01", to: "2028-03-01", seenAt: "2026-11-20" }]);
    if (!data.server?.ok) throw new Error("no tables");
    // Row 6 (lecanemab) names NCT04468659 as its trial.
    const slipped = data.server.tables[0]!.rows.filter((r) => r[1]!.includes("⏱"));
    expect(slipped.map((r) => r[1])).toEqual([
      "lecanemab (Leqembi) [1] ⏱ NCT04468659: primary completion moved from 01/10/2027 to 01/03/2028 (registry, seen 20/11/2026)",
    ]);
  });

  test("tm=true gives the modality variant; invalid=true pages the Invalid Records", async () => {
    const w = await world();
    const data = page(await load(String(w.user._id), w.params, "?type=landscape-type-1&tm=true&invalid=true"));
    expect(data.options.tm).toBe(true);
    if (!data.server?.ok) throw new Error("expected a report");
    expect(data.server.tables[0]!.columns).toContain("Therapeutic Modality");
    expect(data.server.invalid?.records.length).toBe(data.server.stats.invalidRecords);
    expect(data.server.invalid?.records.some((r) => r.reason.length > 0 && r.sheetRow >= 6)).toBe(true);
  });

  test("a sheet with hundreds of unreadable values lists them a page at a time (wpage), as it does the invalid records", async () => {
    const w = await world();
    const sheet = alzheimersSheet();
    const extra = Array.from({ length: 250 }, (_, i) =>
      row({
        "H/M/L": "Medium",
        "Compound phase": "Phase 2",
        "Product name": `EX-W${i}`,
        "Company Name": "Example Bio",
        Segment: "Early AD",
        "Condition treated": "Alzheimer's disease",
        "Est. Launch": "TBD",
      }),
    );
    await storeSheetCopy(w.ad._id, { ...sheet, values: [...sheet.values, ...extra] });
    const warnings = async (query: string) => {
      const data = page(await load(String(w.user._id), w.params, `?type=landscape-type-1&invalid=true${query}`));
      if (!data.server?.ok) throw new Error("expected a report");
      const { page: at, rows } = data.server.invalid!.warnings;
      return { total: at.total, rows: rows.length, first: rows[0]?.value, sheetRows: rows.map((r) => r.sheetRow) };
    };
    const first = await warnings("");
    expect(first).toMatchObject({ total: 251, rows: 100, first: "TBD" });
    const last = await warnings("&wpage=3");
    expect(last).toMatchObject({ total: 251, rows: 51 });
    expect(new Set([...first.sheetRows, ...last.sheetRows]).size).toBe(151);
  });

  test("the timeline's axis starts at 2019 or at an earlier first launch (spec); 'Start at the first launch' (first=true) starts it there", async () => {
    const w = await world();
    await Disease.updateOne({ _id: w.ad._id }, { $push: { reports: { id: "timeline-chart", name: "timeline-chart" } } });
    const chart = async (query: string) => {
      const data = page(await load(String(w.user._id), w.params, `?type=timeline-chart${query}`));
      if (!data.server?.ok) throw new Error("expected a report");
      return { caption: data.server.tables[0]!.caption, first: data.options.startAtFirstLaunch };
    };
    // The fixture's launches run from 2023 to 2032.
    expect(await chart("")).toEqual({ caption: "Launches 2019–2032", first: false });
    expect(await chart("&first=true")).toEqual({ caption: "Launches 2023–2032", first: true });
    // The toolbar's form without JavaScript sends view=1 and the box only when it is ticked.
    expect(await chart("&view=1")).toEqual({ caption: "Launches 2019–2032", first: false });
  });

  test("the tables carry what the drawings show: the timeline's company legend, the calendar's quarters and event-type colours", async () => {
    const w = await world();
    await Disease.updateOne({ _id: w.ad._id }, { $push: { reports: { id: "timeline-chart", name: "timeline-chart" } } });
    const tablesOf = async (type: string) => {
      const data = page(await load(String(w.user._id), w.params, `?type=${type}`));
      if (!data.server?.ok) throw new Error("expected a report");
      return data.server.tables;
    };
    const [timeline] = await tablesOf("timeline-chart");
    expect(timeline!.key?.label).toBe("Companies");
    expect(timeline!.key?.entries[0]).toEqual({ label: "Example Bio (3)", background: expect.stringMatching(/^#[0-9a-f]{6}$/i) });
    // Every company of the chart's rows is in the legend, whatever its case (the fixture has fewer than 15 companies).
    const legend = timeline!.key!.entries.map((e) => e.label.replace(/ \(\d+\)$/, "").toLowerCase());
    for (const row of timeline!.rows) expect(legend).toContain((row[2] || "(no company)").toLowerCase());

    const [calendar] = await tablesOf("event-calendar");
    expect(calendar!.key?.entries.map((e) => e.label)).toEqual([
      "Conference",
      "Regulatory/ Other Development",
      "Trial Initiation/ Results",
      "Commercial",
    ]);
    expect(calendar!.groups!.reduce((n, g) => n + g.span, 0)).toBe(calendar!.columns.length);
    expect(calendar!.groups!.filter((g) => g.label).map((g) => g.label)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Q[1-4] \d{4}$/)]),
    );
    // Each cell's events are the ones its text lists, with their type's colour.
    const cells = calendar!.rows.flatMap((row, r) => row.map((text, c) => ({ text, events: calendar!.events![r]![c]! })));
    const withEvents = cells.filter((cell) => cell.events.length > 0);
    expect(withEvents.length).toBeGreaterThan(0);
    for (const cell of withEvents) {
      expect(cell.events.map((e) => e.text).join("; ")).toBe(cell.text);
      for (const event of cell.events) expect(calendar!.key!.entries.map((e) => e.background)).toContain(event.colour.background);
    }
  });

  test("a disease whose sheet cannot be read shows the spec's message instead of tables", async () => {
    const w = await world();
    await Disease.updateOne({ _id: w.ad._id }, { $set: { sheetId: "", sheetName: "" } });
    await SheetCache.deleteMany({ disease: w.ad._id });
    const data = page(await load(String(w.user._id), w.params, "?type=timeline-table"));
    expect(data.server).toMatchObject({
      ok: false,
      failure: "fetch",
      message: "Something Unexpected happened while getting the sheet data. Please try again.",
    });
  });
});

describe("database parts of reports", () => {
  test("events-2 gets the disease's active events with compound names", async () => {
    const w = await world();
    const compound = await Compound.create({ name: { generic: "lecanemab" }, disease: w.ad._id, client: w.alpha._id });
    const base = { client: w.alpha._id, therapeuticArea: w.neuro._id, timezone: "UTC" };
    await Event.create([
      {
        ...base,
        disease: w.ad._id,
        title: "AAIC 2026",
        type: "Conference",
        startDateTime: new Date("2026-07-12"),
        endDateTime: new Date("2026-07-16"),
      },
      {
        ...base,
        disease: w.ad._id,
        title: "PDUFA date",
        type: "Regulatory/ Other Development",
        compound: compound._id,
        startDateTime: new Date("2026-03-01"),
        endDateTime: new Date("2026-03-01"),
      },
      {
        ...base,
        disease: w.ad._id,
        title: "Archived",
        type: "Commercial",
        status: "inactive",
        startDateTime: new Date("2026-05-01"),
        endDateTime: new Date("2026-05-01"),
      },
      {
        ...base,
        disease: w.empty._id,
        title: "Other disease",
        type: "Commercial",
        startDateTime: new Date("2026-05-01"),
        endDateTime: new Date("2026-05-01"),
      },
    ]);
    const data = page(await load(String(w.user._id), w.params, "?type=events-2"));
    expect(data.events.map((e) => [e.title, e.compound])).toEqual([
      ["PDUFA date", "lecanemab"],
      ["AAIC 2026", null],
    ]);
    if (!data.server?.ok) throw new Error("expected a report");
    expect(data.server.tables[0]!.rows.map((r) => r[2])).toEqual(["PDUFA date", "AAIC 2026"]);
    expect(data.server.tables[0]!.rows[0]!.slice(0, 2)).toEqual(["Q1 2026", "Mar 2026"]);
  });

  test("an event is placed by the day in its own zone; the event calendar puts the console's events in its columns", async () => {
    const w = await world();
    const originator = await Company.create({ name: `Eisai ${crypto.randomUUID().slice(0, 6)}`, type: "Pharmaceutical" });
    const [lec, zun] = await Compound.create([
      { name: { generic: "lecanemab", brand: "Leqembi" }, disease: w.ad._id, client: w.alpha._id },
      { name: { generic: "zunsemetinib" }, disease: w.ad._id, client: w.alpha._id, originator: originator._id },
    ]);
    const base = { client: w.alpha._id, therapeuticArea: w.neuro._id, disease: w.ad._id };
    await Event.create([
      // 00:30 on 1 March in Tokyo is still 28 February in UTC.
      {
        ...base,
        title: "Tokyo label update",
        type: "Regulatory/ Other Development",
        compound: lec!._id,
        timezone: "Asia/Tokyo",
        startDateTime: new Date("2026-02-28T15:30:00Z"),
        endDateTime: new Date("2026-02-28T16:30:00Z"),
      },
      {
        ...base,
        title: "Phase 2 start",
        type: "Trial Initiation/ Results",
        compound: zun!._id,
        timezone: "UTC",
        startDateTime: new Date("2026-05-02T10:00:00Z"),
        endDateTime: new Date("2026-05-02T11:00:00Z"),
      },
      {
        ...base,
        title: "AD/PD satellite",
        type: "Conference",
        timezone: "Europe/Vienna",
        startDateTime: new Date("2027-03-10T08:00:00Z"),
        endDateTime: new Date("2027-03-10T12:00:00Z"),
      },
    ]);
    const events2 = page(await load(String(w.user._id), w.params, "?type=events-2"));
    expect(events2.events[0]).toMatchObject({
      title: "Tokyo label update",
      startDateTime: "2026-03-01 00:30:00",
      compound: "lecanemab",
      compoundNames: expect.arrayContaining(["Leqembi"]),
    });
    if (!events2.server?.ok) throw new Error("expected a report");
    expect(events2.server.tables[0]!.rows[0]!.slice(0, 3)).toEqual(["Q1 2026", "Mar 2026", "Tokyo label update"]);

    const calendar = page(await load(String(w.user._id), w.params, "?type=event-calendar"));
    if (!calendar.server?.ok) throw new Error("expected a report");
    const table = calendar.server.tables[0]!;
    const column = (label: string) => table.columns.indexOf(label);
    const row = (product: string) => table.rows.find((r) => r[0] === product)!;
    // The sheet's "lecanemab (Leqembi)" row gets it in March (its local day), beside the sheet's own events.
    expect(row("lecanemab (Leqembi)")[column("Mar 2026")]).toContain("Tokyo label update, Regulatory/ Other Development");
    // A compound the sheet has no row for gets its own, with its originator; a conference after the last month is beyond.
    expect(row("zunsemetinib")[1]).toBe(originator.name);
    expect(row("zunsemetinib")[column("May 2026")]).toContain("Phase 2 start, Trial Initiation/ Results");
    expect(row("Conferences")[column("Events beyond 6-month Timeframe")]).toContain("AD/PD satellite, Conference");
  });

  test("the news list shows the disease's published news, newest first, ten a page", async () => {
    const w = await world();
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    await News.create([
      ...Array.from({ length: 12 }, (_, i) => ({
        title: `Item ${i + 1}`,
        disease: w.ad._id,
        status: "published" as const,
        publishedAt: day(i + 1),
        analystCommentary: "<p>Strong <b>data</b> &amp; more</p>",
      })),
      { title: "Draft", disease: w.ad._id, status: "draft" as const, publishedAt: day(20) },
      { title: "Elsewhere", disease: w.empty._id, status: "published" as const, publishedAt: day(21) },
    ]);
    const first = page(await load(String(w.user._id), w.params, "?type=list"));
    expect(first.news?.page.total).toBe(12);
    expect(first.news?.items.map((n) => n.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Item ${12 - i}`));
    expect(first.news?.items[0]?.summary).toBe("Strong data & more");
    const second = page(await load(String(w.user._id), w.params, "?type=list&page=2"));
    expect(second.news?.items.map((n) => n.title)).toEqual(["Item 2", "Item 1"]);
  });
});

describe("company logos", () => {
  test("names match company names and aliases ignoring case; a partner list uses its first company", async () => {
    const w = await world();
    const tag = crypto.randomUUID().slice(0, 6);
    await Company.create([
      { name: `Eisai ${tag}`, type: "Pharmaceutical", logo: "/files/a", thumbnails: { w80: "/files/a80", w200: "/files/a200" } },
      { name: `Eli Lilly ${tag}`, alias: `Lilly ${tag}`, type: "Pharmaceutical", logo: "/files/b.svg" },
      { name: `No Logo ${tag}`, type: "Biotech" },
    ]);
    const names = [`eisai ${tag} / Biogen`, `Lilly ${tag}`, `No Logo ${tag}`, "Unknown Co"];
    const url = `http://x/resources/company-logos?${new URLSearchParams(names.map((n) => ["name", n]))}`;
    const cookie = await sessionCookie(w.user._id);
    const response = await logos.loader({ request: new Request(url, { headers: { Cookie: cookie } }), params: {}, context: {} });
    expect(await response.json()).toEqual({ logos: { [`eisai ${tag} / Biogen`]: "/files/a200", [`Lilly ${tag}`]: "/files/b.svg" } });
    const anonymous = await settle(logos.loader({ request: new Request(url), params: {}, context: {} }));
    expect((anonymous as Response).status).toBe(401);
  });

  test("an over-long name or too many names are refused before any query", async () => {
    const w = await world();
    const ask = async (names: string[]) => {
      const url = `http://x/resources/company-logos?${new URLSearchParams(names.map((n) => ["name", n]))}`;
      const cookie = await sessionCookie(w.user._id);
      return logos.loader({ request: new Request(url, { headers: { Cookie: cookie } }), params: {}, context: {} });
    };
    const long = await ask(["Eisai", "x".repeat(15_000)]);
    expect(long.status).toBe(400);
    expect((await ask(Array.from({ length: 501 }, (_, i) => `Company ${i}`))).status).toBe(400);
    expect((await ask(["x".repeat(200)])).status).toBe(200);
  });
});
