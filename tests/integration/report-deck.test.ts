import JSZip from "jszip";
import sharp from "sharp";
import { describe, expect, test } from "vitest";

import { REPORT_NAMES, type ReportTypeId } from "#common/constants";
import { EXPORT_BUSY, SHEET_LOAD_FAILED } from "#common/messages";
import { Company, Disease, Event, Trial, TrialChange } from "#db/models/index.server";
import { SheetVersion } from "#db/models/sheet-version.server";
import { buildReport } from "#workers/engine";
import { findPermittedDisease } from "~/models/disease.server";
import { planReportDeck } from "~/reports/deck.server";
import { deckCompanies } from "~/reports/outputs.server";
import { readView } from "~/reports/view";
import { deckLogos } from "~/routes/_app+/clients+/$clientId.therapeuticAreas+/$taId.diseases+/__reports.server";
import * as excelRoute from "~/routes/_app+/clients+/$clientId.therapeuticAreas+/$taId.diseases+/$diseaseId.reports_.excel";
import * as deckRoute from "~/routes/_app+/clients+/$clientId.therapeuticAreas+/$taId.diseases+/$diseaseId.reports_.export";
import { engineOptions } from "~/services/report-model.server";
import { formatDateTime, formatDay } from "~/utils/dates";
import { storeLogo } from "~/utils/images.server";
import { getUser } from "~/utils/session.server";
import { getCachedSheet } from "~/utils/sheets/refresh.server";

import { ALZHEIMERS_ROWS } from "../../scripts/seed/workbooks/alzheimers";
import { d } from "../../scripts/seed/workbooks/columns";
import {
  callLoader,
  createUser,
  diseaseParams,
  grantsFor,
  httpStatusOf,
  locationOf,
  makeRequest,
  placeOf,
  scene,
  toastsOf,
} from "../db-utils";
import { whileDeckPoolFull } from "../deck-pool";
import { uploadDemoSheet } from "../demo-sheets";
import { malformedXmlParts, openInLibreOffice, workbookInLibreOffice } from "../libreoffice";
import { longestBlock } from "./sheets/helpers";

// 'Export as PowerPoint' (issue #14): each report of the demo workbooks as a deck, opened in LibreOffice — one PDF
// page per planned slide (the cover, the report's pages, the notes), with the report's title, its records, the
// source and the date — and the guard: a report the user may not see is a 404.

const SHEET_TYPES = ["landscape-type-1", "landscape-type-3", "timeline-chart", "timeline-table", "event-calendar", "events-2"] as const;

async function world() {
  const reports = (ids: readonly string[]) => ids.map((id) => ({ id, name: REPORT_NAMES[id as ReportTypeId] }));
  const w = await scene({
    clients: { client: {} },
    areas: { area: { client: "client" } },
    diseases: {
      ad: {
        area: "area",
        name: "Alzheimer's disease",
        titlePrefix: "Alzheimer's Disease",
        sheetName: "AD Landscape",
        range: "A5",
        tm: true,
        reports: reports([...SHEET_TYPES, "list"]),
      },
      nsclc: {
        area: "area",
        name: "Non-small-cell lung cancer",
        titlePrefix: "NSCLC",
        sheetName: "NSCLC Landscape",
        range: "A5",
        reports: reports(["landscape-type-2"]),
      },
      unread: { area: "area", name: "Unread", reports: reports(["timeline-table"]) },
    },
    users: { user: { role: "external", grants: ["ad", "nsclc", "unread"] } },
  });
  const { ad, nsclc } = w;
  await uploadDemoSheet(ad._id, "alzheimers");
  await uploadDemoSheet(nsclc._id, "nsclc");
  const now = new Date();
  await Event.create({
    title: "AAIC 2026 late-breaker",
    type: "Conference",
    ...placeOf(ad),
    startDateTime: now,
    endDateTime: now,
    timezone: "UTC",
  });
  return { ...w, params: diseaseParams };
}

type Params = Record<string, string>;
const exportDeck = async (user: unknown, params: Params, query: string) =>
  callLoader(deckRoute, {
    user,
    url: `/clients/${params.clientId}/therapeuticAreas/${params.taId}/diseases/${params.diseaseId}/reports/export${query}`,
    params,
  });

