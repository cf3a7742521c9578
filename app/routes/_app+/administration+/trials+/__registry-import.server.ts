import { data } from "@remix-run/node";

import { REGISTRY_BAD_ANSWER, REGISTRY_IMPORTED, REGISTRY_UNREACHABLE } from "#common/messages";
import { progressReporter } from "~/models/task-progress.server";
import { cascadeResult, readCompoundCascade } from "~/services/console/cascade.server";
import { firstRegistryImport } from "~/services/registry-sync.server";
import { TRIALS_IMPORT } from "~/utils/administration";
import { parseForm } from "~/utils/form-schema";
import { nctIdsIn } from "~/utils/registry/query";
import { readFormData } from "~/utils/request.server";
import type { SessionUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

import { RegistryImportSchema } from "./__registry-import";

/** The registry could not answer (rather than refused what was asked): 502, the app's neighbour failed. */
const upstream = (message: string) => message === REGISTRY_UNREACHABLE || message === REGISTRY_BAD_ANSWER;

/**
 * The import form's action: 'Choose' re-renders the form with the new options; a client, area, disease or compound
 * the user does not hold is refused (the spec's messages, as the other console forms); then the import is saved and
 * run at once. Its report is the saved import's page. When the registry cannot be reached (or refuses the search)
 * the form comes back with why, and nothing is kept — neither trials nor the saved import, which is saved only once the
 * registry has answered.
 */
export async function submitRegistryImport(request: Request, user: SessionUser) {
  const form = await readFormData(request);
  const { cascade, options, problem } = await readCompoundCascade(form, user);
  const submission = parseForm(form, { schema: RegistryImportSchema });
  if (cascade) return data({ result: cascadeResult(submission.reply().initialValue, problem), options });
  if (submission.status !== "success" || problem) {
    const status = submission.status === undefined && !problem ? 200 : 400;
    return data({ result: submission.reply({ fieldErrors: problem ? { [problem.field]: [problem.message] } : {} }), options }, { status });
  }
  const v = submission.value;
  const query =
    v.mode === "ids"
      ? { ids: nctIdsIn(v.ids ?? "") }
      : { ids: [], condition: v.condition, sponsor: v.sponsor, intervention: v.intervention, phase: v.phase };
  const run = await firstRegistryImport({
    user,
    target: { client: v.client, therapeuticArea: v.therapeuticArea, disease: v.disease, compound: v.compound ?? null },
    query,
    report: progressReporter(user, form.get("progress")),
  });
  if (!run.ok)
    return data({ result: submission.reply({ formErrors: [run.message] }), options }, { status: upstream(run.message) ? 502 : 400 });
  return redirectWithToast(request, `${TRIALS_IMPORT}/${run.id}`, { type: "success", message: REGISTRY_IMPORTED });
}
