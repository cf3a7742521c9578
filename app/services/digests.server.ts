import { escapeHtml } from "#common/plain-text";
import { listNewsPage } from "~/models/news.server";
import { findPermittedClient } from "~/models/permitted-client.server";
import { claimDigest, DIGEST_SETTLE_MS, dueSavedSearches, releaseDigest, type DueSavedSearch } from "~/models/saved-search.server";
import { digestBody } from "~/utils/digest-mail.server";
import { unsubscribeToken } from "~/utils/digest-token.server";
import { appOrigin, sendEmail, unsubscribeHeaders } from "~/utils/email.server";
import { newsFiltersOf, savedQueryOf } from "~/utils/feed-filters.server";
import { findActiveUser } from "~/utils/session.server";
import { withClient } from "~/utils/shell";

// The saved searches' e-mail digests (issue 16). Stateless: run by the scheduler's digests job (every
// DIGEST_INTERVAL_MINUTES) or by `npm run digests`; any number of runs at once is safe because each digest is claimed
// in MongoDB first.

/** At most this many items in one mail; the rest are a click away in the feed. */
const DIGEST_ITEMS = 50;

/** Sends every digest due at `now`; returns how many mails went out. */
export async function sendDueDigests(now = new Date(), origin = appOrigin()) {
  let sent = 0;
  const until = new Date(now.getTime() - DIGEST_SETTLE_MS); // what this run covers (lastSentAt moves there)
  for (const search of await dueSavedSearches(now)) {
    if (!(await claimDigest(search, until))) continue; // another run has it
    try {
      if (await sendDigest(search, until, origin)) sent++;
    } catch (error) {
      await releaseDigest(search, until);
      console.error(`digest ${String(search._id)} not sent:`, error);
    }
  }
  return sent;
}

/** The news published since the last digest that the user may read now, as the feed would show it to them. */
async function newItemsOf(search: DueSavedSearch, now: Date) {
  // The user's current permissions, not those when the search was saved: a blocked user or a lost client gets nothing,
  // a lost disease drops out in listNewsPage even when the saved query names it.
  const user = await findActiveUser(search.user);
  if (!user?.email) return null;
  const client = await findPermittedClient({ user, id: String(search.client) });
  if (!client) return null;
  const saved = savedQueryOf(new URLSearchParams(search.query)); // read again: stored text is never trusted
  // Published after the last digest, inside the search's date range when it has one.
  const since = new Date(search.lastSentAt.getTime() + 1);
  const from = saved.from && saved.from > since ? saved.from : since;
  const to = saved.to && saved.to < now ? saved.to : now;
  if (from > to) return { user, items: [], more: false };
  const page = await listNewsPage({ user, client, filters: newsFiltersOf(saved.values, { from, to }), page: { size: DIGEST_ITEMS } });
  return { user, items: page.items, more: Boolean(page.next) };
}

async function sendDigest(search: DueSavedSearch, now: Date, origin: string) {
  const found = await newItemsOf(search, now);
  if (!found || found.items.length === 0) return false;
  const { user, items, more } = found;
  const count = `${items.length}${more ? "+" : ""}`;
  // Each link names the search's client: opening it selects that client, whichever this browser had.
  const client = String(search.client);
  const feed = `${origin}${withClient(`/news${search.query ? `?${search.query}` : ""}`, client)}`;
  const unsubscribe = `${origin}/resources/unsubscribe/${unsubscribeToken(String(search._id))}`;
  const { text, html } = digestBody({
    intro: `${count} new ${items.length === 1 && !more ? "item matches" : "items match"} your saved search "${search.name}".`,
    items: items.map((n) => {
      const day = n.publishedAt?.toISOString().slice(0, 10) ?? "";
      return {
        title: n.title,
        url: `${origin}${withClient(`/news/${String(n._id)}`, client)}`,
        text: `${day}  ${n.title}`,
        html: ` <small>${escapeHtml(day)}</small>`,
      };
    }),
    after: {
      text: [...(more ? [`More in Pharmascope: ${feed}`, ""] : []), `Open the search: ${feed}`],
      html: `${more ? `<p><a href="${escapeHtml(feed)}">More in Pharmascope</a></p>` : ""}<p><a href="${escapeHtml(feed)}">Open the search</a></p>`,
    },
    unsubscribe,
  });
  await sendEmail({
    to: user.email,
    subject: `${search.name}: ${count} new ${items.length === 1 && !more ? "item" : "items"}`,
    text,
    html,
    headers: unsubscribeHeaders(unsubscribe),
  });
  return true;
}
