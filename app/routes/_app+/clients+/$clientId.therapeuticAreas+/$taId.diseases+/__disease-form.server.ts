import { data } from "@remix-run/node";
import type { DiseaseSettings } from "~/models/disease.server";
import { parseForm } from "~/utils/form-schema";
import { readFormData, rethrowResponse } from "~/utils/request.server";
import { testSheet } from "~/utils/sheets/sheet-test.server";
import { redirectWithToast } from "~/utils/toast.server";
import { DiseaseSchema, TEST_SHEET_INTENT } from "./__disease-form";

/**
 * The disease form's action, for Add and Edit: field errors back to the form; 'Test sheet' reads the sheet as typed
 * and answers with what it found, saving nothing; otherwise `save`, then back to the list with `done` — or, when the
 * save fails, the form as typed with the spec's `failed` message on it.
 */
export async function submitDiseaseForm(
  request: Request,
  { save, done, failed, back }: { save: (settings: DiseaseSettings) => Promise<unknown>; done: string; failed: string; back: string },
) {
  const formData = await readFormData(request);
  const submission = parseForm(formData, { schema: DiseaseSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sheetTest: null }, { status: 400 });
  if (formData.get("intent") === TEST_SHEET_INTENT) return data({ result: submission.reply(), sheetTest: await testSheet(submission.value) });
  try {
    await save(submission.value);
  } catch (error) {
    rethrowResponse(error);
    console.warn("disease save failed", error);
    return data({ result: submission.reply({ formErrors: [failed] }), sheetTest: null }, { status: 500 });
  }
  return redirectWithToast(request, back, { type: "success", message: done });
}
