// Deterministic demo data: every run produces the same records (names, texts, links, numbers); only dates that
// are relative to "now" move (news over the last 18 months, events from 6 months back to 12 months ahead).
// Works on MongoDB and on FerretDB 1.24 (no $lookup, $facet, transactions or $text).
import mongoose, { Types, type Model } from "mongoose";
import { REPORT_TYPES, SUMMARY_MAX_CHARS, type NEWS_STATUSES } from "../../app/utils/constants";
import { hashPassword } from "../../app/utils/password.server";
import {
  Client, Company, Compound, Disease, Event, Keyword, News, PasswordReset, Session, TherapeuticArea, Trial, User,
} from "../models/index.server";
import { RateLimit } from "../models/rate-limit.server";
import { CLIENTS } from "./data/clients";
import { COMPANIES } from "./data/companies";
import { COMPOUNDS, type CompoundSeed } from "./data/compounds";
import { DISEASES, type DiseaseKey } from "./data/diseases";
import { CONFERENCES, DATED_EVENTS } from "./data/events";
import { DISEASE_TERMS, TRIAL_DIAGNOSTICS } from "./data/keywords";
import { COMMENTARIES, FETCHERS, NEWS_OUTLETS, NEWS_TEMPLATES, phaseGroup, possessive, type NewsContext } from "./data/news-templates";
import { TRIALS, type TrialSeed } from "./data/trials";
import { USERS, type UserSeed } from "./data/users";
import { DEMO_PASSWORD } from "./demo-logins";
import { mapLimit, slugify, storeGeneratedLogo } from "./logos";
import { Random } from "./random";
import { addDays, dayFrom, monthDate, zonedDate } from "./time";
import { seedWorkbooks } from "./workbooks/seed-workbooks.server"; // sheet sources: demo report workbooks

export interface SeedSummary {
  clients: number;
  therapeuticAreas: number;
  diseases: number;
  companies: number;
  compounds: number;
  keywords: number;
  events: number;
  trials: number;
  news: number;
  users: number;
  files: number;
  /** Things the server could not do (e.g. FerretDB has no TTL indexes); the data is complete regardless. */
  warnings: string[];
  /** Milliseconds per step. */
  timings: Record<string, number>;
  ms: number;
}

const NEWS_COUNT = 440;
/** Quarterly sales range (in $10 million steps) by compound priority: 1 High, 2 Medium, 3 Low. */
const SALES_RANGE = { 1: [30, 300], 2: [8, 80], 3: [2, 30] } as const;
const DRAFT_COUNT = 30;
const FETCH_COUNT = 20;
const NEWS_WINDOW_DAYS = 548; // 18 months
const EVENTS_PAST_DAYS = 183;
const EVENTS_AHEAD_DAYS = 365;

type AnyModel = Model<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const MODELS: AnyModel[] = [Client, TherapeuticArea, Disease, Company, Compound, Keyword, Event, Trial, News, User, Session, PasswordReset, RateLimit];

/** Drops what the seed fills (sessions, reset tokens and rate-limit counters too: they belong to the old users). */
async function resetCollections(warnings: string[]) {
  const db = mongoose.connection.db;
  if (!db) throw new Error("not connected: call connectDb() before seed()");
  // Let the automatic index builds finish first so they do not race the drops below.
  await Promise.allSettled(MODELS.map((m) => m.init()));
  const drop = (name: string) =>
    db.dropCollection(name).catch((error: { code?: number; codeName?: string }) => {
      if (error.code !== 26 && error.codeName !== "NamespaceNotFound") throw error;
    });
  await Promise.all([...MODELS.map((m) => drop(m.collection.collectionName)), drop("files.files"), drop("files.chunks")]);
  for (const model of MODELS) {
    await model.createCollection();
    await model.createIndexes().catch((error: Error) => warnings.push(`${model.modelName} indexes: ${error.message}`));
  }
}

const oid = () => new Types.ObjectId();

function plainText(html: string): string {
  return html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();
}

/** "Placebo" to "placebo", but "IV" and "Insulin glargine U100" keep their capitals where they matter. */
function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text[0].toLowerCase() + text.slice(1) : text;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

// ---------------------------------------------------------------------------------------------------------------

