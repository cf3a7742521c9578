import { beforeEach, describe, expect, test } from "vitest";

import { followSaved, followStopped } from "#common/messages";
import { DiseaseFollow, User } from "#db/models/index.server";
import type { Cell } from "#workers/engine/sheet";
import * as reportsRoute from "~/routes/_app+/clients+/$clientId.therapeuticAreas+/$taId.diseases+/$diseaseId.reports";
import * as unsubscribe from "~/routes/resources+/unsubscribe.$token";
import { sendDueFollowDigests } from "~/services/follow-digests.server";
import { formatDay } from "~/utils/dates";
import { unsubscribeToken } from "~/utils/digest-token.server";
import { storeSheetCopy } from "~/utils/sheets/store.server";

import { callAction, callLoader, diseaseParams, httpStatusOf, locationOf, scene, toastsOf } from "../db-utils";
import { decodedMail, useSmtpServer } from "../setup/smtp";
import { alzheimersSheet, HEADER } from "../unit/engine/fixtures/alzheimers";

// Following a disease's landscape (issue 30), through a real SMTP server: the report page's form follows it weekly or
// monthly; the digest says what changed in each of its reports since the last one — the sheet's version then against
// today's — within the user's access now, linking to the compare view from APP_URL; nothing changed, nothing sent; the
// unsubscribe link stops it without signing in.

const smtp = useSmtpServer({ appUrl: "https://pharmascope.example" });
beforeEach(async () => {
  // Each test's follows only: sendDueFollowDigests serves the whole database.
  await DiseaseFollow.deleteMany({});
});

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const col = (name: string) => HEADER.indexOf(name as (typeof HEADER)[number]);

async function world() {
  const reports = (["landscape-type-1", "timeline-table", "list"] as const).map((id) => ({ id, name: id }));
  const w = await scene({
    clients: { alpha: "Alpha", beta: "Beta" },
    areas: { neuro: { client: "alpha" }, immuno: { client: "beta" } },
    diseases: { ad: { area: "neuro", name: "Alzheimer's disease", reports }, lupus: { area: "immuno", reports } },
    users: { analyst: { role: "external", grants: ["ad"] }, rival: { role: "external", grants: ["lupus"] } },
  });
  // The sheet as read ten days ago.
  const first = alzheimersSheet();
  await storeSheetCopy(String(w.ad._id), { ...first, fetchedAt: ago(10).toISOString() }, { trigger: "upload" });
  return { ...w, first, params: diseaseParams(w.ad) };
}
type World = Awaited<ReturnType<typeof world>>;

const reportsUrl = (w: World, query = "?type=landscape-type-1") =>
  `/clients/${w.params.clientId}/therapeuticAreas/${w.params.taId}/diseases/${w.params.diseaseId}/reports${query}`;
const follow = (w: World, user: unknown, frequency: string, params = w.params) =>
  callAction(reportsRoute, { user, url: reportsUrl(w), params, form: { intent: "follow", frequency } });

/** Today's read: trontinemab filed, its launch moved. */
async function readAgain(w: World) {
  const values = w.first.values.map((r) => [...r]) as Cell[][];
  const k = values.findIndex((r) => r[col("Product name")] === "trontinemab");
  values[k]![col("Compound phase")] = "Filed";
  values[k]![col("Est. Launch")] = "2029-06-30";
  await storeSheetCopy(String(w.ad._id), { ...w.first, values, fetchedAt: ago(1).toISOString() }, { trigger: "upload" });
}

const mailsOf = (email: string) => smtp.mailsTo(email).map((m) => decodedMail(m.raw));

