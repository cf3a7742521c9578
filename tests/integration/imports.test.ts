import ExcelJS from "exceljs";
import JSZip from "jszip";
import { describe, expect, test } from "vitest";

import { AuditLog, Company, Compound, ImportRun, Keyword } from "#db/models/index.server";
import * as compoundImport from "~/routes/_app+/administration+/compound+/import._index";
import * as compoundRun from "~/routes/_app+/administration+/compound+/import.$runId";
import * as compoundTemplate from "~/routes/_app+/administration+/compound+/import.template";
import * as keywordImport from "~/routes/_app+/administration+/keyword+/import._index";
import * as keywordRun from "~/routes/_app+/administration+/keyword+/import.$runId";
import * as keywordTemplate from "~/routes/_app+/administration+/keyword+/import.template";
import * as progress from "~/routes/resources+/import-progress.$runId";
import { IMPORT_MAX_ROWS } from "~/utils/import";

import { callAction, callLoader, httpStatusOf, locationOf, scene, toastsOf } from "../db-utils";
import { arrivingPost, hugeWorkbook, longestBlock, timesEventLoop } from "./sheets/helpers";

// Spreadsheet imports (admin-console §5, issue 13): templates made from the importers' columns, the upload checks, a
// preview that says per row what importing does (and why a row is refused), the import with its progress and report,
// and importing the same file twice changing nothing the second time.

async function world() {
  const w = await scene({
    clients: { alpha: "Alpha", beta: "Beta" },
    areas: { neuro: { client: "alpha", name: "Neurology" }, betaArea: { client: "beta", name: "Immunology" } },
    diseases: {
      ad: { area: "neuro", name: "Alzheimer's" },
      pd: { area: "neuro", name: "Parkinson's" },
      lupus: { area: "betaArea", name: "Lupus" },
    },
    users: { editor: { role: "editor", grants: ["ad", "pd"] }, other: { role: "editor", grants: ["ad"] } },
  });
  const { tag } = w;
  await Company.create([
    { name: `Eisai ${tag}`, type: "Pharmaceutical" as const },
    { name: `Biogen ${tag}`, type: "Biotech" as const, alias: `BIIB ${tag}` },
    { name: `Eli Lilly ${tag}`, type: "Pharmaceutical" as const },
  ]);
  return w;
}

/** The template as downloaded, filled with `rows` (cells by header), as a file of that name. */
async function filled(
  template: { loader: (args: never) => unknown },
  user: unknown,
  rows: Array<Record<string, string>>,
  filename: string,
) {
  const response = (await callLoader(template, { user })) as Response;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  const sheet = workbook.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  for (const row of rows) sheet.addRow(headers.map((h) => row[h] ?? ""));
  return new File([await workbook.xlsx.writeBuffer()], filename);
}

type Run = Awaited<ReturnType<typeof compoundRun.loader>>;
const runIdOf = (result: unknown) => locationOf(result)!.split("/").pop()!;
const preview = async (route: typeof compoundRun | typeof keywordRun, user: unknown, runId: string, query = "") =>
  (await callLoader(route, { user, url: `/x${query}`, params: { runId } })) as Run;
const apply = async (route: typeof compoundRun | typeof keywordRun, user: unknown, runId: string) =>
  callAction(route, { user, params: { runId }, form: {} });
type Refused = { data: { error: string } };

