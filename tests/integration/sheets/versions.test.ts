// A disease's sheet over time (issue 30): a read that changes the content keeps it as a version, stored as a delta
// against the one before or in full, and every version reads back exactly as it was read.
import JSZip from "jszip";
import { describe, expect, test } from "vitest";

import { NO_PREVIOUS_VERSION, noVersionOn, VERSION_UNREADABLE } from "#common/messages";
import { SheetVersion } from "#db/models/sheet-version.server";
import type { Cell } from "#workers/engine/sheet";
import * as reportsRoute from "~/routes/_app+/clients+/$clientId.therapeuticAreas+/$taId.diseases+/$diseaseId.reports";
import * as deckRoute from "~/routes/_app+/clients+/$clientId.therapeuticAreas+/$taId.diseases+/$diseaseId.reports_.export";
import * as sheetRoute from "~/routes/resources+/sheet.$diseaseId";
import { getCachedSheet } from "~/utils/sheets/refresh.server";
import { deleteSheetCache, objectId, storeSheetCopy } from "~/utils/sheets/store.server";
import { listVersions, VERSION_CHAIN_LIMIT, versionInForce, versionSheet, VersionUnreadableError } from "~/utils/sheets/versions.server";

import { generateSheet } from "../../../scripts/bench/generate";
import { callAction, callLoader, createUser, diseaseParams, httpStatusOf, scene } from "../../db-utils";
import { alzheimersSheet } from "../../unit/engine/fixtures/alzheimers";
import { reportPageData, sheetWorld } from "./helpers";

const store = (diseaseId: unknown, values: Cell[][], fetchedAt: string, by?: unknown) =>
  storeSheetCopy(
    String(diseaseId),
    { values, headerRow: 5, firstColumn: 1, source: "upload", fetchedAt },
    { trigger: "upload", by: by ? String(by) : undefined, origin: "AD.xlsx" },
  );

