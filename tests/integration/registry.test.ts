import { createServer, type AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";

import {
  FIELD_UNREADABLE,
  FORM_UNREADABLE,
  REGISTRY_IMPORTED,
  REGISTRY_SYNCED,
  REGISTRY_UNREACHABLE,
  registryTooMany,
} from "#common/messages";
import { Compound, RegistrySync, Trial, TrialChange } from "#db/models/index.server";
import { primaryCompletionSlips, trialRegistryHistory } from "~/models/registry.server";
import * as editPage from "~/routes/_app+/administration+/trials+/edit.$trialId";
import * as importPage from "~/routes/_app+/administration+/trials+/import._index";
import * as syncPage from "~/routes/_app+/administration+/trials+/import.$syncId";
import * as progressRoute from "~/routes/resources+/task-progress.$token";
import { fetchStudies } from "~/utils/registry/ctgov.server";

import { callAction, callLoader, cascadeFields, httpStatusOf, locationOf, placeOf, scene, toastsOf } from "../db-utils";
import { startFakeCtgov } from "../fake-ctgov";
import { withEnv } from "./sheets/helpers";

// The ClinicalTrials.gov import (issue 15), the real code against a fake registry on loopback: by NCT ids and by a
// search over several pages, mapped onto trials; a re-sync asks for studies updated since the last sync day and logs
// what changed (status, primary completion date) — nothing for an unchanged study or a first import; a 429 is retried;
// a registry answering 500 pages imports nothing and says so; requests are spaced out across callers.

let api: Awaited<ReturnType<typeof startFakeCtgov>>;
let restoreEnv: () => void;
beforeAll(async () => {
  api = await startFakeCtgov({ pageLimit: 2 });
  restoreEnv = withEnv({ CTGOV_BASE_URL: api.url, CTGOV_MIN_INTERVAL_MS: "0", CTGOV_RETRY_BASE_MS: "10" });
});
afterAll(async () => {
  restoreEnv();
  await api.close();
});
afterEach(() => api.reset());

async function world() {
  const w = await scene({
    clients: { client: {} },
    areas: { area: { client: "client" } },
    diseases: { ad: { area: "area" }, pd: { area: "area" } },
    users: { top: { role: "admin", isTopAdmin: true }, editor: { role: "editor", grants: ["ad"] } },
  });
  return { ...w, target: (disease = w.ad) => cascadeFields(disease) };
}

type Who = { _id: unknown };
const syncId = (response: unknown) => /\/administration\/trials\/import\/([0-9a-f]{24})$/.exec(locationOf(response) ?? "")?.[1] ?? "";
const report = async ({ _id: user }: Who, id: string) =>
  (await callLoader(syncPage, { user, url: `/administration/trials/import/${id}`, params: { syncId: id } })) as Awaited<
    ReturnType<typeof syncPage.loader>
  >;
const resync = async ({ _id: user }: Who, id: string) =>
  callAction(syncPage, { user, url: `/administration/trials/import/${id}`, params: { syncId: id }, form: { intent: "sync" } });

describe("ClinicalTrials.gov import", () => {
  test("by NCT ids: one request with filter.ids, the studies mapped onto new trials, an unknown id reported", async () => {
    const w = await world();
    api.fake.studies = [
      {
        nctId: "NCT01767311",
        title: "A Study of Lecanemab in Early Alzheimer's",
        acronym: "Clarity AD",
        phases: ["PHASE1", "PHASE2"],
        pcd: { date: "2027-06", type: "ESTIMATED" },
      },
      {
        nctId: "NCT04437511",
        title: "Donanemab in Early Alzheimer's",
        status: "ACTIVE_NOT_RECRUITING",
        pcd: { date: "2026-11-30", type: "ACTUAL" },
      },
    ];
    const response = await callAction(importPage, {
      user: w.top,
      form: { ...w.target(), mode: "ids", ids: "nct01767311, NCT04437511\nNCT09999999" },
      url: "/administration/trials/import",
    });
    expect(await toastsOf(response as Response)).toEqual([REGISTRY_IMPORTED]);
    expect(api.fake.calls).toHaveLength(1);
    const q = api.fake.calls[0]!.query;
    expect(q.get("filter.ids")).toBe("NCT01767311,NCT04437511,NCT09999999");
    expect(q.get("format")).toBe("json");
    expect(q.get("filter.advanced")).toBeNull();

    const page = await report(w.top, syncId(response));
    expect(page.result).toMatchObject({ created: 2, updated: 0, unchanged: 0, failed: 1 });
    expect(page.result!.trials.map((t) => [t.nctId, t.outcome])).toEqual([
      ["NCT01767311", "created"],
      ["NCT04437511", "created"],
      ["NCT09999999", "failed"],
    ]);
    expect(page.result!.trials[2]!.message).toBe("Not found on ClinicalTrials.gov.");

    const lecanemab = (await Trial.findOne({ disease: w.ad._id, trialIdentifier: "NCT01767311" }).lean())!;
    expect(lecanemab).toMatchObject({
      eventTitle: "A Study of Lecanemab in Early Alzheimer's",
      title: "A Study of Lecanemab in Early Alzheimer's",
      acronyms: "Clarity AD",
      trialStatus: "Recruiting",
      phase: "Phase 1/2",
      startDateType: "Actual",
      pcdType: "Anticipated",
      enrollment: [{ enrollmentNumber: 1795, enrollmentType: "Anticipated" }],
      sponsors: ["Eisai Inc."],
      collaborators: ["Biogen"],
      countries: ["United States", "Japan"],
      minAge: 50,
      minAgeUnits: "Years",
      maxAge: 90,
      maxAgeUnits: "Years",
      gender: "All",
      inclusionCriteria: "<ul>\n<li>Age 50 to 90</li>\n<li>MMSE 22 to 30</li>\n</ul>",
      exclusionCriteria: "<ul>\n<li>Any other neurological disease</li>\n</ul>",
      studyDesign: "Interventional; Randomized; Parallel; Treatment; Masking: Quadruple",
      studyKeywords: ["amyloid", "early AD"],
      patientSegmentByDisease: "Alzheimer Disease",
      primaryDrugs: "Lecanemab",
      otherDrugs: ["Donepezil"],
      comparator: "Placebo",
      trialArms: [{ armsDetails: "Drug arm (Experimental): 10 mg/kg every two weeks" }, { armsDetails: "Placebo (Placebo comparator)" }],
      primaryEndpoints: [
        {
          endpoints: [
            { group: "Change in CDR-SB", subgroup: "Baseline, Month 18", primaryEndpoint: "Clinical Dementia Rating Sum of Boxes" },
          ],
        },
      ],
      secondayEndpoints: [
        { endpoints: [{ group: "Change in ADAS-Cog14", subgroup: "Month 18", secondaryEndpoint: "Change in ADAS-Cog14" }] },
      ],
      client: w.client._id,
      therapeuticArea: w.area._id,
      registry: { source: "ClinicalTrials.gov", hasResults: false },
    });
    // A month-only date is the 1st of its month.
    expect(lecanemab.primaryCompletionDate?.toISOString()).toBe("2027-06-01T00:00:00.000Z");
    expect(lecanemab.startDateTime?.toISOString()).toBe("2024-03-15T00:00:00.000Z");
    expect(lecanemab.searchTokens).toContain("nct01767311");
    const donanemab = (await Trial.findOne({ disease: w.ad._id, trialIdentifier: "NCT04437511" }).lean())!;
    expect(donanemab).toMatchObject({ trialStatus: "Active, not recruiting", phase: "Phase 3", pcdType: "Actual" });
    // A first import has nothing to compare with.
    expect(await TrialChange.countDocuments({ disease: w.ad._id })).toBe(0);
  });

  test("by a search: every page followed with nextPageToken, the phase as AREA[Phase]", async () => {
    const w = await world();
    api.fake.studies = ["NCT00000001", "NCT00000002", "NCT00000003", "NCT00000004", "NCT00000005", "NCT00000006"].map((nctId, i) => ({
      nctId,
      title: `Study ${i + 1}`,
      phases: i === 5 ? ["PHASE2"] : ["PHASE3"],
    }));
    // Filed under a compound: each new trial carries its name (the Trials List reads no compounds).
    const compound = await Compound.create({ name: { generic: `lecanemab ${w.tag}` }, ...placeOf(w.ad) });
    const response = await callAction(importPage, {
      user: w.top,
      form: {
        ...w.target(),
        compound: String(compound._id),
        mode: "query",
        condition: "alzheimer",
        sponsor: "eisai",
        intervention: "lecanemab",
        phase: "PHASE3",
      },
      url: "/administration/trials/import",
    });
    expect(httpStatusOf(response)).toBe(302);
    expect(api.fake.calls).toHaveLength(3);
    const [first, second, third] = api.fake.calls.map((c) => c.query);
    expect(first!.get("query.cond")).toBe("alzheimer");
    expect(first!.get("query.spons")).toBe("eisai");
    expect(first!.get("query.intr")).toBe("lecanemab");
    expect(first!.get("filter.advanced")).toBe("AREA[Phase]PHASE3");
    expect(first!.get("pageToken")).toBeNull();
    expect(second!.get("pageToken")).toBeTruthy();
    expect(third!.get("pageToken")).not.toBe(second!.get("pageToken"));
    expect((await report(w.top, syncId(response))).result).toMatchObject({ created: 5, failed: 0 });
    const trials = await Trial.find({ disease: w.ad._id }).select("compound compoundName").lean();
    expect(trials.map((t) => [String(t.compound), t.compoundName])).toEqual(Array(5).fill([String(compound._id), `lecanemab ${w.tag}`]));
  });

  test("a re-sync asks for studies updated since the last sync day, updates the changed one and logs its changes", async () => {
    const w = await world();
    api.fake.studies = [
      { nctId: "NCT01767311", title: "Lecanemab study", pcd: { date: "2027-06", type: "ESTIMATED" }, updated: "2026-01-10" },
      { nctId: "NCT04437511", title: "Donanemab study", updated: "2026-01-10" },
    ];
    const id = syncId(
      await callAction(importPage, {
        user: w.editor,
        form: { ...w.target(), mode: "ids", ids: "NCT01767311 NCT04437511" },
        url: "/administration/trials/import",
      }),
    );
    const trial = (await Trial.findOne({ disease: w.ad._id, trialIdentifier: "NCT01767311" }))!;
    // An editor's own field survives syncs.
    await Trial.updateOne({ _id: trial._id }, { $set: { lineOfTherapy: "First line" } });
    const today = new Date().toISOString().slice(0, 10);
    api.fake.studies = [
      {
        nctId: "NCT01767311",
        title: "Lecanemab study",
        status: "ACTIVE_NOT_RECRUITING",
        pcd: { date: "2028-03-31", type: "ESTIMATED" },
        updated: today,
      },
      { nctId: "NCT04437511", title: "Donanemab study", updated: today },
    ];
    api.fake.calls.length = 0;
    const synced = await resync(w.editor, id);
    expect(await toastsOf(synced as Response)).toEqual([REGISTRY_SYNCED]);
    expect(api.fake.calls[0]!.query.get("filter.ids")).toBe("NCT01767311,NCT04437511");
    expect(api.fake.calls[0]!.query.get("filter.advanced")).toBe(`AREA[LastUpdatePostDate]RANGE[${today},MAX]`);
    const page = await report(w.editor, id);
    expect(page.result).toMatchObject({ created: 0, updated: 1, unchanged: 1, failed: 0 });
    expect(page.lastSyncDate).toBe(today);

    const updated = (await Trial.findById(trial._id).lean())!;
    expect(updated).toMatchObject({ trialStatus: "Active, not recruiting", lineOfTherapy: "First line" });
    expect(updated.primaryCompletionDate?.toISOString()).toBe("2028-03-31T00:00:00.000Z");
    const history = await trialRegistryHistory(String(trial._id));
    expect(history.map(({ field, previous, next }) => ({ field, previous, next })).sort((a, b) => a.field.localeCompare(b.field))).toEqual([
      { field: "Primary completion date", previous: "2027-06-01", next: "2028-03-31" },
      { field: "Status", previous: "Recruiting", next: "Active, not recruiting" },
    ]);
    // The trial's edit page shows the same log.
    const edit = (await callLoader(editPage, {
      user: w.editor,
      url: `/administration/trials/edit/${trial._id}`,
      params: { trialId: String(trial._id) },
    })) as Awaited<ReturnType<typeof editPage.loader>>;
    expect(edit.registry).toEqual(history);
    const donanemab = (await Trial.findOne({ disease: w.ad._id, trialIdentifier: "NCT04437511" }).lean())!;
    expect(await trialRegistryHistory(String(donanemab._id))).toEqual([]);
    const slips = await primaryCompletionSlips({ diseaseId: String(w.ad._id) });
    expect(slips).toEqual([
      {
        trialIdentifier: "NCT01767311",
        trial: String(trial._id),
        slips: [{ from: new Date("2027-06-01T00:00:00Z"), to: new Date("2028-03-31T00:00:00Z"), seenAt: expect.any(Date) }],
      },
    ]);
    expect(await primaryCompletionSlips({ diseaseId: String(w.pd._id) })).toEqual([]);
  });

  test("a 429 is retried and the import goes through", async () => {
    const w = await world();
    api.fake.studies = [{ nctId: "NCT01767311", title: "Lecanemab study" }];
    api.fake.fail = [{ status: 429, body: "Too Many Requests", contentType: "text/plain" }];
    const response = await callAction(importPage, {
      user: w.top,
      form: { ...w.target(), mode: "ids", ids: "NCT01767311" },
      url: "/administration/trials/import",
    });
    expect(await toastsOf(response as Response)).toEqual([REGISTRY_IMPORTED]);
    expect(api.fake.calls).toHaveLength(2);
    expect(await Trial.countDocuments({ disease: w.ad._id })).toBe(1);
  });

  test("a registry answering error pages: the form says so, and nothing is imported or saved", async () => {
    const w = await world();
    api.fake.studies = [{ nctId: "NCT01767311", title: "Lecanemab study" }];
    api.fake.fail = Array.from({ length: 4 }, () => ({
      status: 500,
      body: "<html><body><h1>500 Internal Server Error</h1></body></html>",
    }));
    const response = await callAction(importPage, {
      user: w.top,
      form: { ...w.target(), mode: "ids", ids: "NCT01767311" },
      url: "/administration/trials/import",
    });
    expect(httpStatusOf(response)).toBe(502);
    expect((response as { data: { result: { error: Record<string, string[]> } } }).data.result.error[""]).toEqual([REGISTRY_UNREACHABLE]);
    expect(api.fake.calls).toHaveLength(4);
    expect(await Trial.countDocuments({ disease: w.ad._id })).toBe(0);
    expect(await RegistrySync.countDocuments({ disease: w.ad._id })).toBe(0);
  });

  test("a registry that cannot be connected to is said at once: no retries, nothing saved", async () => {
    const w = await world();
    // A port nothing listens on; retries would wait 10 s each (the test's limit is 20 s).
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const restore = withEnv({ CTGOV_BASE_URL: `http://127.0.0.1:${port}`, CTGOV_RETRY_BASE_MS: "60000" });
    try {
      const response = await callAction(importPage, {
        user: w.top,
        form: { ...w.target(), mode: "ids", ids: "NCT01767311" },
        url: "/administration/trials/import",
      });
      expect(httpStatusOf(response)).toBe(502);
      expect((response as { data: { result: { error: Record<string, string[]> } } }).data.result.error[""]).toEqual([REGISTRY_UNREACHABLE]);
    } finally {
      restore();
    }
    expect(await RegistrySync.countDocuments({ disease: w.ad._id })).toBe(0);
  });

  test("a first import is not under Saved imports while the registry is asked, only once it answered", async () => {
    const w = await world();
    api.fake.studies = [{ nctId: "NCT01767311", title: "Lecanemab study" }];
    const listed = async () =>
      ((await callLoader(importPage, { user: w.top, url: "/administration/trials/import" })) as { syncs: unknown[] }).syncs;
    const saved = (await listed()).length;
    let answer = () => {};
    api.fake.hold = new Promise<void>((resolve) => (answer = resolve));
    const importing = callAction(importPage, {
      user: w.top,
      form: { ...w.target(), mode: "ids", ids: "NCT01767311" },
      url: "/administration/trials/import",
    });
    while (!api.fake.calls.length) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await listed()).toHaveLength(saved);
    answer();
    expect(await toastsOf((await importing) as Response)).toEqual([REGISTRY_IMPORTED]);
    expect(await listed()).toHaveLength(saved + 1);
  });

  test("the import says how far it got, page by page then trial by trial, to its own user only", async () => {
    const w = await world();
    api.fake.studies = [1, 2, 3, 4, 5].map((i) => ({ nctId: `NCT0000010${i}`, title: `Study ${i}` }));
    const token = crypto.randomUUID();
    const gate = (path: string, method = "POST") =>
      fetch(`${api.url}${path}?cond=${encodeURIComponent("Alzheimer Disease")}&pageSize=2`, { method });
    const progressOf = async ({ _id: user }: Who) => callLoader(progressRoute, { user, params: { token } });
    // Until the import, gated by the fake registry, gets there: vi.waitFor's default second was too short for FerretDB on a
    // busy machine (the run's first progress write arrived later).
    const said = (who: Who, expected: unknown) =>
      vi.waitFor(async () => expect(await progressOf(who)).toEqual(expected), { timeout: 10_000, interval: 50 });
    await gate("/__gate");
    try {
      const importing = callAction(importPage, {
        user: w.top,
        form: { ...w.target(), mode: "query", condition: "Alzheimer Disease", progress: token },
        url: "/administration/trials/import",
      });
      await said(w.top, { stage: "Asking ClinicalTrials.gov", done: 0, total: 0 });
      // Another user asking with the same token hears nothing.
      expect(await progressOf(w.editor)).toBeNull();
      await gate("/__step");
      await said(w.top, { stage: "Reading studies from ClinicalTrials.gov", done: 2, total: 5 });
      await gate("/__step");
      await said(w.top, { stage: "Reading studies from ClinicalTrials.gov", done: 4, total: 5 });
      await gate("/__step");
      expect(await toastsOf((await importing) as Response)).toEqual([REGISTRY_IMPORTED]);
      expect(await progressOf(w.top)).toEqual({ stage: "Saving trials", done: 0, total: 5 });
      expect(await Trial.countDocuments({ disease: w.ad._id })).toBe(5);
    } finally {
      await gate("/__gate", "DELETE");
    }
  });

  test("a re-sync that cannot reach the registry keeps its trials and says why on its page", async () => {
    const w = await world();
    api.fake.studies = [{ nctId: "NCT01767311", title: "Lecanemab study" }];
    const id = syncId(
      await callAction(importPage, {
        user: w.top,
        form: { ...w.target(), mode: "ids", ids: "NCT01767311" },
        url: "/administration/trials/import",
      }),
    );
    api.fake.fail = Array.from({ length: 4 }, () => ({ status: 503, body: "<html>Service Unavailable</html>" }));
    expect(await toastsOf((await resync(w.top, id)) as Response)).toEqual([REGISTRY_UNREACHABLE]);
    expect(await report(w.top, id)).toMatchObject({ lastError: REGISTRY_UNREACHABLE, result: null });
    expect(await Trial.countDocuments({ disease: w.ad._id })).toBe(1);
  });

  test("a search matching too many studies is refused before anything is written", async () => {
    const w = await world();
    api.fake.studies = Array.from({ length: 1001 }, (_, i) => ({ nctId: `NCT${String(i).padStart(8, "0")}`, title: `Study ${i}` }));
    const response = await callAction(importPage, {
      user: w.top,
      form: { ...w.target(), mode: "query", condition: "alzheimer" },
      url: "/administration/trials/import",
    });
    expect(httpStatusOf(response)).toBe(400);
    expect((response as { data: { result: { error: Record<string, string[]> } } }).data.result.error[""]).toEqual([
      registryTooMany(1001, 1000),
    ]);
    expect(await Trial.countDocuments({ disease: w.ad._id })).toBe(0);
  });

  test("bad input: NCT ids checked, a search needs words, an editor only imports into diseases they hold", async () => {
    const w = await world();
    const errors = (response: unknown) => (response as { data: { result: { error: Record<string, string[]> } } }).data.result.error;
    const badIds = await callAction(importPage, {
      user: w.top,
      form: { ...w.target(), mode: "ids", ids: "NCT0176731, NCT04437511, 12345678" },
      url: "/administration/trials/import",
    });
    expect(httpStatusOf(badIds)).toBe(400);
    expect(errors(badIds).ids).toEqual(["Not an NCT ID: NCT0176731, 12345678 (NCT and 8 digits, e.g. NCT01234567)."]);
    expect(
      errors(await callAction(importPage, { user: w.top, form: { ...w.target(), mode: "query" }, url: "/administration/trials/import" }))
        .condition,
    ).toEqual(["Enter a condition, a sponsor or an intervention."]);
    const foreign = await callAction(importPage, {
      user: w.editor,
      form: { ...w.target(w.pd), mode: "ids", ids: "NCT01767311" },
      url: "/administration/trials/import",
    });
    expect(httpStatusOf(foreign)).toBe(400);
    expect(errors(foreign).disease).toEqual(["Choose a disease of this therapeutic area."]);
    expect(api.fake.calls).toHaveLength(0);
    // Nor open another's saved import of a disease they do not hold.
    api.fake.studies = [{ nctId: "NCT01767311", title: "Lecanemab study" }];
    const id = syncId(
      await callAction(importPage, {
        user: w.top,
        form: { ...w.target(w.pd), mode: "ids", ids: "NCT01767311" },
        url: "/administration/trials/import",
      }),
    );
    const refused = await callLoader(syncPage, { user: w.editor, url: `/administration/trials/import/${id}`, params: { syncId: id } });
    expect(locationOf(refused)).toBe("/administration/trials/import");
  });

  test("a field sent twice, or of a shape no control sends, is the form's error (400): nothing is asked or imported", async () => {
    const w = await world();
    api.fake.studies = [{ nctId: "NCT01767311", title: "Lecanemab study" }];
    const errors = (response: unknown) => (response as { data: { result: { error: Record<string, string[]> } } }).data.result.error;
    const forms: Array<Record<string, string | string[]>> = [
      { ids: ["NCT01767311", "NCT04437511"] },
      { "ids.x": "NCT01767311" },
      { mode: ["ids", "query"], ids: "NCT01767311" },
      { ids: "NCT01767311", condition: ["a", "b"] },
      { ids: "NCT01767311", disease: [String(w.ad._id), String(w.ad._id)] },
      { ids: "NCT01767311", __intent__: '{"type":"insert","payload":{"name":"ids"}}' },
    ];
    for (const form of forms) {
      const response = await callAction(importPage, {
        user: w.top,
        form: { ...w.target(), mode: "ids", ...form },
        url: "/administration/trials/import",
      });
      expect(httpStatusOf(response), JSON.stringify(form)).toBe(400);
      // The field's error; a tampered list intent (conform's own field) is the whole form's.
      const [field] =
        "__intent__" in form
          ? [""]
          : Object.keys(form)
              .filter((k) => k !== "ids")
              .concat(["ids"]);
      expect(errors(response)[field!.split(".")[0]!], JSON.stringify(form)).toEqual([field ? FIELD_UNREADABLE : FORM_UNREADABLE]);
    }
    expect(api.fake.calls).toHaveLength(0);
    expect(await RegistrySync.countDocuments({ disease: w.ad._id })).toBe(0);
    expect(await Trial.countDocuments({ disease: w.ad._id })).toBe(0);
  });

  test("requests are spaced out by the interval, across concurrent callers", async () => {
    const restore = withEnv({ CTGOV_MIN_INTERVAL_MS: "250" });
    try {
      api.fake.studies = [{ nctId: "NCT01767311", title: "Lecanemab study" }];
      await Promise.all([
        fetchStudies({ ids: ["NCT01767311"] }),
        fetchStudies({ ids: ["NCT01767311"] }),
        fetchStudies({ ids: ["NCT01767311"] }),
      ]);
      const times = api.fake.calls.map((c) => c.at).sort((a, b) => a - b);
      expect(times).toHaveLength(3);
      // Turns are taken 250 ms apart; the requests' arrival here may lag a turn by a few ms of delivery.
      for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(200);
    } finally {
      restore();
    }
  });
});
