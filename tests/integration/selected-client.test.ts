import { describe, expect, test } from "vitest";

import { News, SavedSearch, User } from "#db/models/index.server";
import { loader as shellLoader } from "~/routes/_app+/_layout";
import { loader as areasLoader } from "~/routes/_app+/clients+/$clientId.therapeuticAreas+/_index";
import * as dashboard from "~/routes/_app+/dashboard";
import * as events from "~/routes/_app+/events+/_index";
import * as feed from "~/routes/_app+/news+/_index";
import * as saved from "~/routes/_app+/news+/saved";
import { sendDueDigests } from "~/services/digests.server";

import { grantsFor, httpStatusOf, makeRequest, scene, sessionCookie, settle } from "../db-utils";
import { decodedMail, useSmtpServer } from "../setup/smtp";

// The selected client (issue 28): opening any page of a client selects it, the choice belongs to the session (user-app
// keeps it per browser), every link the app sends names its client, and a client the user may not open is never
// selected. Each browser is a session cookie of its own, sent with every request as a browser would.

const smtp = useSmtpServer({ appUrl: "https://pharmascope.example" });

async function world() {
  const w = await scene({
    clients: { a: "Alpha", b: "Beta", c: "Gamma" },
    areas: { aArea: { client: "a" }, bArea: { client: "b" }, cArea: { client: "c" } },
    diseases: { aD: { area: "aArea" }, bD: { area: "bArea" }, cD: { area: "cArea" } },
    users: { multi: { role: "external", grants: ["aD", "bD"] } },
  });
  const news = (d: typeof w.aD, title: string) =>
    ({
      client: d.client,
      therapeuticArea: d.therapeuticArea,
      disease: d._id,
      status: "published",
      publishedAt: new Date(Date.now() - 3_600_000),
      title,
    }) as const;
  await News.create([news(w.aD, "Alpha news"), news(w.bD, "Beta news"), news(w.cD, "Gamma news")]);
  return w;
}

/** A browser of `user`: its own session, and the loaders it reaches (layout and page, as a document request runs them). */
async function browserOf(user: { _id: unknown }) {
  const cookie = await sessionCookie(user._id);
  const request = (url: string, form?: Record<string, string>) => makeRequest(url, { form, headers: { Cookie: cookie } });
  return {
    /** The news feed's titles at `url` (default /news) and the client the top bar names there. */
    async news(url = "/news") {
      const r = await request(url);
      const [page, shell] = await Promise.all([
        feed.loader({ request: r, params: {}, context: {} }),
        shellLoader({ request: r, params: {}, context: {} }),
      ]);
      return { titles: page.cards.map((c) => c.title), topBar: shell.selectedClient?.name };
    },
    async events() {
      const r = await request("/events");
      return (await events.loader({ request: r, params: {}, context: {} })).client?.name;
    },
    async savedSearches() {
      const r = await request("/news/saved");
      return (await saved.loader({ request: r, params: {}, context: {} })).client.name;
    },
    /** Opens the client's therapeutic areas (a page of the client). */
    async openClient(id: unknown) {
      const url = `/clients/${String(id)}/therapeuticAreas`;
      return settle(Promise.resolve(areasLoader({ request: await request(url), params: { clientId: String(id) }, context: {} })));
    },
    async pick(id: unknown) {
      return settle(
        Promise.resolve(dashboard.action({ request: await request("/dashboard", { clientId: String(id) }), params: {}, context: {} })),
      );
    },
  };
}

describe("the selected client", () => {
  test("opening a page of a client selects it: News, Events and Saved searches follow, and the top bar says so", async () => {
    const w = await world();
    const browser = await browserOf(w.multi);
    await browser.pick(w.a._id);
    expect(await browser.news()).toEqual({ titles: ["Alpha news"], topBar: w.a.name });
    // Client B opened by a link.
    expect(httpStatusOf(await browser.openClient(w.b._id))).toBe(200);
    expect(await browser.news()).toEqual({ titles: ["Beta news"], topBar: w.b.name });
    expect(await browser.events()).toBe(w.b.name);
    expect(await browser.savedSearches()).toBe(w.b.name);
    // The choice is the session's, not the user's.
    expect(await User.findById(w.multi._id).lean()).not.toHaveProperty("selectedClient");
  });

  test("two browsers of one account keep their own client", async () => {
    const w = await world();
    const [one, two] = [await browserOf(w.multi), await browserOf(w.multi)];
    await one.openClient(w.a._id);
    await two.openClient(w.b._id);
    expect((await one.news()).titles).toEqual(["Alpha news"]);
    expect((await two.news()).titles).toEqual(["Beta news"]);
    await two.pick(w.a._id);
    await one.pick(w.b._id);
    expect((await one.news()).titles).toEqual(["Beta news"]);
    expect((await two.news()).titles).toEqual(["Alpha news"]);
  });

  test("a client the user may not open is never selected, by address, link or an access lost since", async () => {
    const w = await world();
    const browser = await browserOf(w.multi);
    await browser.openClient(w.a._id);
    // Another client's page is refused, and a link naming it changes nothing.
    expect(httpStatusOf(await browser.openClient(w.c._id))).toBe(302);
    expect(httpStatusOf(await browser.pick(w.c._id))).toBe(302);
    expect(await browser.news(`/news?client=${String(w.c._id)}`)).toEqual({ titles: ["Alpha news"], topBar: w.a.name });
    expect((await browser.news()).titles).toEqual(["Alpha news"]);
    // Access to the selected client lost: it is selected no more (with one client left, that one is).
    await browser.openClient(w.b._id);
    const user = await User.findById(w.multi._id);
    user!.set("permissions", grantsFor([w.aD]));
    await user!.save();
    expect(await browser.news()).toEqual({ titles: ["Alpha news"], topBar: w.a.name });
  });

  test("a digest's links name the search's client and open on it, whichever client the browser had", async () => {
    const w = await world();
    await SavedSearch.deleteMany({});
    await SavedSearch.create({
      user: w.multi._id,
      client: w.b._id,
      name: "Beta watch",
      query: "",
      frequency: "daily",
      lastSentAt: new Date(Date.now() - 86_400_000),
    });
    expect(await sendDueDigests()).toBe(1);
    const mail = decodedMail(smtp.mailsTo(w.multi.email).at(-1)!.raw);
    const open = mail.match(/Open the search: https:\/\/pharmascope\.example(\S+)/)?.[1];
    expect(open).toBe(`/news?client=${String(w.b._id)}`);
    const item = mail.match(/https:\/\/pharmascope\.example(\/news\/[0-9a-f]{24}\S*)/)?.[1];
    expect(item).toMatch(new RegExp(`\\?client=${String(w.b._id)}$`));

    const browser = await browserOf(w.multi);
    await browser.pick(w.a._id);
    expect(await browser.news(open)).toEqual({ titles: ["Beta news"], topBar: w.b.name });
    // Opening it selected B for this browser.
    expect((await browser.news()).titles).toEqual(["Beta news"]);
  });
});