describe("sheet versions", () => {
  test("a read that changes nothing adds no version; each change adds one that reads back as it was read", async () => {
    const w = await sheetWorld();
    const analyst = await createUser({ role: "admin", name: { first: "Ann", last: "Lee" } });
    const first = generateSheet(3_000).values;
    await store(w.ad._id, first, "2026-01-05T09:00:00Z", analyst._id);
    await store(w.ad._id, first, "2026-01-12T09:00:00Z");
    // A week later: a phase moved, a row removed, two added, and the rows reordered in a block.
    const second = first.map((row) => [...row]);
    second[10]![4] = "Phase III";
    second.splice(200, 1);
    second.push(
      second[5]!.map((cell, i) => (i === 5 ? "Newcompound" : cell)),
      second[6]!.map((cell, i) => (i === 5 ? "Othercompound" : cell)),
    );
    second.splice(1_000, 0, ...second.splice(2_000, 300));
    await store(w.ad._id, second, "2026-01-19T09:00:00Z");

    const versions = await listVersions(objectId(String(w.ad._id)));
    expect(versions.map((v) => [v.readAt, v.trigger, v.byName, v.origin, v.rows])).toEqual([
      ["2026-01-19T09:00:00.000Z", "upload", null, "AD.xlsx", second.length - 1],
      ["2026-01-05T09:00:00.000Z", "upload", "Ann Lee", "AD.xlsx", first.length - 1],
    ]);
    const stored = await SheetVersion.find({ disease: w.ad._id }).sort({ readAt: 1 }).lean();
    expect(stored.map((v) => v.kind)).toEqual(["full", "delta"]);
    // The delta gives only the rows that are new; the rest are copied by range.
    expect(stored[1]!.bytes).toBeLessThan(stored[0]!.bytes / 20);
    expect(stored.map((v) => Boolean(v.rowHashes))).toEqual([false, true]);

    for (const [version, values] of [
      [versions[0]!, second],
      [versions[1]!, first],
    ] as const) {
      const sheet = await versionSheet(objectId(String(w.ad._id)), version.id);
      expect(sheet.values).toEqual(values);
      expect(sheet).toMatchObject({ headerRow: 5, firstColumn: 1, source: "upload", fetchedAt: version.readAt });
    }
  });

  test("a full copy at least every ten versions; every version of the chain reads back; a sorted sheet is a delta of copies", async () => {
    const w = await sheetWorld();
    const base = generateSheet(500).values;
    const contents: Cell[][][] = [];
    for (let k = 0; k < VERSION_CHAIN_LIMIT + 4; k++) {
      const values = base.map((row) => [...row]);
      values[1 + k]![5] = `Renamed ${k}`;
      contents.push(values);
      await store(w.ad._id, values, new Date(Date.UTC(2026, 0, 1 + k)).toISOString());
    }
    const reversed = [base[0]!, ...contents.at(-1)!.slice(1).reverse()];
    contents.push(reversed);
    await store(w.ad._id, reversed, "2026-02-01T00:00:00Z");

    const stored = await SheetVersion.find({ disease: w.ad._id }).sort({ readAt: 1 }).lean();
    expect(stored.map((v) => v.depth)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3]);
    expect(stored.at(-1)!.kind).toBe("delta");
    expect(stored.at(-1)!.bytes).toBeLessThan(stored[0]!.bytes / 10);
    const id = objectId(String(w.ad._id));
    const versions = (await listVersions(id)).reverse();
    for (const [k, version] of versions.entries()) expect((await versionSheet(id, version.id)).values, `version ${k}`).toEqual(contents[k]);
  });

  test("a day sees the version read by its end; before the first there is none; another disease's version is not this one's", async () => {
    const w = await sheetWorld();
    await store(w.ad._id, [["Product"], ["A"]], "2026-03-02T10:00:00Z");
    await store(w.ad._id, [["Product"], ["B"]], "2026-03-09T10:00:00Z");
    const id = objectId(String(w.ad._id));
    expect(await versionInForce(id, new Date("2026-03-01T23:59:59.999Z"))).toBeNull();
    expect((await versionInForce(id, new Date("2026-03-08T23:59:59.999Z")))?.readAt).toBe("2026-03-02T10:00:00.000Z");
    expect((await versionInForce(id, new Date("2026-03-09T23:59:59.999Z")))?.readAt).toBe("2026-03-09T10:00:00.000Z");
    const [newest] = await listVersions(id);
    await expect(versionSheet(objectId(String(w.pd._id)), newest!.id)).rejects.toBeInstanceOf(VersionUnreadableError);
  });

  test("a version whose stored rows cannot be read says so; a deleted disease's versions go with its sheet", async () => {
    const w = await sheetWorld();
    await store(w.ad._id, [["Product"], ["A"]], "2026-03-02T10:00:00Z");
    const id = objectId(String(w.ad._id));
    const [version] = await listVersions(id);
    await SheetVersion.updateOne({ _id: version!.id }, { $set: { parts: [Buffer.from("not deflated")] } });
    await expect(versionSheet(id, version!.id)).rejects.toThrow(/cannot be read/);
    await deleteSheetCache(id);
    expect(await SheetVersion.countDocuments({ disease: id })).toBe(0);
  });
});

