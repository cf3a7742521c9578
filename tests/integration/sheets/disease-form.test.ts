// The disease form's sheet source (issue #14): the source is chosen first (Google Sheet or uploaded workbook), a
// workbook is uploaded right on the Add form (multipart, checked from its bytes as every upload is), the Sheet ID is
// required only for Google, 'Test sheet' reads whichever source is chosen, row counts leave out the header, and a server
// without Google access says so in words an admin understands. Real routes against the real database.
import ExcelJS from "exceljs";
import { describe, expect, test } from "vitest";

import { Disease } from "#db/models/disease.server";
import { SheetCache } from "#db/models/sheet-cache.server";
import { StoredFile } from "#db/models/stored-file.server";
import * as diseaseEdit from "~/routes/_app+/clients+/$clientId.therapeuticAreas+/$taId.diseases+/$diseaseId.edit";
import * as diseaseAdd from "~/routes/_app+/clients+/$clientId.therapeuticAreas+/$taId.diseases+/add";
import * as sheetRoute from "~/routes/resources+/sheet.$diseaseId";
import { getCachedSheet } from "~/utils/sheets/refresh.server";
import { sheetStatus } from "~/utils/sheets/store.server";
import { storeUploadedWorkbook } from "~/utils/sheets/upload.server";

import { createUser, httpStatusOf, locationOf, postForm, sessionCookie, toastsOf } from "../../db-utils";
import { arrivingPost, hugeWorkbook, longestBlock, sheetWorld, timesEventLoop, withEnv } from "./helpers";

const HEADER = ["H/M/L", "Compound phase", "Product name", "MOA (Revised)", "Company Name", "Segment", "Condition treated", "Est. Launch"];

/** An .xlsx with a title row, a blank row, the header at A3 and `rows` data rows on the tab "Pipeline". */
async function pipelineXlsx(rows: number) {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet("Read me").addRow(["not this tab"]);
  const ws = wb.addWorksheet("Pipeline");
  ws.addRow(["Alzheimer's pipeline"]);
  ws.addRow([]);
  ws.addRow(HEADER);
  for (let i = 1; i <= rows; i++)
    ws.addRow([i % 2 ? "HH" : "Medium", "Phase III", `mab-${i}`, "Anti-amyloid", "Eisai", "Early AD", "AD", 2028]);
  return new File([new Uint8Array(await wb.xlsx.writeBuffer())], "AD pipeline.xlsx", { type: "application/octet-stream" });
}

const HTML_AS_XLSX = () =>
  new File(["<!doctype html><html><body><table><tr><td>H/M/L</td></tr></table></body></html>"], "export.xlsx", {
    type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  });

type FormAnswer = {
  data: {
    result: { status?: string; error?: Record<string, string[] | null> };
    sheetTest: {
      ok: boolean;
      error?: string;
      rows?: number;
      source?: string;
      filename?: string;
      sheetName?: string;
      reports?: Array<{ id: string; missingColumns: string[]; shown: number }>;
    } | null;
    keptWorkbook: { id: string; filename: string } | null;
  };
};
const answerOf = (result: unknown) => (result as FormAnswer).data;

const fields = { name: "Lewy body dementia", sheetName: "Pipeline", range: "A3", reports: ["landscape-type-1"] };

async function setup() {
  const w = await sheetWorld();
  const admin = await createUser({ role: "admin", isTopAdmin: true });
  const params = { clientId: String(w.alpha._id), taId: String(w.neuro._id) };
  // Stored files this test added (earlier tests of the file left theirs).
  const stored = await StoredFile.countDocuments({});
  const files = async () => (await StoredFile.countDocuments({})) - stored;
  return { w, admin, params, files };
}

