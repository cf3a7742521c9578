import mongoose from "mongoose";
import { describe, expect, test } from "vitest";

import { clientNotPermitted } from "#common/messages";
import { AuditLog, Compound, Trial, TrialDraft } from "#db/models/index.server";
import { COUNT_CAP } from "~/models/list.server";
import { backfillTrialCompoundNames, DRAFT_TTL_SECONDS } from "~/models/trial.server";
import type { TrialFormValues } from "~/routes/_app+/administration+/trials+/__trial-form";
import * as list from "~/routes/_app+/administration+/trials+/_index";
import * as remove from "~/routes/_app+/administration+/trials+/$trialId.delete";
import * as status from "~/routes/_app+/administration+/trials+/$trialId.status";
import * as add from "~/routes/_app+/administration+/trials+/add";
import * as edit from "~/routes/_app+/administration+/trials+/edit.$trialId";

import { callAction, callLoader, formFields, httpStatusOf, locationOf, placeOf, scene, toastsOf } from "../db-utils";
import { dangers, PAYLOADS } from "../xss";

// Trials in the administration console (admin-console §2–§5, §8, issue 15): the Trials List within the diseases a user
// holds, with its search, filters, total and forward paging; the seven-step form checked step by step (strictly) and
// kept as a server-side draft until Create; 'Field Required'; the spec's messages; the status switch, delete, the change
// log and sanitised rich text.

async function world() {
  const w = await scene({
    clients: { alpha: "Alpha", beta: "Beta" },
    areas: { neuro: { client: "alpha", name: "Neurology" }, onco: { client: "alpha", name: "Oncology" }, betaArea: { client: "beta" } },
    diseases: {
      ad: { area: "neuro", name: "Alzheimer's" },
      nsclc: { area: "onco", name: "NSCLC" },
      lupus: { area: "betaArea", name: "Lupus" },
    },
    users: {
      editor: { role: "editor", grants: ["ad"] },
      other: { role: "editor", grants: ["ad"] },
      top: { role: "admin", isTopAdmin: true },
    },
  });
  const { tag, alpha, neuro, ad, nsclc, lupus } = w;
  const [lec, osi] = await Compound.create([
    { name: { generic: "lecanemab" }, ...placeOf(ad) },
    { name: { generic: "osimertinib" }, ...placeOf(nsclc) },
  ]);
  const trial = (title: string, d: typeof ad, extra: Record<string, unknown> = {}) => ({
    eventTitle: title,
    trialIdentifier: `NCT${tag}`,
    phase: "Phase 3",
    ...placeOf(d),
    ...extra,
  });
  await Trial.insertMany([
    trial(`CLARITY ${tag}`, ad, { compound: lec!._id, startDateTime: new Date("2019-03-01"), acronyms: "CLARITY-AD" }),
    trial(`AHEAD ${tag}`, ad, { compound: lec!._id, startDateTime: new Date("2020-07-01"), phase: "Phase 2", status: "inactive" }),
    trial(`FLAURA ${tag}`, nsclc, { compound: osi!._id, startDateTime: new Date("2021-05-01") }),
    trial(`LUPUS-1 ${tag}`, lupus, { startDateTime: new Date("2022-01-01") }),
  ]);
  /** A complete trial, as the form sends it. */
  const values: TrialFormValues = {
    client: String(alpha._id),
    therapeuticArea: String(neuro._id),
    disease: String(ad._id),
    compound: String(lec!._id),
    eventTitle: `CTAD trial ${tag}`,
    trialStatus: "Recruiting",
    trialIdentifier: "NCT01234567",
    startDateTime: "2026-03-15",
    acronyms: "",
    startDateType: "Actual",
    lineOfTherapy: "",
    patientSegmentByDisease: "Early Alzheimer's disease",
    "patientSegmentByAge&Sex": "Adults, Male & Female",
    enrollment: [{ enrollmentNumber: "1795", enrollmentType: "Anticipated" }],
    pcdType: "Anticipated",
    phase: "Phase 3",
    dosageBeingEvaluated: "<p>10 mg/kg <strong>IV</strong> every two weeks</p>",
    otherDrugs: "Placebo",
    comparator: "Placebo",
    primaryDrugs: "lecanemab",
    class: "Anti-amyloid mAb",
    routeOfAdministration: "IV",
    biomarkers: "Amyloid PET",
    diagnosticTest: "PET",
    therapyType: "Monotherapy",
    primaryCompletionDate: "2028-09-30",
    sponsors: "Eisai, Biogen",
    collaborators: "None",
    objective: "<p>To evaluate efficacy</p>",
    countries: "United States, Japan",
    regions: "North America, Asia-Pacific",
    priority: "1",
    status: "active",
    notes: [{ details: "Registry record" }],
    trialArms: [{ armsDetails: "lecanemab" }, { armsDetails: "placebo" }],
    primaryEndpoints: [{ details: "", endpoints: [{ group: "Efficacy", subgroup: "Overall", primaryEndpoint: "CDR-SB at 18 months" }] }],
    secondayEndpoints: [{ details: "Key", endpoints: [{ group: "Efficacy", subgroup: "Overall", secondaryEndpoint: "ADAS-Cog14" }] }],
    minAge: "50",
    minAgeUnits: "Years",
    maxAge: "90",
    maxAgeUnits: "Years",
    gender: "All",
    inclusionCriteria: "<ul><li>MCI due to AD</li></ul>",
    exclusionCriteria: "",
    studyDesign: "Randomised, double-blind",
    studyKeywords: "lecanemab, Alzheimer's",
    patientPopulation: "",
    treatmentPlan: "",
    results: { details: "", resultsMeetExpectation: "" },
  };
  const shown = { shownClient: values.client, shownArea: values.therapeuticArea, shownDisease: values.disease };
  /** The whole form as posted from `step` with `intent` (and the cascade's hidden fields). */
  const form = (intent: string, step: number, changes: Partial<TrialFormValues> = {}, extra: Record<string, string> = {}) => ({
    ...formFields({ ...values, ...changes }),
    ...shown,
    intent,
    step: String(step),
    ...extra,
  });
  return { ...w, lec: lec!, osi: osi!, values, form };
}

