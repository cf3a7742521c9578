import { parseFeed } from "feedsmith";

import { plainText } from "#common/plain-text";
import type { FoundArticle } from "~/models/monitor.server";
import { env } from "~/utils/env.server";
import { failureMessage, FEED_NOT_PUBLIC, MonitorError } from "~/utils/monitor/errors.server";
import { isPublicAddress, publicOnly } from "~/utils/monitor/public-address.server";
import { boundedText, FetchFailure, politeGet } from "~/utils/polite-fetch.server";

// An RSS, Atom, RDF or JSON feed, read with feedsmith (issue 16). Asked with the validators of the last answer, so an
// unchanged feed costs a 304; one retry after a transient failure (the source's own backoff spaces out the rest); only
// from public addresses (./public-address.server.ts).

type Entry = Record<string, unknown>;
const text = (value: unknown): string =>
  typeof value === "string"
    ? value
    : value && typeof value === "object" && "value" in value
      ? text((value as { value: unknown }).value)
      : "";

/** An entry's address: RSS/RDF `link`, Atom's alternate (or first) `links`, JSON Feed's `url`. */
function linkOf(entry: Entry): string {
  if (typeof entry.link === "string") return entry.link;
  if (typeof entry.url === "string") return entry.url;
  const links = Array.isArray(entry.links) ? (entry.links as Array<{ href?: string; rel?: string }>) : [];
  return (links.find((l) => !l.rel || l.rel === "alternate") ?? links[0])?.href ?? "";
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const ymd = (year: string | number, month: string | number, day: string | number) =>
  `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

/**
 * A feed date as the day its publisher wrote (YYYY-MM-DD): ISO 8601 (Atom, JSON Feed, RDF's dc:date), RFC 822 (RSS
 * pubDate, "EDT" and all), and what Drupal sites such as FDA's put in pubDate — `<time datetime="…Z">08/29/2025 -
 * 17:45</time>` or the bare US "MM/DD/YYYY - HH:MM". The day is read from the text, not shifted to UTC: an evening
 * release in New York is that day's news.
 */
export function dayOfDate(value: string): string {
  const text = (/<time\b[^>]*\bdatetime=["']([^"']+)["']/i.exec(value)?.[1] ?? value.replace(/<[^>]*>/g, "")).trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (iso) return ymd(iso[1]!, iso[2]!, iso[3]!);
  const rfc = /\b(\d{1,2})\s+([a-z]{3})[a-z]*\.?\s+(\d{4})\b/i.exec(text);
  const month = rfc ? MONTHS.indexOf(rfc[2]!.toLowerCase()) + 1 : 0;
  if (rfc && month) return ymd(rfc[3]!, month, rfc[1]!);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})\b/.exec(text);
  if (us) return ymd(us[3]!, us[1]!, us[2]!);
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? "" : date.toISOString().slice(0, 10);
}

/** An entry's date as a day (YYYY-MM-DD), when it has one that reads (RDF's dc:date comes as `dc.dates`). */
function dayOf(entry: Entry): string {
  const dc = entry.dc as { date?: unknown; dates?: unknown[] } | undefined;
  for (const value of [entry.pubDate, entry.published, entry.updated, entry.date_published, dc?.date, ...(dc?.dates ?? [])]) {
    const day = typeof value === "string" ? dayOfDate(value) : "";
    if (day) return day;
  }
  return "";
}

/** The entries of a feed as articles credited to `sourceName`. */
export function articlesOfFeed(xml: string, sourceName: string): FoundArticle[] {
  let parsed: ReturnType<typeof parseFeed>;
  try {
    parsed = parseFeed(xml);
  } catch {
    throw new MonitorError("The address did not return an RSS, Atom or JSON feed.");
  }
  const feed = parsed.feed as { title?: unknown; items?: Entry[]; entries?: Entry[] };
  const entries = feed.items ?? feed.entries ?? [];
  const feedTitle = plainText(text(feed.title)).trim();
  return entries.flatMap((entry) => {
    const title = plainText(text(entry.title)).replace(/\s+/g, " ").trim();
    if (!title) return [];
    const summary = plainText(
      text(entry.description) ||
        text(entry.summary) ||
        text(entry.content_text) ||
        text((entry.content as Entry | undefined)?.encoded) ||
        text(entry.content) ||
        text(entry.content_html),
    ).trim();
    const day = dayOf(entry);
    return [{ title, link: linkOf(entry).trim() || undefined, summary, origin: [feedTitle, day].filter(Boolean).join(", "), sourceName }];
  });
}

/** Reads a feed source; `null` articles when the feed has not changed since the validators were given. */
export async function readFeed(source: { name: string; url?: string | null; etag?: string | null; lastModified?: string | null }) {
  const config = env();
  const url = new URL(source.url ?? "");
  const anywhere = config.MONITOR_ALLOW_PRIVATE_HOSTS === "true";
  if (!anywhere && !(await isPublicAddress(url))) throw new MonitorError(FEED_NOT_PUBLIC);
  let response: Response;
  try {
    response = await politeGet(url, {
      attempts: 2,
      retryBaseMs: 2_000,
      timeoutMs: config.MONITOR_TIMEOUT_MS,
      // Every connection, redirects included, to public addresses only.
      dispatcher: anywhere ? undefined : publicOnly,
      headers: {
        Accept: "application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5",
        "User-Agent": "Pharmascope keyword monitoring",
        ...(source.etag ? { "If-None-Match": source.etag } : {}),
        ...(source.lastModified ? { "If-Modified-Since": source.lastModified } : {}),
      },
    });
  } catch (error) {
    throw new MonitorError(failureMessage("The feed", error));
  }
  const validators = { etag: response.headers.get("ETag"), lastModified: response.headers.get("Last-Modified") };
  if (response.status === 304) return { articles: null, validators };
  let body: string;
  try {
    body = await boundedText(response, config.MONITOR_FEED_MAX_BYTES);
  } catch (error) {
    if (error instanceof FetchFailure) throw new MonitorError(`The feed could not be read: ${error.detail}.`);
    throw error;
  }
  return { articles: articlesOfFeed(body, source.name), validators };
}
