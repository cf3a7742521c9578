import { normalisedText } from "#common/fetch-keys";
import { UNEXPECTED_ERROR } from "#common/messages";
import {
  activeKeywords,
  claimSourceRun,
  destinationsOf,
  dueSources,
  failSourceRun,
  fileFetchedItems,
  finishSourceRun,
  type DueSource,
  type FoundArticle,
} from "~/models/monitor.server";
import { allRegistrySyncs, delaysSeenSince } from "~/models/registry.server";
import { runRegistrySync } from "~/services/registry-sync.server";
import { MonitorError } from "~/utils/monitor/errors.server";
import { slipText } from "~/utils/registry/slips";

import { readFeed } from "./feed.server";
import { searchPubmed } from "./pubmed.server";

// One tick of keyword monitoring (issue 16), run by the scheduler's "monitor sources" job in whichever process gets it:
// every source due now is claimed (once among all processes) and run, one after another. A run's outcome — items
// added, or why it failed — is written on the source for the Monitoring page; a failure is retried with backoff.

/** Runs the sources due at `now`; how many runs this process made. */
export async function runDueSources(now = new Date()) {
  let ran = 0;
  for (const source of await dueSources(now)) {
    if (!(await claimSourceRun(source, now))) continue;
    await runSource(source);
    ran++;
  }
  return ran;
}

async function runSource(source: DueSource) {
  const startedAt = new Date();
  try {
    const outcome = await (source.kind === "rss"
      ? runFeed(source)
      : source.kind === "pubmed"
        ? runPubmed(source, startedAt)
        : runRegistry(startedAt));
    await finishSourceRun(source, { startedAt, ...outcome });
  } catch (error) {
    if (!(error instanceof MonitorError)) console.warn(`monitoring: ${source.name} failed`, error);
    await failSourceRun(source, { startedAt, message: error instanceof MonitorError ? error.message : UNEXPECTED_ERROR });
  }
}

/** A feed's entries that mention an active keyword, into the queues of those keywords' diseases. */
async function runFeed(source: DueSource) {
  const { articles, validators } = await readFeed(source);
  if (!articles) return { items: 0, validators };
  const { matching } = await activeKeywords();
  const found = articles.flatMap((article) => {
    const destinations = destinationsOf(matching(article.title, article.summary));
    return destinations.length ? [{ article, destinations }] : [];
  });
  return { items: await fileFetchedItems(found), validators };
}

/** PubMed searched once per distinct keyword (as matching reads them: case and punctuation aside); each record filed
 *  for every keyword, of any client, that found it. */
async function runPubmed(source: DueSource, now: Date) {
  const { keywords } = await activeKeywords();
  const groups = new Map<string, typeof keywords>();
  for (const k of keywords) groups.set(normalisedText(k.name), [...(groups.get(normalisedText(k.name)) ?? []), k]);
  const same = [...groups.values()];
  const results = await searchPubmed(
    same.map((ks) => ks[0]!.name.trim()),
    source.lastSuccessAt ?? null,
    now,
  );
  const byLink = new Map<string, { article: FoundArticle; keywords: typeof keywords }>();
  results.forEach(({ articles }, i) => {
    for (const article of articles) {
      const entry = byLink.get(article.link!) ?? { article, keywords: [] };
      entry.keywords.push(...same[i]!);
      byLink.set(article.link!, entry);
    }
  });
  return {
    items: await fileFetchedItems([...byLink.values()].map(({ article, keywords: ks }) => ({ article, destinations: destinationsOf(ks) }))),
  };
}

/**
 * Every saved ClinicalTrials.gov import re-synced (issue 15's incremental sync); each primary completion date that moved
 * later becomes a notice in the queue of the import's disease (high priority: a delay is news). A failed import keeps
 * its own error on the import page; the run fails when every import failed, and says how many did otherwise.
 */
async function runRegistry(startedAt: Date) {
  const syncs = await allRegistrySyncs();
  const failed: string[] = [];
  let items = 0;
  for (const sync of syncs) {
    const run = await runRegistrySync(String(sync._id));
    if (!run.ok) {
      failed.push(run.message);
      continue;
    }
    const delays = await delaysSeenSince({ disease: sync.disease, since: startedAt });
    const destination = {
      client: String(sync.client),
      therapeuticArea: String(sync.therapeuticArea),
      disease: String(sync.disease),
      terms: [],
      priority: 2,
    };
    items += await fileFetchedItems(
      delays.map((d) => ({
        article: {
          title: `${d.title ? `${d.title}: ` : ""}${slipText([d])}`,
          link: `https://clinicaltrials.gov/study/${d.trial}?tab=history`,
          summary: `The trial's record on ClinicalTrials.gov has a later primary completion date; its history tab shows the change.`,
          sourceName: "ClinicalTrials.gov",
        },
        destinations: [destination],
      })),
      { byTitleOnly: true },
    );
  }
  if (syncs.length && failed.length === syncs.length) throw new MonitorError(`Every import failed: ${failed[0]}`);
  if (failed.length) throw new MonitorError(`${failed.length} of ${syncs.length} imports failed (${items} notices added): ${failed[0]}`);
  return { items };
}
