import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { connectDb } from "#db/connection.server";
import { Disease } from "#db/models/disease.server";
import { TherapeuticArea } from "#db/models/therapeutic-area.server";
import { DiseaseSchema, meshList, TEST_SHEET_INTENT, type DiseaseInput } from "~/schemas/catalog";
import { REPORT_TYPES } from "./constants";
import { grantToCreator, revokeFromAllUsers } from "./permissions.server";
import type { SessionUser } from "./session.server";
import { deleteSheetCache } from "./sheets/cache.server";
import { testSheet } from "./sheets/sheet-test.server";
import { readFormData } from "~/utils/request.server";

// Writes behind the therapeutic-area and disease screens. Callers have already checked the role and that the
// client, area or disease is within the user's permissions (app/utils/permissions.server.ts).

export async function createArea(user: SessionUser, clientId: string, name: string) {
  await connectDb();
  const area = await TherapeuticArea.create({ name, client: clientId });
  await grantToCreator(user, { client: clientId, therapeuticArea: String(area._id) });
  return String(area._id);
}

export async function renameArea(areaId: string, name: string) {
  await connectDb();
  await TherapeuticArea.updateOne({ _id: areaId }, { $set: { name } });
}

/** Deletes a disease with its sheet cache and removes it from every user's permissions. */
export async function deleteDisease(diseaseId: string) {
  await connectDb();
  await deleteSheetCache(diseaseId);
  await revokeFromAllUsers({ disease: diseaseId });
  await Disease.deleteOne({ _id: diseaseId });
}

/** Deletes an area and everything in it: its diseases, their sheet caches, and the entries in users' permissions. */
export async function deleteArea(areaId: string) {
  await connectDb();
  const diseases = await Disease.find({ therapeuticArea: areaId }).select("_id").lean();
  for (const d of diseases) await deleteDisease(String(d._id));
  await revokeFromAllUsers({ therapeuticArea: areaId });
  await TherapeuticArea.deleteOne({ _id: areaId });
}

function diseaseFields(input: DiseaseInput) {
  return {
    name: input.name,
    sheetId: input.sheetId,
    sheetName: input.sheetName,
    range: input.range,
    titlePrefix: input.titlePrefix ?? "",
    // Kept in the order of REPORT_TYPES, whatever order the form sent.
    reports: REPORT_TYPES.filter((r) => input.reports.includes(r.id)).map((r) => ({ id: r.id, name: r.name })),
    tm: input.tm,
    verified: input.verified,
    mesh: meshList(input.mesh),
  };
}

export async function createDisease(user: SessionUser, area: { clientId: string; areaId: string }, input: DiseaseInput) {
  await connectDb();
  const disease = await Disease.create({ ...diseaseFields(input), therapeuticArea: area.areaId, client: area.clientId });
  await grantToCreator(user, { client: area.clientId, therapeuticArea: area.areaId, disease: String(disease._id) });
  return String(disease._id);
}

/** Updates the form fields only; area and client never come from the request body. */
export async function updateDisease(diseaseId: string, input: DiseaseInput) {
  await connectDb();
  await Disease.updateOne({ _id: diseaseId }, { $set: diseaseFields(input) });
}

/**
 * The disease form's submission, shared by the add and edit actions: a `reply` to return at once (field errors, or
 * the Test-sheet report with the form as typed), or the valid `value` to save.
 */
export async function readDiseaseForm(request: Request) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: DiseaseSchema });
  if (submission.status !== "success") return { reply: data({ result: submission.reply(), sheetTest: null }, { status: 400 }) } as const;
  if (formData.get("intent") === TEST_SHEET_INTENT) {
    return { reply: data({ result: submission.reply(), sheetTest: await testSheet(submission.value) }) } as const;
  }
  /** A failed save keeps the form as typed with the spec's message on it. */
  const failed = (message: string) => data({ result: submission.reply({ formErrors: [message] }), sheetTest: null }, { status: 500 });
  return { value: submission.value, failed } as const;
}
