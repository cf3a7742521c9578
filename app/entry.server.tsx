import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";

import { whenUnavailable } from "#db/connection.server";
import { startScheduler, stopScheduler } from "~/services/scheduler.server";

import { env } from "./utils/env.server";
import { streamHtml } from "./utils/stream-html.server";

// The environment is checked when the server starts: a bad value stops it here with the list of problems.
env();
// This server's share of the background jobs (keyword monitoring, digests) unless SCHEDULER=off; the schedule is shared
// with every other process through MongoDB. A database that is not there yet only delays it.
function joinSchedule() {
  startScheduler().catch((error) => {
    console.warn("scheduler not started; trying again in 30 s:", error);
    setTimeout(joinSchedule, 30_000).unref();
  });
}
joinSchedule();
// On shutdown the jobs this server runs finish (or are left to the others) instead of holding their locks for the lock
// lifetime; then the process ends as it would have.
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => void stopScheduler(5_000).finally(() => process.exit(0)));
}
// While the database cannot be reached, a request that needs it answers 503 with the error page (not a 500), and the
// next one after it is back succeeds: the driver keeps trying to reconnect.
whenUnavailable(
  () =>
    new Response("The service is temporarily unavailable. Please try again in a moment.", { status: 503, headers: { "Retry-After": "5" } }),
);

export const streamTimeout = 5_000;

// For server.js, which reads them from the build: the app's public address (the only origin posts may come from), the
// body caps of the routes that take files, the scope each request is handled in, and the database commands sent so
// far (npm run bench:http).
export { appOrigin } from "./utils/email.server";
export { uploadLimit } from "./utils/upload-limits.server";
export { commandCount, databaseAnswers } from "#db/connection.server";
export { requestScope } from "./utils/request-scope.server";

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The CSP nonce set by server.js: every inline script Remix streams (context, single-fetch data) carries it.
  const nonce = loadContext.cspNonce;
  // Bots and no-JS clients get the whole document at once; browsers get it streamed.
  return streamHtml(<RemixServer context={remixContext} url={request.url} nonce={nonce} />, {
    nonce,
    whole: isbot(request.headers.get("user-agent") ?? ""),
    status: responseStatusCode,
    headers: responseHeaders,
    timeoutMs: streamTimeout + 1_000,
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error);
}
