import { Types } from "mongoose";
import { describe, expect, test } from "vitest";

import { AuditLog, Company, Compound } from "#db/models/index.server";
import { recordChange } from "~/models/audit.server";
import * as compoundEdit from "~/routes/_app+/administration+/compound+/edit.$compoundId";
import * as changeLog from "~/routes/_app+/administration+/history";
import type { AuditEntry } from "~/utils/audit";

import { callLoader, createClient, scene } from "../db-utils";

// The change log and the History panels as read (issue 28): records named (as the reader may see them), nested values
// spelled out, rich text as text, and only the fields that really changed — for entries written before this too.

async function world() {
  const w = await scene({
    clients: { alpha: "Alpha" },
    areas: { neuro: { client: "alpha", name: "Neurology" } },
    diseases: { ad: { area: "neuro", name: "Alzheimer's disease" } },
    users: { top: { role: "admin", isTopAdmin: true }, editor: { role: "editor", grants: ["ad"] } },
  });
  const [eisai, biogen] = await Company.create([
    { name: `Eisai ${w.tag}`, type: "Pharmaceutical" as const },
    { name: `Biogen ${w.tag}`, type: "Pharmaceutical" as const },
  ]);
  const compound = await Compound.create({ name: { generic: `lecanemab ${w.tag}` }, client: w.alpha._id, disease: w.ad._id });
  return { ...w, eisai: eisai!, biogen: biogen!, compound, other: await createClient({ name: `Dormant ${w.tag}`, status: "inactive" }) };
}

/** Each change as the page writes it: "field: before → after". */
const lines = (entry: AuditEntry | undefined) => entry?.changes.map((c) => `${c.field}: ${c.before ?? "none"} → ${c.after ?? "none"}`);

describe("the change log", () => {
  test("names records, spells out nested values and shows only real changes", async () => {
    const w = await world();
    const place = { client: String(w.alpha._id), therapeuticArea: String(w.neuro._id), disease: String(w.ad._id) };
    // A trial's update as the trial model writes it (ids as strings, lists of subdocuments, rich text, dates).
    await recordChange({
      actor: w.top,
      entity: "trial",
      entityId: new Types.ObjectId(),
      entityName: `CLARITY ${w.tag}`,
      action: "update",
      before: {
        ...place,
        compound: null,
        startDateTime: "2024-03-01T00:00:00.000Z",
        enrollment: [{ enrollmentNumber: 100, enrollmentType: "Anticipated" }],
        notes: [],
        trialArms: [{ armsDetails: "Lecanemab 10 mg/kg" }],
        primaryEndpoints: [{ details: "<p>Main</p>", endpoints: [{ group: "Efficacy", subgroup: "", primaryEndpoint: "CDR-SB" }] }],
        results: null,
        minAge: null,
      },
      after: {
        ...place,
        compound: String(w.compound._id),
        startDateTime: "2024-03-01T00:00:00.000Z",
        enrollment: [{ enrollmentNumber: 1795, enrollmentType: "Actual" }],
        notes: [{ details: "Interim look" }],
        trialArms: [{ armsDetails: "Lecanemab 10 mg/kg" }, { armsDetails: "Placebo" }],
        primaryEndpoints: [{ details: "<p>Main</p>", endpoints: [{ group: "Efficacy", subgroup: "", primaryEndpoint: "CDR-SB" }] }],
        results: { details: "<p>Met the <b>primary</b> endpoint</p>", resultsMeetExpectation: true },
        minAge: "",
      },
    });
    // A compound's update (company ids, a licence's companies in text), written before empty values were left out.
    await AuditLog.create({
      actorName: "Someone",
      entity: "compound",
      entityId: w.compound._id,
      entityName: `lecanemab ${w.tag}`,
      action: "update",
      changes: [
        { field: "originator", before: "", after: String(w.eisai._id) },
        { field: "licensee", before: "", after: `Europe: ${w.eisai._id} ${w.biogen._id}; US: ${w.biogen._id}` },
        { field: "client", before: String(w.alpha._id), after: String(w.alpha._id) },
        { field: "maxAge", before: null, after: "" },
        { field: "notes", before: [], after: null },
        { field: "results", before: null, after: { details: "", resultsMeetExpectation: null } },
      ],
    });

    const page = (await callLoader(changeLog, { user: w.top, url: "/administration/history" })) as Awaited<
      ReturnType<typeof changeLog.loader>
    >;
    const [compound, trial] = page.rows;
    expect(lines(trial)).toEqual([
      `compound: none → lecanemab ${w.tag}`,
      "enrollment: enrollment number: 100, enrollment type: Anticipated → enrollment number: 1795, enrollment type: Actual",
      "notes: none → Interim look",
      "results: none → details: Met the primary endpoint, results meet expectation: yes",
      "trialArms: Lecanemab 10 mg/kg → Lecanemab 10 mg/kg; Placebo",
    ]);
    expect(lines(compound)).toEqual([
      `originator: none → Eisai ${w.tag}`,
      `licensee: none → Europe: Eisai ${w.tag}, Biogen ${w.tag}; US: Biogen ${w.tag}`,
    ]);
    // The write leaves out a field that went from one empty value to another.
    const stored = await AuditLog.findOne({ entity: "trial", entityName: `CLARITY ${w.tag}` }).lean();
    expect(stored!.changes.map((c) => c.field)).not.toContain("minAge");
  });

  test("a record outside the reader's access is not named; the top-level admin's reach names every one", async () => {
    const w = await world();
    await AuditLog.create({
      actorName: "Someone",
      entity: "compound",
      entityId: w.compound._id,
      entityName: `lecanemab ${w.tag}`,
      action: "update",
      changes: [{ field: "client", before: String(w.other._id), after: String(w.alpha._id) }],
    });
    const params = { compoundId: String(w.compound._id) };
    const seen = async (user: typeof w.top) =>
      lines(((await callLoader(compoundEdit, { user, params })) as Awaited<ReturnType<typeof compoundEdit.loader>>).history[0]);
    expect(await seen(w.editor)).toEqual([`client: (not available) → ${w.alpha.name}`]);
    expect(await seen(w.top)).toEqual([`client: ${w.other.name} → ${w.alpha.name}`]);
  });
});
