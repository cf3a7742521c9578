import mongoose from "mongoose";
import { afterEach, describe, expect, test } from "vitest";

import { Client, Compound, Event, Session, User } from "#db/models/index.server";
import * as layout from "~/routes/_app+/_layout";
import * as consoleEvents from "~/routes/_app+/administration+/events+/_index";
import * as feeds from "~/routes/_app+/calendar-feeds";
import * as events from "~/routes/_app+/events+/_index";
import { requestScope } from "~/utils/request-scope.server";

import { createArea, createClient, createDisease, createUser, grantsFor, httpStatusOf, makeRequest, settle, uniqueTag } from "../db-utils";

// Per request once (issue 26, docs/decisions/021): what a page reads several times is read once an HTTP request, as
// server/app.js runs Remix in requestScope; nothing outlives the request, so a revoked session or a lost permission
// counts from the next one, and a write reads afresh.

/** The collections each query of `run` read, in order ("diseases.find"). */
async function queriesOf<T>(run: () => Promise<T>) {
  const seen: string[] = [];
  mongoose.set("debug", (collection: string, method: string) => void seen.push(`${collection}.${method}`));
  try {
    return { result: await run(), seen };
  } finally {
    mongoose.set("debug", false);
  }
}
afterEach(() => void mongoose.set("debug", false));

/** A GET of `url` as the server handles it: the loader within the request's scope. */
async function get(loader: typeof events.loader | typeof feeds.loader | typeof consoleEvents.loader, user: unknown, url: string) {
  const request = await makeRequest(url, { user });
  return settle(Promise.resolve(requestScope(request, () => loader({ request, params: {}, context: {} }))));
}

async function world() {
  const alpha = await createClient({ name: `Alpha ${uniqueTag()}` });
  const [neuro, cardio] = [await createArea(alpha, { name: "Neurology" }), await createArea(alpha, { name: "Cardiology" })];
  const [ad, pd, hf] = [
    await createDisease(neuro, { name: "Alzheimer's" }),
    await createDisease(neuro, { name: "Parkinson's" }),
    await createDisease(cardio, { name: "Heart failure" }),
  ];
  // A compound of a disease the analyst does not hold, on an event of one they do: not among the filter's choices.
  const [lec, other] = await Compound.create([
    { name: { generic: "lecanemab" }, client: alpha._id, therapeuticArea: neuro._id, disease: ad._id },
    { name: { generic: "prasinezumab" }, client: alpha._id, therapeuticArea: neuro._id, disease: pd._id },
  ]);
  const start = new Date(Date.now() + 5 * 86_400_000);
  const at = (disease: typeof ad, title: string, compound: typeof lec) => ({
    title,
    type: "Conference" as const,
    client: alpha._id,
    therapeuticArea: disease.therapeuticArea,
    disease: disease._id,
    compound: compound._id,
    startDateTime: start,
    endDateTime: new Date(start.getTime() + 3_600_000),
    timezone: "Europe/Amsterdam",
  });
  await Event.create([at(ad, "AAIC", lec), at(hf, "HFSA", other)]);
  const analyst = await createUser({ role: "external", permissions: grantsFor([ad, hf]) });
  return { alpha, neuro, cardio, ad, pd, hf, analyst };
}

type EventsPage = Awaited<ReturnType<typeof events.loader>>;
type FeedsPage = Awaited<ReturnType<typeof feeds.loader>>;

describe("per request once", () => {
  test("the events page reads the user, the clients, the diseases and the compounds once each; cards keep their names", async () => {
    const w = await world();
    const { result, seen } = await queriesOf(() => get(events.loader, w.analyst._id, "/events"));
    const page = result as EventsPage;
    expect(page.events.map((e) => [e.title, e.disease, e.compound])).toEqual([
      ["AAIC", "Alzheimer's", "lecanemab"],
      ["HFSA", "Heart failure", "prasinezumab"], // its compound's name read for it alone
    ]);
    expect(page.options.diseases.map((d) => d.label)).toEqual(["Alzheimer's", "Heart failure"]);
    const count = (name: string) => seen.filter((s) => s === name).length;
    expect([count("sessions.findOne"), count("users.findOne"), count("clients.find"), count("diseases.find")]).toEqual([1, 1, 1, 1]);
    expect(count("compounds.find")).toBe(2); // the choices, then the one compound they do not name
  });

  test("the calendar feeds' choices: every area's diseases in one query, only those granted in their own area", async () => {
    const w = await world();
    const { result, seen } = await queriesOf(() => get(feeds.loader, w.analyst._id, "/calendar-feeds"));
    expect((result as FeedsPage).scopes.map((s) => s.label)).toEqual([
      `All of ${w.alpha.name}`,
      "Cardiology",
      "Cardiology › Heart failure",
      "Neurology",
      "Neurology › Alzheimer's",
    ]);
    expect(seen.filter((s) => s === "diseases.find")).toHaveLength(1);
  });

  test("a console list names its rows' clients from the clients the layout read; an inactive client's name is read alone", async () => {
    const w = await world();
    const top = await createUser({ role: "admin", isTopAdmin: true });
    const listed = async () => {
      const request = await makeRequest("/administration/events", { user: top._id });
      const { result, seen } = await queriesOf(() =>
        requestScope(request, async () => {
          await layout.loader({ request, params: {}, context: {} });
          return consoleEvents.loader({ request, params: {}, context: {} });
        }),
      );
      const rows = (result as Awaited<ReturnType<typeof consoleEvents.loader>>).rows;
      return { clients: rows.map((r) => r.client), reads: seen.filter((s) => s === "clients.find").length };
    };
    expect(await listed()).toEqual({ clients: expect.arrayContaining([w.alpha.name]), reads: 1 });
    await Client.updateOne({ _id: w.alpha._id }, { status: "inactive" });
    const after = await listed();
    expect(after).toEqual({ clients: expect.arrayContaining([w.alpha.name]), reads: 2 });
    expect(after.clients.every(Boolean)).toBe(true);
  });

  test("nothing outlives the request: a lost permission and a revoked session count from the next request on", async () => {
    const w = await world();
    expect(((await get(events.loader, w.analyst._id, "/events")) as EventsPage).events.map((e) => e.title)).toEqual(["AAIC", "HFSA"]);
    await User.updateOne({ _id: w.analyst._id }, { permissions: grantsFor([w.ad]) });
    expect(((await get(events.loader, w.analyst._id, "/events")) as EventsPage).events.map((e) => e.title)).toEqual(["AAIC"]);
    // The same cookie, its session deleted: signed out at once.
    const request = await makeRequest("/events", { user: w.analyst._id });
    await Session.deleteMany({ user: w.analyst._id });
    const answer = await settle(Promise.resolve(requestScope(request, () => events.loader({ request, params: {}, context: {} }))));
    expect(httpStatusOf(answer)).toBe(302);
  });

  test("only reads are memoised: outside a GET's scope every call reads afresh", async () => {
    const w = await world();
    const post = await makeRequest("/events", { user: w.analyst._id, form: { x: "1" } });
    const { seen } = await queriesOf(() =>
      requestScope(post, async () => {
        await events.loader({ request: post, params: {}, context: {} });
        await events.loader({ request: post, params: {}, context: {} });
      }),
    );
    expect(seen.filter((s) => s === "clients.find")).toHaveLength(2);
  });
});