interface CompanyRef { _id: Types.ObjectId; name: string; website: string; type: string }

async function seedCompanies() {
  const ids = new Map(COMPANIES.map((c) => [c.name, oid()]));
  const logos = await mapLimit(COMPANIES, 8, (c) => storeGeneratedLogo(c.name, { purpose: "company-logo", id: String(ids.get(c.name)) }));
  const docs = COMPANIES.map((c, i) => {
    if (c.parent && !ids.has(c.parent)) throw new Error(`company ${c.name}: unknown parent ${c.parent}`);
    return {
      _id: ids.get(c.name)!,
      name: c.name,
      type: c.type,
      website: c.website,
      alias: c.alias,
      headquarters: c.headquarters,
      parentCompany: c.parent ? ids.get(c.parent) : undefined,
      ...logos[i],
      status: c.status ?? "active",
    };
  });
  await Company.insertMany(docs);
  return new Map<string, CompanyRef>(docs.map((d) => [d.name, { _id: d._id, name: d.name, website: d.website, type: d.type }]));
}

interface DiseaseRef {
  _id: Types.ObjectId;
  key: DiseaseKey;
  client: Types.ObjectId;
  clientIndex: number;
  clientActive: boolean;
  area: Types.ObjectId;
  areaName: string;
}

async function seedClientsAreasDiseases() {
  const ids = CLIENTS.map(() => oid());
  const clientLogos = await mapLimit(CLIENTS, 4, (c, i) => storeGeneratedLogo(c.name, { purpose: "client-logo", id: String(ids[i]) }));
  const clients = CLIENTS.map((c, i) => ({ _id: ids[i], name: c.name, status: c.status, contacts: c.contacts, logo: clientLogos[i].logo }));
  const areas: { _id: Types.ObjectId; name: string; client: Types.ObjectId }[] = [];
  const diseases: Record<string, unknown>[] = [];
  const refs: DiseaseRef[] = [];
  CLIENTS.forEach((c, ci) => {
    for (const area of c.areas) {
      const areaDoc = { _id: oid(), name: area.name, client: clients[ci]._id };
      areas.push(areaDoc);
      for (const key of area.diseases) {
        const d = DISEASES[key];
        const rng = new Random(`sheet:${c.name}:${key}`);
        const doc = {
          _id: oid(),
          name: d.name,
          therapeuticArea: areaDoc._id,
          client: clients[ci]._id,
          sheetId: "1" + rng.string(43, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"),
          sheetName: d.sheetName,
          range: "A5",
          titlePrefix: d.titlePrefix,
          reports: REPORT_TYPES.filter((r) => d.reports.includes(r.id)).map((r) => ({ id: r.id, name: r.name })),
          tm: d.tm,
          verified: d.verified,
          mesh: d.mesh,
        };
        diseases.push(doc);
        refs.push({ _id: doc._id, key, client: clients[ci]._id, clientIndex: ci, clientActive: c.status === "active", area: areaDoc._id, areaName: area.name });
      }
    }
  });
  await Client.insertMany(clients);
  await TherapeuticArea.insertMany(areas);
  await Disease.insertMany(diseases);
  return { clients, areas, diseases: refs };
}

// ---------------------------------------------------------------------------------------------------------------

interface CompoundRef { _id: Types.ObjectId; seed: CompoundSeed; disease: DiseaseRef }

async function seedCompounds(diseases: DiseaseRef[], companies: Map<string, CompanyRef>) {
  const company = (name: string, what: string) => {
    const ref = companies.get(name);
    if (!ref) throw new Error(`${what}: unknown company ${name}`);
    return ref._id;
  };
  const refs: CompoundRef[] = [];
  const docs = diseases.flatMap((d) =>
    COMPOUNDS.filter((c) => c.disease === d.key).map((c) => {
      const doc = {
        _id: oid(),
        name: { brand: c.brand ?? "", generic: c.generic, scientific: c.scientific ?? "", other: c.other ?? [] },
        therapeuticArea: d.area,
        disease: d._id,
        client: d.client,
        originator: company(c.originator, c.generic),
        licensee: (c.licensees ?? []).map((l) => ({ region: l.region, companies: l.companies.map((n) => company(n, c.generic)) })),
        approvedInGeographies: c.approved ?? [],
        compoundWebsite: c.website,
        routeOfAdministration: c.roa,
        mechanismOfAction: c.moa,
        therapeuticModality: c.modality,
        priority: c.priority,
        developmentPhase: c.phase,
        patientSegment: c.segment,
        isDMT: c.isDMT ?? false,
        status: c.status ?? "active",
      };
      refs.push({ _id: doc._id, seed: c, disease: d });
      return doc;
    }),
  );
  await Compound.insertMany(docs);
  return refs;
}

async function seedKeywords(diseases: DiseaseRef[]) {
  const docs = diseases.flatMap((d) => {
    const rng = new Random(`keywords:${d.key}`);
    const terms = DISEASE_TERMS[d.key].map((name) => ({ name, priority: rng.pick([1, 2, 3] as const) }));
    // Compound priority 1 (High) is keyword priority 3 (High).
    const compounds = COMPOUNDS.filter((c) => c.disease === d.key).map((c) => ({ name: c.generic, priority: (4 - c.priority) as 1 | 2 | 3 }));
    return [...terms, ...compounds].map((k, i) => ({
      name: k.name,
      priority: k.priority,
      status: i % 11 === 10 ? "inactive" : "active",
      client: d.client,
      therapeuticArea: d.area,
      disease: d._id,
    }));
  });
  await Keyword.insertMany(docs);
  return docs;
}

// ---------------------------------------------------------------------------------------------------------------

const COUNTRIES: Record<string, string[]> = {
  "North America": ["United States", "Canada"],
  Europe: ["Germany", "France", "United Kingdom", "Spain", "Italy", "Netherlands", "Poland", "Sweden"],
  "Asia-Pacific": ["Japan", "Australia", "South Korea", "Taiwan", "China"],
  "Latin America": ["Brazil", "Mexico", "Argentina"],
};

function trialCountries(t: TrialSeed, rng: Random): { countries: string[]; regions: string[] } {
  if (t.sponsor === "Akeso") return { countries: ["China"], regions: ["Asia-Pacific"] };
  const picked: string[] = ["United States"];
  const size = t.enrollment > 3000 ? 4 : t.enrollment > 800 ? 3 : t.enrollment > 200 ? 2 : 1;
  const regions = ["North America", ...rng.sample(["Europe", "Asia-Pacific", "Latin America"], size - 1)];
  for (const region of regions) {
    for (const country of rng.sample(COUNTRIES[region], Math.max(1, Math.round(COUNTRIES[region].length * 0.5)))) {
      if (!picked.includes(country)) picked.push(country);
    }
  }
  return { countries: picked, regions };
}

function ageSexSegment(t: TrialSeed): string {
  const min = t.minAge ?? 18;
  const max = t.maxAge ?? 99;
  const age = max <= 1 ? "Infants" : max < 18 ? "Pediatric" : min < 18 ? "Adolescents and adults" : min >= 60 ? "Older adults" : "Adults";
  const sex = t.gender === "Male" ? "Male" : t.gender === "Female" ? "Female" : "Male & Female";
  return `${age}, ${sex}`;
}

function buildTrial(t: TrialSeed, compound: CompoundRef, now: Date) {
  const rng = new Random(`trial:${t.nct}`);
  const c = compound.seed;
  const start = monthDate(t.start, rng.int(1, 28));
  const pcd = monthDate(t.pcd, rng.int(1, 28));
  const finished = ["Completed", "Terminated", "Active, not recruiting"].includes(t.status);
  const singleArm = t.comparator.startsWith("None");
  const placebo = /placebo|sham/i.test(t.comparator);
  const diag = TRIAL_DIAGNOSTICS[c.disease];
  const { countries, regions } = trialCountries(t, rng);
  const min = t.minAge ?? 18;
  const max = t.maxAge ?? 99;
  const ageText = max >= 99 ? `${min} years and older` : `${min} to ${max} years`;
  const other = t.otherDrugs ?? [];
  return {
    client: compound.disease.client,
    therapeuticArea: compound.disease.area,
    disease: compound.disease._id,
    compound: compound._id,
    title: t.title,
    type: "Trial Initiation/ Results" as const,
    endDateTime: pcd,
    isImportant: (t.priority ?? 2) === 1,
    status: "active" as const,
    eventTitle: t.title,
    trialStatus: t.status,
    trialIdentifier: t.nct,
    startDateTime: start,
    acronyms: /^[A-Z0-9][A-Z0-9 \-()]+$/.test(t.title) ? t.title : "",
    startDateType: start <= now ? "Actual" : "Anticipated",
    lineOfTherapy: t.lineOfTherapy ?? "",
    patientSegmentByDisease: c.segment,
    "patientSegmentByAge&Sex": ageSexSegment(t),
    enrollment: [{ enrollmentNumber: t.enrollment, enrollmentType: finished ? "Actual" : "Anticipated" }],
    pcdType: pcd <= now && finished ? "Actual" : "Anticipated",
    phase: t.phase,
    dosageBeingEvaluated: `<p>${escapeHtml(c.generic)} (${escapeHtml(c.roa)}) at the protocol-specified dose${singleArm ? "" : `, compared with ${escapeHtml(lowerFirst(t.comparator))}`}.</p>`,
    otherDrugs: other,
    comparator: t.comparator,
    primaryDrugs: c.generic,
    class: c.moa,
    routeOfAdministration: c.roa,
    biomarkers: rng.pick(diag.biomarkers),
    diagnosticTest: rng.pick(diag.tests),
    therapyType: other.length > 0 ? "Combination" : "Monotherapy",
    primaryCompletionDate: pcd,
    sponsors: [t.sponsor],
    collaborators: t.collaborators ?? [],
    objective: `<p>To evaluate the efficacy and safety of ${escapeHtml(c.generic)} in ${escapeHtml(lowerFirst(c.segment))}${singleArm ? "" : ` versus ${escapeHtml(lowerFirst(t.comparator))}`}.</p>`,
    countries,
    regions,
    priority: t.priority ?? 2,
    notes: [
      { details: `Registry record: https://clinicaltrials.gov/study/${t.nct}` },
      ...(t.results ? [{ details: `Headline results reported; see Results.` }] : []),
    ],
    trialArms: singleArm
      ? [{ armsDetails: `${c.generic}${other.length ? ` + ${other.join(" + ")}` : ""} (single arm)` }]
      : [{ armsDetails: `${c.generic}${other.length ? ` + ${other.join(" + ")}` : ""}` }, { armsDetails: t.comparator }],
    primaryEndpoints: [
      { details: t.primaryEndpoint, endpoints: [{ group: "Efficacy", subgroup: "Overall population", primaryEndpoint: t.primaryEndpoint }] },
    ],
    secondayEndpoints: [
      {
        details: "Key secondary endpoints",
        endpoints: t.secondaryEndpoints.map((e, i) => ({ group: i === 0 ? "Efficacy" : rng.pick(["Efficacy", "Biomarker", "Safety"]), subgroup: "Overall population", secondaryEndpoint: e })),
      },
    ],
    minAge: min,
    minAgeUnits: "Years",
    maxAge: max,
    maxAgeUnits: "Years",
    gender: t.gender ?? "All",
    inclusionCriteria: `<ul><li>Diagnosis of ${escapeHtml(lowerFirst(c.segment))}</li><li>Age ${ageText}</li><li>${escapeHtml(rng.pick(diag.biomarkers))} confirmed at screening</li></ul>`,
    exclusionCriteria: "<ul><li>Participation in another interventional study within 90 days</li><li>Clinically significant hepatic, renal or cardiac disease</li><li>Pregnancy or breastfeeding</li></ul>",
    studyDesign: singleArm
      ? `Open-label, single-arm, multicentre ${t.phase} study`
      : `Randomised, ${placebo ? "double-blind, placebo-controlled" : "active-controlled"}, multicentre ${t.phase} study`,
    studyKeywords: [c.generic, DISEASES[c.disease].short, c.modality, ...(t.lineOfTherapy ? [t.lineOfTherapy] : [])],
    patientPopulation: `${c.segment} (${DISEASES[c.disease].name})`,
    treatmentPlan: `${c.generic} (${c.roa})${other.length ? ` with ${other.join(", ")}` : ""} until the end of the treatment period or discontinuation.`,
    results: t.results ? { details: t.results.details, resultsMeetExpectation: t.results.met } : undefined,
  };
}

async function seedTrials(compounds: CompoundRef[], now: Date) {
  const docs = compounds.flatMap((c) =>
    TRIALS.filter((t) => t.disease === c.seed.disease && t.compound === c.seed.generic).map((t) => buildTrial(t, c, now)),
  );
  for (const t of TRIALS) {
    if (!COMPOUNDS.some((c) => c.disease === t.disease && c.generic === t.compound)) {
      throw new Error(`trial ${t.title}: no compound ${t.compound} for ${t.disease}`);
    }
  }
  await Trial.insertMany(docs);
  return docs;
}

// ---------------------------------------------------------------------------------------------------------------

async function seedEvents(diseases: DiseaseRef[], compounds: CompoundRef[], now: Date) {
  const from = addDays(now, -EVENTS_PAST_DAYS);
  const to = addDays(now, EVENTS_AHEAD_DAYS);
  const docs: Record<string, unknown>[] = [];
  const year = now.getUTCFullYear();

  for (const d of diseases) {
    const diseaseCompounds = compounds.filter((c) => c.disease._id.equals(d._id));
    for (const conf of CONFERENCES.filter((c) => c.diseases.includes(d.key))) {
      const rng = new Random(`conference:${conf.name}:${d.key}`);
      const highlights = rng.sample(diseaseCompounds.filter((c) => c.seed.status !== "inactive"), 3);
      for (const y of [year - 1, year, year + 1, year + 2]) {
        const start = zonedDate(y, conf.month, conf.day, 8, 0, conf.timezone);
        if (start < from || start > to) continue;
        docs.push({
          title: `${conf.name} ${y}`,
          type: "Conference",
          description:
            `<p><strong>${escapeHtml(conf.fullName)}</strong>, ${escapeHtml(conf.city)}.</p>` +
            `<p>Presentations to watch in ${escapeHtml(DISEASES[d.key].textName)}:</p><ul>` +
            highlights.map((h) => `<li>${escapeHtml(h.seed.brand ? `${h.seed.brand} (${h.seed.generic})` : h.seed.generic)}: ${escapeHtml(h.seed.moa)}</li>`).join("") +
            `</ul>`,
          client: d.client,
          therapeuticArea: d.area,
          disease: d._id,
          startDateTime: start,
          endDateTime: zonedDate(y, conf.month, conf.day + conf.days - 1, 18, 0, conf.timezone),
          timezone: conf.timezone,
          isImportant: conf.important ?? false,
          status: "active",
        });
      }
    }
    for (const e of DATED_EVENTS.filter((x) => x.disease === d.key)) {
      const compound = diseaseCompounds.find((c) => c.seed.generic === e.compound);
      if (!compound) throw new Error(`event ${e.title}: no compound ${e.compound} for ${e.disease}`);
      const day = dayFrom(now, e.offsetDays);
      const [startHour, endHour] = e.type === "Regulatory/ Other Development" ? [9, 17] : e.type === "Commercial" ? [9, 10] : [7, 8];
      docs.push({
        title: e.title,
        type: e.type,
        description: `<p>${escapeHtml(e.summary)}</p><p><em>${escapeHtml(compound.seed.brand ? `${compound.seed.brand} (${compound.seed.generic})` : compound.seed.generic)}</em> · ${escapeHtml(compound.seed.moa)} · ${escapeHtml(compound.seed.phase)}</p>`,
        client: d.client,
        therapeuticArea: d.area,
        disease: d._id,
        compound: compound._id,
        startDateTime: zonedDate(day.year, day.month, day.day, startHour, 0, e.timezone),
        endDateTime: zonedDate(day.year, day.month, day.day, endHour, 0, e.timezone),
        timezone: e.timezone,
        isImportant: e.important ?? false,
        status: "active",
      });
    }
  }
  await Event.insertMany(docs);
  return docs;
}

// ---------------------------------------------------------------------------------------------------------------

async function seedUsers(clients: { _id: Types.ObjectId }[], diseases: DiseaseRef[]) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const grant = (clientIndex: number, areaName: string, keys?: DiseaseKey[]) => {
    const inArea = diseases.filter((d) => d.clientIndex === clientIndex && d.areaName === areaName);
    if (inArea.length === 0) throw new Error(`no area ${areaName} for client ${clientIndex}`);
    const chosen = keys ? inArea.filter((d) => keys.includes(d.key)) : inArea;
    if (keys && chosen.length !== keys.length) throw new Error(`area ${areaName} lacks one of ${keys.join(", ")}`);
    return { client: clients[clientIndex]._id, therapeuticArea: inArea[0].area, diseases: chosen.map((d) => d._id) };
  };
  const areasOf = (clientIndexes: number[]) => {
    const seen = new Set<string>();
    return diseases
      .filter((d) => clientIndexes.includes(d.clientIndex))
      .filter((d) => !seen.has(String(d.area)) && seen.add(String(d.area)))
      .map((d) => grant(d.clientIndex, d.areaName));
  };
  const permissions = (u: UserSeed) => {
    switch (u.scope.kind) {
      case "everything": return areasOf(clients.map((_, i) => i));
      case "clients": return areasOf(u.scope.clients);
      case "grants": return u.scope.grants.map((g) => grant(g.client, g.area, g.diseases));
      case "none": return [];
    }
  };
  const created = [];
  for (const u of USERS) {
    // One at a time through save(), so the pre-save hook derives `clients` from the permissions.
    const doc = await User.create({
      name: { first: u.first, last: u.last },
      email: u.email,
      passwordHash: u.noPassword ? undefined : passwordHash,
      role: u.role,
      isTopAdmin: u.isTopAdmin ?? false,
      status: u.status,
      permissions: permissions(u),
      rejectReason: u.rejectReason,
    });
    created.push({ _id: doc._id as Types.ObjectId, seed: u });
  }
  return created;
}

