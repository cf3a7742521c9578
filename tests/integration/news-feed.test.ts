import { describe, expect, test } from "vitest";

import { SUMMARY_MAX_CHARS } from "#common/constants";
import { EXPORT_BUSY } from "#common/messages";
import { findFile, storeFile } from "#db/files.server";
import { Company, Compound, Keyword, News } from "#db/models/index.server";
import { backfillNewsNames, feedCards } from "~/models/news.server";
import * as feed from "~/routes/_app+/news+/_index";
import * as remove from "~/routes/_app+/news+/$newsId_.delete";
import * as publish from "~/routes/_app+/news+/$newsId_.publish";
import * as drafts from "~/routes/_app+/news+/drafts";
import * as exportRoute from "~/routes/_app+/news+/export";
import { EXPORT_MAX_ITEMS } from "~/services/news-deck.server";

import { callAction, callLoader, createClient, createUser, grantsFor, httpStatusOf, locationOf, scene, toastsOf } from "../db-utils";
import { whileDeckPoolFull } from "../deck-pool";
import { malformedXmlParts, openInLibreOffice } from "../libreoffice";
import { longestBlock, opensInLibreOffice, timesEventLoop } from "./sheets/helpers";

// The news feed (user-app §2 "News list"): only news of the diseases the user may see — whatever the filters, words
// or addresses ask for — newest first in the date window, with the client's filter options, cards with names, and
// paging by token; and the same feed as a PowerPoint deck, opened in LibreOffice. The loaders are called as Remix
// calls them, with a signed-in request.

type Loaded = Awaited<ReturnType<typeof feed.loader>>;
const titles = (result: unknown) => (result as Loaded).cards.map((c) => c.title);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

async function world() {
  const w = await scene({
    clients: { alpha: "Alpha" },
    areas: { area: { client: "alpha" } },
    diseases: {
      ad: { area: "area", name: "Alzheimer's" },
      pd: { area: "area", name: "Parkinson's" },
      hidden: { area: "area", name: "Hidden" },
    },
    users: { analyst: { role: "external", grants: ["ad", "pd"] } },
  });
  const { alpha, area, ad, pd, hidden } = w;
  const companies = await Company.create(["Eisai", "Biogen", "Roche", "Lilly"].map((name) => ({ name, type: "Pharmaceutical" as const })));
  const compound = await Compound.create({ name: { generic: "lecanemab", brand: "Leqembi" }, client: alpha._id });
  await Keyword.create([
    { name: "amyloid", client: alpha._id, therapeuticArea: area._id, disease: ad._id },
    { name: "secret term", client: alpha._id, therapeuticArea: area._id, disease: hidden._id },
  ]);
  const base = { client: alpha._id, therapeuticArea: area._id, status: "published" as const };
  await News.create([
    {
      ...base,
      title: "Amyloid readout",
      disease: ad._id,
      publishedAt: daysAgo(2),
      priority: 1,
      categories: ["Trial Results" as const],
      terms: ["amyloid"],
      companies: companies.map((c) => c._id),
      compounds: [compound._id],
      searchNames: [...companies.map((c) => c.name), "lecanemab"],
      sources: [
        { name: "Press", link: "https://example.com/a" },
        { name: "Bad", link: "javascript:alert(1)" },
      ],
      attachments: [{ name: "Deck", link: "/resources/files/0123456789abcdef01234567" }],
    },
    { ...base, title: "Parkinson approval", disease: pd._id, publishedAt: daysAgo(10), priority: 2, categories: ["Regulatory" as const] },
    { ...base, title: "Hidden readout", disease: hidden._id, publishedAt: daysAgo(1), terms: ["secret term"] },
    { ...base, title: "Old amyloid news", disease: ad._id, publishedAt: daysAgo(60) },
    { ...base, title: "Draft amyloid", disease: ad._id, status: "draft" as const, publishedAt: daysAgo(1) },
  ]);
  return { ...w, companies, compound };
}

