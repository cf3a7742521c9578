import type { Types } from "mongoose";
import { describe, expect, test } from "vitest";

import { Disease } from "#db/models/disease.server";
import { Event } from "#db/models/event.server";
import { SheetCache, SheetCacheBody, SheetCacheChunk } from "#db/models/sheet-cache.server";
import { TherapeuticArea } from "#db/models/therapeutic-area.server";
import { User } from "#db/models/user.server";
import { diseaseFacts } from "~/components/card-facts";
import { backfillSheetReadTimes } from "~/models/disease.server";
import { backfillAreaNames } from "~/models/therapeutic-area.server";
import * as areasPage from "~/routes/_app+/clients+/$clientId.therapeuticAreas+/_index";
import * as areaDelete from "~/routes/_app+/clients+/$clientId.therapeuticAreas+/$taId.delete";
import * as diseasesList from "~/routes/_app+/clients+/$clientId.therapeuticAreas+/$taId.diseases+/_index";
import * as diseaseDelete from "~/routes/_app+/clients+/$clientId.therapeuticAreas+/$taId.diseases+/$diseaseId.delete";
import * as diseaseEdit from "~/routes/_app+/clients+/$clientId.therapeuticAreas+/$taId.diseases+/$diseaseId.edit";
import * as diseaseAdd from "~/routes/_app+/clients+/$clientId.therapeuticAreas+/$taId.diseases+/add";
import * as areaEdit from "~/routes/_app+/clients+/$clientId.therapeuticAreas+/$taId.edit";
import * as areaNew from "~/routes/_app+/clients+/$clientId.therapeuticAreas+/new";
import * as dashboard from "~/routes/_app+/dashboard";
import { storeSheetCopy } from "~/utils/sheets/store.server";

import { callLoader, createUser, grantsFor, httpStatusOf, locationOf, makeRequest, scene, settle } from "../db-utils";

// Therapeutic-area and disease management: role matrix, foreign ids, validation and the delete cascades. Loaders and
// actions are called with real Requests against the real database.

async function world() {
  const reports = [
    { id: "timeline-chart", name: "Launch timeline" },
    { id: "list", name: "News" },
    { id: "events-2", name: "Events by quarter" },
  ];
  const w = await scene({
    clients: { alpha: "Alpha", beta: "Beta" },
    areas: {
      neuro: { client: "alpha", name: "Neurology" },
      onco: { client: "alpha", name: "Oncology" },
      betaArea: { client: "beta", name: "Immunology" },
    },
    diseases: {
      ad: { area: "neuro", name: "Alzheimer's disease", sheetId: "abc", sheetName: "AD", range: "A5", reports },
      pd: { area: "neuro", name: "Parkinson's disease", reports: reports.slice(0, 1) },
      hidden: { area: "neuro", name: "ALS" },
      lupus: { area: "betaArea", name: "Lupus" },
      oncoDisease: { area: "onco", name: "Lung cancer" },
    },
  });
  return { ...w, grants: grantsFor([w.ad, w.pd, w.oncoDisease]) };
}
type World = Awaited<ReturnType<typeof world>>;

async function roles(w: World) {
  return {
    external: await createUser({ role: "external", permissions: w.grants }),
    editor: await createUser({ role: "editor", permissions: w.grants }),
    admin: await createUser({ role: "admin", permissions: w.grants }),
    top: await createUser({ role: "admin", isTopAdmin: true }),
  };
}

type Params = Record<string, string>;
type RouteFn = (args: { request: Request; params: Params; context: object }) => Promise<unknown>;

/** Calls a loader (without `form`) or an action as the user, thrown Responses included. */
async function call(fn: RouteFn, userId: string | null, params: Params, form?: Record<string, string | string[]>) {
  return settle(
    fn({ request: await makeRequest(`/clients/${params.clientId}/therapeuticAreas`, { user: userId, form }), params, context: {} }),
  );
}

const validDisease = {
  name: "New disease",
  sheetId: "sheet_1-x",
  sheetName: "Data",
  range: "a5:ah5",
  reports: ["list", "timeline-chart"],
  tm: "on",
  mesh: "amyloid, tau ,amyloid",
};

