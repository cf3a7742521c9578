import { describe, expect, test } from "vitest";

import { clientNotPermitted } from "#common/messages";
import { AuditLog, Keyword } from "#db/models/index.server";
import * as list from "~/routes/_app+/administration+/keyword+/_index";
import * as remove from "~/routes/_app+/administration+/keyword+/$keywordId.delete";
import * as status from "~/routes/_app+/administration+/keyword+/$keywordId.status";
import * as add from "~/routes/_app+/administration+/keyword+/add";
import * as edit from "~/routes/_app+/administration+/keyword+/edit.$keywordId";

import { callAction, callLoader, cascadeFields, httpStatusOf, locationOf, placeOf, scene, toastsOf } from "../db-utils";

// Keywords in the administration console (admin-console §2–§5, issue 13): the Keyword List of the diseases a user
// holds, the form with the shared client → area → disease cascade, the spec's messages, the status switch, delete,
// and the change log.

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
  const tag = w.tag;
  await Keyword.create([
    { name: `amyloid ${tag}`, ...placeOf(w.ad), priority: 3 },
    { name: `tau tangles ${tag}`, ...placeOf(w.ad), priority: 1 },
    { name: `alpha-synuclein ${tag}`, ...placeOf(w.pd) },
    { name: `EGFR ${tag}`, ...placeOf(w.nsclc) },
    { name: `interferon ${tag}`, ...placeOf(w.lupus) },
  ]);
  const fields = (extra: Record<string, string> = {}) => ({
    name: `plaque ${tag}`,
    status: "active",
    ...cascadeFields(w.ad),
    priority: "3",
    ...extra,
  });
  return { ...w, fields };
}

type Listed = Awaited<ReturnType<typeof list.loader>>;
const listed = async (user: unknown, query = "") => (await callLoader(list, { user, url: `/administration/keyword${query}` })) as Listed;
type Reply = { data: { result: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> } } };