describe("adding a disease with an uploaded workbook", () => {
  test("no Sheet ID: the workbook becomes the source, its report data is read, 18 data rows counted without the header", async () => {
    const { admin, params } = await setup();
    const added = await postForm(diseaseAdd, admin._id, { ...fields, source: "upload", sheetId: "" }, params, {
      workbook: await pipelineXlsx(18),
    });
    expect(locationOf(added)).toBe(`/clients/${params.clientId}/therapeuticAreas/${params.taId}/diseases`);
    expect(await toastsOf(added as Response)).toEqual(["Disease Added!"]);

    const disease = await Disease.findOne({ name: "Lewy body dementia" }).lean();
    expect(disease).toMatchObject({ sheetId: "", sheetName: "Pipeline", range: "A3" });
    const status = await sheetStatus(disease!._id);
    expect(status).toMatchObject({ hasCopy: true, source: "upload", configuredSource: "upload", rowCount: 18, sheetName: "Pipeline" });
    expect(status.upload).toMatchObject({ filename: "AD pipeline.xlsx", kind: "xlsx" });
    const sheet = await getCachedSheet(disease!._id);
    expect(sheet.values).toHaveLength(19);
    expect(sheet.values[0]).toEqual(HEADER);
    expect(sheet).toMatchObject({ headerRow: 3, source: "upload" });
    // The stored workbook belongs to the disease, and the new disease is the admin's.
    expect(await StoredFile.countDocuments({ "metadata.owner": String(disease!._id), "metadata.purpose": "sheet-upload" })).toBe(1);
  });

  test("the edit page's status and the sheet resource count data rows, not the header", async () => {
    const { w, admin } = await setup();
    await Disease.updateOne({ _id: w.ad._id }, { $set: { sheetName: "Pipeline", range: "A3" } });
    const body = new FormData();
    body.set("intent", "upload");
    body.set("redirectTo", "/back");
    body.set("file", await pipelineXlsx(18));
    const request = new Request(`http://x/resources/sheet/${w.ad._id}`, {
      method: "POST",
      headers: { Cookie: await sessionCookie(admin._id) },
      body,
    });
    const response = (await sheetRoute.action({ request, params: { diseaseId: String(w.ad._id) }, context: {} })) as Response;
    expect(await toastsOf(response)).toEqual(["Workbook uploaded: 18 data rows."]);
    expect((await sheetStatus(w.ad._id)).rowCount).toBe(18);
  });
});