describe("addresses outside the user's permissions", () => {
  test("foreign, unknown or mismatched client, area and disease ids redirect to / with a toast, never data", async () => {
    const w = await world();
    const { admin } = await roles(w);
    const id = String(admin._id);
    const alpha = String(w.alpha._id);
    const cases: Array<{ route: { loader: RouteFn; action?: RouteFn }; params: Params; form?: Record<string, string | string[]> }> = [
      { route: diseasesList as never, params: { clientId: String(w.beta._id), taId: String(w.betaArea._id) } },
      { route: diseasesList as never, params: { clientId: alpha, taId: String(w.betaArea._id) } },
      { route: diseasesList as never, params: { clientId: alpha, taId: "not-an-id" } },
      { route: diseasesList as never, params: { clientId: alpha, taId: "000000000000000000000000" } },
      { route: areaEdit as never, params: { clientId: String(w.beta._id), taId: String(w.betaArea._id) }, form: { name: "hijack" } },
      { route: areaDelete as never, params: { clientId: alpha, taId: String(w.betaArea._id) }, form: {} },
      { route: diseaseAdd as never, params: { clientId: alpha, taId: String(w.betaArea._id) }, form: validDisease },
      // A disease of another client, a disease not granted, a disease of another area of the same client.
      {
        route: diseaseEdit as never,
        params: { clientId: alpha, taId: String(w.neuro._id), diseaseId: String(w.lupus._id) },
        form: validDisease,
      },
      {
        route: diseaseEdit as never,
        params: { clientId: alpha, taId: String(w.neuro._id), diseaseId: String(w.hidden._id) },
        form: validDisease,
      },
      {
        route: diseaseEdit as never,
        params: { clientId: alpha, taId: String(w.neuro._id), diseaseId: String(w.oncoDisease._id) },
        form: validDisease,
      },
    ];
    for (const c of cases) {
      const loaded = await call(c.route.loader, id, c.params);
      expect(httpStatusOf(loaded)).toBe(302);
      expect(locationOf(loaded)).toBe("/");
      expect((loaded as Response).headers.get("Set-Cookie")).toContain("__toast=");
      if (c.route.action && c.form) expect(locationOf(await call(c.route.action, id, c.params, c.form))).toBe("/");
    }
    // The top-level admin may delete diseases, but only through the area they belong to.
    const top = await createUser({ role: "admin", isTopAdmin: true });
    const mismatched = await call(
      (diseaseDelete as never as { action: RouteFn }).action,
      String(top._id),
      { clientId: alpha, taId: String(w.onco._id), diseaseId: String(w.ad._id) },
      {},
    );
    expect(locationOf(mismatched)).toBe("/");
    expect(await Disease.countDocuments({ _id: w.lupus._id })).toBe(1);
    expect(await Disease.countDocuments({ _id: w.ad._id })).toBe(1);
    expect((await TherapeuticArea.findById(w.betaArea._id).lean())?.name).toBe("Immunology");
  });
});

describe("diseases page", () => {
  test("lists the permitted diseases with their report counts, and what the role may do", async () => {
    const w = await world();
    const users = await roles(w);
    const params = { clientId: String(w.alpha._id), taId: String(w.neuro._id) };
    const asExternal = (await call(diseasesList.loader as never, String(users.external._id), params)) as Awaited<
      ReturnType<typeof diseasesList.loader>
    >;
    expect(asExternal.diseases).toEqual([
      { id: String(w.ad._id), name: "Alzheimer's disease", reportCount: 3, sheetReadAt: null, upcomingEvents: 0 },
      { id: String(w.pd._id), name: "Parkinson's disease", reportCount: 1, sheetReadAt: null, upcomingEvents: 0 },
    ]);
    expect(asExternal.can).toEqual({ "disease:create": false, "disease:update": false, "disease:delete": false });
    const asAdmin = (await call(diseasesList.loader as never, String(users.admin._id), params)) as Awaited<
      ReturnType<typeof diseasesList.loader>
    >;
    expect(asAdmin.can).toEqual({ "disease:create": true, "disease:update": true, "disease:delete": false });
    const asTop = (await call(diseasesList.loader as never, String(users.top._id), params)) as Awaited<
      ReturnType<typeof diseasesList.loader>
    >;
    expect(asTop.diseases.map((d) => d.name)).toEqual(["ALS", "Alzheimer's disease", "Parkinson's disease"]);
    expect(asTop.can).toEqual({ "disease:create": true, "disease:update": true, "disease:delete": true });
    const areas = (await call(areasPage.loader as never, String(users.editor._id), { clientId: params.clientId })) as Awaited<
      ReturnType<typeof areasPage.loader>
    >;
    expect(areas.can).toEqual({ "area:create": true, "area:update": true, "area:delete": false });
  });
});

