import sharp from "sharp";
import { describe, expect, test } from "vitest";

import { clientNotPermitted } from "#common/messages";
import { findFile } from "#db/files.server";
import { AuditLog, Company, Compound, Event, News, Trial } from "#db/models/index.server";
import { backfillOriginatorNames, compoundFactsOf } from "~/models/compound.server";
import { backfillEventCompoundFacts, listDiseaseEvents } from "~/models/event.server";
import { feedCards } from "~/models/news.server";
import type { PermittedDisease } from "~/models/permitted";
import * as list from "~/routes/_app+/administration+/compound+/_index";
import * as remove from "~/routes/_app+/administration+/compound+/$compoundId.delete";
import * as status from "~/routes/_app+/administration+/compound+/$compoundId.status";
import * as add from "~/routes/_app+/administration+/compound+/add";
import * as edit from "~/routes/_app+/administration+/compound+/edit.$compoundId";
import * as changeLog from "~/routes/_app+/administration+/history";
import * as trialList from "~/routes/_app+/administration+/trials+/_index";

import { callAction, callLoader, cascadeFields, httpStatusOf, locationOf, placeOf, postForm, scene, toastsOf } from "../db-utils";
import { renameCompany } from "./company-rename";

// Compounds in the administration console (admin-console §2–§5, issue 13): the Compounds List of the diseases a user
// holds, searched by any name; the form's rules and messages (at least one name, an originator, 'Field Required' for
// modality, priority and phase, mechanism and route only for Phase 2), licensees, logo, the status switch, a delete
// refused while other records name the compound, and the change log.

async function world() {
  const w = await scene({
    clients: { alpha: "Alpha", beta: "Beta" },
    areas: { neuro: { client: "alpha", name: "Neurology" }, betaArea: { client: "beta" } },
    diseases: {
      ad: { area: "neuro", name: "Alzheimer's" },
      pd: { area: "neuro", name: "Parkinson's" },
      lupus: { area: "betaArea", name: "Lupus" },
    },
    users: { editor: { role: "editor", grants: ["ad", "pd"] }, top: { role: "admin", isTopAdmin: true } },
  });
  const { tag, ad, pd, lupus } = w;
  const [eisai, biogen, lilly] = await Company.create([
    { name: `Eisai ${tag}`, type: "Pharmaceutical" as const },
    { name: `Biogen ${tag}`, type: "Biotech" as const },
    { name: `Lilly ${tag}`, type: "Pharmaceutical" as const },
  ]);
  const [lecanemab, , belimumab] = await Compound.create([
    {
      name: { generic: `lecanemab ${tag}`, brand: `Leqembi ${tag}`, other: [`BAN2401 ${tag}`] },
      ...placeOf(ad),
      originator: eisai!._id,
      priority: 1,
      developmentPhase: "Approved",
      therapeuticModality: "mAb",
    },
    {
      name: { generic: `prasinezumab ${tag}` },
      ...placeOf(pd),
      originator: biogen!._id,
      priority: 3,
      developmentPhase: "Phase 2",
      therapeuticModality: "mAb",
    },
    {
      name: { generic: `belimumab ${tag}` },
      ...placeOf(lupus),
      originator: lilly!._id,
      priority: 2,
      developmentPhase: "Marketed",
      therapeuticModality: "mAb",
    },
  ]);
  const fields = (extra: Record<string, string | string[]> = {}) => ({
    "name.generic": `donanemab ${tag}`,
    "name.brand": `Kisunla ${tag}`,
    "name.other": `LY3002813 ${tag}, N3pG ${tag}`,
    ...cascadeFields(ad),
    originator: String(lilly!._id),
    "licensee[0].region": "Japan",
    "licensee[0].companies": [String(eisai!._id), String(biogen!._id)],
    approvedInGeographies: "US, Japan",
    compoundWebsite: "https://www.kisunla.com",
    therapeuticModality: "mAb",
    priority: "1",
    developmentPhase: "Approved",
    isDMT: "on",
    status: "active",
    ...extra,
  });
  return {
    ...w,
    eisai: eisai!,
    biogen: biogen!,
    lilly: lilly!,
    lecanemab: lecanemab!,
    belimumab: belimumab!,
    fields,
  };
}