describe("news feed", () => {
  test("the default window shows the permitted diseases' published news, newest first, as cards with names", async () => {
    const w = await world();
    const page = (await callLoader(feed, { user: w.analyst, url: "/news" })) as Loaded;
    expect(page.cards.map((c) => c.title)).toEqual(["Amyloid readout", "Parkinson approval"]);
    const [first] = page.cards;
    expect(first).toMatchObject({
      priority: "Alert",
      categories: ["Trial Results"],
      isNew: true,
      companies: ["Eisai", "Biogen", "Roche", "Lilly"],
      compounds: ["lecanemab"],
    });
    // A source whose address is no web address (javascript:) keeps its name, as text.
    expect(first!.sources).toEqual([
      { name: "Press", link: "https://example.com/a" },
      { name: "Bad", link: null },
    ]);
    expect(first!.attachments).toEqual([{ name: "Deck", link: "/resources/files/0123456789abcdef01234567" }]);
    expect(page.cards[1]!.isNew).toBe(false);
    expect(page.options.diseases.map((d) => d.label)).toEqual(["Alzheimer's", "Parkinson's"]);
    expect(page.options.terms).toEqual(["amyloid"]);
  });

  test("items saved before they carried their companies' and compounds' names are named alike, and carry them once filled", async () => {
    const w = await world();
    const cards = async () =>
      ((await callLoader(feed, { user: w.analyst, url: "/news" })) as Loaded).cards.map((c) => [c.companies, c.compounds]);
    const before = await cards();
    expect(before[0]).toEqual([["Eisai", "Biogen", "Roche", "Lilly"], ["lecanemab"]]);
    expect(await backfillNewsNames()).toBeGreaterThanOrEqual(5);
    expect(await backfillNewsNames(), "once per database").toBe(0);
    const readout = (await News.findOne({ title: "Amyloid readout", client: w.alpha._id }).lean())!;
    expect(readout.names).toEqual(
      Object.fromEntries([...w.companies.map((c) => [String(c._id), c.name]), [String(w.compound._id), "lecanemab"]]),
    );
    expect(await cards()).toEqual(before);
  });

  test("each card names its disease, only ever one the reader may see", async () => {
    const w = await world();
    const page = (await callLoader(feed, { user: w.analyst, url: "/news" })) as Loaded;
    expect(page.cards.map((c) => [c.title, c.disease])).toEqual([
      ["Amyloid readout", "Alzheimer's"],
      ["Parkinson approval", "Parkinson's"],
    ]);
    // Named from the reader's own diseases (the filter's choices), never by reading the item's: an item of a disease
    // beyond them, were one ever to come through, would show no name.
    const hidden = (await News.findOne({ title: "Hidden readout" }).lean())!;
    expect((await feedCards([hidden], page.options.diseases))[0]!.disease).toBeNull();
  });

  test("no filter, word or address reaches a disease outside the user's permissions", async () => {
    const w = await world();
    expect(titles(await callLoader(feed, { user: w.analyst, url: `/news?disease=${w.hidden._id}` }))).toEqual([]);
    expect(titles(await callLoader(feed, { user: w.analyst, url: `/news?disease=${w.hidden._id}&disease=${w.pd._id}` }))).toEqual([
      "Parkinson approval",
    ]);
    expect(titles(await callLoader(feed, { user: w.analyst, url: "/news?q=hidden" }))).toEqual([]);
    expect(titles(await callLoader(feed, { user: w.analyst, url: "/news?term=secret+term" }))).toEqual([]);
    expect(titles(await callLoader(feed, { user: w.analyst, url: "/news?q=readout" }))).toEqual(["Amyloid readout"]);
    // Companies and compounds by name, as saved with the item.
    expect(titles(await callLoader(feed, { user: w.analyst, url: "/news?q=biogen" }))).toEqual(["Amyloid readout"]);
    expect(titles(await callLoader(feed, { user: w.analyst, url: "/news?q=lecanem" }))).toEqual(["Amyloid readout"]);
  });

  test("filters, dates and pages come from the address; dates that cannot be used say so and change nothing", async () => {
    const w = await world();
    expect(titles(await callLoader(feed, { user: w.analyst, url: "/news?category=Regulatory" }))).toEqual(["Parkinson approval"]);
    expect(titles(await callLoader(feed, { user: w.analyst, url: "/news?priority=1&priority=9" }))).toEqual(["Amyloid readout"]);
    const from = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
    expect(titles(await callLoader(feed, { user: w.analyst, url: `/news?from=${from}` }))).toEqual([
      "Amyloid readout",
      "Parkinson approval",
      "Old amyloid news",
    ]);
    // Without JavaScript the date fields are text showing DD/MM/YYYY: the range as typed there is the same range, held
    // by the page (and a search saved from it) as YYYY-MM-DD.
    const typed = (await callLoader(feed, { user: w.analyst, url: `/news?from=${from.split("-").reverse().join("/")}` })) as Loaded;
    expect([typed.problem, typed.range.from, typed.values.from]).toEqual([null, from, from]);
    expect(titles(typed)).toEqual(["Amyloid readout", "Parkinson approval", "Old amyloid news"]);
    const impossible = (await callLoader(feed, { user: w.analyst, url: "/news?from=31%2F02%2F2026" })) as Loaded;
    expect(impossible.problem).toBe("'31/02/2026' is not a date: enter it as DD/MM/YYYY.");
    // Page sizes 5, 10, 20, 50; one not offered is the default, 10.
    const sizeOf = async (size: string) => ((await callLoader(feed, { user: w.analyst, url: `/news?size=${size}` })) as Loaded).place.size;
    expect([await sizeOf("5"), await sizeOf("50"), await sizeOf("2"), await sizeOf("x")]).toEqual([5, 50, 10, 10]);
    for (const bad of ["from=2026-02-30", "from=2026-05-01&to=2026-04-01", "to=2099-01-01"]) {
      const page = (await callLoader(feed, { user: w.analyst, url: `/news?${bad}` })) as Loaded;
      expect(page.problem, bad).toBeTruthy();
      expect(
        page.cards.map((c) => c.title),
        bad,
      ).toEqual(["Amyloid readout", "Parkinson approval"]);
    }
    // The count follows the filters.
    expect(((await callLoader(feed, { user: w.analyst, url: "/news?category=Regulatory" })) as Loaded).total).toEqual({
      count: 1,
      more: false,
    });
  });

  test("paging by the forward token visits every item once; each page counts all the items that match", async () => {
    const w = await world();
    const seen: string[] = [];
    let url = "/news?size=5&from=2000-01-01";
    await News.create(
      Array.from({ length: 9 }, (_, i) => ({
        title: `Bulk ${i}`,
        client: w.alpha._id,
        disease: w.ad._id,
        status: "published" as const,
        publishedAt: daysAgo(3 + i),
      })),
    );
    for (let n = 0; n < 10; n++) {
      const page = (await callLoader(feed, { user: w.analyst, url })) as Loaded;
      // Every page says how many items the filters match in all (the feed's count above the list and in the pager).
      expect(page.total).toEqual({ count: 12, more: false });
      seen.push(...page.cards.map((c) => c.title));
      if (!page.next) break;
      url = `/news?size=5&from=2000-01-01&after=${page.next}`;
    }
    expect(seen).toHaveLength(12);
    expect(new Set(seen).size).toBe(12);
  });

  test("without a selected client the feed sends the user to pick one", async () => {
    await world();
    const nobody = await createUser({ role: "external", permissions: [] });
    const result = await callLoader(feed, { user: nobody, url: "/news" });
    expect(locationOf(result)).toBe("/dashboard");
    expect(await toastsOf(result as Response)).toEqual(["No Client Selected!"]);
  });
});