// ---------------------------------------------------------------------------------------------------------------

/** Biotechs large enough that financing and out-licensing headlines would not fit them. */
const LARGE_BIOTECHS = new Set(["Amgen", "Biogen", "Regeneron", "Vertex Pharmaceuticals", "Gilead Sciences", "Moderna", "BioNTech", "Genentech", "BeiGene"]);

const PARTNERS = ["Pfizer", "Roche", "Novartis", "AstraZeneca", "Sanofi", "GSK", "AbbVie", "Takeda", "Bristol Myers Squibb", "Merck & Co.", "Johnson & Johnson", "Bayer", "Astellas Pharma"];

async function seedNews(
  diseases: DiseaseRef[],
  compounds: CompoundRef[],
  companies: Map<string, CompanyRef>,
  keywords: { name: string; disease: Types.ObjectId }[],
  users: { _id: Types.ObjectId; seed: UserSeed }[],
  now: Date,
) {
  const rng = new Random("news");
  const authors = users.filter((u) => u.seed.role === "admin" || u.seed.role === "editor");
  const activeAuthors = authors.filter((u) => u.seed.status === "active");
  const pairs = diseases.map((d) => ({ d, compounds: compounds.filter((c) => c.disease._id.equals(d._id)) })).filter((p) => p.compounds.length > 0);
  const pairWeights = pairs.map((p) => [p, p.compounds.length * (p.d.clientActive ? 1 : 0.3)] as const);
  const statuses: (typeof NEWS_STATUSES)[number][] = rng.shuffle([
    ...Array<"draft">(DRAFT_COUNT).fill("draft"),
    ...Array<"fetch">(FETCH_COUNT).fill("fetch"),
    ...Array<"published">(NEWS_COUNT - DRAFT_COUNT - FETCH_COUNT).fill("published"),
  ]);
  const keywordsByDisease = new Map<string, string[]>();
  for (const k of keywords) {
    const list = keywordsByDisease.get(String(k.disease)) ?? [];
    list.push(k.name);
    keywordsByDisease.set(String(k.disease), list);
  }
  const usedTitles = new Set<string>();
  const docs: Record<string, unknown>[] = [];

  for (let i = 0; i < NEWS_COUNT; i++) {
    let pair = rng.weighted(pairWeights);
    let compound = rng.weighted(pair.compounds.map((c) => [c, 4 - c.seed.priority] as const));
    let ctx!: NewsContext;
    let template = NEWS_TEMPLATES[0];
    for (let attempt = 0; attempt < 8; attempt++) {
      if (attempt > 0) {
        pair = rng.weighted(pairWeights);
        compound = rng.weighted(pair.compounds.map((c) => [c, 4 - c.seed.priority] as const));
      }
      const c = compound.seed;
      const trials = TRIALS.filter((t) => t.disease === c.disease && t.compound === c.generic);
      const group = phaseGroup(c.phase);
      const global = c.licensees?.find((l) => l.region === "Global");
      const company = global ? global.companies[0] : c.originator;
      const smallBiotech = companies.get(company)?.type === "Biotech" && !LARGE_BIOTECHS.has(company);
      template = rng.pick(
        NEWS_TEMPLATES.filter((t) => t.groups.includes(group) && (!t.needsTrial || trials.length > 0) && (!t.biotechOnly || smallBiotech)),
      );
      const licensed = global ? undefined : c.licensees?.[0];
      const partner = global ? c.originator : (licensed?.companies[0] ?? rng.pick(PARTNERS.filter((p) => p !== company)));
      const conferences = CONFERENCES.filter((x) => x.diseases.includes(c.disease));
      ctx = {
        drug: c.brand ? `${c.brand} (${c.generic})` : c.generic,
        generic: c.generic,
        brand: c.brand,
        company,
        partner,
        disease: DISEASES[c.disease].textName,
        segment: lowerFirst(c.segment),
        phase: c.phase,
        moa: c.moa,
        modality: c.modality,
        trial: trials.length ? rng.pick(trials).title : undefined,
        conference: rng.pick(conferences).name,
        region: rng.weighted([["US", 4], ["EU", 3], ["Japan", 1], ["China", 1]] as const),
        ...(licensed && licensed.region !== "Global" ? { region: licensed.region } : {}),
        pct: rng.int(8, 65),
        amount: rng.int(4, 240) * 10,
        sales: rng.int(SALES_RANGE[c.priority][0], SALES_RANGE[c.priority][1]) * 10,
        count: rng.int(3, 24),
      };
      const title = template.title(ctx);
      if (!usedTitles.has(`${pair.d.client}:${title}`)) break;
    }
    const title = template.title(ctx);
    usedTitles.add(`${pair.d.client}:${title}`);

    const c = compound.seed;
    const status = statuses[i];
    const companyRef = companies.get(ctx.company)!;
    const companyIds = [companyRef._id, companies.get(c.originator)!._id];
    if (title.includes(ctx.partner) || template.lead(ctx).includes(ctx.partner)) companyIds.push(companies.get(ctx.partner)!._id);
    for (const l of c.licensees ?? []) for (const n of l.companies) companyIds.push(companies.get(n)!._id);
    const uniqueCompanies = companyIds.filter((id, idx) => companyIds.findIndex((x) => x.equals(id)) === idx);

    const bullets = template.bullets?.(ctx) ?? [];
    const content =
      `<p>${escapeHtml(template.lead(ctx))}</p>` +
      (bullets.length ? `<ul>${bullets.map((b) => `<li>${escapeHtml(b)}</li>`).join("")}</ul>` : "") +
      `<p>About ${escapeHtml(ctx.drug)}: ${escapeHtml(c.moa)} (${escapeHtml(c.modality)}, ${escapeHtml(c.roa)}); development status: ${escapeHtml(c.phase)}.</p>` +
      `<p>${escapeHtml(template.close(ctx))}</p>`;
    const commentaryText = rng
      .pick(COMMENTARIES[template.category])
      .replaceAll("{drug}", c.brand ?? c.generic)
      .replaceAll("{company}'s", possessive(ctx.company))
      .replaceAll("{company}", ctx.company)
      .replaceAll("{segment}", c.segment);
    const analystCommentary = status === "fetch" ? "" : `<p>${escapeHtml(commentaryText)}</p>`;
    if (plainText(analystCommentary).length > SUMMARY_MAX_CHARS) throw new Error(`commentary too long: ${title}`);

    const slug = slugify(title);
    const outlet = rng.pick(NEWS_OUTLETS);
    const sources = [
      { name: `${ctx.company} press release`, link: `${companyRef.website}/news/${slug}` },
      ...(rng.chance(0.6) ? [{ name: outlet.name, link: `${outlet.base}/${slug}` }] : []),
    ];
    const attachments = rng.chance(0.1) ? [{ name: `${ctx.trial ?? c.generic} investor presentation (PDF)`, link: `${companyRef.website}/investors` }] : [];
    const categories = rng.chance(0.2)
      ? [template.category, rng.pick((["Commercial", "Regulatory", "Development Needs", "Others"] as const).filter((x) => x !== template.category))]
      : [template.category];
    const priority = rng.weighted([[1, 8], [2, 25], [3, 42], [4, 25]] as const);
    const haystack = `${title} ${plainText(content)}`.toLowerCase();
    const terms = (keywordsByDisease.get(String(pair.d._id)) ?? []).filter((k) => haystack.includes(k.toLowerCase()));

    // Dates: drawn for every item in the same order, so only "now" moves them between runs.
    const ageDays = NEWS_WINDOW_DAYS * Math.pow(rng.float(), 1.15);
    const recentDays = rng.float();
    const minutes = rng.int(0, 24 * 60 - 1);
    const author = rng.pick(ageDays > 120 ? authors : activeAuthors);
    const base = new Date(now.getTime() - Math.floor(ageDays) * 86_400_000);
    const at = new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth(), base.getUTCDate(), 0, minutes));
    const dates =
      status === "published"
        ? { publishedAt: at < now ? at : now, createdAt: new Date(Math.min(at.getTime(), now.getTime()) - (minutes % 48) * 3_600_000) }
        : status === "draft"
          ? { publishedAt: addDays(now, -Math.floor(recentDays * 30)), createdAt: addDays(now, -Math.floor(recentDays * 30) - 0.1) }
          : { fetchedDate: addDays(now, -recentDays * 21), publishedAt: addDays(now, -recentDays * 21 - (minutes % 3)), createdAt: addDays(now, -recentDays * 21) };

    docs.push({
      title,
      content,
      analystCommentary,
      ...dates,
      updatedAt: dates.createdAt,
      createdBy: status === "fetch" ? undefined : author._id,
      createdByName: status === "fetch" ? rng.pick(FETCHERS) : undefined,
      client: pair.d.client,
      companies: uniqueCompanies,
      compounds: [compound._id],
      therapeuticArea: pair.d.area,
      disease: pair.d._id,
      categories,
      priority,
      status,
      terms,
      sources,
      attachments,
    });
  }
  await News.insertMany(docs);
  return docs;
}

