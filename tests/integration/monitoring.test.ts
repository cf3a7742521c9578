import { generateAtomFeed, generateRssFeed } from "feedsmith";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";

import {
  EDITORS_DIGEST_SAVED,
  FETCH_DIGEST_MINE_ON,
  SOURCE_ADDED,
  SOURCE_DELETED,
  SOURCE_RUN_SOON,
  SOURCE_UPDATED,
  SOURCE_URL_REQUIRED,
  UNEXPECTED_ERROR,
} from "#common/messages";
import { AuditLog, EditorsDigest, Keyword, MonitorSource, News, RegistrySync, Trial, User } from "#db/models/index.server";
import { backfillFetchKeys, claimSourceRun } from "~/models/monitor.server";
import * as monitoringPage from "~/routes/_app+/administration+/monitoring+/_index";
import * as deletePage from "~/routes/_app+/administration+/monitoring+/$sourceId.delete";
import * as runAction from "~/routes/_app+/administration+/monitoring+/$sourceId.run";
import * as statusAction from "~/routes/_app+/administration+/monitoring+/$sourceId.status";
import * as addPage from "~/routes/_app+/administration+/monitoring+/add";
import * as editPage from "~/routes/_app+/administration+/monitoring+/edit.$sourceId";
import * as unsubscribe from "~/routes/resources+/unsubscribe.$token";
import { sendEditorsDigest } from "~/services/editors-digest.server";
import { runDueSources } from "~/services/monitor/run.server";
import { runRegistrySync } from "~/services/registry-sync.server";

import {
  callAction,
  callLoader,
  createArea,
  createClient,
  createDisease,
  createUser,
  grantsFor,
  httpStatusOf,
  locationOf,
  placeOf,
  scene,
  toastsOf,
} from "../db-utils";
import { startFakeCtgov } from "../fake-ctgov";
import { startFakeSources } from "../fake-monitoring";
import { decodedMail, useSmtpServer } from "../setup/smtp";
import { withEnv } from "./sheets/helpers";

// Keyword monitoring (issue 16), the real code against sources on loopback: an RSS or Atom feed's entries that mention
// an active keyword become fetch-queue items of that keyword's disease (never published, credited to the source, with
// the keyword as a term); the same article again — by link, tracking parameters aside, or by title — is not added
// twice; an unchanged feed answers 304; a failing source says why and is retried with backoff. PubMed is searched
// through E-utilities for each keyword (the API key sent, requests spaced out); the registry source re-syncs saved
// imports and queues a notice for each primary completion date that moved later.

let sources: Awaited<ReturnType<typeof startFakeSources>>;
let registry: Awaited<ReturnType<typeof startFakeCtgov>>;
let restoreEnv: () => void;
beforeAll(async () => {
  sources = await startFakeSources();
  registry = await startFakeCtgov();
  restoreEnv = withEnv({
    MONITOR_ALLOW_PRIVATE_HOSTS: "true",
    PUBMED_BASE_URL: sources.eutilsUrl,
    NCBI_API_KEY: "test-key",
    NCBI_EMAIL: "ops@pharmascope.test",
    CTGOV_BASE_URL: registry.url,
    CTGOV_MIN_INTERVAL_MS: "0",
    CTGOV_RETRY_BASE_MS: "10",
  });
});
afterAll(async () => {
  restoreEnv();
  await sources.close();
  await registry.close();
});
beforeEach(async () => {
  // runDueSources serves the whole database: each test's sources, keywords and items only.
  await Promise.all([MonitorSource.deleteMany({}), Keyword.deleteMany({}), News.deleteMany({}), RegistrySync.deleteMany({})]);
});
afterEach(() => {
  sources.reset();
  registry.reset();
});

const MINUTE = 60_000;

async function world() {
  const w = await scene({
    clients: { acme: { name: "Acme Pharma" }, globex: { name: "Globex Bio" } },
    areas: { acmeNeuro: { client: "acme", name: "Neurology" }, globexNeuro: { client: "globex", name: "Neurology" } },
    diseases: {
      ad: { area: "acmeNeuro", name: "Alzheimer's disease" },
      pd: { area: "globexNeuro", name: "Parkinson's disease" },
      adGlobex: { area: "globexNeuro", name: "Alzheimer's disease" },
    },
  });
  const { ad, pd, adGlobex } = w;
  const keyword = (name: string, d: typeof ad, fields: Record<string, unknown> = {}) =>
    Keyword.create({
      name,
      ...placeOf(d),
      priority: 2,
      status: "active",
      ...fields,
    });
  await keyword("Lecanemab", ad, { priority: 3 });
  await keyword("anti-amyloid", ad);
  await keyword("Lecanemab", adGlobex);
  await keyword("Parkinson's disease", pd);
  await keyword("Donanemab", ad, { status: "inactive" });
  return w;
}

