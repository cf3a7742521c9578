import { escapeHtml } from "#common/plain-text";
import { claimEditorsDigest, fetchedSince } from "~/models/monitor.server";
import { activeNewsCurators } from "~/models/user.server";
import { digestBody } from "~/utils/digest-mail.server";
import { unsubscribeToken } from "~/utils/digest-token.server";
import { appOrigin, sendEmail, unsubscribeHeaders } from "~/utils/email.server";
import { findActiveUser } from "~/utils/session.server";

// The editors' digest (issue 16): when an admin turns it on (Monitoring page: daily or weekly), each admin who works
// the fetch queue is mailed what keyword monitoring brought into the diseases they hold since the last one. Claimed in
// MongoDB first, so of all the processes running the digests job one sends it. Each admin can turn it off for
// themselves: the mail's unsubscribe link (no sign-in), or the Monitoring page.

const ITEMS = 50;

/** Sends the editors' digest when it is due; how many mails went out. */
export async function sendEditorsDigest(now = new Date(), origin = appOrigin()) {
  const claim = await claimEditorsDigest(now);
  if (!claim) return 0;
  let sent = 0;
  for (const id of await activeNewsCurators()) {
    const user = await findActiveUser(id);
    if (!user?.email) continue;
    const items = await fetchedSince({ user, since: claim.since, until: claim.until, limit: ITEMS + 1 });
    if (items.length === 0) continue;
    const more = items.length > ITEMS;
    const shown = items.slice(0, ITEMS);
    const count = `${shown.length}${more ? "+" : ""}`;
    const queue = `${origin}/news/drafts?view=fetch`;
    const unsubscribe = `${origin}/resources/unsubscribe/${unsubscribeToken(String(user._id), "fetch-queue")}`;
    // One item per client and disease a keyword matched: each line says whose queue it is in, else a title repeats.
    const { text, html } = digestBody({
      intro: `Keyword monitoring brought ${count} new ${shown.length === 1 && !more ? "item" : "items"} into the fetch queue.`,
      items: shown.map((n) => {
        const where = [n.names.client, n.names.disease].filter(Boolean).join(" › ");
        const from = n.createdByName ?? "";
        return {
          title: n.title,
          url: `${origin}/news/edit/${String(n._id)}`,
          text: `${n.title} — ${where}${from ? ` (${from})` : ""}`,
          html: ` — ${escapeHtml(where)}${from ? ` <small>${escapeHtml(from)}</small>` : ""}`,
        };
      }),
      after: { text: [`The fetch queue: ${queue}`], html: `<p><a href="${escapeHtml(queue)}">Open the fetch queue</a></p>` },
      unsubscribe,
    });
    try {
      await sendEmail({
        to: user.email,
        subject: `Fetch queue: ${count} new ${shown.length === 1 && !more ? "item" : "items"}`,
        text,
        html,
        headers: unsubscribeHeaders(unsubscribe),
      });
      sent++;
    } catch (error) {
      console.warn(`editors' digest to ${String(id)} not sent:`, error);
    }
  }
  return sent;
}
