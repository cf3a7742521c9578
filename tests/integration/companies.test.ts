import { crc32 } from "node:zlib";
import { Types } from "mongoose";
import sharp from "sharp";
import { describe, expect, test } from "vitest";

import { findFile, openFileStream } from "#db/files.server";
import { AuditLog, Company, Compound, News } from "#db/models/index.server";
import { backfillCompanyNameKeys, companyIdsByName } from "~/models/company.server";
import * as list from "~/routes/_app+/administration+/company+/_index";
import * as remove from "~/routes/_app+/administration+/company+/$companyId.delete";
import * as status from "~/routes/_app+/administration+/company+/$companyId.status";
import * as add from "~/routes/_app+/administration+/company+/add";
import * as edit from "~/routes/_app+/administration+/company+/edit.$companyId";
import * as logos from "~/routes/_app+/manage-company-logos";
import * as logoDelete from "~/routes/_app+/manage-company-logos_.$companyId.delete-logo";

import { callAction, callLoader, createClient, createUser, httpStatusOf, locationOf, toastsOf, uniqueTag } from "../db-utils";

// Companies in the administration console (admin-console §2–§5, issue 13): the Company List, the form with its
// parent picker (no cycles) and logo (checked from its bytes, re-encoded, thumbnails), the spec's messages, the status
// switch, and a delete that refuses a company other records still name.

const png = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: "#1565c0" } })
    .png()
    .toBuffer();

/** A 1 × 1 PNG whose header is rewritten to claim `width` × `height` (with the header's checksum made right again). */
async function pixelFlood(width: number, height: number) {
  const bytes = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: "#000000" } })
      .png()
      .toBuffer(),
  );
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}

async function world() {
  const tag = uniqueTag();
  const [parent, child, other] = await Company.create([
    { name: `Roche ${tag}`, type: "Pharmaceutical" as const },
    { name: `Genentech ${tag}`, type: "Biotech" as const, alias: `GNE ${tag}` },
    { name: `Chugai ${tag}`, type: "Pharmaceutical" as const },
  ]);
  await Company.updateOne({ _id: child!._id }, { $set: { parentCompany: parent!._id } });
  const editor = await createUser({ role: "editor" });
  return { tag, parent: parent!, child: child!, other: other!, editor };
}

type Reply = { data: { result: { error?: Record<string, string[] | null> } } };
const errorsOf = (result: unknown) => (result as Reply).data.result.error ?? {};