const feedSource = (name: string, fields: Record<string, unknown> = {}) =>
  MonitorSource.create({
    name,
    kind: "rss",
    url: sources.feedUrl(name),
    intervalMinutes: 60,
    nextRunAt: new Date(Date.now() - 1000),
    ...fields,
  });
const makeDue = (id: unknown) => MonitorSource.updateOne({ _id: id }, { $set: { nextRunAt: new Date(Date.now() - 1000) } });
const fetched = async (filter: Record<string, unknown> = {}) =>
  (await News.find({ status: "fetch", ...filter }).lean()).sort(
    (a, b) => a.title.localeCompare(b.title) || String(a.disease).localeCompare(String(b.disease)),
  );

const rss = (items: Array<{ title: string; link: string; description?: string }>) =>
  generateRssFeed({
    title: "Endpoints News",
    link: "https://endpts.example",
    description: "Biotech news",
    items: items.map((i) => ({ ...i, pubDate: new Date("2026-11-20T08:00:00Z") })),
  });

describe("RSS and Atom feeds", () => {
  test("entries that mention an active keyword become fetch-queue items of that keyword's disease, once", async () => {
    const w = await world();
    sources.fake.feeds.set("endpoints", {
      body: rss([
        {
          title: "EU approves lecanemab for early Alzheimer’s",
          link: "https://endpts.example/eu-lecanemab?utm_source=rss",
          description: "<p>The <b>anti-amyloid</b> antibody &#8217;s label…</p>",
        },
        { title: "New genetic data in Parkinson’s disease", link: "https://endpts.example/pd-genetics" },
        { title: "Donanemab sales climb", link: "https://endpts.example/donanemab" },
        { title: "Alsoran Therapeutics raises $40M", link: "https://endpts.example/alsoran" },
      ]),
    });
    const source = await feedSource("endpoints");
    const before = Date.now();
    expect(await runDueSources()).toBe(1);

    const items = await fetched();
    expect(items.map((n) => [n.title, String(n.client), String(n.disease)])).toEqual(
      [
        ["EU approves lecanemab for early Alzheimer’s", String(w.acme._id), String(w.ad._id)],
        ["EU approves lecanemab for early Alzheimer’s", String(w.globex._id), String(w.adGlobex._id)],
        ["New genetic data in Parkinson’s disease", String(w.globex._id), String(w.pd._id)],
      ].sort((a, b) => a[0]!.localeCompare(b[0]!) || a[2]!.localeCompare(b[2]!)),
    );
    const acmeItem = items.find((n) => String(n.client) === String(w.acme._id))!;
    expect(acmeItem).toMatchObject({
      status: "fetch",
      createdByName: "endpoints",
      sources: [{ name: "endpoints", link: "https://endpts.example/eu-lecanemab?utm_source=rss" }],
      priority: 2,
    });
    expect(acmeItem.publishedAt).toBeUndefined();
    expect([...acmeItem.terms].sort()).toEqual(["Lecanemab", "anti-amyloid"]);
    expect(acmeItem.content).toContain("<em>Endpoints News, 2026-11-20</em>");
    expect(acmeItem.content).toContain("The anti-amyloid antibody ’s label…");

    const after = (await MonitorSource.findById(source._id).lean())!;
    expect(after).toMatchObject({ lastItems: 3, failures: 0 });
    expect(after.lastError).toBeUndefined();
    expect(after.runningSince).toBeUndefined();
    expect(after.nextRunAt.getTime()).toBeGreaterThanOrEqual(before + 60 * MINUTE - 1000);
    expect(await runDueSources()).toBe(0); // not due again before its interval

    // The feed unchanged: asked with its ETag, a 304, nothing read.
    await makeDue(source._id);
    expect(await runDueSources()).toBe(1);
    expect(sources.fake.calls.at(-1)!.headers["if-none-match"]).toMatch(/^"[0-9a-f]{40}"$/);
    expect((await MonitorSource.findById(source._id).lean())!.lastItems).toBe(0);

    // Changed: the same article under other tracking parameters, another with a known title differently written, one new.
    sources.fake.feeds.set("endpoints", {
      body: rss([
        { title: "EU approves Lecanemab for early Alzheimer's!", link: "https://www.endpts.example/eu-lecanemab/?utm_medium=email" },
        { title: "New genetic data in Parkinson's disease", link: "https://other.example/pd" },
        { title: "Lecanemab subcutaneous dosing filed", link: "https://endpts.example/sc-lecanemab" },
      ]),
    });
    await makeDue(source._id);
    await runDueSources();
    expect((await fetched()).map((n) => n.title)).toEqual([
      "EU approves lecanemab for early Alzheimer’s",
      "EU approves lecanemab for early Alzheimer’s",
      "Lecanemab subcutaneous dosing filed",
      "Lecanemab subcutaneous dosing filed",
      "New genetic data in Parkinson’s disease",
    ]);
  });

  test("an article the disease already has, published or drafted, is not queued again; an Atom feed reads as well", async () => {
    const w = await world();
    await News.create({
      title: "Lecanemab: Phase 3 data at CTAD",
      client: w.acme._id,
      disease: w.ad._id,
      status: "published",
      publishedAt: new Date(),
    });
    sources.fake.feeds.set("atom", {
      contentType: "application/atom+xml",
      body: generateAtomFeed({
        id: "urn:feed",
        title: { value: "FDA press" },
        updated: new Date("2026-11-21T00:00:00Z"),
        entries: [
          {
            id: "urn:1",
            title: { value: "LECANEMAB — Phase 3 data at CTAD" },
            updated: new Date("2026-11-21T00:00:00Z"),
            links: [{ href: "https://fda.example/a" }],
          },
          {
            id: "urn:2",
            title: { value: "Lecanemab label update" },
            updated: new Date("2026-11-21T00:00:00Z"),
            links: [{ href: "https://fda.example/b" }],
            summary: { value: "Boxed warning revised." },
          },
        ],
      }),
    });
    await feedSource("atom");
    await runDueSources();
    // Acme's Alzheimer's had the first already; Globex's had neither.
    expect((await fetched({ client: w.acme._id })).map((n) => n.title)).toEqual(["Lecanemab label update"]);
    expect((await fetched({ client: w.globex._id })).map((n) => n.title)).toEqual([
      "LECANEMAB — Phase 3 data at CTAD",
      "Lecanemab label update",
    ]);
    expect((await fetched({ client: w.globex._id, title: "Lecanemab label update" }))[0]!.sources).toEqual([
      { name: "atom", link: "https://fda.example/b" },
    ]);
  });

  test("items saved before de-duplication keys existed get them once, so a feed does not bring them again", async () => {
    const w = await world();
    await News.collection.insertOne({
      title: "Lecanemab: the old article",
      client: w.acme._id,
      disease: w.ad._id,
      status: "published",
      publishedAt: new Date(),
      sources: [{ name: "Wire", link: "https://old.example/a" }],
    });
    expect(await backfillFetchKeys()).toBe(1);
    expect(await backfillFetchKeys()).toBe(0); // once per database
    sources.fake.feeds.set("old", {
      body: rss([
        { title: "Lecanemab sales update", link: "https://old.example/a/?utm_source=x" },
        { title: "Lecanemab: the old article", link: "https://elsewhere.example/b" },
      ]),
    });
    await feedSource("old");
    await runDueSources();
    // Acme's Alzheimer's has both already (by link, by title); only Globex's gets them.
    expect((await fetched({ client: w.acme._id })).map((n) => n.title)).toEqual([]);
    expect((await fetched({ client: w.globex._id })).map((n) => n.title)).toEqual(["Lecanemab sales update", "Lecanemab: the old article"]);
  });

  test("a run whose process died is taken over once it is stale (an hour), not before", async () => {
    await world();
    sources.fake.feeds.set("crashed", { body: rss([{ title: "Lecanemab after a crash", link: "https://c.example/1" }]) });
    const source = await feedSource("crashed");
    // A process claimed this run and died: its claim stays, and so does runningSince.
    const due = (await MonitorSource.findById(source._id).lean())!;
    expect(await claimSourceRun(due, new Date())).toBe(true);
    expect(await runDueSources()).toBe(0);
    await MonitorSource.updateOne({ _id: source._id }, { $set: { runningSince: new Date(Date.now() - 61 * MINUTE) } });
    expect(await runDueSources()).toBe(1);
    expect(await News.countDocuments({ status: "fetch" })).toBe(2);
    expect((await MonitorSource.findById(source._id).lean())!.runningSince).toBeUndefined();
  });

  test("a failing source says why, keeps nothing, and is retried after 5, then 10 minutes; success clears the error", async () => {
    await world();
    const source = await feedSource("broken", { intervalMinutes: 1440 });
    sources.fake.fail.push({ status: 500, body: "<html>oops</html>" }, { status: 502, body: "bad gateway" });
    const started = Date.now();
    await runDueSources();
    let s = (await MonitorSource.findById(source._id).lean())!;
    expect(s.lastError).toBe("The feed could not be reached (HTTP 502).");
    expect(s.failures).toBe(1);
    expect(s.nextRunAt.getTime() - started).toBeGreaterThanOrEqual(5 * MINUTE - 1000);
    expect(s.nextRunAt.getTime() - started).toBeLessThan(6 * MINUTE);

    await makeDue(source._id);
    const again = Date.now();
    await runDueSources(); // the feed does not exist: a 404 page
    s = (await MonitorSource.findById(source._id).lean())!;
    expect(s.lastError).toBe("The feed refused the request: HTTP 404.");
    expect(s.failures).toBe(2);
    expect(s.nextRunAt.getTime() - again).toBeGreaterThanOrEqual(10 * MINUTE - 1000);

    sources.fake.feeds.set("broken", { body: "<html><body>Not a feed</body></html>", contentType: "text/html" });
    await makeDue(source._id);
    await runDueSources();
    expect((await MonitorSource.findById(source._id).lean())!.lastError).toBe("The address did not return an RSS, Atom or JSON feed.");

    sources.fake.feeds.set("broken", { body: rss([{ title: "Lecanemab news", link: "https://x.example/1" }]) });
    await makeDue(source._id);
    await runDueSources();
    s = (await MonitorSource.findById(source._id).lean())!;
    expect(s).toMatchObject({ failures: 0, lastItems: 2 });
    expect(s.lastError).toBeUndefined();
    expect(await News.countDocuments({ status: "fetch" })).toBe(2);
    expect(UNEXPECTED_ERROR).not.toBe(s.lastError);
  });
});

