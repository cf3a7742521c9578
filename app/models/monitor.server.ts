import { MONITOR_SOURCE_KINDS, type ACTIVE_STATUSES, type DigestFrequency, type MonitorSourceKind } from "#common/constants";
import { fetchKeysOf, keywordMatcher } from "#common/fetch-keys";
import { isObjectId } from "#common/ids";
import { escapeHtml } from "#common/plain-text";
import { connectDb, totalOrder, trusted } from "#db/connection.server";
import { EditorsDigest, Keyword, MonitorSource, News } from "#db/models/index.server";
import { claimOnce } from "~/utils/rate-limit.server";
import type { SessionUser } from "~/utils/session.server";

import { recordChange } from "./audit.server";
import { backfillOnce } from "./backfill.server";
import { heldScope } from "./grants.server";
import { findPage, type PageRequest } from "./list.server";
import { setStatusRecorded } from "./recorded.server";
import { DIGEST_SETTLE_MS, PERIOD_MS } from "./saved-search.server";
import { scopeNamesOf } from "./scope-names.server";

// Keyword monitoring (issue 16): the sources admins set up, their shared schedule, and what a run brings into the fetch
// queue — news items with status "fetch", linked to the matching keywords' client, area and disease, never published
// by themselves, and dropped when their disease already has the same link or title (common/fetch-keys.ts).

const MINUTE = 60_000;
/** A run that has not ended this long after it started is taken to have died with its process. */
const STALE_RUN_MS = 60 * MINUTE;
/** The first retry after a failure waits this long; each further one twice as long, up to the source's interval. */
const FIRST_RETRY_MS = 5 * MINUTE;

// ----- The console ------------------------------------------------------------------------------------------------

/** One page of sources, by name (a handful; the console's usual paging all the same). */
export async function listSourcesPage({ page }: { page: PageRequest }) {
  await connectDb();
  return findPage(
    MonitorSource,
    {},
    {
      field: "name",
      direction: 1,
      select: "name kind url status intervalMinutes nextRunAt runningSince lastRunAt lastSuccessAt lastItems lastError failures",
      page,
    },
  );
}
type SourceItem = Awaited<ReturnType<typeof listSourcesPage>>["items"][number];

export const isRunning = (s: { runningSince?: Date | null }) =>
  Boolean(s.runningSince && s.runningSince.getTime() > Date.now() - STALE_RUN_MS);

/** The list's rows: what each source is and how its last run went. */
export function sourceRows(items: SourceItem[]) {
  return items.map((s) => ({
    id: String(s._id),
    name: s.name,
    kind: MONITOR_SOURCE_KINDS[s.kind as MonitorSourceKind] ?? s.kind,
    url: s.url ?? "",
    status: s.status ?? "active",
    intervalMinutes: s.intervalMinutes,
    running: isRunning(s),
    nextRunAt: s.nextRunAt?.toISOString() ?? null,
    lastRunAt: s.lastRunAt?.toISOString() ?? null,
    lastItems: s.lastItems ?? null,
    lastError: s.lastError ?? "",
    failures: s.failures ?? 0,
  }));
}

export async function findSource(id: string | undefined) {
  if (!isObjectId(id)) return null;
  await connectDb();
  return MonitorSource.findById(id).select("name kind url status intervalMinutes").lean();
}
export type ManagedSource = NonNullable<Awaited<ReturnType<typeof findSource>>>;

/** What the source form edits. */
export interface SourceValues {
  name: string;
  kind: MonitorSourceKind;
  url?: string;
  status: (typeof ACTIVE_STATUSES)[number];
  intervalMinutes: number;
}

const audited = (s: { name: string; kind: string; url?: string | null; status?: string | null; intervalMinutes: number }) => ({
  name: s.name,
  kind: MONITOR_SOURCE_KINDS[s.kind as MonitorSourceKind] ?? s.kind,
  url: s.url ?? "",
  status: s.status ?? "active",
  every: `${s.intervalMinutes} min`,
});

/** A new source runs at the next tick. */
export async function createSource({ actor, values }: { actor: SessionUser; values: SourceValues }) {
  await connectDb();
  const source = await MonitorSource.create({ ...values, url: values.kind === "rss" ? values.url : undefined, nextRunAt: new Date() });
  await recordChange({ actor, entity: "source", entityId: source._id, entityName: source.name, action: "create", after: audited(values) });
  return String(source._id);
}