describe("reports as of a day, and Restore", () => {
  const reports = (["timeline-table", "landscape-type-1", "list"] as const).map((id) => ({ id, name: id }));
  async function world() {
    const w = await scene({
      clients: { alpha: "Alpha", beta: "Beta" },
      areas: { neuro: { client: "alpha" }, immuno: { client: "beta" } },
      diseases: { ad: { area: "neuro", name: "Alzheimer's disease", reports }, lupus: { area: "immuno", reports } },
      users: {
        analyst: { role: "external", grants: ["ad"] },
        admin: { role: "admin", grants: ["ad"] },
        rival: { role: "admin", grants: ["lupus"] },
      },
    });
    // The sheet as read on 5 January, then on 12 January with one product renamed.
    const january = alzheimersSheet();
    const later = {
      ...january,
      values: january.values.map((r) => r.map((c) => (c === "lecanemab (Leqembi)" ? "lecanemab IV (Leqembi)" : c))),
    };
    expect(later.values).not.toEqual(january.values);
    await storeSheetCopy(String(w.ad._id), { ...january, fetchedAt: "2026-01-05T09:00:00Z" }, { trigger: "upload" });
    await storeSheetCopy(String(w.ad._id), { ...later, fetchedAt: "2026-01-12T09:00:00Z" }, { trigger: "upload" });
    return { ...w, january, later, params: diseaseParams(w.ad) };
  }
  type World = Awaited<ReturnType<typeof world>>;
  const page = async (w: World, user: unknown, query: string) =>
    reportPageData(
      await callLoader(reportsRoute, {
        user,
        url: `/clients/${w.params.clientId}/therapeuticAreas/${w.params.taId}/diseases/${w.params.diseaseId}/reports${query}`,
        params: w.params,
      }),
    );
  const sheetOf = async (w: World, user: unknown, query: string) => {
    const answer = (await callLoader(sheetRoute, {
      user,
      url: `/resources/sheet/${w.ad._id}${query}`,
      params: { diseaseId: String(w.ad._id) },
    })) as Response;
    return { status: answer.status, body: (await answer.json()) as { sheet?: { values: Cell[][] }; error?: string } };
  };
  const products = (data: Awaited<ReturnType<typeof page>>) =>
    data.server?.ok ? data.server.tables[0]!.rows.map((r) => r.join(" ")).join("\n") : "";

  test("a report as of a day is built from the version read by its end: the page's tables, its sheet, its deck; before the first read it says so", async () => {
    const w = await world();
    const today = await page(w, w.analyst._id, "?type=timeline-table");
    expect(today.asOf).toBeNull();
    expect(products(today)).toContain("lecanemab IV");
    const then = await page(w, w.analyst._id, "?type=timeline-table&asOf=2026-01-08");
    expect(then.asOf).toEqual({ day: "2026-01-08", readAt: "2026-01-05T09:00:00.000Z", message: null });
    expect(then.sheetUrl).toBe(`/resources/sheet/${w.ad._id}?asOf=2026-01-08`);
    expect(products(then)).toContain("lecanemab (Leqembi)");
    expect(products(then)).not.toContain("lecanemab IV");
    // The sheet the page's worker draws from, that day's.
    expect((await sheetOf(w, w.analyst._id, "?asOf=2026-01-08")).body.sheet?.values).toEqual(w.january.values);
    expect((await sheetOf(w, w.analyst._id, "?asOf=2026-01-12")).body.sheet?.values).toEqual(w.later.values);
    // Before the first read: the page and the sheet say so; a day that is not one, or not past, is today.
    const before = await page(w, w.analyst._id, "?type=timeline-table&asOf=2025-12-31");
    expect(before.asOf).toEqual({ day: "2025-12-31", readAt: null, message: noVersionOn("31/12/2025") });
    expect(before.server).toMatchObject({ ok: false, failure: "version", message: noVersionOn("31/12/2025") });
    expect(await sheetOf(w, w.analyst._id, "?asOf=2025-12-31")).toEqual({ status: 404, body: { error: noVersionOn("31/12/2025") } });
    for (const asOf of ["2026-02-30", "yesterday", "2999-01-01"])
      expect((await page(w, w.analyst._id, `?type=timeline-table&asOf=${asOf}`)).asOf).toBeNull();
    // The deck as of that day says so on its cover and shows that day's rows.
    const deck = (await callLoader(deckRoute, {
      user: w.analyst._id,
      url: `/clients/${w.params.clientId}/therapeuticAreas/${w.params.taId}/diseases/${w.params.diseaseId}/reports/export?type=timeline-table&asOf=2026-01-08`,
      params: w.params,
    })) as Response;
    const xml = Buffer.from(await deck.arrayBuffer()).toString("latin1");
    expect(deck.status).toBe(200);
    const zip = await JSZip.loadAsync(Buffer.from(xml, "latin1"));
    const slides = await Promise.all(
      Object.keys(zip.files)
        .filter((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f))
        .map((f) => zip.file(f)!.async("string")),
    );
    expect(slides.join("\n")).toContain("As of 08/01/2026");
    expect(slides.join("\n")).toContain("lecanemab (Leqembi)");
    expect(slides.join("\n")).not.toContain("lecanemab IV");
  });

  test("What changed since a day: the rows of the report then and now compared, in words, with and without asOf", async () => {
    const w = await world();
    const panel = (await page(w, w.analyst._id, "?type=timeline-table&compare=2026-01-08")).changes;
    expect(panel).toMatchObject({ ok: true, since: "2026-01-08", readAt: "2026-01-05T09:00:00.000Z", total: 1 });
    expect(panel?.ok && panel.changes.map((c) => c.text)).toEqual([
      "lecanemab (Leqembi) renamed lecanemab IV (Leqembi) (matched by a similar name)",
    ]);
    // The page's tables (without JavaScript) say it on the row, from the same builds as the panel.
    const compared = await page(w, w.analyst._id, "?type=timeline-table&compare=2026-01-08");
    const table = compared.server?.ok ? compared.server.tables[0]! : null;
    expect(table?.columns.at(-1)).toBe("Changed since 08/01/2026");
    expect(table?.rows.find((r) => r[0]!.startsWith("lecanemab IV"))?.at(-1)).toBe(
      "lecanemab (Leqembi) renamed lecanemab IV (Leqembi) (matched by a similar name)",
    );
    expect(table?.rows.filter((r) => r.at(-1) !== "")).toHaveLength(1);
    // The drawn report compares in the page's worker, with the version read by the end of that day.
    expect(compared.compare).toEqual({ url: `/resources/sheet/${w.ad._id}?asOf=2026-01-08`, since: "2026-01-08" });
    // As of the 12th compared with the 8th: the same change; compared with a day before the first read: says so.
    expect((await page(w, w.analyst._id, "?type=timeline-table&asOf=2026-01-12&compare=2026-01-08")).changes).toMatchObject({ total: 1 });
    expect((await page(w, w.analyst._id, "?type=timeline-table&compare=2025-12-01")).changes).toEqual({
      ok: false,
      since: "2025-12-01",
      previous: false,
      message: noVersionOn("01/12/2025"),
    });
    // Compared with the previous version: the one before the version the report shows, its sheet for the page's worker
    // by id; the first version has none before it.
    const previous = await page(w, w.analyst._id, "?type=timeline-table&compare=previous");
    expect(previous.changes).toMatchObject({ ok: true, previous: true, since: "2026-01-05", readAt: "2026-01-05T09:00:00.000Z", total: 1 });
    const [, first] = await listVersions(objectId(String(w.ad._id)));
    expect(previous.compare).toEqual({ url: `/resources/sheet/${w.ad._id}?version=${first!.id}`, since: "2026-01-05" });
    expect((await sheetOf(w, w.analyst._id, `?version=${first!.id}`)).body.sheet?.values).toEqual(w.january.values);
    expect((await sheetOf(w, w.analyst._id, `?version=${String(w.ad._id)}`)).status).toBe(404);
    expect((await page(w, w.analyst._id, "?type=timeline-table&asOf=2026-01-08&compare=previous")).changes).toEqual({
      ok: false,
      since: "",
      previous: true,
      message: NO_PREVIOUS_VERSION,
    });
    // A compare day not before the report's own is no comparison.
    expect((await page(w, w.analyst._id, "?type=timeline-table&asOf=2026-01-08&compare=2026-01-09")).changes).toBeNull();
  });

  test("an admin restores an earlier version: the reports show it, the list says who restored what; others and damaged versions change nothing", async () => {
    const w = await world();
    const id = objectId(String(w.ad._id));
    const [, first] = await listVersions(id);
    const restore = (user: unknown, version: string) =>
      callAction(sheetRoute, { user, params: { diseaseId: String(w.ad._id) }, form: { intent: "restore", version } });
    // A reader may not; an admin of another client does not reach the disease.
    expect(httpStatusOf(await restore(w.analyst._id, first!.id))).toBe(403);
    expect(httpStatusOf(await restore(w.rival._id, first!.id))).toBe(403);
    expect(httpStatusOf(await restore(w.admin._id, "0".repeat(24)))).toBe(400);
    expect((await getCachedSheet(String(w.ad._id))).values).toEqual(w.later.values);

    expect(httpStatusOf(await restore(w.admin._id, first!.id))).toBe(200);
    expect((await getCachedSheet(String(w.ad._id))).values).toEqual(w.january.values);
    const [restored] = await listVersions(id);
    expect(restored).toMatchObject({ trigger: "restore", byName: "Test User", restoredFrom: first!.id, rows: w.january.values.length - 1 });

    // A version whose rows are damaged: Restore says so and the copy stays.
    const [, second] = await listVersions(id);
    await SheetVersion.updateOne({ _id: second!.id }, { $set: { parts: [Buffer.from("damaged")] } });
    const refused = await restore(w.admin._id, second!.id);
    expect(httpStatusOf(refused)).toBe(400);
    expect((await (refused as Response).json()) as unknown).toMatchObject({ ok: false, error: VERSION_UNREADABLE });
    expect((await getCachedSheet(String(w.ad._id))).values).toEqual(w.january.values);
  });
});
