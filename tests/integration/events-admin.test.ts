import { describe, expect, test } from "vitest";

import { clientNotPermitted } from "#common/messages";
import { AuditLog, Compound, Event } from "#db/models/index.server";
import { listDiseaseEvents } from "~/models/event.server";
import type { PermittedDisease } from "~/models/permitted";
import * as list from "~/routes/_app+/administration+/events+/_index";
import * as remove from "~/routes/_app+/administration+/events+/$eventId.delete";
import * as status from "~/routes/_app+/administration+/events+/$eventId.status";
import * as add from "~/routes/_app+/administration+/events+/add";
import * as edit from "~/routes/_app+/administration+/events+/edit.$eventId";

import { callAction, callLoader, cascadeFields, httpStatusOf, locationOf, placeOf, scene, settle, toastsOf } from "../db-utils";
import { dangers, PAYLOADS } from "../xss";

// Events in the administration console (admin-console §2–§5, §9, issue 13): the Events List of the diseases a user
// holds with UTC times, the form with the shared cascade down to the compound, wall-clock times in the event's zone
// stored as instants, the start/end rule, the spec's messages, the status switch, delete, the change log, and the
// events report reading what the console saved.

async function world() {
  const w = await scene({
    clients: { alpha: "Alpha", beta: "Beta" },
    areas: { neuro: { client: "alpha", name: "Neurology" }, onco: { client: "alpha", name: "Oncology" }, betaArea: { client: "beta" } },
    diseases: {
      ad: { area: "neuro", name: "Alzheimer's" },
      pd: { area: "neuro", name: "Parkinson's" },
      nsclc: { area: "onco", name: "NSCLC" },
      lupus: { area: "betaArea", name: "Lupus" },
    },
    users: { editor: { role: "editor", grants: ["ad", "pd"] }, top: { role: "admin", isTopAdmin: true } },
  });
  const { tag, ad, pd, nsclc, lupus } = w;
  const [lec, levodopa] = await Compound.create([
    { name: { generic: "lecanemab" }, ...placeOf(ad) },
    { name: { generic: "levodopa" }, ...placeOf(pd) },
  ]);
  const at = (iso: string) => new Date(iso);
  await Event.create([
    {
      title: `AAIC congress ${tag}`,
      type: "Conference",
      ...placeOf(ad),
      compound: lec!._id,
      startDateTime: at("2027-07-27T07:00:00Z"),
      endDateTime: at("2027-07-31T16:00:00Z"),
      timezone: "Europe/Berlin",
    },
    {
      title: `Lecanemab filing ${tag}`,
      type: "Regulatory/ Other Development",
      ...placeOf(ad),
      startDateTime: at("2027-03-01T14:00:00Z"),
      endDateTime: at("2027-03-01T15:00:00Z"),
      timezone: "America/New_York",
    },
    {
      title: `MDS congress ${tag}`,
      type: "Conference",
      ...placeOf(pd),
      startDateTime: at("2027-09-01T08:00:00Z"),
      endDateTime: at("2027-09-04T16:00:00Z"),
      timezone: "Europe/Berlin",
    },
    {
      title: `ASCO ${tag}`,
      type: "Conference",
      ...placeOf(nsclc),
      startDateTime: at("2027-06-01T13:00:00Z"),
      endDateTime: at("2027-06-05T21:00:00Z"),
      timezone: "America/Chicago",
    },
    {
      title: `EULAR ${tag}`,
      type: "Conference",
      ...placeOf(lupus),
      startDateTime: at("2027-06-10T07:00:00Z"),
      endDateTime: at("2027-06-13T15:00:00Z"),
      timezone: "Europe/Berlin",
    },
  ]);
  const fields = (extra: Record<string, string> = {}) => ({
    title: `CTAD ${tag}`,
    type: "Conference",
    description: "<p>Clinical Trials on <strong>Alzheimer's</strong> Disease</p>",
    ...cascadeFields(ad),
    compound: String(lec!._id),
    startDateTime: "2027-01-14T09:00",
    shownStart: "",
    endDateTime: "2027-01-14T17:30",
    shownEnd: "",
    timezone: "Europe/Berlin",
    isImportant: "on",
    status: "active",
    ...extra,
  });
  return { ...w, lec: lec!, levodopa: levodopa!, fields };
}

