import type { LoaderFunctionArgs } from "@remix-run/node";

import { calendarOfFeed, findLiveFeed } from "~/models/calendar-feed.server";
import { calendar } from "~/utils/ics.server";
import { overLimit } from "~/utils/rate-limit.server";

// A calendar feed (issue 16): /resources/calendar/{token}.ics, fetched by calendar programs without a session. The
// token is the only credential: an unknown or revoked one, or one whose owner may no longer sign in or see its client,
// is a 404 — the same answer for each, so the address reveals nothing.
const notFound = () => new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
/** Calendar programs poll every few hours; a script hammering one address is slowed. */
const FEED_LIMIT = { limit: 60, windowSeconds: 60 * 60 };

export async function loader({ params }: LoaderFunctionArgs) {
  const token = params.file?.endsWith(".ics") ? params.file.slice(0, -4) : "";
  const feed = await findLiveFeed(token);
  if (!feed) return notFound();
  const wait = await overLimit(`calendarFeed|${String(feed._id)}`, FEED_LIMIT);
  if (wait) return new Response("Too many requests for this calendar feed.", { status: 429, headers: { "Retry-After": String(wait) } });
  const found = await calendarOfFeed(feed);
  if (!found) return notFound();
  return new Response(calendar(found.entries, { name: found.name }), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="pharmascope.ics"',
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