type Listed = Awaited<ReturnType<typeof list.loader>>;
const listed = async (user: unknown, query = "") => (await callLoader(list, { user, url: `/administration/trials${query}` })) as Listed;
type Reply = {
  data: {
    result: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> } | null;
    step: number;
    draftId: string;
  };
  init: { status?: number } | null;
};
type FormPage = Awaited<ReturnType<typeof add.loader>>;
const addPage = async (user: unknown, query = "") =>
  (await callLoader(add, { user, url: `/administration/trials/add${query}` })) as FormPage;
const draftOf = (location: string | null) => new URL(location ?? "", "http://x").searchParams.get("draft") ?? "";

describe("trials in the console", () => {
  test("the list: the trials of the diseases the user holds, newest start first, searched, filtered, with a total", async () => {
    const w = await world();
    const mine = await listed(w.editor._id, `?q=${w.tag}`);
    expect(mine.rows.map((t) => t.title)).toEqual([`AHEAD ${w.tag}`, `CLARITY ${w.tag}`]);
    expect(mine.total).toEqual({ count: 2, more: false });
    expect(mine.rows[1]).toMatchObject({
      identifier: `NCT${w.tag}`,
      client: w.alpha.name,
      area: "Neurology",
      disease: "Alzheimer's",
      compound: "lecanemab",
      status: "active",
    });
    // The top-level admin sees every client's; words of the acronym and of the identifier match from their start.
    expect((await listed(w.top._id, `?q=${w.tag}`)).rows.map((t) => t.title)).toEqual([
      `LUPUS-1 ${w.tag}`,
      `FLAURA ${w.tag}`,
      `AHEAD ${w.tag}`,
      `CLARITY ${w.tag}`,
    ]);
    expect((await listed(w.top._id, `?q=clarity-a+${w.tag}`)).rows.map((t) => t.title)).toEqual([`CLARITY ${w.tag}`]);
    expect((await listed(w.top._id, `?q=nct${w.tag}`)).total).toEqual({ count: 4, more: false });
    // Filters: the cascade, status and phase; a client the editor does not hold is dropped (their own trials only).
    const top = (query: string) => listed(w.top._id, `?q=${w.tag}&${query}`);
    expect((await top(`client=${w.alpha._id}`)).rows.map((t) => t.title)).toEqual([
      `FLAURA ${w.tag}`,
      `AHEAD ${w.tag}`,
      `CLARITY ${w.tag}`,
    ]);
    expect((await top(`client=${w.alpha._id}&area=${w.onco._id}`)).rows.map((t) => t.title)).toEqual([`FLAURA ${w.tag}`]);
    expect(
      (await top(`client=${w.alpha._id}&area=${w.neuro._id}&disease=${w.ad._id}&compound=${w.lec._id}&status=inactive`)).rows.map(
        (t) => t.title,
      ),
    ).toEqual([`AHEAD ${w.tag}`]);
    expect((await top("phase=Phase+3")).rows.map((t) => t.title)).toEqual([`LUPUS-1 ${w.tag}`, `FLAURA ${w.tag}`, `CLARITY ${w.tag}`]);
    // An area without its client is no filter; the editor's choice of another client's disease shows nothing of it.
    expect((await top(`area=${w.onco._id}`)).total).toEqual({ count: 4, more: false });
    const foreign = await listed(w.editor._id, `?q=${w.tag}&client=${w.beta._id}`);
    expect(foreign.chosen.client).toBe("");
    expect(foreign.rows.map((t) => t.title)).toEqual([`AHEAD ${w.tag}`, `CLARITY ${w.tag}`]);
    // Next works: pages of 5 read with the forward token, the total on each.
    await Trial.insertMany(
      Array.from({ length: 6 }, (_, i) => ({
        eventTitle: `Paged ${w.tag} ${i}`,
        client: w.alpha._id,
        therapeuticArea: w.neuro._id,
        disease: w.ad._id,
        startDateTime: new Date(Date.UTC(2010, i, 1)),
      })),
    );
    const first = await listed(w.editor._id, `?q=${w.tag}&size=5`);
    expect([first.rows.length, first.total.count]).toEqual([5, 8]);
    const second = await listed(w.editor._id, `?q=${w.tag}&size=5&after=${first.next}`);
    expect(second.rows.map((t) => t.title)).toEqual([`Paged ${w.tag} 2`, `Paged ${w.tag} 1`, `Paged ${w.tag} 0`]);
    expect(second.next).toBeNull();
    // Counting stops past COUNT_CAP: the pager says "of 1,000+".
    await Trial.insertMany(
      Array.from({ length: COUNT_CAP + 1 }, (_, i) => ({
        eventTitle: `Many ${w.tag} ${i}`,
        client: w.alpha._id,
        therapeuticArea: w.neuro._id,
        disease: w.ad._id,
        startDateTime: new Date(Date.UTC(2000, 0, 1 + i)),
      })),
    );
    expect((await listed(w.editor._id, `?q=many+${w.tag}`)).total).toEqual({ count: COUNT_CAP, more: true });
    expect((await listed(w.editor._id, `?q=${w.tag}&size=5`)).total).toEqual({ count: COUNT_CAP, more: true });
  });

  test("a trial saved before trials carried their compound's name is listed with it, read from the compound, until the one-time fill gives it", async () => {
    const w = await world();
    // The world's trials are inserted as such older trials are stored: without compoundName.
    const rows = async () => new Map((await listed(w.top._id, `?q=${w.tag}`)).rows.map((t) => [t.title, t.compound]));
    const before = await rows();
    expect(before).toEqual(
      new Map([
        [`LUPUS-1 ${w.tag}`, ""],
        [`FLAURA ${w.tag}`, "osimertinib"],
        [`AHEAD ${w.tag}`, "lecanemab"],
        [`CLARITY ${w.tag}`, "lecanemab"],
      ]),
    );
    expect(await backfillTrialCompoundNames()).toBeGreaterThanOrEqual(3);
    expect(await backfillTrialCompoundNames(), "once per database").toBe(0);
    // A trial of no compound has no name to carry.
    const stored = await Trial.find({ trialIdentifier: `NCT${w.tag}` })
      .select("eventTitle compoundName")
      .lean();
    expect(new Map(stored.map((t) => [t.eventTitle, t.compoundName]))).toEqual(
      new Map([...before].map(([title, name]) => [title, name || undefined])),
    );
    expect(await rows()).toEqual(before);
  });

  test("each step is checked strictly before the next is shown: 'Field Required' for its required fields only", async () => {
    const w = await world();
    // Step 1 (links): nothing chosen.
    const links = (await callAction(add, {
      user: w.editor,
      form: w.form(
        "step:1",
        0,
        { client: "", therapeuticArea: "", disease: "", compound: "" },
        { shownClient: "", shownArea: "", shownDisease: "" },
      ),
      url: "/administration/trials/add",
    })) as Reply;
    expect(httpStatusOf(links)).toBe(400);
    expect([links.data.step, links.data.result?.error]).toEqual([
      0,
      { client: ["Field Required"], therapeuticArea: ["Field Required"], disease: ["Field Required"] },
    ]);
    // Each later step: every required field blank gives 'Field Required', the optional ones nothing, and the step stays.
    const blank: Array<[number, Partial<TrialFormValues>, string[]]> = [
      [
        1,
        {
          eventTitle: " ",
          trialStatus: "",
          trialIdentifier: "",
          startDateTime: "",
          startDateType: "",
          "patientSegmentByAge&Sex": "",
          enrollment: [{ enrollmentNumber: "", enrollmentType: "" }],
          acronyms: "",
          lineOfTherapy: "",
        },
        [
          "eventTitle",
          "trialStatus",
          "trialIdentifier",
          "startDateTime",
          "startDateType",
          "patientSegmentByAge&Sex",
          "enrollment[0].enrollmentNumber",
          "enrollment[0].enrollmentType",
        ],
      ],
      [
        2,
        {
          phase: "",
          otherDrugs: " , ",
          primaryDrugs: "",
          routeOfAdministration: "",
          biomarkers: "",
          diagnosticTest: "",
          therapyType: "",
          pcdType: "",
          comparator: "",
          class: "",
          primaryCompletionDate: "",
          dosageBeingEvaluated: "",
        },
        ["phase", "otherDrugs", "primaryDrugs", "routeOfAdministration", "biomarkers", "diagnosticTest", "therapyType"],
      ],
      [
        3,
        { sponsors: "", collaborators: "", countries: "", regions: "", priority: "", notes: [{ details: "" }], objective: "" },
        ["sponsors", "collaborators", "countries", "regions", "priority", "notes[0].details"],
      ],
      [
        4,
        {
          trialArms: [],
          primaryEndpoints: [{ details: "", endpoints: [{ group: "", subgroup: "", primaryEndpoint: "" }] }],
          secondayEndpoints: [{ details: "", endpoints: [{ group: "", subgroup: "x", secondaryEndpoint: "" }] }],
        },
        [
          "trialArms",
          "primaryEndpoints[0].endpoints[0].group",
          "primaryEndpoints[0].endpoints[0].subgroup",
          "primaryEndpoints[0].endpoints[0].primaryEndpoint",
          "secondayEndpoints[0].endpoints[0].group",
          "secondayEndpoints[0].endpoints[0].secondaryEndpoint",
        ],
      ],
      [5, { studyKeywords: "", minAge: "", maxAge: "", inclusionCriteria: "", studyDesign: "" }, ["studyKeywords"]],
    ];
    for (const [step, changes, required] of blank) {
      const reply = (await callAction(add, {
        user: w.editor,
        form: w.form(`step:${step + 1}`, step, changes),
        url: "/administration/trials/add",
      })) as Reply;
      expect(httpStatusOf(reply), `step ${step}`).toBe(400);
      expect(reply.data.step).toBe(step);
      expect(Object.keys(reply.data.result?.error ?? {}).sort(), `step ${step}`).toEqual([...required].sort());
      for (const name of required) expect(reply.data.result!.error![name], name).toEqual(["Field Required"]);
    }
    // The results are optional: a blank last step is no error. Other rules: ages in order, real dates, whole numbers.
    const ages = (await callAction(add, {
      user: w.editor,
      form: w.form("step:6", 5, { minAge: "60", maxAge: "50" }),
      url: "/administration/trials/add",
    })) as Reply;
    expect(ages.data.result?.error).toEqual({ maxAge: ["The maximum age must not be below the minimum"] });
    const dates = (await callAction(add, {
      user: w.editor,
      form: w.form("step:2", 1, { startDateTime: "2026-02-30", enrollment: [{ enrollmentNumber: "12.5", enrollmentType: "Actual" }] }),
      url: "/administration/trials/add",
    })) as Reply;
    expect(dates.data.result?.error).toEqual({
      startDateTime: ["'2026-02-30' is not a date: enter it as DD/MM/YYYY."],
      "enrollment[0].enrollmentNumber": ["Enter a whole number"],
    });
    // Going forward over several steps stops at the first that fails; going back is never checked.
    const jump = (await callAction(add, {
      user: w.editor,
      form: w.form("step:6", 0, { phase: "" }),
      url: "/administration/trials/add",
    })) as Reply;
    expect([jump.data.step, jump.data.result?.error]).toEqual([2, { phase: ["Field Required"] }]);
    const back = await callAction(add, { user: w.editor, form: w.form("step:0", 3, { sponsors: "" }), url: "/administration/trials/add" });
    expect(new URL(locationOf(back)!, "http://x").searchParams.get("step")).toBe("0");
    expect(await Trial.countDocuments({ eventTitle: `CTAD trial ${w.tag}` })).toBe(0);
  });

  test("the start and primary completion dates are read as typed without JavaScript (DD/MM/YYYY) and as the picker sends them; '31/02/2026' is refused", async () => {
    const w = await world();
    const refused = (await callAction(add, {
      user: w.editor,
      form: w.form("save", 6, { startDateTime: "31/02/2026", primaryCompletionDate: "30/09/28" }),
      url: "/administration/trials/add",
    })) as Reply;
    expect(httpStatusOf(refused)).toBe(400);
    expect(refused.data.result?.error).toEqual({
      startDateTime: ["'31/02/2026' is not a date: enter it as DD/MM/YYYY."],
      primaryCompletionDate: ["'30/09/28' is not a date: enter it as DD/MM/YYYY."],
    });
    expect(await Trial.countDocuments({ eventTitle: `CTAD trial ${w.tag}` })).toBe(0);
    // Typed without JavaScript (DD/MM/YYYY), then as the picker sends a day (YYYY-MM-DD).
    const done = await callAction(add, {
      user: w.editor,
      form: w.form("save", 6, { startDateTime: "15/03/2026", primaryCompletionDate: "30/09/2028" }),
      url: "/administration/trials/add",
    });
    expect(await toastsOf(done as Response)).toEqual(["Trial Added!"]);
    const saved = (await Trial.findOne({ eventTitle: `CTAD trial ${w.tag}` }).lean())!;
    expect([saved.startDateTime!.toISOString(), saved.primaryCompletionDate!.toISOString()]).toEqual([
      "2026-03-15T00:00:00.000Z",
      "2028-09-30T00:00:00.000Z",
    ]);
    await callAction(edit, {
      user: w.editor,
      form: w.form("save", 6, { startDateTime: "2026-03-16", primaryCompletionDate: "" }),
      params: { trialId: String(saved._id) },
      url: `/administration/trials/edit/${saved._id}`,
    });
    const edited = (await Trial.findById(saved._id).lean())!;
    expect([edited.startDateTime!.toISOString(), edited.primaryCompletionDate]).toEqual(["2026-03-16T00:00:00.000Z", null]);
  });

  test("a draft keeps every step on the server, survives a reload, is its user's own, and makes no trial before Create", async () => {
    const w = await world();
    const next = await callAction(add, {
      user: w.editor,
      form: w.form("step:1", 0, { eventTitle: `Draft ${w.tag}` }, { redirectTo: "/administration/trials?q=x" }),
      url: "/administration/trials/add",
    });
    const location = locationOf(next)!;
    expect(location).toMatch(/^\/administration\/trials\/add\?draft=[0-9a-f]{24}&step=1&redirectTo=%2Fadministration%2Ftrials%3Fq%3Dx$/);
    const draftId = draftOf(location);
    // The reload: the draft's values at the step in the address.
    const page = await addPage(w.editor._id, location.slice(location.indexOf("?")));
    expect(page).toMatchObject({ step: 1, draftId, redirectTo: "/administration/trials?q=x" });
    expect(page.defaultValue).toMatchObject({
      eventTitle: `Draft ${w.tag}`,
      primaryDrugs: "lecanemab",
      enrollment: [{ enrollmentNumber: "1795", enrollmentType: "Anticipated" }],
    });
    // The next post goes on in the same draft; the fetcher's save answers with its id.
    const saved = (await callAction(add, {
      user: w.editor,
      form: w.form("autosave", 4, { eventTitle: `Draft two ${w.tag}` }, { draft: draftId }),
      url: "/administration/trials/add",
    })) as Reply;
    expect(saved.data.draftId).toBe(draftId);
    expect(await TrialDraft.countDocuments({ user: w.editor._id })).toBe(1);
    expect((await addPage(w.editor._id, `?draft=${draftId}`)).defaultValue.eventTitle).toBe(`Draft two ${w.tag}`);
    // Another user's draft is not theirs to read or continue.
    const stranger = await addPage(w.other._id, `?draft=${draftId}`);
    expect([stranger.draftId, stranger.defaultValue.eventTitle]).toEqual([null, ""]);
    const theirs = await callAction(add, {
      user: w.other,
      form: w.form("step:1", 0, { eventTitle: "Hijacked" }, { draft: draftId }),
      url: "/administration/trials/add",
    });
    expect(draftOf(locationOf(theirs))).not.toBe(draftId);
    expect((await TrialDraft.findById(draftId).lean())!.values).toMatchObject({ eventTitle: `Draft two ${w.tag}` });
    // Abandoned: no trial.
    expect(await Trial.countDocuments({ eventTitle: `Draft two ${w.tag}` })).toBe(0);
  });

  test("abandoned drafts expire: a TTL index where the engine has them, and refused and purged past their time everywhere", async () => {
    const w = await world();
    const draftId = draftOf(
      locationOf(await callAction(add, { user: w.editor, form: w.form("step:1", 0), url: "/administration/trials/add" })),
    );
    const info = await mongoose.connection.db!.admin().command({ buildInfo: 1 });
    const ttl = (await TrialDraft.collection.indexes()).find((i) => i.expireAfterSeconds !== undefined);
    if (info.ferretdbVersion) expect(ttl).toBeUndefined();
    else expect(ttl).toMatchObject({ key: { updatedAt: 1 }, expireAfterSeconds: DRAFT_TTL_SECONDS });
    await TrialDraft.collection.updateOne(
      { _id: new mongoose.Types.ObjectId(draftId) },
      { $set: { updatedAt: new Date(Date.now() - (DRAFT_TTL_SECONDS + 60) * 1000) } },
    );
    expect((await addPage(w.editor._id, `?draft=${draftId}`)).draftId).toBeNull();
    const fresh = draftOf(
      locationOf(
        await callAction(add, { user: w.editor, form: w.form("step:1", 0, {}, { draft: draftId }), url: "/administration/trials/add" }),
      ),
    );
    expect(fresh).not.toBe(draftId);
    expect(await TrialDraft.countDocuments({ _id: draftId })).toBe(0);
  });

  test("Create checks every step, saves the trial with sanitised rich text, drops the draft, returns with 'Trial Added!'", async () => {
    const w = await world();
    const draftId = draftOf(
      locationOf(await callAction(add, { user: w.editor, form: w.form("step:1", 0), url: "/administration/trials/add" })),
    );
    // A step that fails: shown with every step's errors, nothing saved.
    const refused = (await callAction(add, {
      user: w.editor,
      form: w.form("save", 6, { phase: "", studyKeywords: "" }, { draft: draftId }),
      url: "/administration/trials/add",
    })) as Reply;
    expect(httpStatusOf(refused)).toBe(400);
    expect([refused.data.step, refused.data.result?.error]).toEqual([2, { phase: ["Field Required"], studyKeywords: ["Field Required"] }]);
    expect(await Trial.countDocuments({ eventTitle: `CTAD trial ${w.tag}` })).toBe(0);
    // A client outside the editor's permissions: the spec's message, at the first step.
    const foreign = (await callAction(add, {
      user: w.editor,
      form: w.form("save", 6, { client: String(w.beta._id) }, { draft: draftId, shownClient: String(w.beta._id) }),
      url: "/administration/trials/add",
    })) as Reply;
    expect([foreign.data.step, foreign.data.result?.error?.client]).toEqual([0, [clientNotPermitted(w.beta.name)]]);
    // Rich text with every payload; a redirectTo elsewhere falls back to the list.
    const html = PAYLOADS.join("");
    const done = await callAction(add, {
      user: w.editor,
      form: w.form(
        "save",
        6,
        { objective: html, dosageBeingEvaluated: html, inclusionCriteria: html, results: { details: html, resultsMeetExpectation: "on" } },
        { draft: draftId, redirectTo: "https://evil.example/" },
      ),
      url: "/administration/trials/add",
    });
    expect(locationOf(done)).toBe("/administration/trials");
    expect(await toastsOf(done as Response)).toEqual(["Trial Added!"]);
    const saved = (await Trial.findOne({ eventTitle: `CTAD trial ${w.tag}` }).lean())!;
    expect(saved).toMatchObject({
      title: `CTAD trial ${w.tag}`,
      client: w.alpha._id,
      disease: w.ad._id,
      compound: w.lec._id,
      compoundName: "lecanemab",
      trialStatus: "Recruiting",
      "patientSegmentByAge&Sex": "Adults, Male & Female",
      enrollment: [{ enrollmentNumber: 1795, enrollmentType: "Anticipated" }],
      otherDrugs: ["Placebo"],
      sponsors: ["Eisai", "Biogen"],
      priority: 1,
      isImportant: true,
      status: "active",
      secondayEndpoints: [{ details: "Key", endpoints: [{ group: "Efficacy", subgroup: "Overall", secondaryEndpoint: "ADAS-Cog14" }] }],
      minAge: 50,
      results: { resultsMeetExpectation: true },
    });
    expect(saved.startDateTime!.toISOString()).toBe("2026-03-15T00:00:00.000Z");
    expect(saved.endDateTime!.toISOString()).toBe("2028-09-30T00:00:00.000Z");
    for (const field of [saved.objective, saved.dosageBeingEvaluated, saved.inclusionCriteria, saved.results?.details])
      expect(dangers(field ?? "")).toEqual([]);
    expect(await TrialDraft.countDocuments({ _id: draftId })).toBe(0);
    expect(await AuditLog.countDocuments({ entity: "trial", entityId: saved._id, action: "create" })).toBe(1);
    // The rich text of a draft is sanitised too (it is shown again).
    const drafted = draftOf(
      locationOf(
        await callAction(add, {
          user: w.editor,
          form: w.form("step:3", 2, { dosageBeingEvaluated: html }),
          url: "/administration/trials/add",
        }),
      ),
    );
    expect(dangers(String((await TrialDraft.findById(drafted).lean())!.values.dosageBeingEvaluated))).toEqual([]);
  });

  test("editing starts from the trial, is kept as a draft of it, and Update returns where it came from with 'Trial Updated!'", async () => {
    const w = await world();
    await callAction(add, { user: w.editor, form: w.form("save", 6), url: "/administration/trials/add" });
    const trial = (await Trial.findOne({ eventTitle: `CTAD trial ${w.tag}` }).lean())!;
    const params = { trialId: String(trial._id) };
    const page = (await callLoader(edit, {
      user: w.editor,
      url: "/x?redirectTo=%2Fadministration%2Ftrials%3Fq%3Dctad",
      params,
    })) as Awaited<ReturnType<typeof edit.loader>>;
    expect(page.defaultValue).toEqual(w.values);
    expect(page.redirectTo).toBe("/administration/trials?q=ctad");
    expect(page.history.map((h) => h.action)).toEqual(["create"]);
    const url = `/administration/trials/edit/${trial._id}`;
    const moved = await callAction(edit, { user: w.editor, form: w.form("step:2", 1, { eventTitle: `Renamed ${w.tag}` }), params, url });
    expect(locationOf(moved)).toMatch(new RegExp(`^${url}\\?draft=`));
    expect((await Trial.findById(trial._id).lean())!.eventTitle).toBe(`CTAD trial ${w.tag}`);
    const draft = draftOf(locationOf(moved));
    expect((await TrialDraft.findById(draft).lean())!.trial).toEqual(trial._id);
    // A draft of this trial is not a draft of a new one.
    expect((await addPage(w.editor._id, `?draft=${draft}`)).draftId).toBeNull();
    const done = await callAction(edit, {
      user: w.editor,
      form: w.form("save", 6, { eventTitle: `Renamed ${w.tag}`, status: "" }, { draft, redirectTo: "/administration/trials?q=ctad" }),
      params,
      url,
    });
    expect(locationOf(done)).toBe("/administration/trials?q=ctad");
    expect(await toastsOf(done as Response)).toEqual(["Trial Updated!"]);
    expect(await Trial.findById(trial._id).lean()).toMatchObject({
      eventTitle: `Renamed ${w.tag}`,
      title: `Renamed ${w.tag}`,
      status: "inactive",
    });
    const update = (await AuditLog.findOne({ entity: "trial", entityId: trial._id, action: "update" }).lean())!;
    expect(update.changes.map((c) => c.field).sort()).toEqual(["eventTitle", "status"]);
    expect(await TrialDraft.countDocuments({ _id: draft })).toBe(0);
  });

  test("an editor never sees or changes another client's trial; status switch and delete with the spec's texts", async () => {
    const w = await world();
    const lupus = (await Trial.findOne({ eventTitle: `LUPUS-1 ${w.tag}` }).lean())!;
    const clarity = (await Trial.findOne({ eventTitle: `CLARITY ${w.tag}` }).lean())!;
    const foreign = { trialId: String(lupus._id) };
    for (const result of [
      await callLoader(edit, { user: w.editor, params: foreign }),
      await callAction(edit, { user: w.editor, form: w.form("save", 6), params: foreign, url: "/administration/trials/add" }),
      await callAction(status, { user: w.editor, form: { status: "inactive" }, params: foreign, url: "/administration/trials/add" }),
      await callAction(remove, { user: w.editor, form: {}, params: foreign, url: "/administration/trials/add" }),
    ]) {
      expect(locationOf(result)).toBe("/administration/trials");
      expect(await toastsOf(result as Response)).toEqual(["Invalid ID"]);
    }
    expect(await Trial.findById(lupus._id).lean()).toMatchObject({ eventTitle: `LUPUS-1 ${w.tag}`, status: "active" });
    // The status switch: 'Event inactive!', back to the list view it came from.
    const mine = { trialId: String(clarity._id) };
    const switched = await callAction(status, {
      user: w.editor,
      form: { status: "inactive", redirectTo: "/administration/trials?q=clarity" },
      params: mine,
      url: "/administration/trials/add",
    });
    expect(locationOf(switched)).toBe("/administration/trials?q=clarity");
    expect(await toastsOf(switched as Response)).toEqual(["Event inactive!"]);
    expect((await Trial.findById(clarity._id).lean())!.status).toBe("inactive");
    expect(
      await toastsOf(
        (await callAction(status, {
          user: w.editor,
          form: { status: "active" },
          params: mine,
          url: "/administration/trials/add",
        })) as Response,
      ),
    ).toEqual(["Event active!"]);
    // Delete: the confirmation page, then 'Trial Deleted'; a draft of its edit goes with it.
    const confirm = (await callLoader(remove, {
      user: w.editor,
      url: "/x?redirectTo=%2Fadministration%2Ftrials%3Fq%3Dx",
      params: mine,
    })) as Awaited<ReturnType<typeof remove.loader>>;
    expect(confirm).toEqual({ title: `CLARITY ${w.tag}`, back: "/administration/trials?q=x" });
    const draft = draftOf(
      locationOf(
        await callAction(edit, {
          user: w.editor,
          form: w.form("step:1", 0),
          params: mine,
          url: `/administration/trials/edit/${clarity._id}`,
        }),
      ),
    );
    const deleted = await callAction(remove, {
      user: w.editor,
      form: { redirectTo: "/administration/trials?q=x" },
      params: mine,
      url: "/administration/trials/add",
    });
    expect(locationOf(deleted)).toBe("/administration/trials?q=x");
    expect(await toastsOf(deleted as Response)).toEqual(["Trial Deleted"]);
    expect(await Trial.countDocuments({ _id: clarity._id })).toBe(0);
    expect(await TrialDraft.countDocuments({ _id: draft })).toBe(0);
    expect((await AuditLog.find({ entity: "trial", entityId: clarity._id }).sort({ at: 1, _id: 1 }).lean()).map((e) => e.action)).toEqual([
      "status",
      "status",
      "delete",
    ]);
  });
});
