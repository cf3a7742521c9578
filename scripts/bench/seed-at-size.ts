// The large data of the benchmarks (npm run bench:db, npm run bench:http): 100k news, 20k events, 50k trials with 20k
// registry changes, 10k compounds, 5k companies, 100k users, 100k change-log entries, and the clients, areas and
// diseases they belong to, shaped like the models. Deterministic (seeded random), except dates relative to now.
import { Types } from "mongoose";

import { AUDIT_ACTIONS, AUDIT_ENTITIES, EVENT_TYPES, NEWS_CATEGORIES, TRIAL_PHASES } from "#common/constants";
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
import { storeSheetCopy } from "~/utils/sheets/store.server";

import { Random } from "../seed/random";
import { generateSheet } from "./generate";

export const WORDS =
  "amyloid tau phase trial results approval filing launch readout biomarker antibody oral infusion safety efficacy cohort enrollment interim topline regulatory partnership licensing acquisition financing guidance pipeline data conference abstract poster plenary".split(
    " ",
  );

export interface Sizes {
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
export const full: Sizes = {
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
export const scaled = (k: number): Sizes => ({
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

export async function seedAtSize(sizes: Sizes) {
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
      areaName: a.name,
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
  const compoundNames = compoundIds.map(
    (_, i) => `${r.pick(["lec", "don", "aduc", "gant", "sol", "rem"])}${r.string(5, "aeiounm")}mab ${i}`,
  );
  const compoundsOf = new Map<string, number[]>();
  await insertAll(Compound, sizes.compounds, (i) => {
    const d = r.pick(diseases);
    compoundsOf.set(String(d._id), (compoundsOf.get(String(d._id)) ?? []).concat(i));
    return {
      _id: compoundIds[i],
      name: { generic: compoundNames[i], brand: `Brand${i}` },
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
    // Compounds of the item's disease, as the news editor allows (its save is part of the bench).
    const own = compoundsOf.get(String(d._id)) ?? [];
    const compounds = [...new Set(Array.from({ length: r.int(1, 2) }, () => own[r.int(0, own.length - 1)]))].filter((k) => k !== undefined);
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
      compounds: compounds.map((k) => compoundIds[k]),
      // As the app stores them (News.names): each company and compound's name, by id.
      names: Object.fromEntries([
        ...picked.map((k) => [String(companyIds[k]), companyNames[k]]),
        ...compounds.map((k) => [String(compoundIds[k]), compoundNames[k]]),
      ]),
    };
  });
  const compoundAt = new Map(compoundIds.map((id, k) => [id, k]));
  await insertAll(Event, sizes.events, (i) => {
    const d = r.pick(diseases);
    const start = new Date(Date.now() + r.int(-365, 365) * day + r.int(0, day));
    // Drawn in the order they always were, so the draws after them stay the same.
    const [name, type, compound] = [`${title(3)} ${i}`, r.pick(EVENT_TYPES), r.pick(compoundIds)];
    const k = compoundAt.get(compound)!;
    return {
      title: name,
      type,
      client: d.client,
      therapeuticArea: d.therapeuticArea,
      disease: d._id,
      compound,
      // As the app stores them (Event.compoundFacts): the compound's name, its names, no originator.
      compoundFacts: { name: compoundNames[k], names: [`Brand${k}`, compoundNames[k]], company: "" },
      startDateTime: start,
      endDateTime: new Date(start.getTime() + 8 * 3600_000),
      timezone: "Europe/Amsterdam",
    };
  });
  const trialIds = Array.from({ length: sizes.trials }, () => new Types.ObjectId());
  const trialDiseases = trialIds.map(() => r.pick(diseases));
  await insertAll(Trial, sizes.trials, (i) => {
    const d = trialDiseases[i]!;
    const eventTitle = `${title(3).toUpperCase()} ${i}`;
    const compound = r.int(0, compoundIds.length - 1);
    return {
      _id: trialIds[i],
      eventTitle,
      trialIdentifier: `NCT${String(10_000_000 + i).padStart(8, "0")}`,
      client: d.client,
      therapeuticArea: d.therapeuticArea,
      disease: d._id,
      compound: compoundIds[compound],
      compoundName: compoundNames[compound],
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