describe("companies", () => {
  test("the list by name, searched by words of the name or alias, with parents", async () => {
    const w = await world();
    const load = async (q: string) =>
      (await callLoader(list, { user: w.editor, url: `/administration/company?q=${encodeURIComponent(q)}` })) as Awaited<
        ReturnType<typeof list.loader>
      >;
    expect((await load(w.tag)).rows.map((c) => c.name)).toEqual([`Chugai ${w.tag}`, `Genentech ${w.tag}`, `Roche ${w.tag}`]);
    expect((await load(`gne ${w.tag}`)).rows).toMatchObject([{ name: `Genentech ${w.tag}`, parent: `Roche ${w.tag}`, type: "Biotech" }]);
  });

  test("adding: name and type required; then 'Company Added!' with the logo re-encoded and its thumbnails, logged", async () => {
    const w = await world();
    const missing = errorsOf(await callAction(add, { user: w.editor, form: { name: " ", status: "active" }, files: {} }));
    expect(missing).toMatchObject({ name: ["Field Required"], type: ["Field Required"] });
    const result = await callAction(add, {
      user: w.editor,
      form: { name: `Eisai ${w.tag}`, type: "Pharmaceutical", website: "https://www.eisai.com", status: "active", parentCompany: "" },
      files: { logo: new File([await png()], "eisai.png", { type: "image/png" }) },
    });
    expect(await toastsOf(result as Response)).toEqual(["Company Added!"]);
    const saved = (await Company.findOne({ name: `Eisai ${w.tag}` }).lean())!;
    expect(saved).toMatchObject({ type: "Pharmaceutical", website: "https://www.eisai.com", logoName: "eisai.png", status: "active" });
    for (const url of [saved.logo, saved.thumbnails?.w80, saved.thumbnails?.w200])
      expect((await findFile(url!.split("/").pop()!))!.metadata).toMatchObject({ purpose: "company-logo", contentType: "image/png" });
    // The stored images are PNGs made here: a 600 × 300 logo at most 512 px wide, its thumbnails 80 and 200 px wide.
    const wide = await sharp({ create: { width: 600, height: 300, channels: 3, background: "#b22028" } })
      .jpeg()
      .toBuffer();
    await callAction(add, {
      user: w.editor,
      form: { name: `Wide ${w.tag}`, type: "Biotech", status: "active" },
      files: { logo: new File([wide], "wide.jpg", { type: "image/jpeg" }) },
    });
    const stored = (await Company.findOne({ name: `Wide ${w.tag}` }).lean())!;
    const sizeOf = async (url: string | null | undefined) => {
      const chunks: Buffer[] = [];
      for await (const chunk of openFileStream(new Types.ObjectId(url!.split("/").pop()!))) chunks.push(chunk as Buffer);
      const meta = await sharp(Buffer.concat(chunks)).metadata();
      return [meta.format, meta.width, meta.height];
    };
    expect([await sizeOf(stored.logo), await sizeOf(stored.thumbnails?.w80), await sizeOf(stored.thumbnails?.w200)]).toEqual([
      ["png", 512, 256],
      ["png", 80, 40],
      ["png", 200, 100],
    ]);
    expect(await AuditLog.countDocuments({ entity: "company", entityId: saved._id, action: "create" })).toBe(1);
  });

  test("logos refused from their bytes: HTML named .png, an SVG with script, an empty file, 5 MB + 1 byte", async () => {
    const w = await world();
    const fields = { name: `Logo test ${w.tag}`, type: "Biotech", status: "active" };
    const cases: Array<[File, string]> = [
      [new File(["<html><script>alert(1)</script></html>"], "logo.png", { type: "image/png" }), "Choose a PNG, JPEG, GIF or WebP image."],
      [
        new File(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], "logo.svg", { type: "image/svg+xml" }),
        "Choose a PNG, JPEG, GIF or WebP image.",
      ],
      [new File([new Uint8Array(0)], "empty.png", { type: "image/png" }), "Choose a PNG, JPEG, GIF or WebP image."],
    ];
    for (const [file, message] of cases)
      expect(errorsOf(await callAction(add, { user: w.editor, form: fields, files: { logo: file } })).logo, file.name).toEqual([message]);
    // A pixel flood: a 300-byte PNG whose header claims 50,000 × 50,000 pixels is refused before anything is decoded.
    const flood = errorsOf(
      await callAction(add, {
        user: w.editor,
        form: fields,
        files: { logo: new File([await pixelFlood(50_000, 50_000)], "flood.png", { type: "image/png" }) },
      }),
    );
    expect(flood.logo).toEqual(["The image is 50000 × 50000 pixels: choose one of at most 40 megapixels."]);
    const big = await callAction(add, {
      user: w.editor,
      form: fields,
      files: { logo: new File([new Uint8Array(5 * 1024 * 1024 + 1)], "big.png", { type: "image/png" }) },
    });
    expect(httpStatusOf(big)).toBe(413);
    expect(errorsOf(big)).toEqual({ logo: ["Maximum allowed file size is 5MB!"] });
    expect(await Company.countDocuments({ name: `Logo test ${w.tag}` })).toBe(0);
  });

  test("an oversized logo is refused on the Logo field (the record unchanged); a form sent back names the logo it lost", async () => {
    const w = await world();
    const params = { companyId: String(w.other._id) };
    const fields = { name: `Chugai renamed ${w.tag}`, type: "Pharmaceutical", status: "active" };
    const big = { logo: new File([new Uint8Array(5 * 1024 * 1024 + 1)], "big.png", { type: "image/png" }) };
    for (const answer of [
      await callAction(edit, { user: w.editor, params, form: fields, files: big }),
      await callAction(logos, { user: w.editor, form: fields, files: big }),
    ]) {
      expect(httpStatusOf(answer)).toBe(413);
      expect(errorsOf(answer)).toEqual({ logo: ["Maximum allowed file size is 5MB!"] });
    }
    // Any refusal sends the form back without the file it carried: the answer names it, for the page to ask again.
    const logo = { logo: new File([await png()], "chugai.png", { type: "image/png" }) };
    const droppedOf = (answer: unknown) => (answer as { data: { dropped?: unknown } }).data.dropped;
    expect(droppedOf(await callAction(edit, { user: w.editor, params, form: { ...fields, name: "" }, files: logo }))).toEqual({
      logo: "chugai.png",
    });
    expect(droppedOf(await callAction(logos, { user: w.editor, form: { name: " " }, files: logo }))).toEqual({ logo: "chugai.png" });
    const unchanged = (await Company.findById(w.other._id).lean())!;
    expect([unchanged.name, unchanged.logo]).toEqual([`Chugai ${w.tag}`, undefined]);
  });

  test("a parent may not be the company itself or one of its own; editing says 'Company updated!'", async () => {
    const w = await world();
    const id = String(w.parent._id);
    const page = (await callLoader(edit, { user: w.editor, params: { companyId: id } })) as Awaited<ReturnType<typeof edit.loader>>;
    expect(page.parents.map((p) => p.label)).not.toContain(`Genentech ${w.tag}`);
    expect(page.parents.map((p) => p.label)).not.toContain(`Roche ${w.tag}`);
    const cycle = errorsOf(
      await callAction(edit, {
        user: w.editor,
        form: { name: `Roche ${w.tag}`, type: "Pharmaceutical", status: "active", parentCompany: String(w.child._id) },
        params: { companyId: id },
        files: {},
      }),
    );
    expect(cycle.parentCompany).toEqual(["Choose an active company that is not this one or one of its own."]);
    const saved = await callAction(edit, {
      user: w.editor,
      form: { name: `Roche Holding ${w.tag}`, type: "Pharmaceutical", status: "active", parentCompany: "" },
      params: { companyId: id },
      files: {},
    });
    expect(await toastsOf(saved as Response)).toEqual(["Company updated!"]);
    expect((await Company.findById(id).lean())!.name).toBe(`Roche Holding ${w.tag}`);
  });

  test("a parent made inactive stays the parent on the next save; no cycle passes through an inactive company", async () => {
    const w = await world();
    const editPage = async (company: { _id: unknown }) =>
      (await callLoader(edit, { user: w.editor, params: { companyId: String(company._id) } })) as Awaited<ReturnType<typeof edit.loader>>;
    await Company.updateOne({ _id: w.parent._id }, { $set: { status: "inactive" } });
    // Genentech's parent, Roche, is inactive now: still its choice, marked so, and saving keeps it.
    expect((await editPage(w.child)).parents).toContainEqual({ value: String(w.parent._id), label: `Roche ${w.tag} (inactive)` });
    expect((await editPage(w.other)).parents.map((p) => p.value)).not.toContain(String(w.parent._id));
    const kept = await callAction(edit, {
      user: w.editor,
      form: { name: `Genentech ${w.tag}`, type: "Biotech", status: "active", parentCompany: String(w.parent._id) },
      params: { companyId: String(w.child._id) },
      files: {},
    });
    expect(await toastsOf(kept as Response)).toEqual(["Company updated!"]);
    // Chugai under Genentech, Genentech inactive: Roche may not take Chugai as its parent (Roche → Chugai → Genentech → Roche).
    await Company.updateOne({ _id: w.parent._id }, { $set: { status: "active" } });
    await Company.updateOne({ _id: w.child._id }, { $set: { status: "inactive" } });
    await Company.updateOne({ _id: w.other._id }, { $set: { parentCompany: w.child._id } });
    expect((await editPage(w.parent)).parents.map((p) => p.value)).not.toContain(String(w.other._id));
    const cycle = errorsOf(
      await callAction(edit, {
        user: w.editor,
        form: { name: `Roche ${w.tag}`, type: "Pharmaceutical", status: "active", parentCompany: String(w.other._id) },
        params: { companyId: String(w.parent._id) },
        files: {},
      }),
    );
    expect(cycle.parentCompany).toEqual(["Choose an active company that is not this one or one of its own."]);
  });

  test("without JavaScript the parent is typed: a company's name, or part of one name, chooses it; a part of several names them", async () => {
    const w = await world();
    const form = (parentCompany: string) => ({ name: `Spark ${w.tag}`, type: "Biotech", status: "active", parentCompany });
    const several = errorsOf(await callAction(add, { user: w.editor, form: form(w.tag), files: {} }));
    expect(several.parentCompany).toEqual([
      `'${w.tag}' is part of 3 names: Chugai ${w.tag}, Genentech ${w.tag}, Roche ${w.tag}. Type more of the one you mean.`,
    ]);
    const unknown = errorsOf(await callAction(add, { user: w.editor, form: form(`Nobody ${w.tag}`), files: {} }));
    expect(unknown.parentCompany).toEqual(["Choose an active company that is not this one or one of its own."]);
    expect(await Company.countDocuments({ name: `Spark ${w.tag}` })).toBe(0);
    // Its name as the suggestions spell it, in any case; or a part of that name only.
    const named = await callAction(add, { user: w.editor, form: form(`roche  ${w.tag}`), files: {} });
    expect(await toastsOf(named as Response)).toEqual(["Company Added!"]);
    expect((await Company.findOne({ name: `Spark ${w.tag}` }).lean())!.parentCompany).toEqual(w.parent._id);
    const spark = (await Company.findOne({ name: `Spark ${w.tag}` }).lean())!;
    const part = await callAction(edit, {
      user: w.editor,
      form: form(`ugai ${w.tag}`),
      params: { companyId: String(spark._id) },
      files: {},
    });
    expect(await toastsOf(part as Response)).toEqual(["Company updated!"]);
    expect((await Company.findById(spark._id).lean())!.parentCompany).toEqual(w.other._id);
  });

  test("status switch; delete refuses a company still named, and deletes one that is not with its logo", async () => {
    const w = await world();
    const off = await callAction(status, { user: w.editor, params: { companyId: String(w.other._id) }, form: { status: "inactive" } });
    expect(await toastsOf(off as Response)).toEqual(["Company inactive!"]);
    const on = await callAction(status, { user: w.editor, params: { companyId: String(w.other._id) }, form: { status: "active" } });
    expect(await toastsOf(on as Response)).toEqual(["Company active!"]);
    expect((await Company.findById(w.other._id).lean())!.status).toBe("active");
    const client = await createClient();
    await Compound.create({ name: { generic: `drug ${w.tag}` }, client: client._id, originator: w.other._id });
    await News.create({ title: "Deal", client: client._id, companies: [w.other._id] });
    const page = (await callLoader(remove, { user: w.editor, params: { companyId: String(w.other._id) } })) as Awaited<
      ReturnType<typeof remove.loader>
    >;
    expect(page.inUse).toBe(`Chugai ${w.tag} is still named by 1 compound, 1 news item: make it inactive instead, or change those first.`);
    const refused = await callAction(remove, { user: w.editor, params: { companyId: String(w.other._id) }, form: {} });
    expect(await toastsOf(refused as Response)).toEqual([page.inUse]);
    expect(await Company.findById(w.other._id).lean()).not.toBeNull();
    // The parent of another: refused too; a company nothing names goes.
    expect(
      ((await callLoader(remove, { user: w.editor, params: { companyId: String(w.parent._id) } })) as { inUse: string }).inUse,
    ).toMatch(/1 company \(as its parent\)/);
    const gone = await callAction(remove, { user: w.editor, params: { companyId: String(w.child._id) }, form: {} });
    expect(await toastsOf(gone as Response)).toEqual(["Company Deleted"]);
    expect(await Company.findById(w.child._id).lean()).toBeNull();
    // From the logos manager, its own words (user-app §8).
    const [spare] = await Company.create([{ name: `Spare ${w.tag}`, type: "Others" as const }]);
    const fromLogos = await callAction(remove, {
      user: w.editor,
      params: { companyId: String(spare!._id) },
      form: { redirectTo: "/manage-company-logos?q=spare" },
    });
    expect(locationOf(fromLogos)).toBe("/manage-company-logos?q=spare");
    expect(await toastsOf(fromLogos as Response)).toEqual(["Company Deleted!"]);
  });
});