describe("the cards' facts", () => {
  test("client, area and disease cards count only what the reader may see", async () => {
    const reports = (n: number) => ["timeline-chart", "list", "events-2"].slice(0, n).map((id) => ({ id, name: id }));
    const w = await scene({
      clients: { alpha: "Alpha", beta: "Beta", gamma: "Gamma" },
      areas: {
        neuro: { client: "alpha", name: "Neurology" },
        onco: { client: "alpha", name: "Oncology" },
        imm: { client: "beta", name: "Immunology" },
        other: { client: "gamma", name: "Other" },
      },
      diseases: {
        ad: { area: "neuro", name: "Alzheimer's disease", reports: reports(3) },
        pd: { area: "neuro", name: "Parkinson's disease", reports: reports(1) },
        als: { area: "neuro", name: "ALS", reports: reports(2) },
        lung: { area: "onco", name: "Lung cancer", reports: reports(2) },
        lupus: { area: "imm", name: "Lupus", reports: reports(1) },
        gout: { area: "other", name: "Gout" },
      },
      users: { reader: { role: "external", grants: ["ad", "pd", "lung", "lupus"] } },
    });
    const top = await createUser({ role: "admin", isTopAdmin: true });
    const day = 86_400_000;
    const event = (d: typeof w.ad, days: number, more: { status?: "inactive"; client?: typeof w.beta._id } = {}) => ({
      title: `Event in ${days} days`,
      type: "Conference" as const,
      client: d.client,
      therapeuticArea: d.therapeuticArea,
      disease: d._id,
      startDateTime: new Date(Date.now() + days * day),
      endDateTime: new Date(Date.now() + days * day + 3_600_000),
      timezone: "UTC",
      ...more,
    });
    await Event.create([
      event(w.ad, 3),
      event(w.ad, 40),
      event(w.ad, -3), // past
      event(w.ad, 5, { status: "inactive" }),
      event(w.ad, 6, { client: w.beta._id }), // filed under another client
      event(w.als, 2), // a disease the reader is not granted
      event(w.lupus, 2),
    ]);
    const readAt = new Date("2026-03-05T22:30:00Z");
    await storeSheetCopy(w.ad._id, {
      values: [["Product"]],
      source: "google",
      headerRow: 1,
      firstColumn: 1,
      fetchedAt: readAt.toISOString(),
    });
    await SheetCache.create({ disease: w.pd._id, lastError: { message: "unreachable", at: new Date() } }); // never read

    type Dashboard = Awaited<ReturnType<typeof dashboard.loader>>;
    const ours = (answer: unknown) =>
      (answer as Dashboard).clients
        .filter((c) => [w.alpha, w.beta, w.gamma].some((ours) => String(ours._id) === c.id))
        .map(({ name, areas, diseases }) => ({ name: name.split(" ")[0], areas, diseases }));
    expect(ours(await callLoader(dashboard, { user: w.reader, url: "/dashboard" }))).toEqual([
      { name: "Alpha", areas: 2, diseases: 3 },
      { name: "Beta", areas: 1, diseases: 1 },
    ]);
    expect(ours(await callLoader(dashboard, { user: top, url: "/dashboard" }))).toEqual([
      { name: "Alpha", areas: 2, diseases: 4 },
      { name: "Beta", areas: 1, diseases: 1 },
      { name: "Gamma", areas: 1, diseases: 1 },
    ]);

    const areasOf = async (user: unknown) =>
      (
        (await callLoader(areasPage, { user, params: { clientId: String(w.alpha._id) } })) as Awaited<ReturnType<typeof areasPage.loader>>
      ).areas.map(({ name, diseases, reports }) => ({ name, diseases, reports }));
    expect(await areasOf(w.reader)).toEqual([
      { name: "Neurology", diseases: 2, reports: 4 },
      { name: "Oncology", diseases: 1, reports: 2 },
    ]);
    expect(await areasOf(top)).toEqual([
      { name: "Neurology", diseases: 3, reports: 6 },
      { name: "Oncology", diseases: 1, reports: 2 },
    ]);

    const diseasesOf = async (user: unknown) =>
      (
        (await callLoader(diseasesList, {
          user,
          params: { clientId: String(w.alpha._id), taId: String(w.neuro._id) },
        })) as Awaited<ReturnType<typeof diseasesList.loader>>
      ).diseases.map(({ name, reportCount, sheetReadAt, upcomingEvents }) => ({ name, reportCount, sheetReadAt, upcomingEvents }));
    const ad = { name: "Alzheimer's disease", reportCount: 3, sheetReadAt: readAt.toISOString(), upcomingEvents: 2 };
    const pd = { name: "Parkinson's disease", reportCount: 1, sheetReadAt: null, upcomingEvents: 0 };
    expect(await diseasesOf(w.reader)).toEqual([ad, pd]);
    expect(await diseasesOf(top)).toEqual([{ name: "ALS", reportCount: 2, sheetReadAt: null, upcomingEvents: 1 }, ad, pd]);
    // As the card reads them: DD/MM/YYYY (UTC), the spec's 'Contain N reports'.
    expect(diseaseFacts(ad)).toEqual(["Contain 3 reports", "Sheet read 05/03/2026", "2 upcoming events"]);
    expect(diseaseFacts(pd)).toEqual(["Contain 1 report", "Sheet not read yet", "0 upcoming events"]);

    // Diseases saved before they carried the time: their cards read the caches, until the one-time fill.
    for (const d of [w.ad, w.pd]) await Disease.updateOne({ _id: d._id }, { $unset: { sheetReadAt: 1 } });
    expect(await diseasesOf(w.reader)).toEqual([ad, pd]);
    expect(await backfillSheetReadTimes()).toBeGreaterThanOrEqual(2);
    expect(await backfillSheetReadTimes(), "once per database").toBe(0);
    for (const [d, readAtThen] of [
      [w.ad, readAt],
      [w.pd, null],
    ] as const)
      expect((await Disease.findById(d._id).lean())!.sheetReadAt).toEqual(readAtThen);
    expect(await diseasesOf(w.reader)).toEqual([ad, pd]);
  });
});