/** A published news item of Alzheimer's naming lecanemab. */
const newsNamingLecanemab = (w: Awaited<ReturnType<typeof world>>, fields: Record<string, unknown> = {}) =>
  News.create({
    title: `Leqembi news ${w.tag}`,
    client: w.alpha._id,
    therapeuticArea: w.neuro._id,
    disease: w.ad._id,
    compounds: [w.lecanemab._id],
    status: "published",
    content: "<p>x</p>",
    ...fields,
  });

type Listed = Awaited<ReturnType<typeof list.loader>>;
const listed = async (user: unknown, query = "") => (await callLoader(list, { user, url: `/administration/compound${query}` })) as Listed;
type Reply = { data: { result: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> } } };
const errorsOf = (result: unknown) => (result as Reply).data.result.error ?? {};
const png = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: "#2e7d32" } })
    .png()
    .toBuffer();

describe("compounds", () => {
  test("the list holds the compounds of the diseases the user holds, found by any of their names", async () => {
    const w = await world();
    const mine = await listed(w.editor._id, `?q=${w.tag}`);
    expect(mine.rows.map((c) => c.name)).toEqual([`lecanemab ${w.tag}`, `prasinezumab ${w.tag}`]);
    expect(mine.rows[0]).toMatchObject({
      otherNames: [`Leqembi ${w.tag}`, `BAN2401 ${w.tag}`],
      client: w.alpha.name,
      disease: "Alzheimer's",
      originator: w.eisai.name,
      phase: "Approved",
      priority: "High",
      status: "active",
    });
    expect(mine.rows[1]!.priority).toBe("Low");
    // The brand, a code name: each finds it; the top-level admin sees every disease's.
    expect((await listed(w.editor._id, `?q=leqembi+${w.tag}`)).rows.map((c) => c.name)).toEqual([`lecanemab ${w.tag}`]);
    expect((await listed(w.editor._id, `?q=ban2401+${w.tag}`)).rows.map((c) => c.name)).toEqual([`lecanemab ${w.tag}`]);
    expect((await listed(w.top._id, `?q=${w.tag}`)).rows).toHaveLength(3);
    const first = await listed(w.top._id, `?q=${w.tag}&size=5`);
    expect(first.next).toBeNull();
  });

  test("adding: the spec's messages for what is missing, then 'Compound Added' with licensees, chips and the logo, logged", async () => {
    const w = await world();
    const nothing = errorsOf(
      await callAction(add, {
        user: w.editor,
        form: w.fields({
          "name.generic": "",
          "name.brand": "",
          "name.other": " , ",
          originator: "",
          therapeuticModality: "",
          priority: "",
          developmentPhase: "",
        }),
      }),
    );
    expect(nothing).toMatchObject({
      name: ["Compound must have at least one name!"],
      originator: ["Compound must have a Originatior Company!"],
      therapeuticModality: ["Field Required"],
      priority: ["Field Required"],
      developmentPhase: ["Field Required"],
    });
    // Mechanism of action and route of administration: required for Phase 2 only.
    const phase2 = errorsOf(await callAction(add, { user: w.editor, form: w.fields({ developmentPhase: "Phase 2" }) }));
    expect(phase2).toEqual({ mechanismOfAction: ["Field Required"], routeOfAdministration: ["Field Required"] });
    // A licensee needs its companies.
    expect(errorsOf(await callAction(add, { user: w.editor, form: w.fields({ "licensee[0].companies": [] }) }))).toEqual({
      "licensee[0].companies": ["Field Required"],
    });
    expect(await Compound.countDocuments({ "name.generic": `donanemab ${w.tag}` })).toBe(0);

    const logo = new File([await png()], "kisunla.png", { type: "image/png" });
    const result = await postForm(
      add,
      w.editor._id,
      w.fields({ developmentPhase: "Phase 2", mechanismOfAction: "Anti-amyloid (N3pG)", routeOfAdministration: "IV" }),
      {},
      { logo },
    );
    expect(locationOf(result)).toBe("/administration/compound");
    expect(await toastsOf(result as Response)).toEqual(["Compound Added"]);
    const saved = (await Compound.findOne({ "name.generic": `donanemab ${w.tag}` }).lean())!;
    expect(saved).toMatchObject({
      name: { brand: `Kisunla ${w.tag}`, other: [`LY3002813 ${w.tag}`, `N3pG ${w.tag}`] },
      originator: w.lilly._id,
      licensee: [{ region: "Japan", companies: [w.eisai._id, w.biogen._id] }],
      approvedInGeographies: ["US", "Japan"],
      priority: 1,
      developmentPhase: "Phase 2",
      mechanismOfAction: "Anti-amyloid (N3pG)",
      isDMT: true,
      disease: w.ad._id,
    });
    expect(saved.name?.scientific).toBeUndefined();
    for (const url of [saved.logo, saved.thumbnails?.w80, saved.thumbnails?.w200])
      expect((await findFile(url!.split("/").pop()!))!.metadata).toMatchObject({ purpose: "compound-logo", contentType: "image/png" });
    expect(await AuditLog.countDocuments({ entity: "compound", entityId: saved._id, action: "create" })).toBe(1);
    // The whole change log, by the kind of record: compounds.
    const log = (await callLoader(changeLog, { user: w.top, url: "/administration/history?entity=compound" })) as Awaited<
      ReturnType<typeof changeLog.loader>
    >;
    expect(log).toMatchObject({ entity: "compound", rows: [{ entity: "compound", entityName: `donanemab ${w.tag}`, action: "create" }] });
    // Found by its new code name at once.
    expect((await listed(w.editor._id, `?q=ly3002813+${w.tag}`)).rows.map((c) => c.name)).toEqual([`donanemab ${w.tag}`]);
  });

  test("a compound renamed in the console is renamed on the cards of the news naming it and in the Trials List", async () => {
    const w = await world();
    const id = String(w.lecanemab._id);
    // As the news editor stores an item and the trial form a trial: with the names of what they name.
    const item = await newsNamingLecanemab(w, { names: { [id]: `lecanemab ${w.tag}` } });
    const trialTitle = `CLARITY ${w.tag}`;
    await Trial.create({ eventTitle: trialTitle, ...placeOf(w.ad), compound: w.lecanemab._id, compoundName: `lecanemab ${w.tag}` });
    const saved = await callAction(edit, {
      user: w.editor,
      form: w.fields({ "name.generic": `lecanemab-irmb ${w.tag}` }),
      params: { compoundId: id },
    });
    expect(await toastsOf(saved as Response)).toEqual(["Compound Updated"]);
    const [card] = await feedCards([(await News.findById(item._id).lean())!], []);
    expect(card!.compounds).toEqual([`lecanemab-irmb ${w.tag}`]);
    const trials = (await callLoader(trialList, { user: w.editor._id, url: `/administration/trials?q=${w.tag}` })) as Awaited<
      ReturnType<typeof trialList.loader>
    >;
    expect(trials.rows.map((t) => [t.title, t.compound])).toEqual([[trialTitle, `lecanemab-irmb ${w.tag}`]]);
  });

  test("a company renamed in the console is renamed as its compounds' originator; compounds saved before read it", async () => {
    const w = await world();
    const originatorOfLecanemab = async () =>
      (await listed(w.editor._id, `?q=lecanemab+${w.tag}`)).rows.find((r) => r.id === String(w.lecanemab._id))!.originator;
    expect(await originatorOfLecanemab()).toBe(`Eisai ${w.tag}`);
    expect(await renameCompany(w.editor, w.eisai, `Eisai Co. ${w.tag}`)).toEqual(["Company updated!"]);
    expect(await originatorOfLecanemab()).toBe(`Eisai Co. ${w.tag}`);
    // As saved before compounds carried the name: read from the company, until the scheduler's one-time fill.
    await Compound.updateOne({ _id: w.lecanemab._id }, { $unset: { originatorName: 1 } });
    expect(await originatorOfLecanemab()).toBe(`Eisai Co. ${w.tag}`);
    expect(await backfillOriginatorNames()).toBeGreaterThanOrEqual(1);
    expect(await backfillOriginatorNames(), "once per database").toBe(0);
    expect((await Compound.findById(w.lecanemab._id).lean())!.originatorName).toBe(`Eisai Co. ${w.tag}`);
  });

  test("an event's reports show its compound as the compound is edited and its originator renamed; events saved before read it", async () => {
    const w = await world();
    const id = String(w.lecanemab._id);
    const title = `Lecanemab readout ${w.tag}`;
    // As the event form stores an event: with what its reports show of its compound.
    const now = new Date();
    await Event.create({
      title,
      type: "Conference",
      ...placeOf(w.ad),
      compound: w.lecanemab._id,
      compoundFacts: (await compoundFactsOf([id])).get(id),
      startDateTime: now,
      endDateTime: now,
      timezone: "UTC",
    });
    const shown = async () => {
      const event = (await listDiseaseEvents({ disease: { id: String(w.ad._id) } as PermittedDisease })).find((e) => e.title === title)!;
      return [event.compound, event.compoundNames, event.company];
    };
    expect(await shown()).toEqual([`lecanemab ${w.tag}`, [`Leqembi ${w.tag}`, `lecanemab ${w.tag}`, `BAN2401 ${w.tag}`], `Eisai ${w.tag}`]);
    // Renamed, with another brand, other code names and another originator.
    const saved = await callAction(edit, {
      user: w.editor,
      form: w.fields({ "name.generic": `lecanemab-irmb ${w.tag}` }),
      params: { compoundId: id },
    });
    expect(await toastsOf(saved as Response)).toEqual(["Compound Updated"]);
    const names = [`Kisunla ${w.tag}`, `lecanemab-irmb ${w.tag}`, `LY3002813 ${w.tag}`, `N3pG ${w.tag}`];
    expect(await shown()).toEqual([`lecanemab-irmb ${w.tag}`, names, `Lilly ${w.tag}`]);
    expect(await renameCompany(w.editor, w.lilly, `Eli Lilly ${w.tag}`)).toEqual(["Company updated!"]);
    expect(await shown()).toEqual([`lecanemab-irmb ${w.tag}`, names, `Eli Lilly ${w.tag}`]);
    // As saved before events carried them: read from the compound, until the scheduler's one-time fill.
    await Event.updateOne({ title }, { $unset: { compoundFacts: 1 } });
    expect(await shown()).toEqual([`lecanemab-irmb ${w.tag}`, names, `Eli Lilly ${w.tag}`]);
    expect(await backfillEventCompoundFacts()).toBeGreaterThanOrEqual(1);
    expect(await backfillEventCompoundFacts(), "once per database").toBe(0);
    expect((await Event.findOne({ title }).lean())!.compoundFacts).toEqual({
      name: `lecanemab-irmb ${w.tag}`,
      names,
      company: `Eli Lilly ${w.tag}`,
    });
  });

  test("a client outside the permissions, a disease not held and a company not offered are refused; nothing is saved", async () => {
    const w = await world();
    const foreign = (await callAction(add, {
      user: w.editor,
      form: w.fields({ client: String(w.beta._id), shownClient: String(w.beta._id) }),
    })) as Reply;
    expect(foreign.data.result.error?.client).toEqual([clientNotPermitted(w.beta.name)]);
    expect(foreign.data.result.initialValue).not.toHaveProperty("therapeuticArea");
    const lupus = errorsOf(
      await callAction(add, { user: w.editor, form: w.fields({ disease: String(w.lupus._id), shownDisease: String(w.lupus._id) }) }),
    );
    expect(lupus.disease?.[0]).toBeTruthy();
    const stray = errorsOf(await callAction(add, { user: w.editor, form: w.fields({ originator: "0123456789abcdef01234567" }) }));
    expect(stray).toEqual({ originator: ["Choose companies from the list."] });
    expect(await Compound.countDocuments({ "name.generic": `donanemab ${w.tag}` })).toBe(0);
  });

  test("without JavaScript the originator is typed: a company's name, or part of one name, chooses it; a part of several names them", async () => {
    const w = await world();
    const several = errorsOf(await callAction(add, { user: w.editor, form: w.fields({ originator: w.tag }) }));
    expect(several).toEqual({
      originator: [`'${w.tag}' is part of 3 names: Biogen ${w.tag}, Eisai ${w.tag}, Lilly ${w.tag}. Type more of the one you mean.`],
    });
    const unknown = errorsOf(await callAction(add, { user: w.editor, form: w.fields({ originator: `Nobody ${w.tag}` }) }));
    expect(unknown).toEqual({ originator: ["Choose companies from the list."] });
    expect(await Compound.countDocuments({ "name.generic": `donanemab ${w.tag}` })).toBe(0);
    const done = await callAction(add, { user: w.editor, form: w.fields({ originator: `lilly ${w.tag}` }) });
    expect(await toastsOf(done as Response)).toEqual(["Compound Added"]);
    expect((await Compound.findOne({ "name.generic": `donanemab ${w.tag}` }).lean())!.originator).toEqual(w.lilly._id);
  });

  test("editing, the status switch and delete with the spec's messages; a compound still named is kept; another's is refused", async () => {
    const w = await world();
    const id = String(w.lecanemab._id);
    const page = (await callLoader(edit, { user: w.editor, params: { compoundId: id } })) as Awaited<ReturnType<typeof edit.loader>>;
    expect(page.defaultValue).toMatchObject({
      name: { generic: `lecanemab ${w.tag}`, brand: `Leqembi ${w.tag}`, other: `BAN2401 ${w.tag}` },
      originator: String(w.eisai._id),
      priority: "1",
    });
    // Only a brand name is left: still a name. The other names and the licensee go.
    const edited = await callAction(edit, {
      user: w.editor,
      form: w.fields({
        "name.generic": "",
        "name.brand": `Leqembi ${w.tag}`,
        "name.other": "",
        "licensee[0].region": "",
        "licensee[0].companies": [],
        originator: String(w.eisai._id),
        priority: "2",
      }),
      params: { compoundId: id },
    });
    expect(errorsOf(edited)).toMatchObject({ "licensee[0].region": ["Field Required"] });
    const saved = await callAction(edit, {
      user: w.editor,
      form: Object.fromEntries(
        Object.entries(
          w.fields({
            "name.generic": "",
            "name.brand": `Leqembi ${w.tag}`,
            "name.other": "",
            originator: String(w.eisai._id),
            priority: "2",
          }),
        ).filter(([k]) => !k.startsWith("licensee")),
      ),
      params: { compoundId: id },
    });
    expect(await toastsOf(saved as Response)).toEqual(["Compound Updated"]);
    const updated = (await Compound.findById(id).lean())!;
    expect(updated).toMatchObject({ name: { brand: `Leqembi ${w.tag}`, other: [] }, licensee: [], priority: 2 });
    expect(updated.name?.generic).toBeUndefined();
    expect((await listed(w.editor._id, `?q=leqembi+${w.tag}`)).rows.map((c) => c.name)).toEqual([`Leqembi ${w.tag}`]);
    const history = (await callLoader(edit, { user: w.editor, params: { compoundId: id } })) as Awaited<ReturnType<typeof edit.loader>>;
    expect(history.history[0]!.changes.map((c) => c.field)).toEqual(expect.arrayContaining(["generic", "other", "priority"]));

    expect(
      await toastsOf((await callAction(status, { user: w.editor, form: { status: "inactive" }, params: { compoundId: id } })) as Response),
    ).toEqual(["Compound inactive!"]);
    expect((await Compound.findById(id).lean())!.status).toBe("inactive");

    // A news item names it: not deleted, and the page says why.
    const news = await newsNamingLecanemab(w, { priority: 3, categories: ["Commercial"] });
    const asked = (await callLoader(remove, { user: w.editor, params: { compoundId: id } })) as Awaited<ReturnType<typeof remove.loader>>;
    expect(asked.inUse).toBe(`Leqembi ${w.tag} is still named by 1 news item: make it inactive instead, or change those first.`);
    expect(await toastsOf((await callAction(remove, { user: w.editor, form: {}, params: { compoundId: id } })) as Response)).toEqual([
      asked.inUse,
    ]);
    expect(await Compound.findById(id).lean()).not.toBeNull();
    await News.deleteOne({ _id: news._id });
    expect(await toastsOf((await callAction(remove, { user: w.editor, form: {}, params: { compoundId: id } })) as Response)).toEqual([
      "Compound Deleted",
    ]);
    expect(await Compound.findById(id).lean()).toBeNull();

    const theirs = String(w.belimumab._id);
    for (const result of [
      await callLoader(edit, { user: w.editor, params: { compoundId: theirs } }),
      await callAction(status, { user: w.editor, form: { status: "inactive" }, params: { compoundId: theirs } }),
      await callAction(remove, { user: w.editor, form: {}, params: { compoundId: theirs } }),
    ]) {
      expect(httpStatusOf(result)).toBe(302);
      expect(await toastsOf(result as Response)).toEqual(["Unexpected error occured while getting the compound"]);
    }
    expect((await Compound.findById(theirs).lean())!.status).toBe("active");
  });
});
