import { beforeEach, describe, expect, test } from "vitest";

import { SEARCH_SAVED } from "#common/messages";
import { News, SavedSearch, User } from "#db/models/index.server";
import * as saved from "~/routes/_app+/news+/saved";
import * as unsubscribe from "~/routes/resources+/unsubscribe.$token";
import { sendDueDigests } from "~/services/digests.server";
import { unsubscribeToken } from "~/utils/digest-token.server";

import { callAction, callLoader, createUser, grantsFor, httpStatusOf, locationOf, scene, toastsOf } from "../db-utils";
import { decodedMail, useSmtpServer } from "../setup/smtp";

// Saved searches and their e-mail digests (issue 16), through a real SMTP server: a digest lists only what the user may
// open now and only what is new since the last one; two runs at once send it once; the unsubscribe link needs no
// sign-in, refuses a forged token, and only its POST changes anything.

const smtp = useSmtpServer({ appUrl: "https://pharmascope.example" });
beforeEach(async () => {
  // Each test's searches only: sendDueDigests serves the whole database.
  await SavedSearch.deleteMany({});
});

const DAY = 86_400_000;
const ago = (days: number, now = Date.now()) => new Date(now - days * DAY);

async function world() {
  const w = await scene({
    clients: { client: {} },
    areas: { area: { client: "client" } },
    diseases: { ad: { area: "area", name: "Alzheimer's" }, pd: { area: "area", name: "Parkinson's" } },
    // Holds Alzheimer's only; the saved query names both diseases (e.g. saved while they still held Parkinson's).
    users: { analyst: { role: "external", grants: ["ad"] } },
  });
  const { client, area, ad, pd, analyst } = w;
  const base = { client: client._id, therapeuticArea: area._id, status: "published" as const };
  const news = await News.create([
    { ...base, title: "AD fresh readout", disease: ad._id, publishedAt: ago(0.5) },
    { ...base, title: "PD fresh approval", disease: pd._id, publishedAt: ago(0.5) },
    { ...base, title: "AD old news", disease: ad._id, publishedAt: ago(3) },
    { ...base, title: "AD unpublished draft", disease: ad._id, status: "draft" as const, publishedAt: ago(0.5) },
  ]);
  const search = await SavedSearch.create({
    user: analyst._id,
    client: client._id,
    name: "Neuro watch",
    query: `disease=${pd._id}&disease=${ad._id}`,
    frequency: "daily",
    lastSentAt: ago(2),
  });
  return { ...w, search, news };
}

const mailsOf = (email: string) => smtp.mailsTo(email).map((m) => decodedMail(m.raw));