describe("feed addresses", () => {
  test("a feed on the machine itself or a private network is refused unless allowed; redirects are followed, a loop is not", async () => {
    await world();
    sources.fake.feeds.set("moved", { body: rss([{ title: "Lecanemab moved feed", link: "https://m.example/1" }]) });
    sources.fake.redirects.set("old", "/feeds/moved");
    const restore = withEnv({ MONITOR_ALLOW_PRIVATE_HOSTS: undefined, MONITOR_TIMEOUT_MS: "500" });
    try {
      const source = await feedSource("old");
      await runDueSources();
      expect((await MonitorSource.findById(source._id).lean())!.lastError).toBe(
        "The feed's address is not a public internet address (or its name does not resolve).",
      );
      expect(sources.fake.calls).toHaveLength(0);
      // A public address passes the check and is asked through the guarded connection (unreachable from here, or not a
      // feed server): the run fails with the network's reason.
      const outside = await feedSource("outside", { url: "https://8.8.8.8/feed.xml" });
      await MonitorSource.updateOne({ _id: source._id }, { $set: { status: "inactive" } });
      await runDueSources();
      expect((await MonitorSource.findById(outside._id).lean())!.lastError).toMatch(
        /^The feed could not be reached \(network: .+\)\.$|^The feed refused the request/,
      );
    } finally {
      restore();
    }
    await MonitorSource.deleteMany({ name: "outside" });
    await MonitorSource.updateMany({}, { $set: { status: "active" } });
    await MonitorSource.updateMany({}, { $set: { nextRunAt: new Date(Date.now() - 1000) } });
    await runDueSources();
    expect(sources.fake.calls.map((c) => c.path)).toEqual(["/feeds/old", "/feeds/moved"]);
    expect(await News.countDocuments({ status: "fetch" })).toBe(2);

    sources.fake.redirects.set("loop", "/feeds/loop");
    const looping = await feedSource("loop");
    await runDueSources();
    expect((await MonitorSource.findById(looping._id).lean())!.lastError).toBe(
      "The feed could not be reached (network: redirect count exceeded).",
    );
  });
});

