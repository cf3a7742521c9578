import { describe, expect, test } from "vitest";

import type { EVENT_TYPES } from "#common/constants";
import { Compound, Disease, Event } from "#db/models/index.server";
import * as feed from "~/routes/_app+/events+/_index";
import * as ics from "~/routes/resources+/events.$eventId.ics";

import { callLoader, httpStatusOf, scene } from "../db-utils";

// The events feed and its .ics download (issue #12): only events of the diseases the user may see, soonest first over
// the coming year, filters from the address, the type colours of user-app §9.

type Loaded = Awaited<ReturnType<typeof feed.loader>>;
const titles = (result: unknown) => (result as Loaded).events.map((e) => e.title);
const inDays = (n: number, hour = 9) =>
  new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + n, hour));

async function world() {
  const w = await scene({
    clients: { alpha: "Alpha" },
    areas: {
      neuro: { client: "alpha", name: "Neurology" },
      cardio: { client: "alpha", name: "Cardiology" },
      derma: { client: "alpha", name: "Dermatology" }, // no disease: nothing to filter
    },
    diseases: {
      ad: { area: "neuro", name: "Alzheimer's" },
      hf: { area: "cardio", name: "Heart failure" },
      hidden: { area: "neuro", name: "Hidden" },
    },
    users: { analyst: { role: "external", grants: ["ad", "hf"] } },
  });
  const { alpha, neuro, ad, hf, hidden } = w;
  const lec = await Compound.create({ name: { generic: "lecanemab" }, client: alpha._id, therapeuticArea: neuro._id, disease: ad._id });
  type More = Partial<{
    type: (typeof EVENT_TYPES)[number];
    status: "active" | "inactive";
    compound: (typeof lec)["_id"];
    description: string;
  }>;
  const at = (disease: typeof ad, title: string, days: number, more: More = {}) => ({
    title,
    type: "Conference" as const,
    client: alpha._id,
    therapeuticArea: disease.therapeuticArea,
    disease: disease._id,
    startDateTime: inDays(days),
    endDateTime: inDays(days, 17),
    timezone: "Europe/Amsterdam",
    ...more,
  });
  const events = await Event.create([
    at(ad, "AAIC", 20, { compound: lec._id, description: "<p>Plenary, <b>lecanemab</b> data</p>" }),
    at(ad, "Filing decision", 5, { type: "Regulatory/ Other Development" }),
    at(hf, "HF launch", 40, { type: "Commercial" }),
    at(hidden, "Hidden congress", 3),
    at(ad, "Last month's meeting", -30),
    at(ad, "Inactive one", 7, { status: "inactive" }),
    at(ad, "In two years", 730),
  ]);
  return { ...w, lec, byTitle: Object.fromEntries(events.map((e) => [e.title, e])) };
}

describe("events feed", () => {
  test("the coming year's active events of the permitted diseases, soonest first, with names and type colours", async () => {
    const w = await world();
    const page = (await callLoader(feed, { user: w.analyst, url: "/events" })) as Loaded;
    expect(page.events.map((e) => e.title)).toEqual(["Filing decision", "AAIC", "HF launch"]);
    expect(page.events[1]).toMatchObject({
      disease: "Alzheimer's",
      compound: "lecanemab",
      summary: "Plenary, lecanemab data",
      timezone: "Europe/Amsterdam",
      colour: { background: "#d2b48c", text: "#000000" },
    });
    expect(page.events[2]!.colour).toEqual({ background: "#1f5fa8", text: "#ffffff" });
    expect(page.options.diseases.map((d) => d.label)).toEqual(["Alzheimer's", "Heart failure"]);
    expect(page.options.compounds.map((c) => c.label)).toEqual(["lecanemab"]);
    // The areas of those diseases, named by the diseases; as named by the areas themselves while a disease saved before
    // diseases carried the name does not (until the scheduler's one-time fill).
    const areas = [
      { value: String(w.cardio._id), label: "Cardiology" },
      { value: String(w.neuro._id), label: "Neurology" },
    ];
    expect(page.options.areas).toEqual(areas);
    await Disease.updateOne({ _id: w.hf._id }, { $unset: { areaName: 1 } });
    expect(((await callLoader(feed, { user: w.analyst, url: "/events" })) as Loaded).options.areas).toEqual(areas);
  });

  test("filters and dates come from the address; nothing outside the permissions is reachable", async () => {
    const w = await world();
    expect(titles(await callLoader(feed, { user: w.analyst, url: `/events?area=${w.cardio._id}` }))).toEqual(["HF launch"]);
    expect(titles(await callLoader(feed, { user: w.analyst, url: `/events?disease=${w.ad._id}&type=Conference` }))).toEqual(["AAIC"]);
    expect(titles(await callLoader(feed, { user: w.analyst, url: `/events?compound=${w.lec._id}` }))).toEqual(["AAIC"]);
    expect(titles(await callLoader(feed, { user: w.analyst, url: `/events?disease=${w.hidden._id}` }))).toEqual([]);
    const past = inDays(-60).toISOString().slice(0, 10);
    expect(titles(await callLoader(feed, { user: w.analyst, url: `/events?from=${past}` }))).toEqual([
      "Last month's meeting",
      "Filing decision",
      "AAIC",
      "HF launch",
    ]);
    // Without JavaScript the date fields are text showing DD/MM/YYYY: typed there, the same range.
    expect(titles(await callLoader(feed, { user: w.analyst, url: `/events?from=${past.split("-").reverse().join("/")}` }))).toEqual([
      "Last month's meeting",
      "Filing decision",
      "AAIC",
      "HF launch",
    ]);
    const bad = (await callLoader(feed, { user: w.analyst, url: "/events?from=01/13/2026" })) as Loaded;
    expect([bad.problem, bad.events.map((e) => e.title)]).toEqual([
      "'01/13/2026' is not a date: enter it as DD/MM/YYYY.",
      ["Filing decision", "AAIC", "HF launch"],
    ]);
  });

  test("Add to calendar: an .ics file for a permitted event, 404 for any other", async () => {
    const w = await world();
    const get = async (id: string, user: unknown = w.analyst._id) =>
      callLoader(ics, { user, url: `/resources/events/${id}/ics`, params: { eventId: id } });
    const file = (await get(String(w.byTitle.AAIC!._id))) as Response;
    expect(file.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(file.headers.get("Content-Disposition")).toBe('attachment; filename="AAIC.ics"');
    const text = (await file.text()).replace(/\r\n /g, ""); // unfolded (lines are folded at 75 octets)
    expect(text).toContain("BEGIN:VEVENT\r\n");
    expect(text).toContain(
      `DTSTART:${w.byTitle
        .AAIC!.startDateTime.toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, "")}\r\n`,
    );
    expect(text).toContain("SUMMARY:AAIC\r\n");
    expect(text).toContain("Time zone of the event: Europe/Amsterdam");
    for (const id of [
      String(w.byTitle["Hidden congress"]!._id),
      String(w.byTitle["Inactive one"]!._id),
      "not-an-id",
      "0123456789abcdef01234567",
    ])
      expect(httpStatusOf(await get(id)), id).toBe(404);
    expect(httpStatusOf(await get(String(w.byTitle.AAIC!._id), null))).toBe(401);
  });
});
