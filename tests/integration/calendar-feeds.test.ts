import ICAL from "ical.js";
import { Types } from "mongoose";
import { describe, expect, test } from "vitest";

import { trusted } from "#db/connection.server";
import { CalendarFeed, CalendarFeedSlot, Event, Trial, User } from "#db/models/index.server";
import { MAX_FEEDS } from "~/models/calendar-feed.server";
import * as page from "~/routes/_app+/calendar-feeds";
import * as resource from "~/routes/resources+/calendar.$file";

import {
  callAction,
  callLoader,
  createUser,
  grantsFor,
  httpStatusOf,
  locationOf,
  makeRequest,
  scene,
  sessionCookie,
  settle,
  toastsOf,
  uniqueTag,
} from "../db-utils";

// Calendar feeds (issue 16): a secret address per feed; the calendar it answers, parsed back with ical.js, holds the
// active events its owner may see now, trial primary completion dates only when chosen; revoking, a lost disease or a
// blocked owner end it at once.

const inDays = (n: number, hour = 9) =>
  new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + n, hour));

async function world() {
  const w = await scene({
    clients: { alpha: "Alpha" },
    areas: { neuro: { client: "alpha", name: "Neurology" } },
    diseases: { ad: { area: "neuro", name: "Alzheimer's" }, pd: { area: "neuro", name: "Parkinson's" } },
    users: { analyst: { role: "external", grants: ["ad"] } },
  });
  const { alpha, neuro, ad, pd } = w;
  const at = (disease: typeof ad, title: string, days: number, more: Record<string, unknown> = {}) => ({
    title,
    type: "Conference" as const,
    client: alpha._id,
    therapeuticArea: neuro._id,
    disease: disease._id,
    startDateTime: inDays(days),
    endDateTime: inDays(days, 17),
    timezone: "Europe/Amsterdam",
    ...more,
  });
  await Event.create([
    at(ad, "AAIC; Amsterdam, plenary", 20, { description: "<p>Plenary, <b>lecanemab</b> data &amp; more</p>" }),
    at(pd, "PD congress", 10),
    at(ad, "Inactive meeting", 7, { status: "inactive" }),
    at(ad, "In five years", 5 * 365),
  ]);
  await Trial.create({
    eventTitle: "CLARITY AD",
    trialIdentifier: "NCT03887455",
    client: alpha._id,
    therapeuticArea: neuro._id,
    disease: ad._id,
    primaryCompletionDate: new Date(Date.UTC(2027, 2, 12)),
    pcdType: "Anticipated",
  });
  await Trial.create({
    eventTitle: "PD trial",
    client: alpha._id,
    therapeuticArea: neuro._id,
    disease: pd._id,
    primaryCompletionDate: new Date(Date.UTC(2027, 4, 1)),
  });
  return w;
}

/** Creates a feed through the page's action, as the form posts it; returns the address's path. */
async function createFeed(user: unknown, form: Record<string, string>) {
  const result = await callAction(page, { user, url: "/calendar-feeds", form: { intent: "create", ...form } });
  expect(httpStatusOf(result)).toBe(200);
  const url = (result as { created: { url: string } }).created.url;
  return new URL(url).pathname;
}

async function fetchFeed(path: string) {
  const file = path.split("/").at(-1)!;
  return settle(
    Promise.resolve(resource.loader({ request: new Request(`http://x${path}`), params: { file }, context: {} })),
  ) as Promise<Response>;
}

/** The feed's entries as a calendar program reads them: summary → the component. */
async function parsed(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
  const calendar = new ICAL.Component(ICAL.parse(await response.text()));
  return new Map(calendar.getAllSubcomponents("vevent").map((v) => [String(v.getFirstPropertyValue("summary")), new ICAL.Event(v)]));
}