describe("PubMed", () => {
  test("each distinct keyword is searched in titles and abstracts since the last run; records go to every disease whose keyword found them", async () => {
    const w = await world();
    sources.fake.pubmed = [
      {
        pmid: "41000001",
        title: "Lecanemab in early Alzheimer's disease: 36-month <i>open-label</i> extension",
        abstract: ["Amyloid removal persisted.", "CDR-SB &lt; placebo."],
      },
      { pmid: "41000002", title: "LRRK2 variants in Parkinson's disease cohorts", abstract: ["A genome-wide study."] },
      { pmid: "41000003", title: "Tau PET in ageing", abstract: ["Nothing on our keywords."] },
    ];
    const source = await MonitorSource.create({
      name: "PubMed",
      kind: "pubmed",
      intervalMinutes: 1440,
      nextRunAt: new Date(Date.now() - 1000),
      lastSuccessAt: new Date(Date.now() - 3 * 86_400_000 + MINUTE),
    });
    await runDueSources();

    const searches = sources.fake.calls.filter((c) => c.path.endsWith("esearch.fcgi"));
    // "Lecanemab" is a keyword of two clients: searched once. The inactive "Donanemab" is not searched.
    expect(searches.map((c) => c.query.get("term")).sort()).toEqual([
      '"Lecanemab"[tiab]',
      '"Parkinson\'s disease"[tiab]',
      '"anti-amyloid"[tiab]',
    ]);
    for (const c of searches) {
      expect(c.query.get("reldate")).toBe("3");
      expect(c.query.get("api_key")).toBe("test-key");
      expect(c.query.get("email")).toBe("ops@pharmascope.test");
      expect(c.query.get("db")).toBe("pubmed");
    }
    const fetches = sources.fake.calls.filter((c) => c.path.endsWith("efetch.fcgi"));
    expect(fetches).toHaveLength(1);
    expect(fetches[0]!.query.get("id")!.split(",").sort()).toEqual(["41000001", "41000002"]);

    const items = await fetched();
    expect(items.map((n) => [n.title, String(n.disease)])).toEqual(
      [
        ["LRRK2 variants in Parkinson's disease cohorts", String(w.pd._id)],
        ["Lecanemab in early Alzheimer's disease: 36-month open-label extension", String(w.ad._id)],
        ["Lecanemab in early Alzheimer's disease: 36-month open-label extension", String(w.adGlobex._id)],
      ].sort((a, b) => a[0]!.localeCompare(b[0]!) || a[1]!.localeCompare(b[1]!)),
    );
    const lecanemab = items.find((n) => String(n.disease) === String(w.ad._id))!;
    expect(lecanemab.sources).toEqual([{ name: "PubMed", link: "https://pubmed.ncbi.nlm.nih.gov/41000001/" }]);
    expect(lecanemab.createdByName).toBe("PubMed");
    expect(lecanemab.content).toBe(
      "<p><em>The Lancet. Neurology, 20 Nov 2026</em></p><p>BACKGROUND: Amyloid removal persisted.</p><p>CDR-SB &lt; placebo.</p>",
    );
    expect((await MonitorSource.findById(source._id).lean())!.lastItems).toBe(3);

    // The next run finds the same records again: nothing new.
    await makeDue(source._id);
    await runDueSources();
    expect(await News.countDocuments({ status: "fetch" })).toBe(3);
    expect((await MonitorSource.findById(source._id).lean())!.lastItems).toBe(0);
  });

  test("E-utilities requests are spaced out: at most 3 a second without an API key", async () => {
    await world();
    const restore = withEnv({ NCBI_API_KEY: undefined });
    try {
      await MonitorSource.create({ name: "PubMed", kind: "pubmed", intervalMinutes: 1440, nextRunAt: new Date(Date.now() - 1000) });
      const started = Date.now();
      await runDueSources();
      const searches = sources.fake.calls.filter((c) => c.path.endsWith("esearch.fcgi"));
      expect(searches).toHaveLength(3);
      expect(searches[0]!.query.get("api_key")).toBeNull();
      expect(searches[0]!.query.get("reldate")).toBe("30"); // a first run looks back 30 days
      // Three requests take at least two intervals of 350 ms.
      expect(Date.now() - started).toBeGreaterThanOrEqual(700);
    } finally {
      restore();
    }
  });
});

