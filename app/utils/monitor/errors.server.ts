import { FetchFailure } from "../polite-fetch.server";

export const FEED_NOT_PUBLIC = "The feed's address is not a public internet address (or its name does not resolve).";

/** Why a source's run failed, in words for the admin (shown on the Monitoring list as its last error). */
export class MonitorError extends Error {}

/** "The feed answered HTTP 404." / "PubMed could not be reached (network: …)." */
export function failureMessage(what: string, error: unknown): string {
  if (!(error instanceof FetchFailure)) return `${what} could not be read: ${(error as Error).message}`;
  return error.kind === "refused" ? `${what} refused the request: ${error.detail}.` : `${what} could not be reached (${error.detail}).`;
}