describe("calendar feeds", () => {
  test("a feed holds the active events of the diseases its owner may see, parsed back as valid iCalendar", async () => {
    const w = await world();
    const path = await createFeed(w.analyst._id, { name: "Neuro", scope: String(w.alpha._id) });
    expect(path).toMatch(/^\/resources\/calendar\/[\w-]{43}\.ics$/);
    const events = await parsed(await fetchFeed(path));
    // Parkinson's is not the analyst's; the inactive event and one beyond two years are left out; no trials unasked.
    expect([...events.keys()]).toEqual(["AAIC; Amsterdam, plenary"]);
    const aaic = events.get("AAIC; Amsterdam, plenary")!;
    expect(aaic.startDate.toJSDate().toISOString()).toBe(inDays(20).toISOString());
    expect(aaic.endDate.toJSDate().toISOString()).toBe(inDays(20, 17).toISOString());
    expect(aaic.description).toBe("Conference. Plenary, lecanemab data & more\n\nTime zone of the event: Europe/Amsterdam");
    // The same UID on every fetch (a subscribed calendar updates the entry), and the fetch is recorded.
    const again = await parsed(await fetchFeed(path));
    expect(again.get("AAIC; Amsterdam, plenary")!.uid).toBe(aaic.uid);
    expect((await CalendarFeed.findOne({ user: w.analyst._id }).lean())?.lastFetchedAt).toBeInstanceOf(Date);
  });

  test("trial primary completion dates are all-day entries only when chosen", async () => {
    const w = await world();
    const path = await createFeed(w.analyst._id, {
      name: "With trials",
      scope: `${String(w.alpha._id)}:${String(w.neuro._id)}:${String(w.ad._id)}`,
      trials: "on",
    });
    const events = await parsed(await fetchFeed(path));
    expect([...events.keys()].sort()).toEqual(["AAIC; Amsterdam, plenary", "Primary completion: CLARITY AD"]);
    const pcd = events.get("Primary completion: CLARITY AD")!;
    expect(pcd.startDate.isDate).toBe(true);
    expect(pcd.startDate.toString()).toBe("2027-03-12");
    expect(pcd.description).toContain("NCT03887455");
  });

  test("a user who loses a disease stops getting its events; a blocked owner's feed answers 404", async () => {
    const w = await world();
    const user = await createUser({ role: "external", permissions: grantsFor([w.ad, w.pd]) });
    const path = await createFeed(user._id, { name: "Both", scope: String(w.alpha._id) });
    expect([...(await parsed(await fetchFeed(path))).keys()].sort()).toEqual(["AAIC; Amsterdam, plenary", "PD congress"]);
    await User.updateOne({ _id: user._id }, { $set: { permissions: grantsFor([w.pd]) } });
    expect([...(await parsed(await fetchFeed(path))).keys()]).toEqual(["PD congress"]);
    await User.updateOne({ _id: user._id }, { $set: { status: "blocked" } });
    expect((await fetchFeed(path)).status).toBe(404);
  });

  test("revoking ends a feed at once; only its owner may revoke it; unknown tokens are a 404", async () => {
    const w = await world();
    const path = await createFeed(w.analyst._id, { name: "Soon gone", scope: String(w.alpha._id) });
    expect((await fetchFeed(path)).status).toBe(200);
    const feed = (await CalendarFeed.findOne({ user: w.analyst._id }).lean())!;
    // The stored record keeps no token, only its hash.
    expect(JSON.stringify(feed)).not.toContain(path.split("/").at(-1)!.slice(0, -4));
    const other = await createUser({ role: "external", permissions: grantsFor([w.ad]) });
    const revoke = async (user: unknown) =>
      callAction(page, { user, url: "/calendar-feeds", form: { intent: "revoke", feedId: String(feed._id) } });
    const refused = (await revoke(other._id)) as Response;
    expect(await toastsOf(refused)).toEqual([page.NO_SUCH_FEED]);
    expect((await fetchFeed(path)).status).toBe(200);
    const done = (await revoke(w.analyst._id)) as Response;
    expect(locationOf(done)).toBe("/calendar-feeds");
    expect(await toastsOf(done)).toEqual([page.FEED_REVOKED]);
    expect((await fetchFeed(path)).status).toBe(404);
    expect((await fetchFeed(`/resources/calendar/${"x".repeat(43)}.ics`)).status).toBe(404);
    expect((await fetchFeed("/resources/calendar/short.ics")).status).toBe(404);
  });

  test("the feed's address starts with APP_URL whatever host the request named (issue 24)", async () => {
    const w = await world();
    const asked = (form?: Record<string, string>) =>
      makeRequest("http://evil.example/calendar-feeds", { user: w.analyst._id, form, headers: { Host: "evil.example" } });
    const appUrl = process.env.APP_URL;
    try {
      delete process.env.APP_URL; // unset outside production only (production refuses to start without it)
      const { created } = (await page.action({
        request: await asked({ intent: "create", name: "Neuro", scope: String(w.alpha._id) }),
        params: {},
        context: {},
      })) as { created: { url: string } };
      const { feeds } = (await page.loader({ request: await asked(), params: {}, context: {} })) as { feeds: Array<{ address: string }> };
      for (const url of [created.url, feeds[0]!.address]) expect(new URL(url).origin).toBe(`http://localhost:${process.env.PORT ?? 3000}`);
      // Once made, only the token's start is shown, in its place in the address (not "…/calendar/.icsTOKEN…").
      expect(feeds[0]!.address).toBe(created.url.replace(/\/([\w-]{6})[\w-]+\.ics$/, "/$1….ics"));
    } finally {
      process.env.APP_URL = appUrl;
    }
  });

  test("a feed fetched more than 60 times in an hour is slowed with a 429", async () => {
    const w = await world();
    const path = await createFeed(w.analyst._id, { name: "Hammered", scope: String(w.alpha._id) });
    for (let i = 0; i < 60; i++) expect((await fetchFeed(path)).status).toBe(200);
    const refused = await fetchFeed(path);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  test("the form refuses a scope outside the user's permissions and a missing name, creating nothing", async () => {
    const w = await world();
    const pdScope = `${String(w.alpha._id)}:${String(w.neuro._id)}:${String(w.pd._id)}`;
    const send = async (form: Record<string, string>) =>
      callAction(page, { user: w.analyst, url: "/calendar-feeds", form: { intent: "create", ...form } });
    const foreign = await send({ name: "Sneaky", scope: pdScope });
    expect(httpStatusOf(foreign)).toBe(400);
    expect(JSON.stringify(foreign)).toContain(page.FEED_SCOPE_REFUSED);
    const unnamed = await send({ name: " ", scope: String(w.alpha._id) });
    expect(httpStatusOf(unnamed)).toBe(400);
    expect(JSON.stringify(unnamed)).toContain("Name is required");
    expect(await CalendarFeed.countDocuments({ user: w.analyst._id })).toBe(0);
    // The page offers only what the user may see.
    const loaded = (await callLoader(page, { user: w.analyst, url: "/calendar-feeds" })) as Awaited<ReturnType<typeof page.loader>>;
    expect(loaded.scopes.map((s) => s.label)).toEqual([`All of ${w.alpha.name}`, "Neurology", "Neurology › Alzheimer's"]);
  });

  test(`at most ${MAX_FEEDS} live feeds, however many creates run at once; a revoked one frees its place`, async () => {
    const w = await world();
    const cookie = await sessionCookie(w.analyst._id);
    const send = (name: string) => {
      const body = new URLSearchParams({ intent: "create", name, scope: String(w.alpha._id) });
      return settle(
        Promise.resolve(
          page.action({
            request: new Request("http://x/calendar-feeds", { method: "POST", headers: { Cookie: cookie }, body }),
            params: {},
            context: {},
          }),
        ),
      );
    };
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => send(`Feed ${i}`)));
    const live = () => CalendarFeed.countDocuments({ user: w.analyst._id, revokedAt: trusted({ $exists: false }) });
    expect(results.filter((r) => httpStatusOf(r) === 200)).toHaveLength(MAX_FEEDS);
    const refused = results.filter((r) => httpStatusOf(r) === 400);
    expect(refused).toHaveLength(30 - MAX_FEEDS);
    for (const r of refused)
      expect((r as { data: { result: { error: Record<string, string[]> } } }).data.result.error[""]).toEqual([page.TOO_MANY_FEEDS]);
    expect(await live()).toBe(MAX_FEEDS);

    // Revoking one gives its place back: one more create goes through, the next is refused again.
    const feed = await CalendarFeed.findOne({ user: w.analyst._id }).lean();
    await callAction(page, { user: w.analyst, url: "/calendar-feeds", form: { intent: "revoke", feedId: String(feed!._id) } });
    expect((await Promise.all([send("Again"), send("Once more")])).map(httpStatusOf).sort()).toEqual([200, 400]);
    expect(await live()).toBe(MAX_FEEDS);
  });

  test("feeds made before places were counted take theirs first; a place left over by a failed create is given back", async () => {
    const w = await world();
    const feed = (n: number) => ({
      user: w.analyst._id,
      client: w.alpha._id,
      name: `Old ${n}`,
      tokenHash: `hash-${uniqueTag()}`,
      tokenStart: "abcdef",
    });
    await CalendarFeed.create(Array.from({ length: MAX_FEEDS - 2 }, (_, n) => feed(n)));
    // A place taken two minutes ago for a feed that never came to be.
    await CalendarFeedSlot.create({ _id: `${String(w.analyst._id)}:0`, feed: new Types.ObjectId(), at: new Date(Date.now() - 120_000) });
    const send = async (name: string) =>
      httpStatusOf(
        await callAction(page, { user: w.analyst, url: "/calendar-feeds", form: { intent: "create", name, scope: String(w.alpha._id) } }),
      );
    expect((await Promise.all(Array.from({ length: 5 }, (_, i) => send(`New ${i}`)))).sort()).toEqual([200, 200, 400, 400, 400]);
    expect(await CalendarFeed.countDocuments({ user: w.analyst._id, revokedAt: trusted({ $exists: false }) })).toBe(MAX_FEEDS);
  });
});
