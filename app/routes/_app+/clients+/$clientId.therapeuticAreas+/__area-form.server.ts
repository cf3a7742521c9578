import { data } from "@remix-run/node";

import { AREA_SAVE_FAILED } from "#common/messages";
import { parseForm } from "~/utils/form-schema";
import { readFormData, rethrowResponse } from "~/utils/request.server";
import { redirectWithToast } from "~/utils/toast.server";

import { AreaSchema } from "./__area-form";

/** The area form's action, for New and Edit: field errors back to the form, `save` the name, then back to the list
 *  with the spec's message (or the form as typed with 'Unexpected Error occured..'). */
export async function submitAreaForm(
  request: Request,
  { save, done, back }: { save: (name: string) => Promise<unknown>; done: string; back: string },
) {
  const submission = parseForm(await readFormData(request), { schema: AreaSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    await save(submission.value.name);
  } catch (error) {
    rethrowResponse(error);
    console.warn("therapeutic area save failed", error);
    return data({ result: submission.reply({ formErrors: [AREA_SAVE_FAILED] }) }, { status: 500 });
  }
  return redirectWithToast(request, back, { type: "success", message: done });
}