describe("Download News", () => {
  const exportDeck = async (user: unknown, query = "") => callLoader(exportRoute, { user, url: `/news/export${query}` });

  opensInLibreOffice(
    "the feed with its filters as News.pptx: a title slide, the overview, a slide per item with its links; it opens in LibreOffice",
    async () => {
      const w = await world();
      await News.create(
        Array.from({ length: 13 }, (_, i) => ({
          title: `Bulk item ${i}`,
          client: w.alpha._id,
          disease: w.ad._id,
          status: "published" as const,
          publishedAt: daysAgo(3 + i),
          sources: [{ name: `Source ${i}`, link: `https://example.com/bulk/${i}` }],
        })),
      );
      const response = (await exportDeck(w.analyst._id)) as Response;
      expect(response.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.presentationml.presentation");
      expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="News.pptx"');
      const { deck } = openInLibreOffice({ deck: new Uint8Array(await response.arrayBuffer()) });
      // 15 items (the two of the default window and the 13 added): 1 title slide, 2 overview slides (12 rows each), 15 item slides.
      expect([deck.slides, deck.pdfPages]).toEqual([18, 18]);
      for (const title of ["Amyloid readout", "Parkinson approval", "Bulk item 0", "Bulk item 12"]) expect(deck.xml).toContain(title);
      expect(deck.xml).not.toContain("Hidden readout");
      expect(deck.xml).toContain('xlink:href="https://example.com/a"');
      expect(deck.xml).toContain('xlink:href="https://example.com/bulk/12"');
      expect(deck.xml).not.toContain("javascript:");
    },
    180_000,
  );

  opensInLibreOffice(
    "characters XML forbids in a title or summary (NUL, vertical tab, form feed, a lone surrogate) are left out of the deck, which stays well-formed",
    async () => {
      const w = await world();
      // (The summary is the commentary as plain text, where a vertical tab or a form feed is a space: other controls there.)
      const title = "Ta\u0000u\u000b readout\u000c phase 3\ud800";
      const summary = "Tau\u0000 lowered\u0008 at\u001b week 76\ud800";
      await News.create({
        title,
        analystCommentary: `<p>${summary}</p>`,
        client: w.alpha._id,
        disease: w.ad._id,
        status: "published",
        publishedAt: daysAgo(1),
      });
      const bytes = new Uint8Array(await ((await exportDeck(w.analyst._id)) as Response).arrayBuffer());
      expect(await malformedXmlParts(bytes)).toEqual([]);
      const { deck } = openInLibreOffice({ deck: bytes });
      expect(deck.slides).toBe(5); // the title slide, the overview, three items
      expect(deck.xml).toContain("Tau readout phase 3");
      expect(deck.xml).toContain("Tau lowered at week 76");
    },
    180_000,
  );

  test("the export follows the filters, and refuses dates it cannot use or a missing client", async () => {
    const w = await world();
    const { deck } = openInLibreOffice({
      deck: new Uint8Array(await ((await exportDeck(w.analyst._id, "?category=Regulatory")) as Response).arrayBuffer()),
    });
    expect(deck.slides).toBe(3);
    expect(deck.xml).toContain("Parkinson approval");
    expect(deck.xml).toContain("Categories: Regulatory");
    expect(deck.xml).not.toContain("Amyloid readout");
    const bad = await exportDeck(w.analyst._id, "?from=2026-02-30");
    expect(await toastsOf(bad as Response)).toEqual(["'2026-02-30' is not a date: enter it as DD/MM/YYYY."]);
    const nobody = await createUser({ role: "external", permissions: [] });
    expect(await toastsOf((await exportDeck(nobody._id)) as Response)).toEqual(["No Client Selected!"]);
  }, 180_000);

  timesEventLoop(
    "a full deck (200 items with summaries of the most characters allowed, each with sources) is built off the main thread: the event loop is never held 100 ms",
    async () => {
      const w = await world();
      await News.create(
        Array.from({ length: EXPORT_MAX_ITEMS }, (_, i) => ({
          title: `Phase 3 readout ${i}: subcutaneous amyloid-lowering antibody slows clinical decline in early symptomatic Alzheimer's disease over 18 months`,
          analystCommentary: `<p>${`Item ${i}: the readout in words. `.repeat(40).slice(0, SUMMARY_MAX_CHARS)}</p>`,
          client: w.alpha._id,
          disease: w.ad._id,
          status: "published" as const,
          publishedAt: daysAgo(3 + (i % 20)),
          priority: 1 + (i % 3),
          categories: ["Trial Results" as const, "Regulatory" as const],
          companies: w.companies.map((c) => c._id),
          compounds: [w.compound._id],
          sources: Array.from({ length: 8 }, (_, s) => ({ name: `Source ${s} of item ${i}`, link: `https://example.com/news/${i}/${s}` })),
        })),
      );
      const { result, blockedMs } = await longestBlock(() => exportDeck(w.analyst._id));
      expect(blockedMs).toBeLessThan(100);
      const body = Buffer.from(await (result as Response).arrayBuffer());
      // The title slide, 17 overview slides of 12 rows, 200 item slides.
      expect(new Set(body.toString("latin1").match(/ppt\/slides\/slide\d+\.xml/g)).size).toBe(1 + 17 + EXPORT_MAX_ITEMS);
    },
    180_000,
  );

  test("an export the server cannot build now goes back to the feed with a message, never left waiting", async () => {
    const w = await world();
    const refused = await whileDeckPoolFull(() => exportDeck(w.analyst._id, "?category=Regulatory"));
    expect(locationOf(refused)).toBe("/news?category=Regulatory");
    expect(await toastsOf(refused as Response)).toEqual([EXPORT_BUSY]);
    expect(httpStatusOf(await exportDeck(w.analyst._id))).toBe(200);
  }, 60_000);
});

describe("drafts, publish and delete", () => {
  test("an admin's drafts list: drafts or fetched items of their clients, newest first, searchable; others get a 403", async () => {
    const w = await world();
    const admin = await createUser({ role: "admin", permissions: grantsFor([w.ad]) });
    const other = await createClient();
    await News.create([
      { title: "Older draft", client: w.alpha._id, disease: w.ad._id, status: "draft" as const, createdBy: admin._id },
      { title: "Fetched item", client: w.alpha._id, disease: w.ad._id, status: "fetch" as const, createdByName: "PubMed monitor" },
      { title: "Foreign draft", client: other._id, status: "draft" as const },
    ]);
    const titlesOf = async (url: string) =>
      ((await callLoader(drafts, { user: admin, url })) as Awaited<ReturnType<typeof drafts.loader>>).rows.map((r) => [r.title, r.user]);
    expect(await titlesOf("/news/drafts")).toEqual([
      ["Older draft", `${admin.name?.first} ${admin.name?.last}`],
      ["Draft amyloid", ""],
    ]);
    expect(await titlesOf("/news/drafts?view=fetch")).toEqual([["Fetched item", "PubMed monitor"]]);
    expect(await titlesOf("/news/drafts?q=older")).toEqual([["Older draft", `${admin.name?.first} ${admin.name?.last}`]]);
    expect(httpStatusOf(await callLoader(drafts, { user: w.analyst, url: "/news/drafts" }))).toBe(403);
  });

  test("Publish flips draft and published; Delete removes the item and the files stored as its attachments", async () => {
    const w = await world();
    const admin = await createUser({ role: "admin", permissions: grantsFor([w.ad]) });
    const draft = (await News.findOne({ title: "Draft amyloid", client: w.alpha._id }).lean())!;
    const params = { newsId: String(draft._id) };
    const published = await callAction(publish, { user: admin, params, form: { redirectTo: "/news/drafts?view=" } });
    expect([locationOf(published), await toastsOf(published as Response)]).toEqual(["/news/drafts?view=", ["News Updated!"]]);
    expect((await News.findById(draft._id).lean())!.status).toBe("published");
    expect(titles(await callLoader(feed, { user: w.analyst, url: "/news" }))).toContain("Draft amyloid");
    await callAction(publish, { user: admin, params, form: {} });
    expect((await News.findById(draft._id).lean())!.status).toBe("draft");
    // Asked on the item's own page (its Publish / Unpublish button), the answer goes back there; any other page of an
    // item does not.
    const fromItem = await callAction(publish, { user: admin, params, form: { redirectTo: `/news/${draft._id}` } });
    expect([locationOf(fromItem), (await News.findById(draft._id).lean())!.status]).toEqual([`/news/${draft._id}`, "published"]);
    const other = (await News.findOne({ title: "Amyloid readout", client: w.alpha._id }).lean())!;
    const fromOther = await callAction(publish, { user: admin, params, form: { redirectTo: `/news/${other._id}` } });
    expect([locationOf(fromOther), (await News.findById(draft._id).lean())!.status]).toEqual(["/news/drafts", "draft"]);

    const own = await storeFile("deck.pdf", Buffer.from("%PDF-1.4"), {
      contentType: "application/pdf",
      purpose: "news-attachment",
      owner: String(draft._id),
    });
    const elsewhere = await storeFile("logo.png", Buffer.from("png"), { contentType: "image/png", purpose: "company-logo", owner: "x" });
    await News.updateOne(
      { _id: draft._id },
      {
        $set: {
          attachments: [
            { name: "Deck", link: `/resources/files/${own}` },
            { name: "Not ours", link: `/resources/files/${elsewhere}` },
          ],
        },
      },
    );
    const deleted = await callAction(remove, { user: admin, params, form: { redirectTo: "https://evil.example/" } });
    expect([locationOf(deleted), await toastsOf(deleted as Response)]).toEqual(["/news/drafts", ["News Deleted"]]);
    expect(await News.countDocuments({ _id: draft._id })).toBe(0);
    expect([await findFile(String(own)), Boolean(await findFile(String(elsewhere)))]).toEqual([null, true]);
    expect(httpStatusOf(await callAction(remove, { user: admin, params, form: {} }))).toBe(404);
  });
});