describe("ClinicalTrials.gov imports", () => {
  test("a re-sync that sees a primary completion date move later queues a notice for the import's disease", async () => {
    const w = await world();
    const user = await createUser({ role: "admin", isTopAdmin: true });
    registry.fake.studies = [
      { nctId: "NCT05000001", title: "Lecanemab subcutaneous", acronym: "CLARITY-SC", pcd: { date: "2027-06-01", type: "ESTIMATED" } },
      { nctId: "NCT05000002", title: "Another study", pcd: { date: "2027-01-01", type: "ESTIMATED" } },
    ];
    const sync = await RegistrySync.create({
      user: user._id,
      client: w.acme._id,
      therapeuticArea: w.ad.therapeuticArea,
      disease: w.ad._id,
      query: { ids: ["NCT05000001", "NCT05000002"] },
    });
    expect((await runRegistrySync(String(sync._id))).ok).toBe(true);
    expect(await Trial.countDocuments({ disease: w.ad._id })).toBe(2);

    // Both updated on the registry today: one delayed, one brought forward (not a delay).
    const today = new Date().toISOString().slice(0, 10);
    Object.assign(registry.fake.studies[0]!, { pcd: { date: "2028-03-31", type: "ESTIMATED" }, updated: today });
    Object.assign(registry.fake.studies[1]!, { pcd: { date: "2026-12-01", type: "ESTIMATED" }, updated: today });
    const source = await MonitorSource.create({
      name: "Registry",
      kind: "registry",
      intervalMinutes: 1440,
      nextRunAt: new Date(Date.now() - 1000),
    });
    await runDueSources();
    const items = await fetched();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      client: w.acme._id,
      disease: w.ad._id,
      createdByName: "ClinicalTrials.gov",
      priority: 2,
      sources: [{ name: "ClinicalTrials.gov", link: "https://clinicaltrials.gov/study/NCT05000001?tab=history" }],
    });
    expect(items[0]!.title).toMatch(
      /^CLARITY-SC: NCT05000001: primary completion moved from 01\/06\/2027 to 31\/03\/2028 \(registry, seen \d\d\/\d\d\/\d{4}\)$/,
    );
    expect((await MonitorSource.findById(source._id).lean())!).toMatchObject({ lastItems: 1, failures: 0 });

    // The registry down: the source says so and keeps what it had.
    registry.fake.fail.push(...Array.from({ length: 4 }, () => ({ status: 503, body: "<html>down</html>" })));
    await makeDue(source._id);
    await runDueSources();
    expect((await MonitorSource.findById(source._id).lean())!.lastError).toBe(
      "Every import failed: ClinicalTrials.gov could not be reached. Nothing was imported; try again later.",
    );
    expect(await News.countDocuments({ status: "fetch" })).toBe(1);
  });
});