describe("which fields the chosen source requires", () => {
  test("the Sheet ID only for Google; a workbook only for an upload", async () => {
    const { w, admin, params } = await setup();
    const google = answerOf(await postForm(diseaseAdd, admin._id, { ...fields, source: "google", sheetId: "" }, params));
    expect(google.result.error?.sheetId).toEqual(["Sheet ID is required"]);
    expect(google.result.error?.workbook).toBeUndefined();
    const badId = answerOf(await postForm(diseaseAdd, admin._id, { ...fields, source: "google", sheetId: "not an id!" }, params));
    expect(badId.result.error?.sheetId).toEqual(["Sheet ID may contain only letters, digits, - and _"]);

    const upload = await postForm(diseaseAdd, admin._id, { ...fields, source: "upload", sheetId: "" }, params);
    expect(httpStatusOf(upload)).toBe(400);
    expect(answerOf(upload).result.error?.workbook).toEqual(["Choose the workbook to upload (.xlsx or .csv)"]);
    expect(answerOf(upload).result.error?.sheetId).toBeUndefined();
    // A form without a source (a script) is the Google one, as before.
    const none = answerOf(await postForm(diseaseAdd, admin._id, { ...fields, sheetId: "" }, params));
    expect(none.result.error?.sheetId).toEqual(["Sheet ID is required"]);
    // All errors at once: the source's requirement shows with the other fields' errors.
    const empty = answerOf(await postForm(diseaseAdd, admin._id, { name: "", sheetName: "", range: "", source: "upload" }, params));
    expect(Object.keys(empty.result.error ?? {}).sort()).toEqual(["name", "range", "sheetName", "workbook"]);
    expect(await Disease.countDocuments({ therapeuticArea: w.neuro._id })).toBe(2);
  });

  test("Edit keeps the uploaded workbook when no file is chosen; choosing Google again drops it", async () => {
    const { w, admin, params } = await setup();
    await Disease.updateOne({ _id: w.ad._id }, { $set: { sheetName: "Pipeline", range: "A3" } });
    await storeUploadedWorkbook({
      diseaseId: w.ad._id,
      filename: "first.xlsx",
      data: Buffer.from(await (await pipelineXlsx(4)).arrayBuffer()),
    });
    const edit = { ...params, diseaseId: String(w.ad._id) };
    const loaded = (await diseaseEdit.loader({
      request: new Request("http://x/", { headers: { Cookie: await sessionCookie(admin._id) } }),
      params: edit,
      context: {},
    })) as Awaited<ReturnType<typeof diseaseEdit.loader>>;
    expect(loaded.sheet.upload?.filename).toBe("first.xlsx");

    const kept = await postForm(diseaseEdit, admin._id, { ...fields, name: "Alzheimer's (renamed)", source: "upload", sheetId: "" }, edit);
    expect(locationOf(kept)).toMatch(/\/diseases$/);
    expect((await Disease.findById(w.ad._id).lean())?.name).toBe("Alzheimer's (renamed)");
    expect((await sheetStatus(w.ad._id)).upload?.filename).toBe("first.xlsx");

    const replaced = await postForm(diseaseEdit, admin._id, { ...fields, source: "upload" }, edit, { workbook: await pipelineXlsx(7) });
    expect(locationOf(replaced)).toMatch(/\/diseases$/);
    expect(await sheetStatus(w.ad._id)).toMatchObject({ rowCount: 7, upload: { filename: "AD pipeline.xlsx" } });
    expect(await StoredFile.countDocuments({ "metadata.owner": String(w.ad._id) })).toBe(1);

    const restore = withEnv({ GOOGLE_API_KEY: undefined, GOOGLE_SERVICE_ACCOUNT_JSON: undefined });
    try {
      const back = await postForm(
        diseaseEdit,
        admin._id,
        { ...fields, source: "google", sheetId: "1AdSheetIdForTestsAbCdEfGhIjKlMnOpQrStUv" },
        edit,
      );
      expect(locationOf(back)).toMatch(/\/diseases$/);
    } finally {
      restore();
    }
    const status = await sheetStatus(w.ad._id);
    expect(status).toMatchObject({ configuredSource: "google", upload: null });
    expect(await StoredFile.countDocuments({ "metadata.owner": String(w.ad._id) })).toBe(0);
  });
});

