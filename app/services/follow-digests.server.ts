import { REPORT_NAMES, type ReportTypeId } from "#common/constants";
import { escapeHtml } from "#common/plain-text";
import type { ModelChange } from "#workers/engine/diff";
import { claimFollow, dueFollows, releaseFollow, type DueFollow } from "~/models/disease-follow.server";
import { findPermittedDisease } from "~/models/disease.server";
import type { PermittedDisease } from "~/models/permitted";
import { readView } from "~/reports/view";
import { formatDay } from "~/utils/dates";
import { unsubscribeToken } from "~/utils/digest-token.server";
import { appOrigin, sendEmail, unsubscribeHeaders } from "~/utils/email.server";
import { registryText } from "~/utils/registry/slips";
import { findActiveUser } from "~/utils/session.server";
import { withClient } from "~/utils/shell";

import { comparison, engineOptions, makeReport, openSheet } from "./report-model.server";

// The e-mail of a followed disease (issue 30): what changed in each of its reports since the last one — the sheet's
// version then compared with today's, report by report, as the report page's "Compare with" does — and the trial
// registry's moves of the rows' trials, each report linking to its compare view. Stateless like the saved searches'
// digests (digests.server.ts): run by the scheduler's digests job or `npm run digests`, each digest claimed first.

/** Changes listed per report in one mail; the compare view lists them all. */
const LISTED = 10;

/** Sends every follow digest due at `now`; returns how many mails went out. */
export async function sendDueFollowDigests(now = new Date(), origin = appOrigin()) {
  let sent = 0;
  for (const follow of await dueFollows(now)) {
    if (!(await claimFollow(follow, now))) continue; // another run has it
    try {
      if (await sendFollowDigest(follow, origin)) sent++;
    } catch (error) {
      await releaseFollow(follow, now);
      console.error(`follow digest ${String(follow._id)} not sent:`, error);
    }
  }
  return sent;
}

/** A report's changes since the last digest, or null when it has none (or cannot be compared: nothing to say). */
interface ReportChanges {
  type: ReportTypeId;
  changes: ModelChange[];
  registry: string[];
}

/** What changed in each report of the disease since `at` (the last digest), today's sheet against the version then. */
async function changesSince(disease: PermittedDisease, at: Date): Promise<ReportChanges[]> {
  const since = at.toISOString().slice(0, 10);
  const [today, earlier] = await Promise.all([openSheet(disease.id), comparison(disease.id, since, null, at)]);
  // No sheet today, or none read by then (followed before its first read: its first digest is its first read's), or
  // the version the last digest saw is the one in force: nothing changed.
  if (!today.ok || !earlier.ok || earlier.compare.before.fetchedAt === today.sheet.fetchedAt) return [];
  const view = readView(new URLSearchParams());
  const found: ReportChanges[] = [];
  for (const type of disease.reports) {
    if (type === "list" || type === "events-2") continue; // not from the sheet
    const made = await makeReport(today.sheet, type, await engineOptions(disease, type, view), { as: "changes", compare: earlier.compare });
    if (made.ok && (made.value.changes.length || made.value.registry.length))
      found.push({ type, changes: made.value.changes, registry: made.value.registry.map(registryText) });
  }
  return found;
}

/** The digest of one follow, within the user's access now (a blocked user, or a disease they lost, gets nothing). */
async function sendFollowDigest(follow: DueFollow, origin: string) {
  const user = await findActiveUser(follow.user);
  if (!user?.email) return false;
  const found = await findPermittedDisease({ user, id: String(follow.disease) });
  if (found.status !== "ok") return false;
  const { disease } = found;
  const reports = await changesSince(disease, follow.lastSentAt);
  if (!reports.length) return false;

  const since = follow.lastSentAt.toISOString().slice(0, 10);
  const page = (type: ReportTypeId) =>
    `${origin}${withClient(`/clients/${disease.clientId}/therapeuticAreas/${disease.areaId}/diseases/${disease.id}/reports?type=${type}&compare=${since}`, disease.clientId)}`;
  const unsubscribe = `${origin}/resources/unsubscribe/${unsubscribeToken(String(follow._id), "follow")}`;
  // The registry's moves are the same rows' in every report: listed once.
  const registry = [...new Set(reports.flatMap((r) => r.registry))];
  const sections = reports
    .filter((r) => r.changes.length)
    .map((r) => ({
      title: `${REPORT_NAMES[r.type]}: ${r.changes.length} ${r.changes.length === 1 ? "change" : "changes"}`,
      lines: r.changes.slice(0, LISTED).map((c) => c.text),
      more: Math.max(0, r.changes.length - LISTED),
      url: page(r.type),
    }));
  const intro = `What changed in the ${disease.name} landscape since ${formatDay(follow.lastSentAt)}:`;
  const text = [
    intro,
    "",
    ...sections.flatMap((s) => [
      s.title,
      ...s.lines.map((l) => `  • ${l}`),
      ...(s.more ? [`  and ${s.more} more`] : []),
      `  Compare: ${s.url}`,
      "",
    ]),
    ...(registry.length ? ["In the trial registry:", ...registry.map((l) => `  • ${l}`), ""] : []),
    `Stop these e-mails: ${unsubscribe}`,
    "",
    "— Pharmascope",
  ].join("\n");
  const list = (lines: string[]) => `<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul>`;
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    ...sections.map(
      (s) =>
        `<h3>${escapeHtml(s.title)}</h3>${list(s.lines)}${s.more ? `<p>and ${s.more} more</p>` : ""}<p><a href="${escapeHtml(s.url)}">Compare in Pharmascope</a></p>`,
    ),
    registry.length ? `<h3>In the trial registry</h3>${list(registry)}` : "",
    `<p><a href="${escapeHtml(unsubscribe)}">Stop these e-mails</a></p><p>— Pharmascope</p>`,
  ].join("");
  const count = reports.reduce((n, r) => n + r.changes.length, 0) + registry.length;
  await sendEmail({
    to: user.email,
    subject: `${disease.name}: ${count} ${count === 1 ? "change" : "changes"} since ${formatDay(follow.lastSentAt)}`,
    text,
    html,
    headers: unsubscribeHeaders(unsubscribe),
  });
  return true;
}
