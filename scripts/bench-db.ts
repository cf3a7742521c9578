// npm run bench:db: the app's queries at real size. Seeds a throwaway database (100k news, 20k events, 50k trials with 20k registry changes, 10k compounds,
// 5k companies, 100k users, 100k change-log entries, and the clients, areas and diseases they belong to, shaped like the models) and times the
// model functions the screens call — through app/models, as the screens do — printing p50/p95 over 50 runs each.
// Target: p95 < 100 ms on the embedded default (SecantusDB). BENCH_DB_SCALE=0.1 seeds a tenth; BENCH_DB_ENGINES=
// "secantus,ferretdb" also runs FerretDB (at a tenth of the size: at full size it takes tens of seconds a query).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import mongoose, { Types } from "mongoose";

import { AUDIT_ACTIONS, AUDIT_ENTITIES, EVENT_TYPES, NEWS_CATEGORIES, TRIAL_PHASES } from "#common/constants";
import { keywordMatcher } from "#common/fetch-keys";
import { connectDb, disconnectDb } from "#db/connection.server";
import {
  AuditLog,
  Client,
  Company,
  Compound,
  Disease,
  Event,
  Keyword,
  News,
  TherapeuticArea,
  Trial,
  TrialChange,
  User,
} from "#db/models/index.server";
import { grantedDiseasesOf } from "#db/models/user.server";
import { historyOf, listAuditPage } from "~/models/audit.server";
import { clientNamesOf, listAllClients, listPermittedClients } from "~/models/client.server";
import { companyChoices, companyRows, listCompaniesPage, logoUrlsByName, parentCompanyOptions } from "~/models/company.server";
import { compoundRows, listCompoundsPage, searchCompounds } from "~/models/compound.server";
import { findPermittedDisease, listPermittedDiseases } from "~/models/disease.server";
import { eventFilterOptions, listDiseaseEvents, listEventsPage, listManagedEventsPage, managedEventRows } from "~/models/event.server";
import { createImportRun } from "~/models/import-run.server";
import { keywordRows, listKeywordsPage } from "~/models/keyword.server";
import { activeKeywords, destinationsOf, dueSources, fetchedSince, fileFetchedItems } from "~/models/monitor.server";
import {
  feedCards,
  findReadableNews,
  listDiseaseNews,
  listDraftsPage,
  listNewsPage,
  newsEditorOptions,
  newsFilterOptions,
} from "~/models/news.server";
import { primaryCompletionSlips, trialRegistryHistory } from "~/models/registry.server";
import { listPermittedAreas } from "~/models/therapeutic-area.server";
import { listTrialsPage, trialRows } from "~/models/trial.server";
import { findActiveUserByEmail, listUsersPage, purgeDeletedUsers } from "~/models/user.server";
import { compoundImporter } from "~/routes/_app+/administration+/compound+/__compound-import.server";
import { keywordImporter } from "~/routes/_app+/administration+/keyword+/__keyword-import.server";
import { applyImport, importPage, type Importer } from "~/services/console/import.server";
import { createUserSession, getUser } from "~/utils/session.server";
import { getCachedSheet } from "~/utils/sheets/refresh.server";
import { storeSheetCopy } from "~/utils/sheets/store.server";

import { generateSheet } from "./bench/generate";
import { freePort, startEmbeddedDb, type Engine } from "./embedded-db";
import { Random } from "./seed/random";

const RUNS = 50;
const TARGET_MS = 100;
const IMPORT_ROWS = 10_000;
const engines = (process.env.BENCH_DB_ENGINES ?? "secantus").split(",") as Engine[];
const WORDS =
  "amyloid tau phase trial results approval filing launch readout biomarker antibody oral infusion safety efficacy cohort enrollment interim topline regulatory partnership licensing acquisition financing guidance pipeline data conference abstract poster plenary".split(
    " ",
  );