/** Slides the deck should have for this view of the report: the cover, then the pages the engine's model needs. */
async function expectedSlides(user: { _id: unknown }, params: Params, type: ReportTypeId, query: string) {
  const found = await findPermittedDisease({ user: (await getUser(await makeRequest("/", { user: user._id })))!, id: params.diseaseId });
  if (found.status !== "ok") throw new Error("no disease");
  const view = readView(new URLSearchParams(query));
  const model = buildReport(type, await getCachedSheet(params.diseaseId!), await engineOptions(found.disease, type, view));
  if (!model.ok) throw new Error(model.error ?? model.failure);
  const { report, notes } = planReportDeck(model, { ...view, logos: await deckLogos(deckCompanies(model)) });
  return { slides: 1 + report.length + notes.length, report, notes, model };
}

describe("Export as PowerPoint", () => {
  test("every report of the demo workbooks as a deck LibreOffice opens, one PDF page per planned slide, with its title and records", async () => {
    const w = await world();
    const known: Record<string, string> = {
      "landscape-type-1": "remternetug",
      "landscape-type-1-tm": "Modality: mAbs",
      "landscape-type-2": "Osimertinib adjuvant (3 years)",
      "landscape-type-3": "remternetug",
      "timeline-chart": "Kisunla (donanemab)",
      "timeline-table": "Leqembi Iqlik (lecanemab SC)",
      "event-calendar": "Leqembi (lecanemab)",
      "events-2": "AAIC 2026 late-breaker",
    };
    const cases: Array<{ name: string; type: ReportTypeId; query: string; disease: typeof w.ad; prefix: string }> = [
      ...SHEET_TYPES.map((type) => ({ name: type, type, query: `?type=${type}`, disease: w.ad, prefix: "Alzheimer's Disease" })),
      {
        name: "landscape-type-1-tm",
        type: "landscape-type-1",
        query: "?type=landscape-type-1&tm=true",
        disease: w.ad,
        prefix: "Alzheimer's Disease",
      },
      { name: "landscape-type-2", type: "landscape-type-2", query: "?type=landscape-type-2", disease: w.nsclc, prefix: "NSCLC" },
    ];
    const bytes: Record<string, Uint8Array> = {};
    for (const { name, type, query, disease, prefix } of cases) {
      const response = (await exportDeck(w.user._id, w.params(disease), query)) as Response;
      expect(response.headers.get("Content-Type"), type).toBe("application/vnd.openxmlformats-officedocument.presentationml.presentation");
      expect(response.headers.get("Content-Disposition"), type).toBe(`attachment; filename="${prefix} - ${REPORT_NAMES[type]}.pptx"`);
      bytes[name] = new Uint8Array(await response.arrayBuffer());
    }
    const decks = openInLibreOffice(bytes);
    for (const { name, type, query, disease, prefix } of cases) {
      const deck = decks[name]!;
      const { slides, report } = await expectedSlides(w.user, w.params(disease), type, query);
      expect([deck.slides, deck.pdfPages], type).toEqual([slides, slides]);
      const title = `${prefix}: ${REPORT_NAMES[type]}`.replace("'", "&apos;");
      expect(deck.xml, name).toContain(report.length > 1 ? `${title} (${report.length} of ${report.length})` : title);
      expect(deck.xml, name).toContain(known[name]!.replace("'", "&apos;"));
      expect(deck.xml, name).toContain(`Exported ${formatDay(new Date())}`);
      expect(deck.xml, name).toMatch(/Source: (AD|NSCLC) landscape\.xlsx, sheet “(AD|NSCLC) Landscape”, read \d\d\/\d\d\/\d{4}/);
    }
    expect(decks["landscape-type-1-tm"]!.xml).toContain("Therapeutic modality view");
    expect(decks["landscape-type-1"]!.xml).not.toContain("Modality: ");
    // A long table goes on over several slides, its header row on each, every record once.
    const { report, model } = await expectedSlides(w.user, w.params(w.ad), "timeline-table", "?type=timeline-table");
    expect(report.length).toBeGreaterThan(1);
    if (model.type !== "timeline-table") throw new Error("timeline table expected");
    const tables = report.flatMap((page) => (page.kind === "table" ? [page] : []));
    expect(tables.map((t) => t.columns[0])).toEqual(report.map(() => "Product"));
    // (A product carries its footnote numbers, as on the page: "Leqembi [1]".)
    expect(tables.flatMap((t) => t.rows.map((r) => r[0]!.replace(/ \[[\d,]+\]$/, "")))).toEqual(model.rows.map((r) => r.product));
    expect(decks["timeline-table"]!.xml.match(/>Launch Assumptions</g)).toHaveLength(report.length);
  }, 300_000);

  test("the deck carries what the page marks — ⚠ on a date that cannot be read, footnote numbers, the registry's ⏱ moves, trial links, company logos and where a period was placed — at 9 pt or more, never shrunk to fit", async () => {
    const w = await world();
    // The registry saw CLARITY AD's primary completion move; TauRx has a logo.
    const trial = await Trial.create({ eventTitle: "CLARITY AD", trialIdentifier: "NCT03887455", ...placeOf(w.ad) });
    await TrialChange.create({
      trial: trial._id,
      client: w.ad.client,
      disease: w.ad._id,
      trialIdentifier: "NCT03887455",
      field: "primaryCompletionDate",
      previous: "2022-09-30",
      next: "2023-03-31",
      seenAt: new Date("2026-11-20T08:00:00Z"),
    });
    const [taurx] = await Company.create([{ name: "TauRx", type: "Biotech" }]);
    const png = await sharp({ create: { width: 120, height: 40, channels: 3, background: "#1565c0" } })
      .png()
      .toBuffer();
    await Company.updateOne(
      { _id: taurx!._id },
      { $set: await storeLogo(png, "taurx.png", { purpose: "company-logo", id: String(taurx!._id) }) },
    );

    const bytes = new Uint8Array(
      await ((await exportDeck(w.user._id, w.params(w.ad), "?type=landscape-type-1")) as Response).arrayBuffer(),
    );
    const zip = await JSZip.loadAsync(bytes);
    const slides = await Promise.all(
      Object.keys(zip.files)
        .filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name))
        .map((name) => zip.file(name)!.async("string")),
    );
    const xml = slides.join("\n");
    // Every text at 9 pt or more, and none left for the reader to shrink.
    const sizes = [...xml.matchAll(/ sz="(\d+)"/g)].map((m) => Number(m[1]));
    expect(sizes.length).toBeGreaterThan(0);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(900);
    expect(xml).not.toContain("normAutofit");
    // Footnote numbers as superscript after the product ("Leqembi" carries the sheet's footnote 1).
    expect(xml).toMatch(
      /<a:t>Leqembi \(lecanemab\)<\/a:t><\/a:r>(?:(?!<a:r>).)*<a:r><a:rPr[^>]*baseline="30000"[^>]*>(?:(?!<\/a:r>).)*<a:t>1<\/a:t>/,
    );
    // The trial line links to the record; the logo is an image of the deck.
    const rels = await Promise.all(
      Object.keys(zip.files)
        .filter((name) => /^ppt\/slides\/_rels\/slide\d+\.xml\.rels$/.test(name))
        .map((name) => zip.file(name)!.async("string")),
    );
    expect(rels.join("\n")).toContain('Target="https://clinicaltrials.gov/study/NCT03887455"');
    expect(Object.values(zip.files).filter((file) => !file.dir && file.name.startsWith("ppt/media/"))).toHaveLength(1);

    // As LibreOffice reads it: the unreadable date flagged, the registry's move spelt out, a period with its placing.
    const { deck } = openInLibreOffice({ deck: bytes });
    const text = deck.xml.replace(/<[^>]+>/g, ""); // LibreOffice splits a paragraph into spans where it likes
    expect(text).toContain("Launch: ⚠ 31/02/2026 (not a date)");
    expect(text).toContain("Launch: ⚠ Q5 2029 (not a date)");
    expect(text).toContain("⏱ NCT03887455: primary completion moved from 30/09/2022 to 31/03/2023 (registry, seen 20/11/2026)");
    expect(text).toContain("(placed at 31/12/2031)");
    expect(deck.xml).toContain("<draw:image");
  }, 120_000);

  test("compared with an earlier version: a 'What changed since' slide, the changed cards outlined and marked, both versions' read times on the cover; LibreOffice opens it", async () => {
    const w = await world();
    // The demo sheet as read three days ago; today's moves trontinemab to Filed and its launch to mid-2029, drops
    // Kisunla's rows and adds a compound.
    const earlier = new Date(Date.now() - 3 * 86_400_000);
    await SheetVersion.updateMany({ disease: w.ad._id }, { $set: { readAt: earlier } });
    const since = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const rows = ALZHEIMERS_ROWS.filter((r) => r.product !== "Kisunla (donanemab)").map((r) =>
      r.product === "trontinemab" ? { ...r, phase: "Filed", launch: d(2029, 6, 30) } : r,
    );
    rows.push({ ...ALZHEIMERS_ROWS.find((r) => r.product === "trontinemab")!, product: "newumab", phase: "Phase II" });
    await uploadDemoSheet(w.ad._id, "alzheimers", rows);

    const answer = (await exportDeck(w.user._id, w.params(w.ad), `?type=landscape-type-1&compare=${since}`)) as Response;
    expect(answer.status).toBe(200);
    const bytes = new Uint8Array(await answer.arrayBuffer());
    const { deck } = openInLibreOffice({ deck: bytes });
    const text = deck.xml.replace(/<[^>]+>/g, "");
    expect(text).toContain(`What changed since ${formatDay(since)}`);
    expect(text).toContain(`Compared with the sheet as of ${formatDay(since)}, read ${formatDateTime(earlier)}`);
    expect(text).toContain("• trontinemab: Phase III → Filed");
    expect(text).toContain("• trontinemab: launch moved from 31/12/2028 to 30/06/2029");
    expect(text).toContain("• Added: newumab (Roche), Phase II");
    expect(text).toContain("• Removed: Kisunla (donanemab) (Eli Lilly), Approved/Marketed");
    // On the board: the moved card says where it came from, in the colour of the page's highlight, with an outline.
    expect(text).toContain("Δ from Phase III");
    expect(text).toContain("Δ trontinemab: launch moved from 31/12/2028 to 30/06/2029");
    const zip = await JSZip.loadAsync(bytes);
    const slides = await Promise.all(
      Object.keys(zip.files)
        .filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name))
        .map((name) => zip.file(name)!.async("string")),
    );
    expect(slides.join("\n")).toMatch(/<a:ln w="25400"[^>]*><a:solidFill><a:srgbClr val="6D28D9"/);
    expect(deck.pdfPages).toBe(deck.slides);

    // The workbook of the launch table compared the same way: a last column saying what changed in each row.
    const params = w.params(w.ad);
    const workbook = (await callLoader(excelRoute, {
      user: w.user._id,
      url: `/clients/${params.clientId}/therapeuticAreas/${params.taId}/diseases/${params.diseaseId}/reports/excel?type=timeline-table&compare=${since}`,
      params,
    })) as Response;
    const table = workbookInLibreOffice(new Uint8Array(await workbook.arrayBuffer()), ["Launch timeline"])["Launch timeline"]!;
    expect(table[0]!.at(-1)).toBe(`Changed since ${formatDay(since)}`);
    expect(table.find((r) => r[0]!.startsWith("newumab"))!.at(-1)).toBe("Added: newumab (Roche)");
    expect(table.find((r) => r[0]!.startsWith("trontinemab"))!.at(-1)).toBe("trontinemab: launch moved from 31/12/2028 to 30/06/2029");
  }, 120_000);

  test("at a large font size the deck's text gets only as large as its columns hold whole words; a report with nothing to show explains why and lists the rows left out", async () => {
    const w = await world();
    const big = await expectedSlides(w.user, w.params(w.ad), "landscape-type-1", "?type=landscape-type-1&fs=32");
    const boards = big.report.flatMap((page) => (page.kind === "board" ? [page] : []));
    expect(boards.length).toBeGreaterThan(0);
    for (const page of boards) {
      expect(page.pt).toBeGreaterThanOrEqual(9);
      // "hydromethylthionine", 19 characters at 0.6 em (as wide as Calibri's widest lower-case runs), fits a card's
      // text width (the card less its insets and the priority bar).
      expect((19 * page.pt * 0.6) / 72).toBeLessThanOrEqual(page.colW - 0.08 - 2 * (4 / 72) - 0.06);
    }
    expect(
      boards.flatMap((page) => page.rows.flatMap((row) => row.cards)).some((card) => card?.title.startsWith("hydromethylthionine")),
    ).toBe(true);

    await Disease.updateOne({ _id: w.ad._id }, { $push: { reports: { id: "landscape-type-2", name: REPORT_NAMES["landscape-type-2"] } } });
    const empty = await expectedSlides(w.user, w.params(w.ad), "landscape-type-2", "?type=landscape-type-2");
    expect(empty.model.stats.shownRecords).toBe(0);
    const left = empty.model.stats.invalidRecords;
    expect(left).toBeGreaterThan(0);
    const bytes = new Uint8Array(
      await ((await exportDeck(w.user._id, w.params(w.ad), "?type=landscape-type-2")) as Response).arrayBuffer(),
    );
    const { deck } = openInLibreOffice({ deck: bytes });
    expect([deck.slides, deck.pdfPages]).toEqual([empty.slides, empty.slides]);
    expect(deck.xml).toContain(`No rows match this report: ${left} rows left out`);
    const firstLeftOut = empty.model.invalidRecords[0]!;
    expect(deck.xml).toContain(firstLeftOut.reason.replace(/'/g, "&apos;"));
  }, 120_000);

  test("characters XML forbids in a sheet's cells (as Excel escapes them: _x000B_) are left out of the deck, which stays well-formed", async () => {
    const w = await world();
    const rows = ALZHEIMERS_ROWS.map((row) =>
      row.product === "Leqembi Iqlik (lecanemab SC)"
        ? { ...row, product: "Leqembi_x000B_ Iqlik_x0000_ (lecanemab_x000C_ SC_x0001_)" }
        : row,
    );
    await uploadDemoSheet(w.ad._id, "alzheimers", rows);
    const bytes = new Uint8Array(await ((await exportDeck(w.user._id, w.params(w.ad), "?type=timeline-table")) as Response).arrayBuffer());
    expect(await malformedXmlParts(bytes)).toEqual([]);
    const { deck } = openInLibreOffice({ deck: bytes });
    expect(deck.slides).toBe((await expectedSlides(w.user, w.params(w.ad), "timeline-table", "?type=timeline-table")).slides);
    expect(deck.xml).toContain("Leqembi Iqlik (lecanemab SC)");
  }, 120_000);

  test("the deck follows the page's options: Combine LOT, the font size and the Footnotes switch", async () => {
    const w = await world();
    const slidesOf = async (params: Params, query: string) => {
      const body = Buffer.from(await ((await exportDeck(w.user._id, params, query)) as Response).arrayBuffer());
      expect(body.subarray(0, 2).toString()).toBe("PK");
      return new Set(body.toString("latin1").match(/ppt\/slides\/slide\d+\.xml/g)).size;
    };
    const board = "?type=landscape-type-1";
    for (const query of [board, `${board}&tm=true`, `${board}&footnotes=false`, `${board}&fs=32`]) {
      expect(await slidesOf(w.params(w.ad), query), query).toBe(
        (await expectedSlides(w.user, w.params(w.ad), "landscape-type-1", query)).slides,
      );
    }
    const plain = await expectedSlides(w.user, w.params(w.ad), "landscape-type-1", board);
    expect(plain.notes.length).toBeGreaterThan(0);
    expect((await expectedSlides(w.user, w.params(w.ad), "landscape-type-1", `${board}&footnotes=false`)).notes).toEqual([]);
    expect((await expectedSlides(w.user, w.params(w.ad), "landscape-type-1", `${board}&fs=32`)).report.length).toBeGreaterThan(
      plain.report.length,
    );
    const lot = "?type=landscape-type-2";
    const combined = await expectedSlides(w.user, w.params(w.nsclc), "landscape-type-2", `${lot}&lot=true`);
    expect(combined.model.type === "landscape-type-2" && combined.model.combineLot).toBe(true);
    expect(await slidesOf(w.params(w.nsclc), `${lot}&lot=true`)).toBe(combined.slides);
  }, 120_000);

  test("a 2,000-row table is built off the main thread: the event loop is never held 100 ms, and every row is in the deck", async () => {
    const w = await world();
    const template = ALZHEIMERS_ROWS.find((row) => row.product === "Leqembi Iqlik (lecanemab SC)")!;
    const rows = Array.from({ length: 2_000 }, (_, i) => ({ ...template, product: `Product ${i} (lecanemab SC)` }));
    await uploadDemoSheet(w.ad._id, "alzheimers", rows);
    const { result, blockedMs } = await longestBlock(() => exportDeck(w.user._id, w.params(w.ad), "?type=timeline-table"));
    expect(blockedMs).toBeLessThan(100);
    const { slides, model } = await expectedSlides(w.user, w.params(w.ad), "timeline-table", "?type=timeline-table");
    expect(model.stats.shownRecords).toBe(2_000);
    const body = Buffer.from(await (result as Response).arrayBuffer());
    expect(new Set(body.toString("latin1").match(/ppt\/slides\/slide\d+\.xml/g)).size).toBe(slides);
  }, 180_000);

  test("a report the user may not see is a 404; a signed-out visitor signs in first; a sheet that cannot be read goes back to the page", async () => {
    const w = await world();
    const stranger = await createUser({ role: "external", permissions: [] });
    const admin = await createUser({ role: "admin", permissions: grantsFor([w.nsclc]) });
    expect(httpStatusOf(await exportDeck(stranger._id, w.params(w.ad), "?type=timeline-table"))).toBe(404);
    expect(httpStatusOf(await exportDeck(admin._id, w.params(w.ad), "?type=timeline-table"))).toBe(404);
    expect(httpStatusOf(await exportDeck(w.user._id, { ...w.params(w.ad), taId: "nope" }, "?type=timeline-table"))).toBe(404);
    // A type the disease does not have, no report at all, and the news list (the feed has its own deck).
    for (const query of ["?type=landscape-type-2", "?type=sales-forecast", "?type=list"])
      expect(httpStatusOf(await exportDeck(w.user._id, w.params(w.ad), query)), query).toBe(404);
    // Without a type: the first configured report, as the page shows it.
    expect(httpStatusOf(await exportDeck(w.user._id, w.params(w.nsclc), ""))).toBe(200);
    expect(locationOf(await exportDeck(null, w.params(w.ad), "?type=timeline-table"))).toMatch(/^\/login\?redirectTo=/);
    const unread = await exportDeck(w.user._id, w.params(w.unread), "?type=timeline-table&fs=20");
    expect(locationOf(unread)).toBe(
      `/clients/${w.params(w.unread).clientId}/therapeuticAreas/${w.params(w.unread).taId}/diseases/${w.unread._id}/reports?type=timeline-table&fs=20`,
    );
    expect(await toastsOf(unread as Response)).toEqual([SHEET_LOAD_FAILED]);
  }, 60_000);

  test("a deck the server cannot build now goes back to the page with a message, never left waiting", async () => {
    const w = await world();
    const refused = await whileDeckPoolFull(() => exportDeck(w.user._id, w.params(w.ad), "?type=timeline-table&fs=20"));
    expect(locationOf(refused)).toBe(
      `/clients/${w.params(w.ad).clientId}/therapeuticAreas/${w.params(w.ad).taId}/diseases/${w.ad._id}/reports?type=timeline-table&fs=20`,
    );
    expect(await toastsOf(refused as Response)).toEqual([EXPORT_BUSY]);
    expect(httpStatusOf(await exportDeck(w.user._id, w.params(w.ad), "?type=timeline-table"))).toBe(200);
  }, 60_000);
});