// ---------------------------------------------------------------------------------------------------------------

/** Replaces the demo data: drops the collections it fills (and the GridFS bucket "files") and inserts everything. */
export async function seed(): Promise<SeedSummary> {
  const started = performance.now();
  const now = new Date();
  const warnings: string[] = [];
  const timings: Record<string, number> = {};
  const step = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const result = await run();
    timings[name] = Math.round(performance.now() - t0);
    return result;
  };
  await step("reset", () => resetCollections(warnings));

  const companies = await step("companies+logos", () => seedCompanies());
  const { clients, areas, diseases } = await step("clients+areas+diseases", () => seedClientsAreasDiseases());
  const compounds = await step("compounds", () => seedCompounds(diseases, companies));
  const keywords = await step("keywords", () => seedKeywords(diseases));
  const trials = await step("trials", () => seedTrials(compounds, now));
  const events = await step("events", () => seedEvents(diseases, compounds, now));
  const users = await step("users", () => seedUsers(clients, diseases));
  const news = await step("news", () => seedNews(diseases, compounds, companies, keywords, users, now));
  await step("workbooks", () => seedWorkbooks(now)); // sheet sources: uploaded workbook + cache per disease
  const files = await mongoose.connection.db!.collection("files.files").countDocuments({});

  if (companies.size !== COMPANIES.length) warnings.push("duplicate company names in the seed data");
  return {
    clients: clients.length,
    therapeuticAreas: areas.length,
    diseases: diseases.length,
    companies: companies.size,
    compounds: compounds.length,
    keywords: keywords.length,
    events: events.length,
    trials: trials.length,
    news: news.length,
    users: users.length,
    files,
    warnings,
    timings,
    ms: Math.round(performance.now() - started),
  };
}
