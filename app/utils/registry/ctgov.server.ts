import { REGISTRY_BAD_ANSWER, REGISTRY_UNREACHABLE, registryRefused, registryTooMany } from "#common/messages";
import { registryConfig } from "~/utils/env.server";
import { connectWithin, FetchFailure, politeGet } from "~/utils/polite-fetch.server";

import type { RegistryQuery } from "./query";
import type { Study } from "./study";

// The ClinicalTrials.gov API v2 client (issue 15): GET {base}/api/v2/studies with the search's parameters, following
// nextPageToken. Polite by design: one request at a time from all app servers together, CTGOV_MIN_INTERVAL_MS apart
// (the turn is kept in MongoDB: app/utils/rate-limit.server.ts `awaitTurn`); a 429, a 5xx or a network failure is
// retried after a wait that doubles (Retry-After honoured, up to a cap); then the run stops with a message. A registry
// that cannot be connected to within CTGOV_CONNECT_TIMEOUT_MS is not retried: the admin hears at once. Every
// page is read before anything is written, so a failure imports nothing.

/** Studies asked for per page (the API allows 1000; smaller pages keep each answer quick to read). */
export const PAGE_SIZE = 200;
/** Studies one run may import: a search matching more must be narrowed. */
export const MAX_STUDIES = 1000;
/** Tries per request (the first and three retries). */
const ATTEMPTS = 4;
/** The longest wait a Retry-After may ask for before we give up instead (the admin is waiting on the page). */
const MAX_RETRY_AFTER_MS = 10_000;
const PACING_KEY = "ctgov|requests";

/** Why a run stopped; `message` is for the admin (common/messages.ts). */
export class RegistryError extends Error {}

/** The search parameters of a query; `updatedSince` (YYYY-MM-DD) keeps studies updated on or after that day. */
export function searchParamsOf(query: RegistryQuery, updatedSince?: string | null) {
  const params = new URLSearchParams({ format: "json" });
  const advanced: string[] = [];
  if (query.ids.length) params.set("filter.ids", query.ids.join(","));
  else {
    if (query.condition) params.set("query.cond", query.condition);
    if (query.sponsor) params.set("query.spons", query.sponsor);
    if (query.intervention) params.set("query.intr", query.intervention);
    if (query.phase) advanced.push(`AREA[Phase]${query.phase}`);
  }
  if (updatedSince) advanced.push(`AREA[LastUpdatePostDate]RANGE[${updatedSince},MAX]`);
  if (advanced.length) params.set("filter.advanced", advanced.join(" AND "));
  params.set("pageSize", String(PAGE_SIZE));
  params.set("countTotal", "true");
  return params;
}

/** One GET, paced and retried; the parsed JSON. */
async function getJson(url: URL): Promise<unknown> {
  const config = registryConfig();
  let response: Response;
  try {
    response = await politeGet(url, {
      pacing: { key: PACING_KEY, intervalMs: config.CTGOV_MIN_INTERVAL_MS },
      attempts: ATTEMPTS,
      retryBaseMs: config.CTGOV_RETRY_BASE_MS,
      maxRetryAfterMs: MAX_RETRY_AFTER_MS,
      timeoutMs: config.CTGOV_TIMEOUT_MS,
      // An unreachable registry is said within seconds, not after the system's connect timeout and three retries.
      dispatcher: connectWithin(config.CTGOV_CONNECT_TIMEOUT_MS),
      headers: { Accept: "application/json", "User-Agent": "Pharmascope trial import" },
    });
  } catch (error) {
    if (!(error instanceof FetchFailure)) throw error;
    throw new RegistryError(error.kind === "refused" ? registryRefused(error.detail) : REGISTRY_UNREACHABLE);
  }
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    console.warn("ClinicalTrials.gov answered with something other than JSON", url.pathname, text.slice(0, 200));
    throw new RegistryError(REGISTRY_BAD_ANSWER);
  }
}

type StudiesPage = { studies?: Study[]; nextPageToken?: string; totalCount?: number };

function isStudiesPage(value: unknown): value is StudiesPage {
  return typeof value === "object" && value !== null && (!("studies" in value) || Array.isArray((value as StudiesPage).studies));
}

/** Every study the query matches (updated since `updatedSince`), all pages read before returning; `onPage` hears how
 *  many were read of how many the registry counts (0 when it did not say). */
export async function fetchStudies(
  query: RegistryQuery,
  updatedSince?: string | null,
  onPage: (read: number, total: number) => Promise<void> = async () => {},
): Promise<Study[]> {
  const base = new URL("/api/v2/studies", registryConfig().CTGOV_BASE_URL);
  const params = searchParamsOf(query, updatedSince);
  const studies: Study[] = [];
  let total: number | undefined;
  for (;;) {
    const url = new URL(base);
    url.search = params.toString();
    const page = await getJson(url);
    if (!isStudiesPage(page)) throw new RegistryError(REGISTRY_BAD_ANSWER);
    if (page.totalCount !== undefined && page.totalCount > MAX_STUDIES)
      throw new RegistryError(registryTooMany(page.totalCount, MAX_STUDIES));
    studies.push(...(page.studies ?? []));
    if (studies.length > MAX_STUDIES) throw new RegistryError(registryTooMany(studies.length, MAX_STUDIES));
    total ??= page.totalCount ?? 0;
    await onPage(studies.length, Math.max(total, studies.length));
    if (!page.nextPageToken) return studies;
    params.set("pageToken", page.nextPageToken);
    // The total is counted on the first page only.
    params.delete("countTotal");
  }
}