describe("keywords", () => {
  test("the list holds the keywords of the diseases the user holds, by name, with their places and priority labels", async () => {
    const w = await world();
    const mine = await listed(w.editor._id, `?q=${w.tag}`);
    expect(mine.rows.map((k) => k.name)).toEqual([`alpha-synuclein ${w.tag}`, `amyloid ${w.tag}`, `tau tangles ${w.tag}`]);
    expect(mine.rows[1]).toMatchObject({
      client: w.alpha.name,
      area: "Neurology",
      disease: "Alzheimer's",
      priority: "High",
      status: "active",
    });
    expect(mine.rows[2]!.priority).toBe("Low");
    // Words of the name, from their start; the top-level admin sees every disease's.
    expect((await listed(w.editor._id, `?q=tangl+${w.tag}`)).rows.map((k) => k.name)).toEqual([`tau tangles ${w.tag}`]);
    expect((await listed(w.top._id, `?q=${w.tag}`)).rows).toHaveLength(5);
    // Pages of 5 read with the forward token.
    const first = await listed(w.top._id, `?q=${w.tag}&size=5`);
    expect(first.rows).toHaveLength(5);
    expect(first.next).toBeNull();
  });

  test("adding: 'Field Required' for what is missing, then 'Keyword Added!', the number stored, the change logged", async () => {
    const w = await world();
    const refused = (await callAction(add, {
      user: w.editor,
      form: w.fields({ name: " ", priority: "", disease: "", shownDisease: "" }),
    })) as Reply;
    expect(refused.data.result.error).toMatchObject({
      name: ["Field Required"],
      priority: ["Field Required"],
      disease: ["Field Required"],
    });
    const result = await callAction(add, { user: w.editor, form: w.fields() });
    expect(locationOf(result)).toBe("/administration/keyword");
    expect(await toastsOf(result as Response)).toEqual(["Keyword Added!"]);
    const saved = await Keyword.findOne({ name: `plaque ${w.tag}` }).lean();
    expect(saved).toMatchObject({ priority: 3, status: "active", disease: w.ad._id, client: w.alpha._id });
    expect(await AuditLog.countDocuments({ entity: "keyword", entityId: saved!._id, action: "create" })).toBe(1);
  });

  test("the cascade: 'Choose' clears what a new area made stale; a client outside the permissions is refused and cleared", async () => {
    const w = await world();
    // A new disease: kept, nothing to say yet (the name is still to be typed).
    const chosen = (await callAction(add, {
      user: w.editor,
      form: w.fields({ intent: "cascade", name: "", disease: String(w.pd._id) }),
    })) as Reply;
    expect(chosen.data.result.error).toBeUndefined();
    expect(chosen.data.result.initialValue).toMatchObject({
      client: String(w.alpha._id),
      therapeuticArea: String(w.neuro._id),
      disease: String(w.pd._id),
    });
    // An area the editor does not hold: refused with the spec's message, and it and the disease go.
    const onco = (await callAction(add, {
      user: w.editor,
      form: w.fields({ intent: "cascade", therapeuticArea: String(w.onco._id) }),
    })) as Reply;
    expect(onco.data.result.error).toEqual({
      therapeuticArea: [expect.stringMatching(/^The therapeutic area Oncology was not found in the therapeutic area permissions list/)],
    });
    expect(onco.data.result.initialValue).toMatchObject({ client: String(w.alpha._id) });
    expect(onco.data.result.initialValue).not.toHaveProperty("therapeuticArea");
    expect(onco.data.result.initialValue).not.toHaveProperty("disease");
    const foreign = (await callAction(add, {
      user: w.editor,
      form: w.fields({ client: String(w.beta._id), shownClient: String(w.beta._id) }),
    })) as Reply;
    expect(foreign.data.result.error?.client).toEqual([clientNotPermitted(w.beta.name)]);
    expect(foreign.data.result.initialValue).not.toHaveProperty("client");
    expect(foreign.data.result.initialValue).not.toHaveProperty("therapeuticArea");
    // A disease the editor does not hold (NSCLC, in Oncology): no keyword is filed under it.
    const nsclc = (await callAction(add, {
      user: w.editor,
      form: w.fields({
        therapeuticArea: String(w.onco._id),
        shownArea: String(w.onco._id),
        disease: String(w.nsclc._id),
        shownDisease: String(w.nsclc._id),
      }),
    })) as Reply;
    expect(nsclc.data.result.error?.therapeuticArea?.[0]).toMatch(/was not found in the therapeutic area permissions list/);
    expect(await Keyword.countDocuments({ name: `plaque ${w.tag}` })).toBe(0);
  });

  test("editing, the status switch and delete, each with the spec's message; another's keyword is 'Invalid ID'", async () => {
    const w = await world();
    const amyloid = (await Keyword.findOne({ name: `amyloid ${w.tag}` }).lean())!;
    const id = String(amyloid._id);
    const edited = await callAction(edit, {
      user: w.editor,
      form: w.fields({ name: `amyloid beta ${w.tag}`, priority: "1", disease: String(w.pd._id), shownDisease: String(w.pd._id) }),
      params: { keywordId: id },
    });
    expect(await toastsOf(edited as Response)).toEqual(["Keyword updated!"]);
    expect(await Keyword.findById(id).lean()).toMatchObject({ name: `amyloid beta ${w.tag}`, priority: 1, disease: w.pd._id });
    const page = (await callLoader(edit, { user: w.editor, params: { keywordId: id } })) as Awaited<ReturnType<typeof edit.loader>>;
    expect(page.history[0]!.changes.map((c) => c.field)).toEqual(expect.arrayContaining(["name", "disease", "priority"]));

    const off = await callAction(status, { user: w.editor, form: { status: "inactive" }, params: { keywordId: id } });
    expect(await toastsOf(off as Response)).toEqual(["Keyword inactive!"]);
    expect((await Keyword.findById(id).lean())!.status).toBe("inactive");
    const gone = await callAction(remove, { user: w.editor, form: {}, params: { keywordId: id } });
    expect(await toastsOf(gone as Response)).toEqual(["Keyword Deleted"]);
    expect(await Keyword.findById(id).lean()).toBeNull();

    const lupus = (await Keyword.findOne({ name: `interferon ${w.tag}` }).lean())!;
    for (const result of [
      await callLoader(edit, { user: w.editor, params: { keywordId: String(lupus._id) } }),
      await callAction(remove, { user: w.editor, form: {}, params: { keywordId: String(lupus._id) } }),
    ]) {
      expect(httpStatusOf(result)).toBe(302);
      expect(await toastsOf(result as Response)).toEqual(["Invalid ID"]);
    }
    expect(await Keyword.findById(lupus._id).lean()).not.toBeNull();
  });
});