describe("the Monitoring console", () => {
  test("an admin adds, edits, checks now, switches off and deletes a source; a feed needs an address; each change is logged", async () => {
    const admin = await createUser({ role: "admin" });
    const form = { name: "FDA press releases", kind: "rss", url: "", intervalMinutes: "60", status: "active" };

    // A feed without an address: the form says so, nothing is saved.
    const refused = await callAction(addPage, { user: admin, form, url: "/administration/monitoring/x" });
    expect(httpStatusOf(refused)).toBe(400);
    expect(JSON.stringify(refused)).toContain(SOURCE_URL_REQUIRED);
    expect(
      await callAction(addPage, { user: admin, form: { ...form, url: "javascript:alert(1)" }, url: "/administration/monitoring/x" }).then(
        httpStatusOf,
      ),
    ).toBe(400);
    expect(
      await callAction(addPage, {
        user: admin,
        form: { ...form, url: sources.feedUrl("fda"), intervalMinutes: "7" },
        url: "/administration/monitoring/x",
      }).then(httpStatusOf),
    ).toBe(400);
    expect(await MonitorSource.countDocuments()).toBe(0);

    const added = (await callAction(addPage, {
      user: admin,
      form: { ...form, url: ` ${sources.feedUrl("fda")} ` },
      url: "/administration/monitoring/x",
    })) as Response;
    expect(locationOf(added)).toBe("/administration/monitoring");
    expect(await toastsOf(added)).toEqual([SOURCE_ADDED]);
    const source = (await MonitorSource.findOne().lean())!;
    expect(source).toMatchObject({
      name: "FDA press releases",
      kind: "rss",
      url: sources.feedUrl("fda"),
      intervalMinutes: 60,
      status: "active",
    });
    expect(source.nextRunAt.getTime()).toBeLessThanOrEqual(Date.now());
    const id = String(source._id);

    // PubMed needs no address (one typed is dropped).
    const edited = (await callAction(editPage, {
      user: admin,
      form: { ...form, name: "PubMed", kind: "pubmed", url: "https://ignored.example", intervalMinutes: "1440" },
      params: { sourceId: id },
      url: "/administration/monitoring/x",
    })) as Response;
    expect(await toastsOf(edited)).toEqual([SOURCE_UPDATED]);
    const pubmed = (await MonitorSource.findById(id).lean())!;
    expect(pubmed).toMatchObject({ name: "PubMed", kind: "pubmed", intervalMinutes: 1440 });
    expect(pubmed.url).toBeUndefined();

    await MonitorSource.updateOne({ _id: id }, { $set: { nextRunAt: new Date(Date.now() + 86_400_000) } });
    const soon = (await callAction(runAction, {
      user: admin,
      form: { redirectTo: "/administration/monitoring" },
      params: { sourceId: id },
      url: "/administration/monitoring/x",
    })) as Response;
    expect(await toastsOf(soon)).toEqual([SOURCE_RUN_SOON]);
    expect((await MonitorSource.findById(id).lean())!.nextRunAt.getTime()).toBeLessThanOrEqual(Date.now());

    const off = (await callAction(statusAction, {
      user: admin,
      form: { status: "inactive" },
      params: { sourceId: id },
      url: "/administration/monitoring/x",
    })) as Response;
    expect(await toastsOf(off)).toEqual(["Source inactive!"]);
    expect(await runDueSources()).toBe(0); // switched off: not run though due

    const page = (await callLoader(monitoringPage, { user: admin, url: "/administration/monitoring" })) as Awaited<
      ReturnType<typeof monitoringPage.loader>
    >;
    expect(page.rows.map((r) => [r.name, r.kind, r.status])).toEqual([["PubMed", "PubMed", "inactive"]]);

    const deleted = (await callAction(deletePage, {
      user: admin,
      form: { redirectTo: "/administration/monitoring" },
      params: { sourceId: id },
      url: "/administration/monitoring/x",
    })) as Response;
    expect(await toastsOf(deleted)).toEqual([SOURCE_DELETED]);
    expect(await MonitorSource.countDocuments()).toBe(0);
    expect((await AuditLog.find({ entity: "source" }).sort({ at: 1 }).lean()).map((e) => e.action)).toEqual([
      "create",
      "update",
      "status",
      "delete",
    ]);
  });

  test("the list shows each source's last run: items found, or the error and when it is tried again", async () => {
    const admin = await createUser({ role: "admin", isTopAdmin: true });
    await world();
    await feedSource("missing");
    sources.fake.feeds.set("good", { body: rss([{ title: "Lecanemab news", link: "https://x.example/2" }]) });
    await feedSource("good");
    await runDueSources();
    const page = (await callLoader(monitoringPage, { user: admin, url: "/administration/monitoring" })) as Awaited<
      ReturnType<typeof monitoringPage.loader>
    >;
    const byName = Object.fromEntries(page.rows.map((r) => [r.name, r]));
    expect(byName.good).toMatchObject({ lastItems: 2, lastError: "", failures: 0, running: false });
    expect(byName.missing).toMatchObject({ lastError: "The feed refused the request: HTTP 404.", failures: 1 });
    expect(byName.missing!.lastRunAt).not.toBeNull();
  });
});