/** A changed address or interval takes effect at once: the source runs at the next tick. */
export async function updateSource({ actor, source, values }: { actor: SessionUser; source: ManagedSource; values: SourceValues }) {
  await connectDb();
  const changed =
    values.url !== (source.url ?? undefined) || values.intervalMinutes !== source.intervalMinutes || values.kind !== source.kind;
  const rss = values.kind === "rss";
  // Another address: the old feed's validators and error no longer apply.
  const unset = { ...(rss ? {} : { url: 1 }), ...(changed ? { etag: 1, lastModified: 1, lastError: 1 } : {}) };
  await MonitorSource.updateOne(
    { _id: source._id },
    {
      $set: {
        name: values.name,
        kind: values.kind,
        status: values.status,
        intervalMinutes: values.intervalMinutes,
        ...(rss ? { url: values.url } : {}),
        ...(changed ? { nextRunAt: new Date(), failures: 0 } : {}),
      },
      ...(Object.keys(unset).length ? { $unset: unset } : {}),
    },
  );
  await recordChange({
    actor,
    entity: "source",
    entityId: source._id,
    entityName: values.name,
    action: "update",
    before: audited(source),
    after: audited(values),
  });
}

export async function setSourceStatus({
  actor,
  source,
  status,
}: {
  actor: SessionUser;
  source: ManagedSource;
  status: SourceValues["status"];
}) {
  await setStatusRecorded(MonitorSource, {
    actor,
    entity: "source",
    record: source,
    name: source.name,
    status,
    // Switched on again: due at once.
    alongside: status === "active" ? { nextRunAt: new Date(), failures: 0 } : {},
  });
}

/** 'Run now': due at the next tick of whichever process polls first. */
export async function runSourceSoon(source: ManagedSource) {
  await connectDb();
  await MonitorSource.updateOne({ _id: source._id }, { $set: { nextRunAt: new Date() } });
}

/** Deleting a source keeps what it fetched (the items are the queue's). */
export async function deleteSource({ actor, source }: { actor: SessionUser; source: ManagedSource }) {
  await connectDb();
  await MonitorSource.deleteOne({ _id: source._id });
  await recordChange({ actor, entity: "source", entityId: source._id, entityName: source.name, action: "delete", before: audited(source) });
}

// ----- The schedule -----------------------------------------------------------------------------------------------

/** The active sources whose next run is due at `now` (served by { status, nextRunAt }). */
export async function dueSources(now: Date) {
  await connectDb();
  return MonitorSource.find({ status: "active", nextRunAt: trusted({ $lte: now }) })
    .select("name kind url intervalMinutes nextRunAt lastSuccessAt failures etag lastModified runningSince")
    .lean();
}
export type DueSource = Awaited<ReturnType<typeof dueSources>>[number];

/**
 * Claims a source's due run for this process: of all the processes that read the same `nextRunAt`, exactly one wins
 * (`claimOnce`, on either engine). A run still marked as under way is left alone unless it is stale — its process died
 * — and then the key names that run's start too, so the run it left unfinished is claimed afresh.
 */
export async function claimSourceRun(source: DueSource, now: Date) {
  if (isRunning(source)) return false;
  const key = `monitor|${String(source._id)}|${source.nextRunAt.getTime()}|${source.runningSince?.getTime() ?? 0}`;
  if (!(await claimOnce(key, 8 * 86_400_000))) return false;
  await MonitorSource.updateOne({ _id: source._id }, { $set: { runningSince: now } });
  return true;
}

/** A run went well: its count, the feed's validators; the next run one interval after this one started. */
export async function finishSourceRun(
  source: DueSource,
  { startedAt, items, validators }: { startedAt: Date; items: number; validators?: { etag?: string | null; lastModified?: string | null } },
) {
  await MonitorSource.updateOne(
    { _id: source._id },
    {
      $set: {
        lastRunAt: startedAt,
        lastSuccessAt: startedAt,
        lastItems: items,
        failures: 0,
        nextRunAt: new Date(startedAt.getTime() + source.intervalMinutes * MINUTE),
        ...(validators?.etag ? { etag: validators.etag } : {}),
        ...(validators?.lastModified ? { lastModified: validators.lastModified } : {}),
      },
      $unset: { runningSince: 1, lastError: 1 },
    },
  );
}