describe("digests", () => {
  test("a digest lists the new published items the user may open now, with links and a working unsubscribe link", async () => {
    const w = await world();
    expect(await sendDueDigests()).toBe(1);
    const [mail, ...others] = mailsOf(w.analyst.email);
    expect(others).toHaveLength(0);
    expect(mail).toContain("Subject: Neuro watch: 1 new item");
    expect(mail).toContain("AD fresh readout");
    expect(mail).toContain(`https://pharmascope.example/news/${String(w.news[0]!._id)}`);
    // Not the disease they lost, not what the last digest covered, not a draft.
    expect(mail).not.toContain("PD fresh approval");
    expect(mail).not.toContain("AD old news");
    expect(mail).not.toContain("AD unpublished draft");
    expect(mail).toContain(`https://pharmascope.example/resources/unsubscribe/${unsubscribeToken(String(w.search._id))}`);
    // Mail clients offer their own Unsubscribe, and providers may post to it themselves (RFC 8058 one-click).
    const headers = smtp
      .mailsTo(w.analyst.email)[0]!
      .raw.split(/\r?\n\r?\n/)[0]!
      .replace(/\r?\n[ \t]+/g, " ");
    expect(headers).toContain(
      `List-Unsubscribe: <https://pharmascope.example/resources/unsubscribe/${unsubscribeToken(String(w.search._id))}>`,
    );
    expect(headers).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    // Sent: the next run has nothing due.
    expect(await sendDueDigests()).toBe(0);
    expect(mailsOf(w.analyst.email)).toHaveLength(1);
  });

  test("only items published since the last digest; none new, no mail", async () => {
    const w = await world();
    await SavedSearch.updateOne({ _id: w.search._id }, { $set: { lastSentAt: ago(1.5) } });
    await News.updateOne({ _id: w.news[0]!._id }, { $set: { publishedAt: ago(1.7) } });
    expect(await sendDueDigests()).toBe(0);
    expect(mailsOf(w.analyst.email)).toHaveLength(0);
    // A weekly search is not due after two days.
    await News.updateOne({ _id: w.news[0]!._id }, { $set: { publishedAt: ago(0.5) } });
    await SavedSearch.updateOne({ _id: w.search._id }, { $set: { frequency: "weekly", lastSentAt: ago(2) } });
    expect(await sendDueDigests()).toBe(0);
    expect(await sendDueDigests(new Date(Date.now() + 6 * DAY))).toBe(1);
  });

  test("a search saved with a date range covers only that range: past its end, no mail", async () => {
    const w = await world();
    const day = (d: Date) => d.toISOString().slice(0, 10);
    // The range ends the day before yesterday: the fresh readout (half a day old) is outside it.
    await SavedSearch.updateOne({ _id: w.search._id }, { $set: { query: `from=${day(ago(30))}&to=${day(ago(2))}&disease=${w.ad._id}` } });
    expect(await sendDueDigests()).toBe(0);
    expect(mailsOf(w.analyst.email)).toHaveLength(0);
    // Open-ended from a day inside the window: the readout is in it.
    await SavedSearch.updateOne({ _id: w.search._id }, { $set: { query: `from=${day(ago(1))}&disease=${w.ad._id}`, lastSentAt: ago(2) } });
    expect(await sendDueDigests()).toBe(1);
    expect(mailsOf(w.analyst.email)[0]).toContain("AD fresh readout");
  });

  test("a blocked user gets nothing", async () => {
    const w = await world();
    await User.updateOne({ _id: w.analyst._id }, { $set: { status: "blocked" } });
    expect(await sendDueDigests()).toBe(0);
    expect(mailsOf(w.analyst.email)).toHaveLength(0);
  });

  test("two runs at once send each digest once (the claim in MongoDB)", async () => {
    const w = await world();
    const other = await createUser({ role: "external", permissions: grantsFor([w.ad]) });
    await SavedSearch.create({
      user: other._id,
      client: w.client._id,
      name: "AD only",
      query: "",
      frequency: "weekly",
      lastSentAt: ago(8),
    });
    const runs = await Promise.all([sendDueDigests(), sendDueDigests(), sendDueDigests()]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(2);
    expect(mailsOf(w.analyst.email)).toHaveLength(1);
    expect(mailsOf(other.email)).toHaveLength(1);
  });

  test("unsubscribe: a forged token is refused, opening the link changes nothing, the button turns the digest off", async () => {
    const w = await world();
    const token = unsubscribeToken(String(w.search._id));
    const call = (route: "loader" | "action", t: string) => {
      const at = { url: `/resources/unsubscribe/${t}`, params: { token: t } };
      return route === "loader" ? callLoader(unsubscribe, at) : callAction(unsubscribe, at);
    };
    const frequency = async () => (await SavedSearch.findById(w.search._id).lean())?.frequency;

    const forged = `${String(w.search._id)}.${"A".repeat(43)}`;
    // A search's token passed off as a fetch-queue one (another purpose, another signature) is refused as well.
    for (const bad of [forged, `${String(w.search._id)}.`, "nonsense", `${token}x`, `q.${token}`]) {
      expect(httpStatusOf(await call("loader", bad))).toBe(404);
      expect(httpStatusOf(await call("action", bad))).toBe(404);
    }
    expect(await frequency()).toBe("daily");

    const opened = (await call("loader", token)) as { data: { digest: { kind: string; question: string; off: boolean } } };
    expect(opened.data.digest).toEqual({
      kind: "search",
      question: "Stop the e-mail digest of your saved search “Neuro watch”? The search itself stays saved.",
      off: false,
    });
    expect(await frequency()).toBe("daily");

    const posted = (await call("action", token)) as { data: { done: boolean } };
    expect(posted.data.done).toBe(true);
    expect(await frequency()).toBe("off");
    expect(await sendDueDigests()).toBe(0);
  });
});

describe("saved searches page", () => {
  test("saving keeps the feed's filters and its date range, not the paging; only the owner can rename or delete", async () => {
    const w = await world();
    // A date the feed would refuse is left out, as the feed leaves it out.
    const refusedDates = (await callAction(saved, {
      user: w.analyst,
      url: "/news/saved",
      form: { intent: "save", name: "Backwards", frequency: "off", query: "q=tau&from=2021-02-01&to=2021-01-01" },
    })) as Response;
    expect(locationOf(refusedDates)).toBe("/news?q=tau");
    await SavedSearch.deleteMany({ name: "Backwards" });
    // The range as the feed's fields send it without JavaScript (DD/MM/YYYY) is kept as the picker sends it.
    const query = `q=amyloid&from=01%2F01%2F2020&to=2020-12-31&after=abc&disease=${String(w.ad._id)}&category=Nonsense`;
    const done = (await callAction(saved, {
      user: w.analyst,
      url: "/news/saved",
      form: { intent: "save", name: " Amyloid ", frequency: "daily", query },
    })) as Response;
    expect(locationOf(done)).toBe(`/news?q=amyloid&from=2020-01-01&to=2020-12-31&disease=${String(w.ad._id)}`);
    expect(await toastsOf(done)).toEqual([SEARCH_SAVED]);
    const row = await SavedSearch.findOne({ name: "Amyloid" }).lean();
    expect(row).toMatchObject({ query: `q=amyloid&from=2020-01-01&to=2020-12-31&disease=${String(w.ad._id)}`, frequency: "daily" });

    const blank = (await callAction(saved, {
      user: w.analyst,
      url: "/news/saved",
      form: { intent: "save", name: " ", frequency: "daily", query },
    })) as Response;
    expect(await toastsOf(blank)).toEqual(["Search not saved: Field Required"]);
    expect(await SavedSearch.countDocuments({ user: w.analyst._id })).toBe(2);

    const stranger = await createUser({ role: "external", permissions: grantsFor([w.ad]) });
    const refused = (await callAction(saved, {
      user: stranger,
      url: "/news/saved",
      form: { intent: "delete", id: String(row!._id) },
    })) as Response;
    expect(await toastsOf(refused)).toEqual(["This saved search no longer exists."]);
    expect(await SavedSearch.countDocuments({ _id: row!._id })).toBe(1);

    await callAction(saved, {
      user: w.analyst,
      url: "/news/saved",
      form: { intent: "update", id: String(row!._id), name: "Amyloid weekly", frequency: "weekly" },
    });
    expect(await SavedSearch.findById(row!._id).lean()).toMatchObject({ name: "Amyloid weekly", frequency: "weekly" });
    const page = (await callLoader(saved, { user: w.analyst, url: "/news/saved" })) as Awaited<ReturnType<typeof saved.loader>>;
    expect(page.searches.map((s) => s.name)).toEqual(["Amyloid weekly", "Neuro watch"]);
    await callAction(saved, { user: w.analyst, url: "/news/saved", form: { intent: "delete", id: String(row!._id) } });
    expect(await SavedSearch.countDocuments({ _id: row!._id })).toBe(0);
  });

  test("the list pages through many saved searches, newest first", async () => {
    const w = await world();
    await SavedSearch.insertMany(
      Array.from({ length: 6 }, (_, i) => ({
        user: w.analyst._id,
        client: w.client._id,
        name: `Search ${i}`,
        query: "",
        frequency: "off" as const,
        lastSentAt: new Date(),
        createdAt: new Date(Date.now() - (i + 1) * 60_000),
      })),
    );
    const load = async (search: string) =>
      (await callLoader(saved, { user: w.analyst, url: `/news/saved${search}` })) as Awaited<ReturnType<typeof saved.loader>>;
    const first = await load("?size=5");
    expect(first.searches.map((s) => s.name)).toEqual(["Neuro watch", "Search 0", "Search 1", "Search 2", "Search 3"]);
    const second = await load(`?size=5&after=${first.next}`);
    expect(second.searches.map((s) => s.name)).toEqual(["Search 4", "Search 5"]);
    expect(second.next).toBeNull();
  });
});