describe("following a disease's landscape", () => {
  test("the report page follows it weekly, monthly or not at all, back on the same view with a toast; the page shows the choice", async () => {
    const w = await world();
    const weekly = await follow(w, w.analyst._id, "weekly");
    expect(locationOf(weekly)).toBe(reportsUrl(w));
    expect(await toastsOf(weekly)).toEqual([followSaved("Alzheimer's disease", "every week")]);
    const page = async () =>
      ((await callLoader(reportsRoute, { user: w.analyst._id, url: reportsUrl(w), params: w.params })) as { follow: string | null }).follow;
    expect(await page()).toBe("weekly");
    await follow(w, w.analyst._id, "monthly");
    expect(await page()).toBe("monthly");
    expect(await DiseaseFollow.countDocuments({ user: w.analyst._id })).toBe(1);
    // A crafted choice changes nothing; another client's disease is refused as its page is.
    const bad = await follow(w, w.analyst._id, "hourly");
    expect(await toastsOf(bad)).toEqual(["Choose how often"]);
    expect(await page()).toBe("monthly");
    const lupus = diseaseParams(w.lupus);
    expect(locationOf(await follow(w, w.analyst._id, "weekly", lupus))).toBe("/");
    expect(await DiseaseFollow.countDocuments({ disease: w.lupus._id })).toBe(0);
    const off = await follow(w, w.analyst._id, "off");
    expect(await toastsOf(off)).toEqual([followStopped("Alzheimer's disease")]);
    expect(await page()).toBeNull();
  });

  test("the digest says what changed in each report since the last one, links to the compare view, and is sent once", async () => {
    const w = await world();
    await follow(w, w.analyst._id, "weekly");
    // Followed eight days ago (the sheet then: the first read); read again yesterday.
    await DiseaseFollow.updateOne({ user: w.analyst._id }, { $set: { lastSentAt: ago(8) } });
    await readAgain(w);
    expect(await sendDueFollowDigests()).toBe(1);
    const [mail, ...others] = mailsOf(w.analyst.email);
    expect(others).toHaveLength(0);
    const since = ago(8);
    expect(mail).toContain(`Subject: Alzheimer's disease: 3 changes since ${formatDay(since)}`);
    expect(mail).toContain("Pipeline by phase: 2 changes");
    expect(mail).toContain("• trontinemab: Phase III → Filed");
    expect(mail).toContain("• trontinemab: launch moved from H2 2028 to 30/06/2029");
    expect(mail).toMatch(/Launch table: 1 change\r?\n/);
    const day = since.toISOString().slice(0, 10);
    expect(mail).toContain(
      `Compare: https://pharmascope.example${reportsUrl(w, `?type=landscape-type-1&compare=${day}`)}&client=${w.params.clientId}`,
    );
    expect(mail).toContain(
      `https://pharmascope.example/resources/unsubscribe/${unsubscribeToken(String((await DiseaseFollow.findOne({}))!._id), "follow")}`,
    );
    // Not due again for a week.
    expect(await sendDueFollowDigests()).toBe(0);
    expect(await sendDueFollowDigests(new Date(Date.now() + 8 * DAY))).toBe(0); // and then nothing changed since
  });

  test("nothing changed, a user who lost the disease or was blocked: no mail", async () => {
    const w = await world();
    await follow(w, w.analyst._id, "monthly");
    await DiseaseFollow.updateOne({ user: w.analyst._id }, { $set: { lastSentAt: ago(40) } });
    expect(await sendDueFollowDigests()).toBe(0); // the sheet is as it was
    await readAgain(w);
    await DiseaseFollow.updateOne({ user: w.analyst._id }, { $set: { lastSentAt: ago(40) } });
    await User.updateOne({ _id: w.analyst._id }, { $set: { grants: [] } });
    expect(await sendDueFollowDigests()).toBe(0);
    await DiseaseFollow.updateOne({ user: w.analyst._id }, { $set: { lastSentAt: ago(40) } });
    await User.updateOne({ _id: w.analyst._id }, { $set: { status: "blocked" } });
    expect(await sendDueFollowDigests()).toBe(0);
    expect(mailsOf(w.analyst.email)).toHaveLength(0);
  });

  test("the unsubscribe link stops the follow without signing in; opening it changes nothing; a forged token is refused", async () => {
    const w = await world();
    await follow(w, w.analyst._id, "weekly");
    const id = String((await DiseaseFollow.findOne({ user: w.analyst._id }))!._id);
    const at = (token: string) => ({ url: `/resources/unsubscribe/${token}`, params: { token } });
    const token = unsubscribeToken(id, "follow");
    expect(await callLoader(unsubscribe, at(token))).toMatchObject({
      data: { digest: { kind: "follow", question: "Stop the e-mails of what changes in the Alzheimer's disease landscape?", off: false } },
    });
    expect(await DiseaseFollow.countDocuments({ _id: id })).toBe(1);
    // Signed for a saved search, not for a follow: refused.
    expect(httpStatusOf(await callLoader(unsubscribe, at(`f.${unsubscribeToken(id)}`)))).toBe(404);
    expect(await callAction(unsubscribe, at(token))).toMatchObject({ data: { done: true } });
    expect(await DiseaseFollow.countDocuments({ _id: id })).toBe(0);
    expect(await callLoader(unsubscribe, at(token))).toMatchObject({ data: { digest: { kind: "follow", off: true } } });
  });
});