describe("therapeutic area add, rename and validation", () => {
  test("an editor adds an area, which joins their permissions, and renames it; a blank name is refused", async () => {
    const w = await world();
    const { editor } = await roles(w);
    const clientId = String(w.alpha._id);
    const blank = await call(areaNew.action as never, String(editor._id), { clientId }, { name: "   " });
    expect(httpStatusOf(blank)).toBe(400);
    expect((blank as { data: { result: { error: Record<string, string[]> } } }).data.result.error.name).toEqual(["Area name is required"]);

    const created = await call(areaNew.action as never, String(editor._id), { clientId }, { name: " Cardiology " });
    expect(locationOf(created)).toBe(`/clients/${clientId}/therapeuticAreas`);
    const area = await TherapeuticArea.findOne({ client: w.alpha._id, name: "Cardiology" }).lean();
    expect(area).not.toBeNull();
    const after = await User.findById(editor._id).lean();
    expect(after?.permissions.some((p) => String(p.therapeuticArea) === String(area!._id) && String(p.client) === clientId)).toBe(true);
    const areas = (await call(areasPage.loader as never, String(editor._id), { clientId })) as Awaited<ReturnType<typeof areasPage.loader>>;
    expect(areas.areas.map((a) => a.name)).toContain("Cardiology");

    const renamed = await call(
      areaEdit.action as never,
      String(editor._id),
      { clientId, taId: String(area!._id) },
      { name: "Cardiovascular" },
    );
    expect(locationOf(renamed)).toBe(`/clients/${clientId}/therapeuticAreas`);
    expect((await TherapeuticArea.findById(area!._id).lean())?.name).toBe("Cardiovascular");
  });

  test("a disease's pages name its area as renamed; a disease saved before diseases carried that name reads its area", async () => {
    const w = await world();
    const { admin } = await roles(w);
    const clientId = String(w.alpha._id);
    const params = { clientId, taId: String(w.neuro._id), diseaseId: String(w.ad._id) };
    const areaShown = async () =>
      ((await call(diseaseEdit.loader as never, String(admin._id), params)) as { area: { name: string } }).area.name;
    expect(await areaShown()).toBe("Neurology");
    await call(areaEdit.action as never, String(admin._id), { clientId, taId: String(w.neuro._id) }, { name: "Neuroscience" });
    expect(await areaShown()).toBe("Neuroscience");
    // As saved before the field existed: the page reads the area itself, until the scheduler's one-time fill names it.
    await Disease.updateMany({ therapeuticArea: w.neuro._id }, { $unset: { areaName: 1 } });
    expect(await areaShown()).toBe("Neuroscience");
    expect(await backfillAreaNames()).toBeGreaterThanOrEqual(3);
    expect(await backfillAreaNames(), "once per database").toBe(0);
    expect((await Disease.find({ therapeuticArea: w.neuro._id }).lean()).map((d) => d.areaName)).toEqual(Array(3).fill("Neuroscience"));
    expect(await areaShown()).toBe("Neuroscience");
  });

  test("the top-level admin's new area is not written into their (unused) permission list", async () => {
    const w = await world();
    const top = await createUser({ role: "admin", isTopAdmin: true });
    await call(areaNew.action as never, String(top._id), { clientId: String(w.alpha._id) }, { name: "Dermatology" });
    expect(await TherapeuticArea.countDocuments({ client: w.alpha._id, name: "Dermatology" })).toBe(1);
    expect((await User.findById(top._id).lean())?.permissions).toEqual([]);
  });
});

