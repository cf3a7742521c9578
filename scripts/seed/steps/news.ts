// News: published over the last 18 months, drafts, and fetched items.
import type { Types } from "mongoose";

import { SUMMARY_MAX_CHARS, type NEWS_STATUSES } from "#common/constants";
import { escapeHtml, plainText } from "#common/plain-text";
import { News } from "#db/models/index.server";

import { DISEASES } from "../data/diseases";
import { CONFERENCES } from "../data/events";
import { COMMENTARIES, FETCHERS, NEWS_OUTLETS, NEWS_TEMPLATES, phaseGroup, possessive, type NewsContext } from "../data/news-templates";
import { TRIALS } from "../data/trials";
import type { UserSeed } from "../data/users";
import { slugify } from "../logos";
import { Random } from "../random";
import { addDays } from "../time";
import type { DiseaseRef } from "./catalog";
import type { CompanyRef } from "./companies";
import type { CompoundRef } from "./compounds";
import { lowerFirst } from "./shared";

const NEWS_COUNT = 440;
/** Quarterly sales range (in $10 million steps) by compound priority: 1 High, 2 Medium, 3 Low. */
const SALES_RANGE = { 1: [30, 300], 2: [8, 80], 3: [2, 30] } as const;
const DRAFT_COUNT = 30;
const FETCH_COUNT = 20;
const NEWS_WINDOW_DAYS = 548; // 18 months

/** Biotechs large enough that financing and out-licensing headlines would not fit them. */
const LARGE_BIOTECHS = new Set([
  "Amgen",
  "Biogen",
  "Regeneron",
  "Vertex Pharmaceuticals",
  "Gilead Sciences",
  "Moderna",
  "BioNTech",
  "Genentech",
  "BeiGene",
]);

const PARTNERS = [
  "Pfizer",
  "Roche",
  "Novartis",
  "AstraZeneca",
  "Sanofi",
  "GSK",
  "AbbVie",
  "Takeda",
  "Bristol Myers Squibb",
  "Merck & Co.",
  "Johnson & Johnson",
  "Bayer",
  "Astellas Pharma",
];

export async function seedNews(
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
  const pairs = diseases
    .map((d) => ({ d, compounds: compounds.filter((c) => c.disease._id.equals(d._id)) }))
    .filter((p) => p.compounds.length > 0);
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
        region: rng.weighted([
          ["US", 4],
          ["EU", 3],
          ["Japan", 1],
          ["China", 1],
        ] as const),
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
    const namedCompanies = [...companies.entries()].filter(([, ref]) => uniqueCompanies.some((id) => id.equals(ref._id)));
    const companyNames = namedCompanies.map(([name]) => name);

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
    const attachments = rng.chance(0.1)
      ? [{ name: `${ctx.trial ?? c.generic} investor presentation (PDF)`, link: `${companyRef.website}/investors` }]
      : [];
    const categories = rng.chance(0.2)
      ? [
          template.category,
          rng.pick((["Commercial", "Regulatory", "Development Needs", "Others"] as const).filter((x) => x !== template.category)),
        ]
      : [template.category];
    const priority = rng.weighted([
      [1, 8],
      [2, 25],
      [3, 42],
      [4, 25],
    ] as const);
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
          : {
              fetchedDate: addDays(now, -recentDays * 21),
              publishedAt: addDays(now, -recentDays * 21 - (minutes % 3)),
              createdAt: addDays(now, -recentDays * 21),
            };

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
      // As the app stores them (News.names): each company and compound's name, by id.
      names: Object.fromEntries([
        ...namedCompanies.map(([name, ref]) => [String(ref._id), name]),
        [String(compound._id), c.generic || c.brand],
      ]),
      searchNames: [...companyNames, c.generic, ...(c.brand ? [c.brand] : [])],
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