type Listed = Awaited<ReturnType<typeof list.loader>>;
const listed = async (user: unknown, query = "") => (await callLoader(list, { user, url: `/administration/events${query}` })) as Listed;
type Reply = {
  data: { result: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> }; notice: string | null };
  init: { status?: number } | null;
};
type EditPage = Awaited<ReturnType<typeof edit.loader>>;
const editPage = async (user: unknown, id: string) => (await callLoader(edit, { user, params: { eventId: id } })) as EditPage;

describe("events in the console", () => {
  test("the list holds the events of the diseases the user holds, by title, with their places and UTC times", async () => {
    const w = await world();
    const mine = await listed(w.editor._id, `?q=${w.tag}`);
    expect(mine.rows.map((e) => e.title)).toEqual([`AAIC congress ${w.tag}`, `Lecanemab filing ${w.tag}`, `MDS congress ${w.tag}`]);
    expect(mine.rows[0]).toMatchObject({
      type: "Conference",
      client: w.alpha.name,
      area: "Neurology",
      disease: "Alzheimer's",
      compound: "lecanemab",
      start: "2027-07-27T07:00:00.000Z",
      status: "active",
    });
    expect(mine.rows[1]!.compound).toBe("");
    // Words of the title, from their start; the top-level admin sees every disease's.
    expect((await listed(w.editor._id, `?q=filin+${w.tag}`)).rows.map((e) => e.title)).toEqual([`Lecanemab filing ${w.tag}`]);
    expect((await listed(w.editor._id, `?q=ling+${w.tag}`)).rows).toEqual([]);
    expect((await listed(w.top._id, `?q=${w.tag}`)).rows).toHaveLength(5);
    // Pages read with the forward token.
    const first = await listed(w.top._id, `?q=${w.tag}&size=5`);
    expect([first.rows.length, first.next]).toEqual([5, null]);
    const editorFirst = await listed(w.editor._id, `?q=congress+${w.tag}&size=5`);
    expect(editorFirst.rows.map((e) => e.title)).toEqual([`AAIC congress ${w.tag}`, `MDS congress ${w.tag}`]);
  });

  test("the list pages by title with the forward token", async () => {
    const w = await world();
    const extra = Array.from({ length: 7 }, (_, i) => ({
      title: `Paged ${w.tag} ${String(i).padStart(2, "0")}`,
      type: "Commercial",
      client: w.alpha._id,
      therapeuticArea: w.neuro._id,
      disease: w.ad._id,
      startDateTime: new Date("2027-05-01T10:00:00Z"),
      endDateTime: new Date("2027-05-01T11:00:00Z"),
      timezone: "UTC",
    }));
    await Event.insertMany(extra);
    const first = await listed(w.editor._id, `?q=paged+${w.tag}&size=5`);
    expect(first.rows.map((e) => e.title)).toEqual(extra.slice(0, 5).map((e) => e.title));
    expect(first.next).toBeTruthy();
    const second = await listed(w.editor._id, `?q=paged+${w.tag}&size=5&after=${first.next}`);
    expect(second.rows.map((e) => e.title)).toEqual(extra.slice(5).map((e) => e.title));
    expect(second.next).toBeNull();
  });

  test("adding: 'Field Required' for what is missing, the zone's own message, then 'Event Added!', the change logged", async () => {
    const w = await world();
    const refused = (await callAction(add, {
      user: w.editor,
      form: w.fields({
        title: " ",
        type: "",
        description: "<p> </p>",
        startDateTime: "",
        endDateTime: "",
        timezone: "",
        disease: "",
        shownDisease: "",
      }),
    })) as Reply;
    expect(httpStatusOf(refused)).toBe(400);
    expect(refused.data.result.error).toMatchObject({
      title: ["Field Required"],
      type: ["Field Required"],
      description: ["Field Required"],
      disease: ["Field Required"],
      startDateTime: ["Field Required"],
      endDateTime: ["Field Required"],
      timezone: ["The Event must have a Timezone!"],
    });
    for (const timezone of ["Mars/Olympus_Mons", "EST5EDT"]) {
      const unknownZone = (await callAction(add, { user: w.editor, form: w.fields({ timezone }) })) as Reply;
      expect(unknownZone.data.result.error?.timezone).toEqual(["The Event must have a Timezone!"]);
    }
    const notADay = (await callAction(add, { user: w.editor, form: w.fields({ startDateTime: "2027-02-30T09:00" }) })) as Reply;
    expect(notADay.data.result.error?.startDateTime).toEqual(["'2027-02-30T09:00' is not a date and time: enter it as DD/MM/YYYY HH:mm."]);
    expect(await Event.countDocuments({ title: `CTAD ${w.tag}` })).toBe(0);

    const result = await callAction(add, { user: w.editor, form: w.fields() });
    expect(locationOf(result)).toBe("/administration/events");
    expect(await toastsOf(result as Response)).toEqual(["Event Added!"]);
    const saved = await Event.findOne({ title: `CTAD ${w.tag}` }).lean();
    expect(saved).toMatchObject({
      type: "Conference",
      status: "active",
      isImportant: true,
      client: w.alpha._id,
      therapeuticArea: w.neuro._id,
      disease: w.ad._id,
      compound: w.lec._id,
      timezone: "Europe/Berlin",
    });
    expect(saved!.searchTokens).toEqual(["ctad", w.tag]);
    expect(await AuditLog.countDocuments({ entity: "event", entityId: saved!._id, action: "create" })).toBe(1);
    // Without a compound and not important: both optional.
    await callAction(add, { user: w.editor, form: w.fields({ title: `Plain ${w.tag}`, compound: "", isImportant: "" }) });
    expect(await Event.findOne({ title: `Plain ${w.tag}` }).lean()).toMatchObject({
      isImportant: false,
      compound: null,
      compoundFacts: null,
    });
  });

  test("09:00 Europe/Berlin in winter and in summer: stored as 08:00Z and 07:00Z, shown as 09:00 in the form, listed in UTC", async () => {
    const w = await world();
    await callAction(add, {
      user: w.editor,
      form: w.fields({ title: `Winter ${w.tag}`, startDateTime: "2027-01-14T09:00", endDateTime: "2027-01-14T10:00" }),
    });
    // The spec's sent format ('YYYY-MM-DD HH:mm:ss') is read too.
    await callAction(add, {
      user: w.editor,
      form: w.fields({ title: `Summer ${w.tag}`, startDateTime: "2027-07-14 09:00:00", endDateTime: "2027-07-14 10:00:00" }),
    });
    const [winter, summer] = [
      await Event.findOne({ title: `Winter ${w.tag}` }).lean(),
      await Event.findOne({ title: `Summer ${w.tag}` }).lean(),
    ];
    expect([winter!.startDateTime.toISOString(), winter!.endDateTime.toISOString()]).toEqual([
      "2027-01-14T08:00:00.000Z",
      "2027-01-14T09:00:00.000Z",
    ]);
    expect([summer!.startDateTime.toISOString(), summer!.endDateTime.toISOString()]).toEqual([
      "2027-07-14T07:00:00.000Z",
      "2027-07-14T08:00:00.000Z",
    ]);
    for (const [event, day] of [
      [winter!, "2027-01-14"],
      [summer!, "2027-07-14"],
    ] as const) {
      const page = await editPage(w.editor._id, String(event._id));
      expect(page.defaultValue).toMatchObject({ startDateTime: `${day}T09:00`, endDateTime: `${day}T10:00`, timezone: "Europe/Berlin" });
    }
    const rows = (await listed(w.editor._id, `?q=${w.tag}`)).rows;
    expect(rows.find((r) => r.title === `Summer ${w.tag}`)!.start).toBe("2027-07-14T07:00:00.000Z");
    // Saving the edit form unchanged keeps the instants (the round trip is exact).
    const page = await editPage(w.editor._id, String(summer!._id));
    const v = page.defaultValue;
    await callAction(edit, {
      user: w.editor,
      form: w.fields({
        title: v.title,
        startDateTime: v.startDateTime,
        endDateTime: v.endDateTime,
        shownStart: v.startDateTime,
        shownEnd: v.endDateTime,
      }),
      params: { eventId: String(summer!._id) },
    });
    expect((await Event.findById(summer!._id).lean())!.startDateTime.toISOString()).toBe("2027-07-14T07:00:00.000Z");
    // The same wall clock in another zone is another instant.
    await callAction(add, { user: w.editor, form: w.fields({ title: `Tokyo ${w.tag}`, timezone: "Asia/Tokyo" }) });
    expect((await Event.findOne({ title: `Tokyo ${w.tag}` }).lean())!.startDateTime.toISOString()).toBe("2027-01-14T00:00:00.000Z");
  });

  test("start and end are read as typed without JavaScript (DD/MM/YYYY HH:mm) and as the picker sends them; a time that is none is refused", async () => {
    const w = await world();
    const instants = async (title: string) => {
      const saved = await Event.findOne({ title }).lean();
      return saved && [saved.startDateTime.toISOString(), saved.endDateTime.toISOString()];
    };
    // Typed without JavaScript: 09:00 and 17:30 in Berlin in January (UTC+1).
    const typed = await callAction(add, {
      user: w.editor,
      form: w.fields({ title: `Typed ${w.tag}`, startDateTime: "14/01/2027 09:00", endDateTime: "14/01/2027, 17:30" }),
    });
    expect(await toastsOf(typed as Response)).toEqual(["Event Added!"]);
    expect(await instants(`Typed ${w.tag}`)).toEqual(["2027-01-14T08:00:00.000Z", "2027-01-14T16:30:00.000Z"]);
    // As the picker sends them (YYYY-MM-DDTHH:mm).
    await callAction(add, {
      user: w.editor,
      form: w.fields({ title: `Picked ${w.tag}`, startDateTime: "2027-01-14T09:00", endDateTime: "2027-01-14T17:30" }),
    });
    expect(await instants(`Picked ${w.tag}`)).toEqual(["2027-01-14T08:00:00.000Z", "2027-01-14T16:30:00.000Z"]);
    // A day the calendar does not have, a time the clock does not, a day without its time: refused, nothing saved.
    for (const [startDateTime, message] of [
      ["31/02/2027 09:00", "'31/02/2027 09:00' is not a date and time: enter it as DD/MM/YYYY HH:mm."],
      ["14/01/2027 24:00", "'14/01/2027 24:00' is not a date and time: enter it as DD/MM/YYYY HH:mm."],
      ["14/01/2027", "'14/01/2027' is not a date and time: enter it as DD/MM/YYYY HH:mm."],
    ] as const) {
      const refused = (await callAction(add, { user: w.editor, form: w.fields({ title: `Refused ${w.tag}`, startDateTime }) })) as Reply;
      expect(httpStatusOf(refused)).toBe(400);
      expect(refused.data.result.error?.startDateTime).toEqual([message]);
      expect(refused.data.result.initialValue).toMatchObject({ startDateTime });
    }
    expect(await Event.countDocuments({ title: `Refused ${w.tag}` })).toBe(0);
    // Out of order as typed: the server puts them in order as it does the picker's. The start typed as shown (the form
    // showed 2027-01-14T09:00 as 14/01/2027 09:00) was left alone: the end was moved, so the start moves to it.
    const early = (await callAction(add, {
      user: w.editor,
      form: w.fields({
        startDateTime: "14/01/2027 09:00",
        shownStart: "2027-01-14T09:00",
        endDateTime: "13/01/2027 12:00",
        shownEnd: "2027-01-14T17:30",
      }),
    })) as Reply;
    expect(early.data.result.initialValue).toMatchObject({ startDateTime: "2027-01-13T12:00", endDateTime: "13/01/2027 12:00" });
    expect(early.data.notice).toMatch(/^The end was moved before the start, so the start was moved to it/);
  });

  test("without JavaScript the zone is typed: its name as listed, in any case, or a part of one name only; a part of several names them", async () => {
    const w = await world();
    const zoneOf = async (title: string) => (await Event.findOne({ title }).lean())?.timezone;
    for (const [timezone, zone] of [
      ["Berl", "Europe/Berlin"],
      ["america/new york", "America/New_York"],
      ["Asia/Tokyo", "Asia/Tokyo"],
    ] as const) {
      const title = `Typed ${timezone} ${w.tag}`;
      const saved = await callAction(add, { user: w.editor, form: w.fields({ title, timezone }) });
      expect(await toastsOf(saved as Response), timezone).toEqual(["Event Added!"]);
      expect(await zoneOf(title)).toBe(zone);
    }
    const several = (await callAction(add, {
      user: w.editor,
      form: w.fields({ title: `Many ${w.tag}`, timezone: "America/Argentina" }),
    })) as Reply;
    expect(httpStatusOf(several)).toBe(400);
    expect(several.data.result.error?.timezone?.[0]).toMatch(
      /^'America\/Argentina' is part of \d+ names: America\/Argentina\/Buenos Aires, America\/Argentina\/Catamarca, .* and \d+ more\. Type more of the one you mean\.$/,
    );
    expect(await Event.countDocuments({ title: `Many ${w.tag}` })).toBe(0);
  });

  test("start and end stay in order: without JavaScript the server moves the other one, says so and saves nothing", async () => {
    const w = await world();
    // The start moved past the end (a new form: nothing shown before) → the end moves to the start.
    const late = (await callAction(add, {
      user: w.editor,
      form: w.fields({ startDateTime: "2027-01-15T09:00", endDateTime: "2027-01-14T17:30" }),
    })) as Reply;
    expect(httpStatusOf(late)).toBe(400);
    expect(late.data.result.initialValue).toMatchObject({ startDateTime: "2027-01-15T09:00", endDateTime: "2027-01-15T09:00" });
    expect(late.data.result.error?.endDateTime).toEqual(["End date must be greater than start date"]);
    expect(late.data.notice).toMatch(/^The end was before the start, so it was moved to the start/);
    // The end moved before the start (the start as shown) → the start moves to the end.
    const early = (await callAction(add, {
      user: w.editor,
      form: w.fields({
        startDateTime: "2027-01-14T09:00",
        shownStart: "2027-01-14T09:00",
        endDateTime: "2027-01-13T12:00",
        shownEnd: "2027-01-14T17:30",
      }),
    })) as Reply;
    expect(early.data.result.initialValue).toMatchObject({ startDateTime: "2027-01-13T12:00", endDateTime: "2027-01-13T12:00" });
    expect(early.data.notice).toMatch(/^The end was moved before the start, so the start was moved to it/);
    expect(await Event.countDocuments({ title: `CTAD ${w.tag}` })).toBe(0);
    // Sent again as shown, the form saves; an end equal to the start is allowed (the end picker's minimum is the start).
    const again = await callAction(add, {
      user: w.editor,
      form: w.fields({
        startDateTime: "2027-01-13T12:00",
        shownStart: "2027-01-13T12:00",
        endDateTime: "2027-01-13T12:00",
        shownEnd: "2027-01-13T12:00",
      }),
    });
    expect(await toastsOf(again as Response)).toEqual(["Event Added!"]);
  });

  test("the cascade: a client outside the permissions is refused and cleared; a compound must be the disease's", async () => {
    const w = await world();
    // 'Choose' on a new disease: its compounds, and the old compound goes.
    const chosen = (await callAction(add, {
      user: w.editor,
      form: w.fields({ intent: "cascade", title: "", disease: String(w.pd._id) }),
    })) as Reply & {
      data: { options: { compounds: Array<{ label: string }> } };
    };
    expect(chosen.data.result.error).toBeUndefined();
    expect(chosen.data.result.initialValue).toMatchObject({ disease: String(w.pd._id) });
    expect(chosen.data.result.initialValue).not.toHaveProperty("compound");
    expect(chosen.data.options.compounds.map((c) => c.label)).toEqual(["levodopa"]);
    // A client the editor does not hold: the spec's message, and it and what depends on it go.
    const foreign = (await callAction(add, {
      user: w.editor,
      form: w.fields({ client: String(w.beta._id), shownClient: String(w.beta._id) }),
    })) as Reply;
    expect(foreign.data.result.error?.client).toEqual([clientNotPermitted(w.beta.name)]);
    for (const field of ["client", "therapeuticArea", "disease", "compound"])
      expect(foreign.data.result.initialValue).not.toHaveProperty(field);
    const onco = (await callAction(add, {
      user: w.editor,
      form: w.fields({
        therapeuticArea: String(w.onco._id),
        shownArea: String(w.onco._id),
        disease: String(w.nsclc._id),
        shownDisease: String(w.nsclc._id),
      }),
    })) as Reply;
    expect(onco.data.result.error?.therapeuticArea?.[0]).toMatch(
      /^The therapeutic area Oncology was not found in the therapeutic area permissions list/,
    );
    // Another disease's compound.
    const wrong = (await callAction(add, { user: w.editor, form: w.fields({ compound: String(w.levodopa._id) }) })) as Reply;
    expect(wrong.data.result.error?.compound).toEqual(["Choose a compound of this disease."]);
    expect(await Event.countDocuments({ title: `CTAD ${w.tag}` })).toBe(0);
  });

  test(`${PAYLOADS.length} XSS payloads as a description: sanitised before they are stored`, async () => {
    const w = await world();
    expect(
      httpStatusOf(await callAction(add, { user: w.editor, form: w.fields({ description: `<p>Agenda</p>${PAYLOADS.join("\n")}` }) })),
    ).toBe(302);
    const saved = (await Event.findOne({ title: `CTAD ${w.tag}` }).lean())!;
    expect(dangers(saved.description ?? "")).toEqual([]);
    expect(saved.description).toContain("<p>Agenda</p>");
  });

  test("editing, the status switch and delete, each with the spec's message; another's event is 'Invalid ID'", async () => {
    const w = await world();
    const aaic = (await Event.findOne({ title: `AAIC congress ${w.tag}` }).lean())!;
    const id = String(aaic._id);
    const page = await editPage(w.editor._id, id);
    expect(page.defaultValue).toMatchObject({
      startDateTime: "2027-07-27T09:00",
      endDateTime: "2027-07-31T18:00",
      timezone: "Europe/Berlin",
      compound: String(w.lec._id),
    });
    expect(page.options.compounds.map((c) => c.label)).toEqual(["lecanemab"]);
    expect(page.timeZones).toContain("Europe/Berlin");
    expect(page.timeZones[0]).toBe("UTC");
    const edited = await callAction(edit, {
      user: w.editor,
      form: w.fields({
        title: `AAIC 2027 ${w.tag}`,
        type: "Trial Initiation/ Results",
        disease: String(w.pd._id),
        shownDisease: String(w.pd._id),
        compound: String(w.levodopa._id),
      }),
      params: { eventId: id },
    });
    expect(await toastsOf(edited as Response)).toEqual(["Event updated!"]);
    expect(await Event.findById(id).lean()).toMatchObject({
      title: `AAIC 2027 ${w.tag}`,
      type: "Trial Initiation/ Results",
      disease: w.pd._id,
      compound: w.levodopa._id,
    });
    expect((await editPage(w.editor._id, id)).history[0]!.changes.map((c) => c.field)).toEqual(
      expect.arrayContaining(["title", "type", "disease", "compound", "startDateTime"]),
    );

    const off = await callAction(status, { user: w.editor, form: { status: "inactive" }, params: { eventId: id } });
    expect(await toastsOf(off as Response)).toEqual(["Event inactive!"]);
    expect((await Event.findById(id).lean())!.status).toBe("inactive");
    const on = await callAction(status, { user: w.editor, form: { status: "active" }, params: { eventId: id } });
    expect(await toastsOf(on as Response)).toEqual(["Event active!"]);
    const gone = await callAction(remove, { user: w.editor, form: {}, params: { eventId: id } });
    expect(await toastsOf(gone as Response)).toEqual(["Event Deleted"]);
    expect(await Event.findById(id).lean()).toBeNull();
    expect(await AuditLog.countDocuments({ entity: "event", entityId: id })).toBe(4);

    const eular = (await Event.findOne({ title: `EULAR ${w.tag}` }).lean())!;
    for (const result of [
      await settle(editPage(w.editor._id, String(eular._id))),
      await callAction(edit, { user: w.editor, form: w.fields(), params: { eventId: String(eular._id) } }),
      await callAction(status, { user: w.editor, form: { status: "inactive" }, params: { eventId: String(eular._id) } }),
      await callAction(remove, { user: w.editor, form: {}, params: { eventId: String(eular._id) } }),
      await settle(editPage(w.editor._id, "nope")),
    ]) {
      expect(httpStatusOf(result)).toBe(302);
      expect(locationOf(result)).toBe("/administration/events");
      expect(await toastsOf(result as Response)).toEqual(["Invalid ID"]);
    }
    expect(await Event.findById(eular._id).lean()).toMatchObject({ title: `EULAR ${w.tag}`, status: "active" });
  });

  test("an event added in the console is on its disease's events report; switched off, it is not", async () => {
    const w = await world();
    await callAction(add, { user: w.editor, form: w.fields({ startDateTime: "2027-10-29T09:00", endDateTime: "2027-11-01T18:00" }) });
    const report = async () =>
      (await listDiseaseEvents({ disease: { id: String(w.ad._id) } as PermittedDisease })).filter((e) => String(e.title).endsWith(w.tag));
    expect((await report()).find((e) => e.title === `CTAD ${w.tag}`)).toEqual({
      title: `CTAD ${w.tag}`,
      type: "Conference",
      // The wall clock in Berlin, across the change from summer time (31 October 2027).
      startDateTime: "2027-10-29 09:00:00",
      endDateTime: "2027-11-01 18:00:00",
      compound: "lecanemab",
      compoundNames: ["lecanemab"],
      company: "",
    });
    const saved = (await Event.findOne({ title: `CTAD ${w.tag}` }).lean())!;
    // Stored with the event, so the report reads no compounds for it.
    expect(saved.compoundFacts).toEqual({ name: "lecanemab", names: ["lecanemab"], company: "" });
    await callAction(status, { user: w.editor, form: { status: "inactive" }, params: { eventId: String(saved._id) } });
    expect((await report()).map((e) => e.title)).not.toContain(`CTAD ${w.tag}`);
  });
});