describe("the editors' digest", () => {
  const smtp = useSmtpServer();
  beforeEach(() => EditorsDigest.deleteMany({}));

  test("off until an admin turns it on; then each admin is mailed the new fetch-queue items of the diseases they hold, once a period", async () => {
    await User.deleteMany({}); // the admins of earlier tests would be mailed too
    const w = await world();
    const acmeAdmin = await createUser({ role: "admin", permissions: grantsFor([w.ad]) });
    const globexAdmin = await createUser({ role: "admin", permissions: grantsFor([w.pd, w.adGlobex]) });
    // Of Globex too, but not of its Alzheimer's disease, whose queue the item is in.
    const parkinsonsAdmin = await createUser({ role: "admin", permissions: grantsFor([w.pd]) });
    const initechAdmin = await createUser({
      role: "admin",
      permissions: grantsFor([await createDisease(await createArea(await createClient({ name: "Initech" })))]),
    });
    const editor = await createUser({ role: "editor", permissions: grantsFor([w.ad]) });
    sources.fake.feeds.set("wire", { body: rss([{ title: "Lecanemab in Japan", link: "https://w.example/1" }]) });
    await feedSource("wire");
    await runDueSources();
    expect(await sendEditorsDigest()).toBe(0); // off

    const saved = (await callAction(monitoringPage, {
      user: acmeAdmin,
      form: { frequency: "daily" },
      url: "/administration/monitoring/x",
    })) as Response;
    expect(await toastsOf(saved)).toEqual([EDITORS_DIGEST_SAVED]);
    expect(await sendEditorsDigest()).toBe(0); // turned on now: its first digest covers what comes next
    // A day on, with one more item fetched since it was turned on.
    await EditorsDigest.updateOne({ _id: "editors" }, { $set: { lastSentAt: new Date(Date.now() - 86_400_000 - MINUTE) } });
    const tomorrow = new Date(Date.now() + 2 * MINUTE); // past the digest's settling minute
    expect(await sendEditorsDigest(tomorrow, "https://app.example")).toBe(2); // Acme's and Globex's admins (Lecanemab: both clients' queues)
    const mail = decodedMail(smtp.mailsTo(acmeAdmin.email).at(-1)!.raw);
    expect(mail).toContain("Subject: Fetch queue: 1 new item");
    expect(mail).toContain("Lecanemab in Japan");
    expect(mail).toContain(
      `https://app.example/news/edit/${String((await News.findOne({ client: w.acme._id, status: "fetch" }).lean())!._id)}`,
    );
    expect(mail).toContain("https://app.example/news/drafts?view=fetch");
    expect(smtp.mailsTo(editor.email)).toHaveLength(0); // editors do not work the fetch queue
    expect(decodedMail(smtp.mailsTo(globexAdmin.email)[0]!.raw)).toContain("Lecanemab in Japan"); // an admin curates their diseases' news
    expect(smtp.mailsTo(parkinsonsAdmin.email)).toHaveLength(0);
    expect(smtp.mailsTo(initechAdmin.email)).toHaveLength(0); // nothing fetched for Initech
    expect(await sendEditorsDigest(new Date(tomorrow.getTime() + MINUTE), "https://app.example")).toBe(0); // not due again today

    // The mail's link turns it off for that admin alone, without signing in (opening it changes nothing).
    const link = /https:\/\/app\.example\/resources\/unsubscribe\/(q\.[\w.-]+)/.exec(mail)![1]!;
    const at = { url: `/resources/unsubscribe/${link}`, params: { token: link } };
    const call = (route: "loader" | "action") => (route === "loader" ? callLoader(unsubscribe, at) : callAction(unsubscribe, at));
    expect(((await call("loader")) as { data: { digest: { question: string } } }).data.digest.question).toBe(
      "Stop the e-mail digest of new fetch-queue items?",
    );
    expect((await User.findById(acmeAdmin._id).lean())!.fetchDigest).toBe(true);
    await call("action");
    expect((await User.findById(acmeAdmin._id).lean())!.fetchDigest).toBe(false);
    await News.create({ title: "Lecanemab: one more", client: w.acme._id, disease: w.ad._id, status: "fetch" });
    await News.create({ title: "Lecanemab: one more", client: w.globex._id, disease: w.adGlobex._id, status: "fetch" });
    await EditorsDigest.updateOne({ _id: "editors" }, { $set: { lastSentAt: new Date(Date.now() - 86_400_000 - MINUTE) } });
    const [acmeBefore, globexBefore] = [smtp.mailsTo(acmeAdmin.email).length, smtp.mailsTo(globexAdmin.email).length];
    expect(await sendEditorsDigest(new Date(Date.now() + 2 * MINUTE), "https://app.example")).toBe(1);
    expect(smtp.mailsTo(acmeAdmin.email)).toHaveLength(acmeBefore);
    expect(smtp.mailsTo(globexAdmin.email)).toHaveLength(globexBefore + 1);

    // The Monitoring page turns it on again for whoever is signed in.
    const again = (await callAction(monitoringPage, {
      user: acmeAdmin,
      form: { intent: "mine", receive: "on" },
      url: "/administration/monitoring/x",
    })) as Response;
    expect(await toastsOf(again)).toEqual([FETCH_DIGEST_MINE_ON]);
    expect((await User.findById(acmeAdmin._id).lean())!.fetchDigest).toBe(true);
  });

  test("each line names the client and disease whose queue the item is in; the mail carries one-click unsubscribe headers", async () => {
    await User.deleteMany({});
    const w = await world();
    // Holds both clients' Alzheimer's disease: the keyword "Lecanemab" brings the article into each.
    const admin = await createUser({ role: "admin", permissions: grantsFor([w.ad, w.adGlobex]) });
    sources.fake.feeds.set("wire", { body: rss([{ title: "Lecanemab filing in Europe", link: "https://w.example/eu" }]) });
    await feedSource("wire");
    await runDueSources();
    await callAction(monitoringPage, { user: admin, form: { frequency: "daily" }, url: "/administration/monitoring/x" });
    await EditorsDigest.updateOne({ _id: "editors" }, { $set: { lastSentAt: new Date(Date.now() - 86_400_000 - MINUTE) } });
    expect(await sendEditorsDigest(new Date(Date.now() + 2 * MINUTE), "https://app.example")).toBe(1);
    const raw = smtp.mailsTo(admin.email).at(-1)!.raw;
    const mail = decodedMail(raw);
    expect(mail).toContain("Subject: Fetch queue: 2 new items");
    expect(mail).toContain("Lecanemab filing in Europe — Acme Pharma › Alzheimer's disease (wire)");
    expect(mail).toContain("Lecanemab filing in Europe — Globex Bio › Alzheimer's disease (wire)");
    const headers = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, " ");
    const token = /https:\/\/app\.example\/resources\/unsubscribe\/(q\.[\w.-]+)/.exec(mail)![1]!;
    expect(headers).toContain(`List-Unsubscribe: <https://app.example/resources/unsubscribe/${token}>`);
    expect(headers).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  });
});