test("a name written with curly quotes is the same name; companies saved before that get their keys once", async () => {
  const tag = uniqueTag();
  const [reddy] = await Company.create([{ name: `Dr. Reddy\u2019s ${tag}`, type: "Pharmaceutical" as const }]);
  expect(reddy!.nameKeys).toEqual([`dr. reddy's ${tag}`]);
  // As saved before: the key kept the curly quote, so a straight one found nothing.
  const { insertedId } = await Company.collection.insertOne({ name: `L\u2019Or\u00e9al ${tag}`, nameKeys: [`l\u2019oreal ${tag}`] });
  expect(await backfillCompanyNameKeys()).toBeGreaterThanOrEqual(1);
  expect(await backfillCompanyNameKeys(), "once per database").toBe(0);
  const found = await companyIdsByName([`Dr. Reddy's ${tag}`, `l'oreal ${tag}`]);
  expect(found.get(`dr. reddy's ${tag}`)).toEqual([String(reddy!._id)]);
  expect(found.get(`l'oreal ${tag}`)).toEqual([String(insertedId)]);
});

describe("company logos manager", () => {
  test("a logo by name: a new name adds the company, a known name or alias gets it; both are required; a logo goes with its thumbnails", async () => {
    const w = await world();
    const blank = errorsOf(await callAction(logos, { user: w.editor, form: { name: " " }, files: {} }));
    expect(blank).toMatchObject({ name: ["Company Name or Logo can't be blank!"], logo: ["Company Name or Logo can't be blank!"] });
    const added = await callAction(logos, {
      user: w.editor,
      form: { name: `Alnylam ${w.tag}` },
      files: { logo: new File([await png()], "alnylam.png", { type: "image/png" }) },
    });
    expect(await toastsOf(added as Response)).toEqual(["Company Added!"]);
    expect(await Company.findOne({ name: `Alnylam ${w.tag}` }).lean()).toMatchObject({ type: "Others", logoName: "alnylam.png" });
    // By alias, ignoring case: Genentech gets it.
    const known = await callAction(logos, {
      user: w.editor,
      form: { name: `gne ${w.tag.toUpperCase()}` },
      files: { logo: new File([await png()], "gne.png", { type: "image/png" }) },
    });
    expect(await toastsOf(known as Response)).toEqual(["Company updated!"]);
    const gne = (await Company.findById(w.child._id).lean())!;
    expect(gne.logoName).toBe("gne.png");
    const listed = (await callLoader(logos, { user: w.editor, url: `/manage-company-logos?q=${w.tag}` })) as Awaited<
      ReturnType<typeof logos.loader>
    >;
    expect(listed.rows.map((c) => c.name)).toEqual([`Alnylam ${w.tag}`, `Genentech ${w.tag}`]);

    // 'Delete logo' asks first, as every delete does (its page without JavaScript, a dialog over the list with it); the
    // confirmation returns to the list's view it came from.
    const view = `/manage-company-logos?q=${w.tag}`;
    const params = { companyId: String(gne._id) };
    const asked = (await callLoader(logoDelete, {
      user: w.editor,
      url: `/manage-company-logos/${gne._id}/delete-logo?redirectTo=${encodeURIComponent(view)}`,
      params,
    })) as Awaited<ReturnType<typeof logoDelete.loader>>;
    expect(asked).toEqual({ name: `Genentech ${w.tag}`, back: view });
    expect((await Company.findById(gne._id).lean())!.logoName).toBe("gne.png");
    const removed = await callAction(logoDelete, { user: w.editor, params, form: { redirectTo: view } });
    expect(locationOf(removed)).toBe(view);
    expect(await toastsOf(removed as Response)).toEqual(["Logo Deleted.."]);
    expect(await Company.findById(gne._id).lean()).toMatchObject({ logo: null, thumbnails: null });
    for (const url of [gne.logo, gne.thumbnails?.w80, gne.thumbnails?.w200]) expect(await findFile(url!.split("/").pop()!)).toBeNull();
  });
});