interface Sizes {
  news: number;
  events: number;
  trials: number;
  compounds: number;
  companies: number;
  users: number;
  changes: number;
  clients: number;
  areasPerClient: number;
  diseasesPerArea: number;
}
const full: Sizes = {
  news: 100_000,
  events: 20_000,
  trials: 50_000,
  compounds: 10_000,
  companies: 5_000,
  users: 100_000,
  changes: 100_000,
  clients: 10,
  areasPerClient: 5,
  diseasesPerArea: 4,
};
const scaled = (k: number): Sizes => ({
  ...full,
  news: full.news * k,
  events: full.events * k,
  trials: full.trials * k,
  compounds: full.compounds * k,
  companies: full.companies * k,
  users: full.users * k,
  changes: full.changes * k,
});

async function insertAll(
  model: { insertMany: (docs: Record<string, unknown>[], options: { ordered: false }) => Promise<unknown> },
  count: number,
  make: (i: number) => Record<string, unknown>,
) {
  for (let start = 0; start < count; start += 1000) {
    await model.insertMany(
      Array.from({ length: Math.min(1000, count - start) }, (_, k) => make(start + k)),
      { ordered: false },
    );
  }
}

async function seedAtSize(sizes: Sizes) {
  const r = new Random("bench-db");
  const title = (n: number) => Array.from({ length: n }, () => r.pick(WORDS)).join(" ");
  const clients = Array.from({ length: sizes.clients }, (_, i) => ({ _id: new Types.ObjectId(), name: `Client ${i}`, status: "active" }));
  const areas = clients.flatMap((c) =>
    Array.from({ length: sizes.areasPerClient }, (_, i) => ({ _id: new Types.ObjectId(), name: `Area ${i}`, client: c._id })),
  );
  const diseases = areas.flatMap((a) =>
    Array.from({ length: sizes.diseasesPerArea }, (_, i) => ({
      _id: new Types.ObjectId(),
      name: `Disease ${i}`,
      therapeuticArea: a._id,
      client: a.client,
      reports: [{ id: "list", name: "News List" }],
    })),
  );
  await Client.insertMany(clients);
  await TherapeuticArea.insertMany(areas);
  await Disease.insertMany(diseases);
  const companyNames = Array.from(
    { length: sizes.companies },
    (_, i) =>
      `${r.pick(["Helix", "Nova", "Aster", "Borealis", "Cobalt", "Delta"])} ${r.pick(["Bio", "Pharma", "Therapeutics", "Labs"])} ${i}`,
  );
  const companyIds = Array.from({ length: sizes.companies }, () => new Types.ObjectId());
  const compoundIds = Array.from({ length: sizes.compounds }, () => new Types.ObjectId());
  await insertAll(Company, sizes.companies, (i) => ({
    _id: companyIds[i],
    name: companyNames[i],
    type: "Biotech",
    alias: `C${i}`,
    logo: `/resources/files/${new Types.ObjectId()}`,
  }));
  await insertAll(Compound, sizes.compounds, (i) => {
    const d = r.pick(diseases);
    return {
      _id: compoundIds[i],
      name: { generic: `${r.pick(["lec", "don", "aduc", "gant", "sol", "rem"])}${r.string(5, "aeiounm")}mab ${i}`, brand: `Brand${i}` },
      client: d.client,
      therapeuticArea: d.therapeuticArea,
      disease: d._id,
      priority: r.int(1, 3),
    };
  });
  // The terms news are tagged with: 20 keywords a disease.
  await insertAll(Keyword, diseases.length * 20, (i) => {
    const d = diseases[Math.floor(i / 20)]!;
    return { name: WORDS[i % WORDS.length], client: d.client, therapeuticArea: d.therapeuticArea, disease: d._id };
  });
  const day = 86_400_000;
  await insertAll(News, sizes.news, (i) => {
    const d = r.pick(diseases);
    const status = r.weighted([
      ["published", 90],
      ["draft", 7],
      ["fetch", 3],
    ] as const);
    const publishedAt = new Date(Date.now() - r.int(0, 3 * 365) * day - r.int(0, day));
    const picked = Array.from({ length: r.int(1, 3) }, () => r.int(0, sizes.companies - 1));
    return {
      title: title(8),
      analystCommentary: `<p>${title(40)}</p>`,
      content: `<p>${title(120)}</p><p>${title(80)}</p>`,
      client: d.client,
      therapeuticArea: d.therapeuticArea,
      disease: d._id,
      status,
      publishedAt: status === "published" ? publishedAt : undefined,
      createdAt: publishedAt,
      categories: [r.pick(NEWS_CATEGORIES)],
      priority: r.int(1, 4),
      terms: r.sample(WORDS, 2),
      sources: [{ name: "Source", link: `https://example.com/news/${i}` }],
      companies: picked.map((k) => companyIds[k]),
      searchNames: picked.map((k) => companyNames[k]),
      compounds: r.sample(compoundIds, r.int(1, 2)),
    };
  });
  await insertAll(Event, sizes.events, (i) => {
    const d = r.pick(diseases);
    const start = new Date(Date.now() + r.int(-365, 365) * day + r.int(0, day));
    return {
      title: `${title(3)} ${i}`,
      type: r.pick(EVENT_TYPES),
      client: d.client,
      therapeuticArea: d.therapeuticArea,
      disease: d._id,
      compound: r.pick(compoundIds),
      startDateTime: start,
      endDateTime: new Date(start.getTime() + 8 * 3600_000),
      timezone: "Europe/Amsterdam",
    };
  });
  const trialIds = Array.from({ length: sizes.trials }, () => new Types.ObjectId());
  const trialDiseases = trialIds.map(() => r.pick(diseases));
  await insertAll(Trial, sizes.trials, (i) => {
    const d = trialDiseases[i]!;
    return {
      _id: trialIds[i],
      eventTitle: `${title(3).toUpperCase()} ${i}`,
      trialIdentifier: `NCT${String(10_000_000 + i).padStart(8, "0")}`,
      client: d.client,
      therapeuticArea: d.therapeuticArea,
      disease: d._id,
      compound: r.pick(compoundIds),
      status: r.weighted([
        ["active", 9],
        ["inactive", 1],
      ] as const),
      phase: r.pick(TRIAL_PHASES),
      startDateTime: new Date(Date.now() - r.int(0, 3650) * day),
    };
  });
  // The registry change log: two changes (status, primary completion date) for every fifth trial.
  await insertAll(
    { insertMany: (docs: Record<string, unknown>[]) => TrialChange.collection.insertMany(docs) },
    Math.floor(sizes.trials / 5) * 2,
    (i) => {
      const k = Math.floor(i / 2) * 5;
      const d = trialDiseases[k]!;
      const [field, previous, next] =
        i % 2 ? ["primaryCompletionDate", "2027-06-01", "2028-03-31"] : ["trialStatus", "Recruiting", "Completed"];
      return {
        trial: trialIds[k],
        client: d.client,
        disease: d._id,
        trialIdentifier: `NCT${String(10_000_000 + k).padStart(8, "0")}`,
        field,
        previous,
        next,
        seenAt: new Date(Date.now() - r.int(0, 365) * day),
      };
    },
  );
  // Users one by one would take minutes: insert them with their derived fields as save() would set them.
  const grant = (n: number) => {
    const chosen = r.sample(diseases, n);
    return chosen.map((d) => ({ client: d.client, therapeuticArea: d.therapeuticArea, diseases: [d._id] }));
  };
  const userIds: Types.ObjectId[] = [];
  await insertAll({ insertMany: (docs: Record<string, unknown>[]) => User.collection.insertMany(docs) }, sizes.users, (i) => {
    const permissions = grant(r.int(1, 12));
    const first = `${r.pick(["Ada", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana"])}${i}`;
    const _id = new Types.ObjectId();
    userIds.push(_id);
    return {
      _id,
      name: { first, last: `Last${i}` },
      email: `user${i}@bench.test`,
      role: r.pick(["external", "editor", "admin"]),
      status: r.pick(["active", "active", "pending", "inactive", "blocked"]),
      isTopAdmin: false,
      permissions,
      clients: [...new Set(permissions.map((p) => String(p.client)))].map((id) => new Types.ObjectId(id)),
      grantedDiseases: grantedDiseasesOf(permissions),
      searchTokens: [first.toLowerCase(), `last${i}`, `user${i}`, "bench", "test"],
    };
  });
  const start = Date.now() - 365 * day;
  await insertAll({ insertMany: (docs: Record<string, unknown>[]) => AuditLog.collection.insertMany(docs) }, sizes.changes, (i) => {
    const entityId = r.pick(userIds);
    return {
      at: new Date(start + i * ((365 * day) / sizes.changes)),
      actorName: "Owen Owner",
      entity: r.pick(AUDIT_ENTITIES),
      entityId,
      entityName: `User ${i}`,
      action: r.pick(AUDIT_ACTIONS),
      changes: [{ field: "status", before: "pending", after: "active" }],
    };
  });
  const analyst = await User.create({
    name: { first: "Ana", last: "Lyst" },
    email: "analyst@bench.test",
    role: "external",
    status: "active",
    permissions: grant(3),
  });
  const owner = await User.create({
    name: { first: "Owen", last: "Owner" },
    email: "owner@bench.test",
    role: "admin",
    isTopAdmin: true,
    status: "active",
  });
  await storeSheetCopy(diseases[0]!._id, generateSheet(10_000));
  return {
    analyst,
    owner,
    companyNames,
    sheetDisease: String(diseases[0]!._id),
    trialId: String(trialIds[0]),
    compoundId: String(compoundIds[0]),
  };
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function time(run: () => Promise<unknown>) {
  await run(); // warm-up
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await run();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95) };
}