/** A run failed: the reason for the admin, and a retry after 5, 10, 20… minutes (never later than the interval). */
export async function failSourceRun(source: DueSource, { startedAt, message }: { startedAt: Date; message: string }) {
  const failures = (source.failures ?? 0) + 1;
  const wait = Math.min(FIRST_RETRY_MS * 2 ** (failures - 1), source.intervalMinutes * MINUTE);
  await MonitorSource.updateOne(
    { _id: source._id },
    {
      $set: { lastRunAt: startedAt, lastError: message.slice(0, 500), failures, nextRunAt: new Date(startedAt.getTime() + wait) },
      $unset: { runningSince: 1 },
    },
  );
}

// ----- What a run brings in ---------------------------------------------------------------------------------------

/** Something a source found: an article (a feed entry, a PubMed record) or a registry notice. */
export interface FoundArticle {
  title: string;
  link?: string;
  /** Plain text: the entry's summary or the abstract. */
  summary?: string;
  /** The journal or feed, and the day it was published (shown at the top of the item). */
  origin?: string;
  /** The source the item is credited to ("PubMed", the feed's name). */
  sourceName: string;
}

/** Where fetched items go: a disease of a client, with the keywords that matched (the item's terms). */
export interface Destination {
  client: string;
  therapeuticArea: string;
  disease: string;
  terms: string[];
  /** News priority (1 Alert … 4 Low). */
  priority: number;
}

/** Every active keyword, and a function telling which of them a text mentions. */
export async function activeKeywords() {
  await connectDb();
  const keywords = (await Keyword.find({ status: "active" }).select("name client therapeuticArea disease priority").lean()).filter(
    (k) => k.client && k.therapeuticArea && k.disease,
  );
  return { keywords, matching: keywordMatcher(keywords) };
}
export type ActiveKeyword = Awaited<ReturnType<typeof activeKeywords>>["keywords"][number];

/** Keyword priority (1 Low, 2 Medium, 3 High) as the news priority of what it finds (4 Low, 3 Medium, 2 High). */
const NEWS_PRIORITY_OF_KEYWORD: Record<number, number> = { 1: 4, 2: 3, 3: 2 };

/** The destinations of what some keywords matched: one per disease, with every matching keyword's name. */
export function destinationsOf(keywords: readonly ActiveKeyword[]): Destination[] {
  const byDisease = new Map<string, Destination>();
  for (const k of keywords) {
    const key = `${String(k.client)}|${String(k.disease)}`;
    const d = byDisease.get(key) ?? {
      client: String(k.client),
      therapeuticArea: String(k.therapeuticArea),
      disease: String(k.disease),
      terms: [],
      priority: 4,
    };
    if (!d.terms.includes(k.name)) d.terms.push(k.name);
    d.priority = Math.min(d.priority, NEWS_PRIORITY_OF_KEYWORD[k.priority ?? 2] ?? 3);
    byDisease.set(key, d);
  }
  return [...byDisease.values()];
}

const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join("");

/**
 * Files found articles into the fetch queue: one item per article and destination, unless that disease already has an
 * item with the same link or normalised title (one query per disease through { disease, fetchKeys }) or this batch
 * brought it twice. `byTitleOnly` articles (registry notices, whose link is the trial's page) are matched by title
 * alone. Returns how many items were added.
 */