describe("Test sheet", () => {
  test("on a workbook chosen in the Add form: the right data-row count, and nothing is added", async () => {
    const { w, admin, params, files } = await setup();
    const tested = await postForm(diseaseAdd, admin._id, { ...fields, source: "upload", intent: "test-sheet", _js: "1" }, params, {
      workbook: await pipelineXlsx(18),
    });
    expect(httpStatusOf(tested)).toBe(200);
    const { sheetTest, keptWorkbook } = answerOf(tested);
    expect(sheetTest).toMatchObject({ ok: true, rows: 18, source: "upload", filename: "AD pipeline.xlsx", sheetName: "Pipeline" });
    expect(sheetTest?.reports?.[0]).toMatchObject({ id: "landscape-type-1", missingColumns: [], shown: 18 });
    // With JavaScript the browser still holds the file: nothing is kept on the server.
    expect(keptWorkbook).toBeNull();
    expect(await Disease.countDocuments({ therapeuticArea: w.neuro._id })).toBe(2);
    expect(await files()).toBe(0);
  });

  test("on Edit without a new file: the disease's uploaded workbook, read with the settings as typed", async () => {
    const { w, admin, params } = await setup();
    await Disease.updateOne({ _id: w.ad._id }, { $set: { sheetName: "Pipeline", range: "A3" } });
    await storeUploadedWorkbook({
      diseaseId: w.ad._id,
      filename: "stored.xlsx",
      data: Buffer.from(await (await pipelineXlsx(12)).arrayBuffer()),
    });
    const edit = { ...params, diseaseId: String(w.ad._id) };
    const tested = answerOf(await postForm(diseaseEdit, admin._id, { ...fields, source: "upload", intent: "test-sheet" }, edit));
    expect(tested.sheetTest).toMatchObject({ ok: true, rows: 12, filename: "stored.xlsx" });
    const wrongRange = answerOf(
      await postForm(diseaseEdit, admin._id, { ...fields, range: "A40", source: "upload", intent: "test-sheet" }, edit),
    );
    expect(wrongRange.sheetTest).toMatchObject({ ok: false });
    expect(wrongRange.sheetTest?.error).toMatch(/no header row at A40/);
    expect((await Disease.findById(w.ad._id).lean())?.range).toBe("A3");
  });

  test("on Google without Google access on the server: plain words and the way out, no variable names", async () => {
    const { admin, params } = await setup();
    const restore = withEnv({ GOOGLE_API_KEY: undefined, GOOGLE_SERVICE_ACCOUNT_JSON: undefined });
    try {
      const tested = answerOf(
        await postForm(
          diseaseAdd,
          admin._id,
          { ...fields, source: "google", sheetId: "1AdSheetIdForTestsAbCdEfGhIjKlMnOpQrStUv", intent: "test-sheet" },
          params,
        ),
      );
      expect(tested.sheetTest?.ok).toBe(false);
      expect(tested.sheetTest?.error).toMatch(/Google Sheets can't be read from this server/);
      expect(tested.sheetTest?.error).toMatch(/upload the workbook instead/);
      expect(tested.sheetTest?.error).toMatch(/The server has no Google access configured/);
      expect(tested.sheetTest?.error).not.toMatch(/GOOGLE_|environment|API_KEY/);
    } finally {
      restore();
    }
  });
});

describe("a refused upload", () => {
  timesEventLoop(
    "a huge workbook (180 MB of sheet XML in a 4 MB file) on Add: refused at the row limit as it is read, the event loop never held 100 ms; nothing added or stored",
    async () => {
      const { w, admin, params, files } = await setup();
      const bytes = await hugeWorkbook({
        sheetName: "Pipeline",
        header: ["H/M/L", "Product name", "Company Name", "Segment"],
        rows: 220_000,
        cell: (_, c) => ["HH", `mab ${"oligomer ".repeat(66)}`, "Eisai", "Early AD"][c]!,
      });
      const workbook = new File([bytes], "pipeline.xlsx");
      const send = await arrivingPost(diseaseAdd, admin._id, { ...fields, range: "A1", source: "upload" }, params, { workbook });
      const { result, blockedMs } = await longestBlock(send);
      expect(blockedMs).toBeLessThan(100);
      expect(httpStatusOf(result)).toBe(400);
      expect(answerOf(result).result.error?.workbook).toEqual([
        "The sheet has more than 200,000 rows below the header; at most 200,000 are supported.",
      ]);
      expect(await Disease.countDocuments({ therapeuticArea: w.neuro._id })).toBe(2);
      expect(await files()).toBe(0);
    },
    180_000,
  );

  timesEventLoop(
    "a 19 MB .csv of 250,000 rows on Add: read in slices, refused at the row limit, the event loop never held 100 ms",
    async () => {
      const { admin, params, files } = await setup();
      const line = "HH,lecanemab,Eisai / Biogen,Anti-amyloid beta protofibril mAb,Early AD,AD,2023\r\n";
      const workbook = new File([`${HEADER.slice(0, 7).join(",")}\r\n${line.repeat(250_000)}`], "pipeline.csv");
      const send = await arrivingPost(diseaseAdd, admin._id, { ...fields, range: "A1", source: "upload" }, params, { workbook });
      const { result, blockedMs } = await longestBlock(send);
      expect(blockedMs).toBeLessThan(100);
      expect(answerOf(result).result.error?.workbook).toEqual([
        "The sheet has more than 200,000 rows below the header; at most 200,000 are supported.",
      ]);
      expect(await files()).toBe(0);
    },
    120_000,
  );

  test("HTML named .xlsx on Add: nothing is added or stored, and the form says why", async () => {
    const { w, admin, params, files } = await setup();
    const refused = await postForm(diseaseAdd, admin._id, { ...fields, source: "upload" }, params, { workbook: HTML_AS_XLSX() });
    expect(httpStatusOf(refused)).toBe(400);
    expect(answerOf(refused).result.error?.workbook).toEqual([
      `"export.xlsx" is not a valid .xlsx file (it does not start like one). Save it again from Excel as .xlsx.`,
    ]);
    expect(answerOf(refused).keptWorkbook).toBeNull();
    expect(await Disease.countDocuments({ therapeuticArea: w.neuro._id })).toBe(2);
    expect(await files()).toBe(0);
  });

  test("on Edit: the settings, the uploaded workbook and its copy stay as they were", async () => {
    const { w, admin, params } = await setup();
    await Disease.updateOne({ _id: w.ad._id }, { $set: { sheetName: "Pipeline", range: "A3" } });
    await storeUploadedWorkbook({
      diseaseId: w.ad._id,
      filename: "good.xlsx",
      data: Buffer.from(await (await pipelineXlsx(5)).arrayBuffer()),
    });
    const storedBefore = await StoredFile.countDocuments({});
    const cacheBefore = await SheetCache.findOne({ disease: w.ad._id }).lean();
    const edit = { ...params, diseaseId: String(w.ad._id) };
    const refused = await postForm(diseaseEdit, admin._id, { ...fields, name: "Renamed", source: "upload" }, edit, {
      workbook: HTML_AS_XLSX(),
    });
    expect(httpStatusOf(refused)).toBe(400);
    expect(answerOf(refused).result.error?.workbook?.[0]).toMatch(/not a valid \.xlsx file/);
    expect((await Disease.findById(w.ad._id).lean())?.name).toBe("Alzheimer's disease");
    const cacheAfter = await SheetCache.findOne({ disease: w.ad._id }).lean();
    expect(cacheAfter?.generation).toBe(cacheBefore?.generation);
    expect(cacheAfter?.upload?.filename).toBe("good.xlsx");
    expect(await StoredFile.countDocuments({})).toBe(storedBefore);
  });
});

describe("without JavaScript, a chosen workbook outlives a page sent back", () => {
  test("kept after 'Test sheet' or a field error, used by the next Add, and only by its uploader", async () => {
    const { w, admin, params } = await setup();
    const tested = answerOf(
      await postForm(diseaseAdd, admin._id, { ...fields, source: "upload", intent: "test-sheet" }, params, {
        workbook: await pipelineXlsx(3),
      }),
    );
    expect(tested.sheetTest).toMatchObject({ ok: true, rows: 3 });
    const kept = tested.keptWorkbook!;
    expect(kept.filename).toBe("AD pipeline.xlsx");
    expect(await StoredFile.countDocuments({ "metadata.owner": `pending:${String(admin._id)}` })).toBe(1);

    // Someone else cannot use it.
    const other = await createUser({ role: "admin", isTopAdmin: true });
    const foreign = await postForm(diseaseAdd, other._id, { ...fields, source: "upload", keptWorkbook: kept.id }, params);
    expect(httpStatusOf(foreign)).toBe(400);
    expect(answerOf(foreign).result.error?.workbook?.[0]).toMatch(/choose the file again/);

    // A field error sends the page back: the workbook stays kept.
    const missingName = answerOf(
      await postForm(diseaseAdd, admin._id, { ...fields, name: "", source: "upload", keptWorkbook: kept.id }, params),
    );
    expect(missingName.result.error?.name).toEqual(["Disease Name is required"]);
    expect(missingName.keptWorkbook).toEqual(kept);

    const added = await postForm(diseaseAdd, admin._id, { ...fields, source: "upload", keptWorkbook: kept.id }, params);
    expect(locationOf(added)).toMatch(/\/diseases$/);
    const disease = await Disease.findOne({ therapeuticArea: w.neuro._id, name: fields.name }).lean();
    expect(await sheetStatus(disease!._id)).toMatchObject({ rowCount: 3, upload: { filename: "AD pipeline.xlsx" } });
    // The kept file is now the disease's (claimed, not copied).
    expect(await StoredFile.countDocuments({ "metadata.owner": `pending:${String(admin._id)}` })).toBe(0);
    expect(await StoredFile.countDocuments({ "metadata.owner": String(disease!._id) })).toBe(1);
  });
});