async function measure(engine: Engine, sizes: Sizes) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `pharmascope-bench-db-${engine}-`));
  const db = await startEmbeddedDb({ engine, dataDir, port: await freePort() });
  process.env.MONGODB_URI = db.uri("bench");
  try {
    await connectDb(process.env.MONGODB_URI);
    await Promise.all(Object.values(mongoose.models).map((m) => m.createIndexes()));
    const t0 = performance.now();
    const { analyst, owner, companyNames, sheetDisease, trialId, compoundId } = await seedAtSize(sizes);
    console.log(
      `\n${engine}: seeded ${sizes.news.toLocaleString("en")} news, ${sizes.events.toLocaleString("en")} events, ${sizes.trials.toLocaleString("en")} trials, ${sizes.compounds.toLocaleString("en")} compounds, ${sizes.companies.toLocaleString("en")} companies, ${sizes.users.toLocaleString("en")} users, ${sizes.changes.toLocaleString("en")} change-log entries in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
    );
    const cookie = (user: { _id: unknown }) =>
      createUserSession(new Request("http://x/login"), String(user._id)).then((c) => c.split(";")[0]!);
    const [analystCookie, ownerCookie] = [await cookie(analyst), await cookie(owner)];
    const sessionUser = async (c: string) => (await getUser(new Request("http://x/", { headers: { Cookie: c } })))!;
    const [user, top] = [await sessionUser(analystCookie), await sessionUser(ownerCookie)];
    const [client] = await listPermittedClients({ user });
    const [area] = await listPermittedAreas({ user, client: client! });
    const [diseaseRow] = await listPermittedDiseases({ user, area: area! });
    const disease = (await findPermittedDisease({ user, id: diseaseRow!.id })) as {
      status: "ok";
      disease: Parameters<typeof listDiseaseNews>[0]["disease"];
    };
    const [topClient] = await listPermittedClients({ user: top });
    const [topArea] = await listPermittedAreas({ user: top, client: topClient! });
    const [topDisease] = await listPermittedDiseases({ user: top, area: topArea! });
    const newsId = String((await News.findOne({ disease: topDisease!.id, status: "published" }).select("_id").lean())!._id);
    const secondPage = (await listNewsPage({ user: top, client: topClient!, page: { size: 10 } })).next;
    const usersSecondPage = (await listUsersPage({ actor: top, page: { size: 10 } })).next;
    const page = { size: 10 };
    // Keyword monitoring: 100 found articles, each matching a keyword of every disease (4k keywords in all); after the
    // warm-up run filed them, every run finds them all known (the de-duplication reads, no writes).
    const { keywords } = await activeKeywords();
    const found = Array.from({ length: 100 }, (_, i) => ({
      article: { title: `Bench wire ${i}: ${WORDS[i % WORDS.length]} update`, link: `https://wire.example/${i}`, sourceName: "Wire" },
      destinations: destinationsOf(keywords.filter((k) => k.name === WORDS[i % WORDS.length]).slice(0, 20)),
    }));
    // Matching is CPU only: 4k distinct two-word keywords against 500 entries of 60 words that mention two of them.
    const distinct = keywordMatcher(Array.from({ length: 4_000 }, (_, i) => ({ name: `${WORDS[i % WORDS.length]} term${i}` })));
    const entries = Array.from({ length: 500 }, (_, i) =>
      [
        ...Array.from({ length: 58 }, (_, j) => WORDS[(i * 7 + j) % WORDS.length]),
        `term${i}`,
        `${WORDS[(i * 3) % WORDS.length]} term${(i * 3) % 4_000}`,
      ].join(" "),
    );
    const cases: Array<[string, () => Promise<unknown>]> = [
      ["sign-in lookup (user by email)", () => findActiveUserByEmail("user1234@bench.test")],
      ["session read (every request)", () => getUser(new Request("http://x/", { headers: { Cookie: analystCookie } }))],
      [
        "clients, areas, diseases of a user",
        async () =>
          listPermittedDiseases({
            user,
            area: (await listPermittedAreas({ user, client: (await listPermittedClients({ user }))[0]! }))[0]!,
          }),
      ],
      ["a permitted disease", () => findPermittedDisease({ user, id: diseaseRow!.id })],
      ["news feed, first page (analyst)", () => listNewsPage({ user, client: client!, page })],
      ["news feed, first page (top admin)", () => listNewsPage({ user: top, client: topClient!, page })],
      [
        "news feed, second page (forward token)",
        () => listNewsPage({ user: top, client: topClient!, page: { size: 10, after: secondPage } }),
      ],
      [
        "news feed by disease + a year",
        () =>
          listNewsPage({
            user: top,
            client: topClient!,
            filters: { diseases: [topDisease!.id], from: new Date(Date.now() - 365 * 86_400_000), to: new Date() },
            page,
          }),
      ],
      ["news feed by term", () => listNewsPage({ user: top, client: topClient!, filters: { terms: ["readout"] }, page })],
      [
        "news feed by category + priority",
        () => listNewsPage({ user: top, client: topClient!, filters: { categories: ["Regulatory"], priorities: [1] }, page }),
      ],
      ["news search by words", () => listNewsPage({ user: top, client: topClient!, filters: { search: "topline amyl" }, page })],
      [
        "feed cards: names of a page's companies and compounds",
        async () => feedCards((await listNewsPage({ user: top, client: topClient!, page: { size: 50 } })).items),
      ],
      ["feed filter options (analyst)", () => newsFilterOptions({ user, client: client! })],
      ["news of a disease (report)", () => listDiseaseNews({ disease: disease.disease, search: new URLSearchParams(), size: 10 })],
      ["events of a disease (report)", () => listDiseaseEvents({ disease: disease.disease })],
      ["events feed, first page (analyst)", () => listEventsPage({ user, client: client!, page })],
      ["events feed by type (top admin)", () => listEventsPage({ user: top, client: topClient!, filters: { type: "Conference" }, page })],
      ["events filter options (analyst)", () => eventFilterOptions({ user, client: client! })],
      ["drafts page", () => listDraftsPage({ user: top, status: "draft", page })],
      [
        "news editor options (5k companies, a disease's compounds)",
        () => newsEditorOptions({ user: top, client: topClient!.id, area: topArea!.id, disease: topDisease!.id }),
      ],
      ["news item to read", () => findReadableNews({ user: top, id: newsId })],
      ["keyword list, first page (top admin, by name)", async () => keywordRows((await listKeywordsPage({ user: top, page })).items)],
      ["keyword list of a user's diseases", async () => keywordRows((await listKeywordsPage({ user, page })).items)],
      ["keyword search (name word)", () => listKeywordsPage({ user: top, search: "read", page })],
      [
        "event list, first page (top admin, by title)",
        async () => managedEventRows((await listManagedEventsPage({ user: top, page })).items),
      ],
      ["event list of a user's diseases", async () => managedEventRows((await listManagedEventsPage({ user, page })).items)],
      ["event search (title word)", () => listManagedEventsPage({ user: top, search: "read", page })],
      ["company list, first page (5k, by name)", async () => companyRows((await listCompaniesPage({ page })).items)],
      ["company search (name word)", () => listCompaniesPage({ search: "cobalt thera", page })],
      ["parent company picker (5k companies)", () => parentCompanyOptions()],
      [
        "trials list, first page with total and names (top admin)",
        async () => trialRows((await listTrialsPage({ user: top, page })).items),
      ],
      ["trials list of a user's diseases", async () => trialRows((await listTrialsPage({ user, page })).items)],
      [
        "trials of a client, area, disease",
        () => listTrialsPage({ user: top, filters: { clientId: client!.id, areaId: area!.id, diseaseId: diseaseRow!.id }, page }),
      ],
      ["trials of a compound", () => listTrialsPage({ user: top, filters: { compoundId }, page })],
      ["trials by status (inactive)", () => listTrialsPage({ user: top, filters: { status: "inactive" }, page })],
      ["trials by phase", () => listTrialsPage({ user: top, filters: { phase: "Phase 3" }, page })],
      ["trials search (a whole NCT id)", () => listTrialsPage({ user: top, filters: { search: "nct10020345" }, page })],
      ["trials search (an id prefix matching 10k trials)", () => listTrialsPage({ user: top, filters: { search: "nct1002" }, page })],
      ["trials search (title word)", () => listTrialsPage({ user: top, filters: { search: "readout" }, page })],
      ["a disease's primary completion slips (reports)", () => primaryCompletionSlips({ diseaseId: topDisease!.id })],
      ["a trial's registry history", () => trialRegistryHistory(trialId)],
      [`monitoring: the active keywords and their matcher (${keywords.length.toLocaleString("en")})`, () => activeKeywords()],
      ["monitoring: 500 feed entries matched against 4,000 distinct keywords (CPU)", async () => entries.map((e) => distinct(e))],
      ["monitoring: 100 articles × 20 diseases filed, all known already", () => fileFetchedItems(found)],
      ["monitoring: sources due now", () => dueSources(new Date())],
      [
        "fetch-queue digest: a day's items of the top admin",
        () => fetchedSince({ user: top, since: new Date(Date.now() - 86_400_000), until: new Date(), limit: 51 }),
      ],
      ["compound search by name", () => searchCompounds({ user: top, search: "lec", page })],
      ["compound list, first page (top admin, by name)", async () => compoundRows((await listCompoundsPage({ user: top, page })).items)],
      ["compound list of a user's diseases", async () => compoundRows((await listCompoundsPage({ user, page })).items)],
      ["compound list search (any name, word)", () => listCompoundsPage({ user: top, search: "lec", page })],
      ["compound form's company pickers (5k companies)", () => companyChoices()],
      ["users list, first page (by name)", () => listUsersPage({ actor: top, page })],
      ["users list, second page (forward token)", () => listUsersPage({ actor: top, page: { size: 10, after: usersSecondPage } })],
      ["users list by email, descending", () => listUsersPage({ actor: top, sort: "email", direction: -1, page })],
      ["users by status (pending)", () => listUsersPage({ actor: top, status: "pending", page })],
      ["users by status, by email", () => listUsersPage({ actor: top, status: "blocked", sort: "email", page })],
      ["users search (name word)", () => listUsersPage({ actor: top, search: "cleo12", page })],
      ["users list of someone who sees only the users within their access", () => listUsersPage({ actor: user, page })],
      [
        "users list's client names + purge check",
        async () => Promise.all([clientNamesOf(analyst.permissions.map((p) => p.client)), purgeDeletedUsers()]),
      ],
      ["clients list (all, by name)", () => listAllClients()],
      ["change log, first page", () => listAuditPage({ page })],
      ["change log by action", () => listAuditPage({ action: "reject", page })],
      ["a user's history panel", () => historyOf({ entity: "user", entityId: String(analyst._id) })],
      ["company logos for 50 names", () => logoUrlsByName(companyNames.slice(0, 50))],
      ["sheet cache read (10k rows, not a page query)", () => getCachedSheet(sheetDisease)],
    ];
    const rows: string[][] = [];
    for (const [label, run] of cases) {
      const { p50, p95 } = await time(run);
      rows.push([label, p50.toFixed(1), p95.toFixed(1), p95 < TARGET_MS ? "ok" : "SLOW"]);
    }
    // Spreadsheet imports of 10k rows (once each: they write): the preview (every row checked), then the import.
    const scope = [topClient!.name, topArea!.name, topDisease!.name];
    const imports: Array<[string, Importer<never, never>, string[][]]> = [
      [
        "keywords",
        keywordImporter as never,
        [
          ["Name", "Client", "Therapeutic Area", "Disease", "Priority"],
          ...Array.from({ length: IMPORT_ROWS }, (_, i) => [`bench term ${i}`, ...scope, "High"]),
        ],
      ],
      [
        "compounds",
        compoundImporter as never,
        [
          [
            "Generic Name",
            "Client",
            "Therapeutic Area",
            "Disease",
            "Originator",
            "Licensees",
            "Therapeutic Modality",
            "Priority",
            "Development Phase",
          ],
          ...Array.from({ length: IMPORT_ROWS }, (_, i) => [
            `benchumab ${i}`,
            ...scope,
            companyNames[i % companyNames.length]!,
            `US: ${companyNames[(i + 1) % companyNames.length]}`,
            "mAb",
            "Medium",
            "Phase 3",
          ]),
        ],
      ],
    ];
    for (const [kind, importer, sheet] of imports) {
      const runId = await createImportRun({ user: top, kind: importer.kind, filename: `bench.${importer.extension}`, rows: sheet });
      const request = new Request(`http://x${importer.list}/import/${runId}`, { headers: { Cookie: ownerCookie } });
      const t0 = performance.now();
      await importPage(request, importer, top, runId);
      const t1 = performance.now();
      await applyImport(request, importer, top, runId);
      const t2 = performance.now();
      rows.push([
        `import of ${IMPORT_ROWS.toLocaleString("en")} ${kind} rows: preview / import (once)`,
        (t1 - t0).toFixed(0),
        (t2 - t1).toFixed(0),
        "—",
      ]);
    }
    return rows;
  } finally {
    await disconnectDb();
    await db.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function table(header: string[], rows: string[][]) {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((l) => l[c]!.length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => (i > 0 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(" | ")} |`;
  console.log(fmt(header));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const l of rows) console.log(fmt(l));
}

for (const engine of engines) {
  const k = engine === "ferretdb" ? 0.1 : Number(process.env.BENCH_DB_SCALE ?? 1);
  const rows = await measure(engine, scaled(k));
  console.log(`\nQuery times through app/models on ${engine} at ${k === 1 ? "full size" : `${k}× size`}, ${RUNS} runs each (ms)`);
  table(["query", "p50", "p95", `p95 < ${TARGET_MS}`], rows);
}