describe("disease form", () => {
  test("required fields and the Headers Range format are checked on the server", async () => {
    const w = await world();
    const { admin } = await roles(w);
    const params = { clientId: String(w.alpha._id), taId: String(w.neuro._id) };
    const empty = await call(diseaseAdd.action as never, String(admin._id), params, { name: "", sheetId: "", sheetName: "", range: "" });
    expect(httpStatusOf(empty)).toBe(400);
    const errors = (empty as { data: { result: { error: Record<string, string[]> } } }).data.result.error;
    expect(errors.name).toEqual(["Disease Name is required"]);
    expect(errors.sheetId).toEqual(["Sheet ID is required"]);
    expect(errors.sheetName).toEqual(["Sheet Name is required"]);
    expect(errors.range).toEqual(["Headers Range is required"]);
    for (const range of ["5A", "A", "A5:", "A0", "A5;B5", "AAAA5"]) {
      const bad = await call(diseaseAdd.action as never, String(admin._id), params, { ...validDisease, range });
      expect((bad as { data: { result: { error: Record<string, string[]> } } }).data.result.error.range, range).toEqual([
        "Headers Range must be a cell like A5 or a range like A5:AH5",
      ]);
    }
    const badReport = await call(diseaseAdd.action as never, String(admin._id), params, { ...validDisease, reports: ["nope"] });
    expect(httpStatusOf(badReport)).toBe(400);
    expect(await Disease.countDocuments({ therapeuticArea: w.neuro._id })).toBe(3);
  });

  test("an admin adds a disease (granted to them) and edits it; the area and client never come from the body", async () => {
    const w = await world();
    const { admin } = await roles(w);
    const params = { clientId: String(w.alpha._id), taId: String(w.neuro._id) };
    const added = await call(diseaseAdd.action as never, String(admin._id), params, {
      ...validDisease,
      client: String(w.beta._id),
      therapeuticArea: String(w.betaArea._id),
    });
    expect(locationOf(added)).toBe(`/clients/${params.clientId}/therapeuticAreas/${params.taId}/diseases`);
    const disease = await Disease.findOne({ name: "New disease" }).lean();
    expect(disease).toMatchObject({
      sheetId: "sheet_1-x",
      sheetName: "Data",
      range: "A5:AH5",
      tm: true,
      verified: false,
      mesh: ["amyloid", "tau"],
      reports: [
        { id: "timeline-chart", name: "Launch timeline" },
        { id: "list", name: "News" },
      ],
    });
    expect(String(disease!.client)).toBe(params.clientId);
    expect(String(disease!.therapeuticArea)).toBe(params.taId);
    const grants = (await User.findById(admin._id).lean())!.permissions.find((p) => String(p.therapeuticArea) === params.taId);
    expect(grants?.diseases.map(String)).toContain(String(disease!._id));

    const dId = String(disease!._id);
    const form = (await call(diseaseEdit.loader as never, String(admin._id), { ...params, diseaseId: dId })) as Awaited<
      ReturnType<typeof diseaseEdit.loader>
    >;
    expect(form.settings).toMatchObject({
      name: "New disease",
      range: "A5:AH5",
      reports: ["timeline-chart", "list"],
      mesh: ["amyloid", "tau"],
      tm: true,
    });
    const updated = await call(
      diseaseEdit.action as never,
      String(admin._id),
      { ...params, diseaseId: dId },
      {
        name: "Renamed",
        sheetId: "s2",
        sheetName: "Tab",
        range: "B7",
        verified: "on",
        client: String(w.beta._id),
      },
    );
    expect(locationOf(updated)).toBe(`/clients/${params.clientId}/therapeuticAreas/${params.taId}/diseases`);
    expect(await Disease.findById(dId).lean()).toMatchObject({
      name: "Renamed",
      range: "B7",
      reports: [],
      tm: false,
      verified: true,
      mesh: [],
    });
    expect(String((await Disease.findById(dId).lean())!.client)).toBe(params.clientId);
  });
});