export async function fileFetchedItems(
  found: ReadonlyArray<{ article: FoundArticle; destinations: readonly Destination[] }>,
  { byTitleOnly = false } = {},
) {
  await connectDb();
  const now = new Date();
  const perDisease = new Map<string, Array<{ article: FoundArticle; destination: Destination; keys: string[] }>>();
  for (const { article, destinations } of found) {
    const keys = fetchKeysOf({ title: article.title, sources: byTitleOnly || !article.link ? [] : [{ link: article.link }] });
    if (keys.length === 0) continue;
    for (const destination of destinations) {
      const list = perDisease.get(destination.disease) ?? [];
      list.push({ article, destination, keys });
      perDisease.set(destination.disease, list);
    }
  }
  // What each disease already has, read for all of them at once.
  const knownOf = new Map(
    await Promise.all(
      [...perDisease].map(async ([disease, candidates]) => {
        const keys = [...new Set(candidates.flatMap((c) => c.keys))];
        const found = await News.find({ disease, fetchKeys: trusted({ $in: keys }) })
          .select("fetchKeys")
          .sort(totalOrder("disease"))
          .lean();
        return [disease, new Set(found.flatMap((n) => n.fetchKeys ?? []))] as const;
      }),
    ),
  );
  let added = 0;
  for (const [disease, candidates] of perDisease) {
    const known = knownOf.get(disease)!;
    const docs = [];
    for (const { article, destination, keys } of candidates) {
      if (keys.some((k) => known.has(k))) continue;
      for (const k of keys) known.add(k);
      docs.push({
        title: article.title.slice(0, 500),
        content: `${article.origin ? `<p><em>${escapeHtml(article.origin)}</em></p>` : ""}${paragraphs(article.summary ?? "")}`,
        status: "fetch" as const,
        fetchedDate: now,
        createdByName: article.sourceName,
        client: destination.client,
        therapeuticArea: destination.therapeuticArea,
        disease: destination.disease,
        terms: destination.terms,
        priority: destination.priority,
        sources: article.link ? [{ name: article.sourceName, link: article.link }] : [],
      });
    }
    if (docs.length) {
      await News.insertMany(docs);
      added += docs.length;
    }
  }
  return added;
}

// ----- The editors' digest setting --------------------------------------------------------------------------------

const EDITORS = "editors";

/** How often the admins who curate news are mailed the new fetch-queue items ("off" until an admin turns it on). */
export async function editorsDigestSetting() {
  await connectDb();
  const doc = await EditorsDigest.findById(EDITORS).lean();
  return { frequency: (doc?.frequency ?? "off") as DigestFrequency, lastSentAt: doc?.lastSentAt ?? null };
}

/** Turned on, the first digest lists only what is fetched from now on. */
export async function setEditorsDigest(frequency: DigestFrequency) {
  await connectDb();
  const current = await EditorsDigest.findById(EDITORS).lean();
  const restart = !current || current.frequency === "off";
  await EditorsDigest.updateOne(
    { _id: EDITORS },
    { $set: { frequency, ...(restart ? { lastSentAt: new Date() } : {}) } },
    { upsert: true },
  );
}

/** Claims the editors' digest due at `now` (at most one process sends it); the period it covers, up to a settling
 *  minute before `now` (DIGEST_SETTLE_MS), or null. */
export async function claimEditorsDigest(now: Date) {
  await connectDb();
  const doc = await EditorsDigest.findById(EDITORS).lean();
  if (!doc || doc.frequency === "off" || doc.lastSentAt.getTime() > now.getTime() - PERIOD_MS[doc.frequency as keyof typeof PERIOD_MS])
    return null;
  if (!(await claimOnce(`editors-digest|${doc.lastSentAt.getTime()}`, 8 * 86_400_000))) return null;
  const until = new Date(now.getTime() - DIGEST_SETTLE_MS);
  await EditorsDigest.updateOne({ _id: EDITORS, lastSentAt: doc.lastSentAt }, { $set: { lastSentAt: until } });
  return { since: doc.lastSentAt, until };
}

/** The fetch-queue items added in a period of the diseases an admin curates, newest first (at most `limit`). */
export async function fetchedSince({ user, since, until, limit }: { user: SessionUser; since: Date; until: Date; limit: number }) {
  await connectDb();
  const items = await News.find({ status: "fetch", createdAt: trusted({ $gt: since, $lte: until }), ...heldScope(user) })
    .sort({ createdAt: -1, _id: -1 })
    .limit(limit)
    .select("title createdAt createdByName client disease")
    .lean();
  const names = await scopeNamesOf(items, user);
  return items.map((n) => ({ ...n, names: names(n) }));
}

/** Gives the news items saved before `fetchKeys` existed their keys, once per database. */
export const backfillFetchKeys = () =>
  backfillOnce("once|news-fetch-keys|1", News, "title sources fetchKeys", (n) =>
    n.fetchKeys?.length ? null : { fetchKeys: fetchKeysOf(n) },
  );