describe("imports", () => {
  test("the templates are made from the columns: an .xlsm for compounds (macro-enabled, no macro), an .xlsx for keywords", async () => {
    const w = await world();
    const compounds = (await callLoader(compoundTemplate, { user: w.editor })) as Response;
    expect(compounds.headers.get("Content-Type")).toBe("application/vnd.ms-excel.sheet.macroEnabled.12");
    expect(compounds.headers.get("Content-Disposition")).toBe('attachment; filename="compounds-import-template.xlsm"');
    const zip = await JSZip.loadAsync(await compounds.arrayBuffer());
    expect(await zip.file("[Content_Types].xml")!.async("string")).toContain("application/vnd.ms-excel.sheet.macroEnabled.main+xml");
    expect(Object.keys(zip.files).some((f) => /vbaProject/i.test(f))).toBe(false);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await (await zip.generateAsync({ type: "uint8array" })).slice().buffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(["Compounds", "Instructions"]);
    expect((workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(
      expect.arrayContaining(["Generic Name", "Client", "Originator", "Licensees", "Development Phase", "Priority"]),
    );
    const keywords = (await callLoader(keywordTemplate, { user: w.editor })) as Response;
    expect(keywords.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const kw = new ExcelJS.Workbook();
    await kw.xlsx.load(await keywords.arrayBuffer());
    expect((kw.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual([
      "Name",
      "Client",
      "Therapeutic Area",
      "Disease",
      "Priority",
      "Status",
    ]);
  });

  test("compounds: the preview says what each row does and why one is refused; import writes the good rows; the same file again changes nothing", async () => {
    const w = await world();
    const scope = { Client: w.alpha.name, "Therapeutic Area": "Neurology", Disease: "Alzheimer's" };
    const good = (name: string, extra: Record<string, string> = {}) => ({
      "Generic Name": `${name} ${w.tag}`,
      ...scope,
      Originator: `Eisai ${w.tag}`,
      "Therapeutic Modality": "mAb",
      Priority: "High",
      "Development Phase": "Phase 3",
      ...extra,
    });
    const rows = [
      good("lecanemab", {
        "Brand Name": `Leqembi ${w.tag}`,
        "Other Names": `BAN2401 ${w.tag}, E2814 ${w.tag}`,
        Licensees: `US: biib ${w.tag}; Japan: Eisai ${w.tag}, Biogen ${w.tag}`,
        DMT: "Yes",
        "Approved In Geographies": "US, EU, Japan",
      }),
      good("donanemab", { Originator: `eli lilly ${w.tag}`, "Therapeutic Modality": "MAB", Priority: "medium", Disease: "Parkinson's" }),
      good("gantenerumab", { "Development Phase": "Phase 2", "Route Of Administration": "SC", "Mechanism Of Action": "Anti-amyloid" }),
      // Refused: Phase 2 without its mechanism and route, an unknown company, a disease the editor does not hold.
      good("solanezumab", { "Development Phase": "Phase 2", Originator: `Nobody ${w.tag}`, Client: w.beta.name, Disease: "Lupus" }),
    ];
    const file = await filled(compoundTemplate, w.editor._id, rows, "pipeline.xlsm");
    const uploaded = await callAction(compoundImport, { user: w.editor, files: { files: file } });
    expect(locationOf(uploaded)).toMatch(/^\/administration\/compound\/import\/[0-9a-f]{24}$/);
    const runId = runIdOf(uploaded);
    const seen = await preview(compoundRun, w.editor._id, runId);
    if (seen.state !== "preview") throw new Error("expected a preview");
    expect(seen.counts).toEqual({ create: 3, update: 0, unchanged: 0, refused: 1 });
    expect(seen.rows.map((r) => [r.row, r.outcome])).toEqual([
      [2, "create"],
      [3, "create"],
      [4, "create"],
      [5, "refused"],
    ]);
    expect(seen.rows[3]!.problems).toEqual(
      expect.arrayContaining([
        { column: "Client", message: `No client "${w.beta.name}" among those you hold.` },
        { column: "Originator", message: `No company "Nobody ${w.tag}" in the Company List.` },
        { column: "Route Of Administration", message: "Field Required" },
        { column: "Mechanism Of Action", message: "Field Required" },
      ]),
    );
    expect(await Compound.countDocuments({ "name.generic": new RegExp(w.tag) })).toBe(0);

    const applied = await apply(compoundRun, w.editor._id, runId);
    expect(await toastsOf(applied as Response)).toEqual(["Compounds Imported."]);
    const report = await preview(compoundRun, w.editor._id, runId);
    expect(report).toMatchObject({ state: "done", result: { created: 3, updated: 0, unchanged: 0, refused: 1 } });
    const lecanemab = (await Compound.findOne({ "name.generic": `lecanemab ${w.tag}` }).lean())!;
    const [eisai, biogen] = [
      (await Company.findOne({ name: `Eisai ${w.tag}` }).lean())!,
      (await Company.findOne({ name: `Biogen ${w.tag}` }).lean())!,
    ];
    expect(lecanemab).toMatchObject({
      name: { brand: `Leqembi ${w.tag}`, other: [`BAN2401 ${w.tag}`, `E2814 ${w.tag}`] },
      originator: eisai._id,
      licensee: [
        { region: "US", companies: [biogen._id] },
        { region: "Japan", companies: [eisai._id, biogen._id] },
      ],
      approvedInGeographies: ["US", "EU", "Japan"],
      isDMT: true,
      priority: 1,
      disease: w.ad._id,
      searchTokens: expect.arrayContaining(["leqembi", "ban2401"]),
    });
    expect(await Compound.findOne({ "name.generic": `donanemab ${w.tag}` }).lean()).toMatchObject({
      therapeuticModality: "mAb",
      priority: 2,
      disease: w.pd._id,
    });
    const logged = await AuditLog.countDocuments({ entity: "compound", action: "create", entityName: new RegExp(w.tag) });
    expect(logged).toBe(3);
    // Applying it again does nothing more.
    await apply(compoundRun, w.editor._id, runId);
    expect(await Compound.countDocuments({ "name.generic": new RegExp(w.tag) })).toBe(3);

    // The same file again: every good row unchanged, nothing to import, nothing written.
    const again = runIdOf(await callAction(compoundImport, { user: w.editor, files: { files: file } }));
    expect(await preview(compoundRun, w.editor._id, again)).toMatchObject({ counts: { create: 0, update: 0, unchanged: 3, refused: 1 } });
    await apply(compoundRun, w.editor._id, again);
    expect(await Compound.countDocuments({ "name.generic": new RegExp(w.tag) })).toBe(3);
    expect(await AuditLog.countDocuments({ entity: "compound", entityName: new RegExp(w.tag) })).toBe(3);

    // A changed row is an update, matched by its brand name; only the refused rows are listed when asked.
    const changed = await filled(
      compoundTemplate,
      w.editor._id,
      [{ ...rows[0]!, "Generic Name": "", Priority: "Low" }, rows[3]!],
      "pipeline-v2.xlsm",
    );
    const v2 = runIdOf(await callAction(compoundImport, { user: w.editor, files: { files: changed } }));
    const v2Preview = await preview(compoundRun, w.editor._id, v2, "?show=update");
    expect(v2Preview).toMatchObject({
      counts: { create: 0, update: 1, unchanged: 0, refused: 1 },
      rows: [{ row: 2, outcome: "update", changes: expect.arrayContaining(["generic", "priority"]) }],
    });
    await apply(compoundRun, w.editor._id, v2);
    expect(await Compound.findById(lecanemab._id).lean()).toMatchObject({ priority: 3, name: { brand: `Leqembi ${w.tag}` } });
    expect((await Compound.findById(lecanemab._id).lean())!.name?.generic).toBeUndefined();
  });

  test("a row never reaches a compound of a disease its importer does not hold: it adds one to the disease it names", async () => {
    const w = await world();
    // `other` holds Alzheimer's only; the client's Parkinson's compound of the same name is not theirs to change.
    const theirs = await Compound.create({
      name: { generic: `tau-x ${w.tag}` },
      client: w.alpha._id,
      therapeuticArea: w.neuro._id,
      disease: w.pd._id,
      priority: 3,
    });
    const row = {
      "Generic Name": `tau-x ${w.tag}`,
      Client: w.alpha.name,
      "Therapeutic Area": "Neurology",
      Disease: "Alzheimer's",
      Originator: `Eisai ${w.tag}`,
      "Therapeutic Modality": "mAb",
      Priority: "High",
      "Development Phase": "Phase 3",
    };
    const runId = runIdOf(
      await callAction(compoundImport, { user: w.other, files: { files: await filled(compoundTemplate, w.other._id, [row], "tau.xlsm") } }),
    );
    expect(await preview(compoundRun, w.other._id, runId)).toMatchObject({ counts: { create: 1, update: 0, unchanged: 0, refused: 0 } });
    await apply(compoundRun, w.other._id, runId);
    expect(await Compound.findById(theirs._id).lean()).toMatchObject({ disease: w.pd._id, priority: 3 });
    expect(await Compound.findOne({ "name.generic": `tau-x ${w.tag}`, disease: w.ad._id }).lean()).toMatchObject({ priority: 1 });
  });

  test("a macro-enabled workbook is read for its cells only: the macro is neither run nor kept", async () => {
    const w = await world();
    const row = {
      "Generic Name": `macrozumab ${w.tag}`,
      Client: w.alpha.name,
      "Therapeutic Area": "Neurology",
      Disease: "Alzheimer's",
      Originator: `Eisai ${w.tag}`,
      "Therapeutic Modality": "mAb",
      Priority: "Low",
      "Development Phase": "Phase 1",
    };
    // An .xlsm as Excel saves one with a macro: a VBA project part, typed and related from the workbook.
    const zip = await JSZip.loadAsync(await (await filled(compoundTemplate, w.editor._id, [row], "plain.xlsm")).arrayBuffer());
    const macro = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.from('Sub Workbook_Open()\nShell "calc.exe"\nEnd Sub'),
    ]);
    zip.file("xl/vbaProject.bin", macro);
    const types = await zip.file("[Content_Types].xml")!.async("string");
    zip.file(
      "[Content_Types].xml",
      types.replace("</Types>", '<Default Extension="bin" ContentType="application/vnd.ms-office.vbaProject"/></Types>'),
    );
    const rels = await zip.file("xl/_rels/workbook.xml.rels")!.async("string");
    zip.file(
      "xl/_rels/workbook.xml.rels",
      rels.replace(
        "</Relationships>",
        '<Relationship Id="rIdVba" Type="http://schemas.microsoft.com/office/2006/relationships/vbaProject" Target="vbaProject.bin"/></Relationships>',
      ),
    );
    const file = new File([new Uint8Array(await zip.generateAsync({ type: "uint8array" }))], "with-macro.xlsm");
    const runId = runIdOf(await callAction(compoundImport, { user: w.editor, files: { files: file } }));
    expect(await preview(compoundRun, w.editor._id, runId)).toMatchObject({ counts: { create: 1, update: 0, unchanged: 0, refused: 0 } });
    // What is kept of the upload is its cells as text: nothing of the macro's bytes.
    const stored = JSON.stringify(await ImportRun.findById(runId).lean());
    expect(stored).toContain(`macrozumab ${w.tag}`);
    expect(stored).not.toContain("Workbook_Open");
    expect(stored).not.toContain("vbaProject");
    await apply(compoundRun, w.editor._id, runId);
    expect(await Compound.countDocuments({ "name.generic": `macrozumab ${w.tag}` })).toBe(1);
  });

  test("a file is refused with a clear message: wrong extension, not a workbook, missing columns, no rows, two files", async () => {
    const w = await world();
    const refused = async (file: File | File[]) => {
      const answer = (await callAction(compoundImport, { user: w.editor, files: { files: file } })) as Refused;
      expect(httpStatusOf(answer)).toBe(400);
      return answer.data.error;
    };
    const good = await filled(compoundTemplate, w.editor._id, [{ "Generic Name": "x" }], "pipeline.xlsm");
    expect(await refused(new File([await good.arrayBuffer()], "pipeline.xlsx"))).toBe(
      '"pipeline.xlsx" is not an .xlsm file: compounds are imported from .xlsm workbooks (download the template).',
    );
    expect(await refused(new File(["<html><script>alert(1)</script></html>"], "pipeline.xlsm"))).toMatch(/is not a valid \.xlsx file/);
    expect(await refused(new File([], "empty.xlsm"))).toMatch(/is empty/);
    const bare = new ExcelJS.Workbook();
    bare.addWorksheet("Compounds").addRow(["Generic Name", "Client"]);
    expect(await refused(new File([await bare.xlsx.writeBuffer()], "bare.xlsm"))).toBe(
      "The sheet has no 'Therapeutic Area', 'Disease', 'Originator', 'Therapeutic Modality', 'Priority', 'Development Phase' columns. Start from the template.",
    );
    expect(await refused(await filled(compoundTemplate, w.editor._id, [], "blank.xlsm"))).toBe("The sheet has no rows below its header.");
    expect(await refused([good, good])).toBe("Choose one file: one file per import.");
    expect(await ImportRun.countDocuments({ user: w.editor._id })).toBe(0);
  });

  timesEventLoop(
    "a huge sheet (180 MB of XML in a 4 MB file) is refused at the row limit as it is read, the event loop never held 100 ms",
    async () => {
      const w = await world();
      const bytes = await hugeWorkbook({
        sheetName: "Keywords",
        header: ["Name", "Client", "Therapeutic Area", "Disease"],
        rows: 220_000,
        cell: (_, c) => [`amyloid ${"oligomer ".repeat(66)}`, w.alpha.name, "Neurology", "Alzheimer's"][c]!,
      });
      expect(bytes.length).toBeLessThan(5 * 1024 * 1024);
      const send = await arrivingPost(keywordImport, w.editor._id, {}, {}, { files: new File([bytes], "keywords.xlsx") });
      const { result, blockedMs } = await longestBlock(send);
      expect(blockedMs).toBeLessThan(100);
      expect(httpStatusOf(result)).toBe(400);
      expect((result as Refused).data.error).toBe("The sheet has more than 10,000 rows below the header; at most 10,000 are supported.");
      expect(await ImportRun.countDocuments({ user: w.editor._id })).toBe(0);
    },
    120_000,
  );

  test("keywords: created, updated by name within the client and disease; the same term in another disease is its own", async () => {
    const w = await world();
    await Keyword.create({ name: `amyloid ${w.tag}`, client: w.alpha._id, therapeuticArea: w.neuro._id, disease: w.ad._id, priority: 1 });
    const scope = { Client: w.alpha.name, "Therapeutic Area": "neurology", Disease: "alzheimer's" };
    const file = await filled(
      keywordTemplate,
      w.editor._id,
      [
        { Name: `Amyloid ${w.tag}`, ...scope, Priority: "High" },
        { Name: `amyloid ${w.tag}`, ...scope, Disease: "Parkinson's" },
        { Name: `tau ${w.tag}`, ...scope, Status: "Inactive" },
        { Name: `tau ${w.tag}`, ...scope },
        { Name: "", ...scope, Priority: "Urgent" },
      ],
      "keywords.xlsx",
    );
    const runId = runIdOf(await callAction(keywordImport, { user: w.editor, files: { files: file } }));
    const seen = await preview(keywordRun, w.editor._id, runId);
    if (seen.state !== "preview") throw new Error("expected a preview");
    expect(seen.rows.map((r) => r.outcome)).toEqual(["update", "create", "create", "refused", "refused"]);
    expect(seen.rows[3]!.problems).toEqual([{ column: "Name", message: "The same keyword as row 4." }]);
    expect(seen.rows[4]!.problems).toEqual(
      expect.arrayContaining([
        { column: "Priority", message: "Choose one of: Low, Medium, High." },
        { column: "Name", message: "Field Required" },
      ]),
    );
    // Someone else's import is not theirs to see or apply.
    for (const result of [
      await callLoader(keywordRun, { user: w.other, params: { runId } }),
      await apply(keywordRun, w.other._id, runId),
    ]) {
      expect(await toastsOf(result as Response)).toEqual(["This import is no longer available: upload the file again."]);
    }
    expect(await callLoader(progress, { user: w.other, params: { runId } })).toHaveProperty("status", 404);
    expect(await callLoader(progress, { user: w.editor, params: { runId } })).toEqual({ state: "preview", done: 0, total: 5 });

    // Being applied by another request: this one only shows it; stalled (its server stopped): it is resumed.
    await ImportRun.updateOne({ _id: runId }, { $set: { state: "importing" } });
    expect(locationOf(await apply(keywordRun, w.editor._id, runId))).toBe(`/administration/keyword/import/${runId}`);
    expect(await preview(keywordRun, w.editor._id, runId)).toMatchObject({ state: "importing", stalled: false });
    await ImportRun.updateOne({ _id: runId }, { $set: { updatedAt: new Date(Date.now() - 10 * 60_000) } }, { timestamps: false });
    expect(await preview(keywordRun, w.editor._id, runId)).toMatchObject({ state: "importing", stalled: true });
    expect(await Keyword.countDocuments({ name: new RegExp(w.tag, "i") })).toBe(1);
    expect(await toastsOf((await apply(keywordRun, w.editor._id, runId)) as Response)).toEqual(["Keywords Imported."]);
    expect(await callLoader(progress, { user: w.editor, params: { runId } })).toEqual({ state: "done", done: 5, total: 5 });
    const stored = await Keyword.find({ name: new RegExp(w.tag, "i") })
      .sort({ name: 1, disease: 1 })
      .lean();
    expect(stored.map((k) => [k.name, String(k.disease), k.priority, k.status])).toEqual([
      [`Amyloid ${w.tag}`, String(w.ad._id), 3, "active"],
      [`amyloid ${w.tag}`, String(w.pd._id), 2, "active"],
      [`tau ${w.tag}`, String(w.ad._id), 2, "inactive"],
    ]);
    const again = runIdOf(await callAction(keywordImport, { user: w.editor, files: { files: file } }));
    expect(await preview(keywordRun, w.editor._id, again)).toMatchObject({ counts: { create: 0, update: 0, unchanged: 3, refused: 2 } });
  });

  test("names match with typographic quotes and spaces; a refusal speaks of the sheet's columns, never of fields", async () => {
    const w = await world();
    const scope = { Client: w.alpha.name, "Therapeutic Area": "Neurology", Disease: "Alzheimer\u2019s" };
    const file = await filled(
      keywordTemplate,
      w.editor._id,
      [
        // As Excel and Word type them: a curly apostrophe, a no-break space.
        { Name: `sigma-1 ${w.tag}`, ...scope, Client: w.alpha.name.replace(/ /g, "\u00a0 ") },
        { Name: `tau ${w.tag}`, ...scope, Disease: "Huntington\u2019s" },
        { Name: `amyloid ${w.tag}`, ...scope, Client: "" },
      ],
      "keywords.xlsx",
    );
    const runId = runIdOf(await callAction(keywordImport, { user: w.editor, files: { files: file } }));
    const seen = await preview(keywordRun, w.editor._id, runId);
    if (seen.state !== "preview") throw new Error("expected a preview");
    expect(seen.rows.map((r) => [r.outcome, r.problems])).toEqual([
      ["create", []],
      ["refused", [{ column: "Disease", message: 'No disease "Huntington\u2019s" in Neurology among those you hold.' }]],
      ["refused", [{ column: "Client", message: "Field Required" }]],
    ]);
  });

  timesEventLoop(
    "a full import (10,000 rows, the most a file holds) is uploaded, previewed and applied without holding the event loop 100 ms",
    async () => {
      const w = await world();
      const rows = Array.from({ length: IMPORT_MAX_ROWS }, (_, i) => ({
        Name: `full ${i} ${w.tag}`,
        Client: w.alpha.name,
        "Therapeutic Area": "Neurology",
        Disease: "Alzheimer's",
      }));
      const file = await filled(keywordTemplate, w.editor._id, rows, "full.xlsx");
      const uploaded = await longestBlock(() => callAction(keywordImport, { user: w.editor, files: { files: file } }));
      const runId = runIdOf(uploaded.result);
      const previewed = await longestBlock(() => preview(keywordRun, w.editor._id, runId));
      const applied = await longestBlock(() => apply(keywordRun, w.editor._id, runId));
      expect(
        { upload: uploaded.blockedMs < 100, preview: previewed.blockedMs < 100, apply: applied.blockedMs < 100 },
        JSON.stringify([uploaded.blockedMs, previewed.blockedMs, applied.blockedMs]),
      ).toEqual({ upload: true, preview: true, apply: true });
      expect(await toastsOf(applied.result as Response)).toEqual(["Keywords Imported."]);
      expect(await Keyword.countDocuments({ client: w.alpha._id, searchTokens: w.tag.toLowerCase() })).toBe(IMPORT_MAX_ROWS);
    },
    180_000,
  );

  test("a large import is written in chunks, its progress recorded up to the last row", async () => {
    const w = await world();
    const rows = Array.from({ length: 1_203 }, (_, i) => ({
      Name: `term ${i} ${w.tag}`,
      Client: w.alpha.name,
      "Therapeutic Area": "Neurology",
      Disease: "Alzheimer's",
    }));
    const runId = runIdOf(
      await callAction(keywordImport, { user: w.editor, files: { files: await filled(keywordTemplate, w.editor._id, rows, "many.xlsx") } }),
    );
    const seen = await preview(keywordRun, w.editor._id, runId, "?page=13");
    expect(seen).toMatchObject({ counts: { create: 1_203 }, page: 13, pages: 13 });
    if (seen.state === "preview") expect(seen.rows.map((r) => r.row)).toEqual([1_202, 1_203, 1_204]);
    await apply(keywordRun, w.editor._id, runId);
    expect(await callLoader(progress, { user: w.editor, params: { runId } })).toEqual({ state: "done", done: 1_203, total: 1_203 });
    expect(await Keyword.countDocuments({ client: w.alpha._id, searchTokens: w.tag.toLowerCase() })).toBe(1_203);
  }, 60_000); // 1,203 rows written: seconds on SecantusDB, ten times that on FerretDB, as the 10,000-row test above
});