async function cacheFor(diseaseId: Types.ObjectId) {
  const generation = `g1-${String(diseaseId)}`;
  await SheetCache.create({ disease: diseaseId, generation, chunkCount: 1 });
  await SheetCacheChunk.create({
    _id: `${generation}:0`,
    disease: diseaseId,
    generation,
    index: 0,
    data: Buffer.from("x"),
  });
  await SheetCacheBody.create({ _id: generation, disease: diseaseId, data: Buffer.from("x") });
}

describe("delete cascades", () => {
  test("deleting an area removes its diseases, their sheet caches and every user's permission entries for it", async () => {
    const w = await world();
    const users = await roles(w);
    await cacheFor(w.ad._id);
    await cacheFor(w.oncoDisease._id);
    const params = { clientId: String(w.alpha._id), taId: String(w.neuro._id) };

    const confirm = (await call(areaDelete.loader as never, String(users.admin._id), params)) as Awaited<
      ReturnType<typeof areaDelete.loader>
    >;
    expect(confirm.area.name).toBe("Neurology");
    expect(await TherapeuticArea.countDocuments({ _id: w.neuro._id })).toBe(1); // GET changes nothing

    const deleted = await call(areaDelete.action as never, String(users.admin._id), params, {});
    expect(locationOf(deleted)).toBe(`/clients/${params.clientId}/therapeuticAreas`);
    expect((deleted as Response).headers.get("Set-Cookie")).toContain("__toast=");
    expect(await TherapeuticArea.countDocuments({ _id: w.neuro._id })).toBe(0);
    expect(await Disease.countDocuments({ therapeuticArea: w.neuro._id })).toBe(0);
    expect(await SheetCache.countDocuments({ disease: w.ad._id })).toBe(0);
    expect(await SheetCacheChunk.countDocuments({ disease: w.ad._id })).toBe(0);
    expect(await SheetCacheBody.countDocuments({ disease: w.ad._id })).toBe(0);
    for (const user of Object.values(users)) {
      const after = await User.findById(user._id).lean();
      expect(after!.permissions.some((p) => String(p.therapeuticArea) === params.taId)).toBe(false);
    }
    // The other area, its disease and cache and its permission entries are untouched.
    expect(await Disease.countDocuments({ _id: w.oncoDisease._id })).toBe(1);
    expect(await SheetCache.countDocuments({ disease: w.oncoDisease._id })).toBe(1);
    expect(await SheetCacheBody.countDocuments({ disease: w.oncoDisease._id })).toBe(1);
    const external = await User.findById(users.external._id).lean();
    expect(external!.permissions.map((p) => String(p.therapeuticArea))).toEqual([String(w.onco._id)]);
    expect(external!.clients.map(String)).toEqual([params.clientId]);
  });

  test("the top-level admin deletes a disease with its cache and its grants", async () => {
    const w = await world();
    const users = await roles(w);
    await cacheFor(w.ad._id);
    const params = { clientId: String(w.alpha._id), taId: String(w.neuro._id), diseaseId: String(w.ad._id) };
    const deleted = await call(diseaseDelete.action as never, String(users.top._id), params, {});
    expect(locationOf(deleted)).toBe(`/clients/${params.clientId}/therapeuticAreas/${params.taId}/diseases`);
    expect(await Disease.countDocuments({ _id: w.ad._id })).toBe(0);
    expect(await SheetCache.countDocuments({ disease: w.ad._id })).toBe(0);
    const external = await User.findById(users.external._id).lean();
    const neuro = external!.permissions.find((p) => String(p.therapeuticArea) === params.taId);
    expect(neuro?.diseases.map(String)).toEqual([String(w.pd._id)]);
  });
});
