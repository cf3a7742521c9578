import { data } from "@remix-run/node";

import { KEYWORD_ADDED, KEYWORD_CREATE_FAILED, KEYWORD_UPDATE_FAILED, KEYWORD_UPDATED } from "#common/messages";
import { scopeOptions, scopeProblem } from "~/models/cascade.server";
import { createKeyword, keywordFormValues, updateKeyword, type ManagedKeyword } from "~/models/keyword.server";
import { cascadeResult, clearRefused, readCascade } from "~/services/console/cascade.server";
import { confirmedDeleteRoutes } from "~/services/console/confirm.server";
import { KEYWORDS } from "~/services/console/managed.server";
import { recordFormRoutes, saveRecordForm } from "~/services/console/record-form.server";
import { KEYWORDS_LIST } from "~/utils/administration";
import { parseForm } from "~/utils/form-schema";
import { KeywordSchema } from "~/utils/keyword-schema";
import { readFormData } from "~/utils/request.server";
import type { SessionUser } from "~/utils/session.server";

/** What the Add and Edit pages load: the keyword's values (Add's without one) and their cascade options. */
export async function keywordFormPage(user: SessionUser, keyword?: ManagedKeyword) {
  const defaultValue = keywordFormValues(keyword);
  const { client, therapeuticArea: area, disease } = defaultValue;
  return { defaultValue, options: (await scopeOptions({ user, client, area, disease })).options };
}

/**
 * The keyword form's action for Add and Edit (of `keyword`): 'Choose' re-renders the form with its new options; a client or area
 * outside the user's permissions gets the spec's message and is cleared with what depends on it; field errors and a
 * failed write stay on the form; success goes to the list with the spec's message.
 */
export async function submitKeywordForm(request: Request, user: SessionUser, keyword?: ManagedKeyword) {
  const form = await readFormData(request);
  const { cascade } = readCascade(form);
  const text = (name: string) => String(form.get(name) ?? "");
  const selection = { client: text("client"), therapeuticArea: text("therapeuticArea"), disease: text("disease") };
  const scope = await scopeOptions({ user, client: selection.client, area: selection.therapeuticArea, disease: selection.disease });
  const problem = await scopeProblem({ values: selection, options: scope.options });
  if (problem) clearRefused(form, problem.field);
  const submission = parseForm(form, { schema: KeywordSchema });
  // A refused choice has no dependent options: those of the selection as sent are the form's.
  const { options } = scope;
  if (cascade) return data({ result: cascadeResult(submission.reply().initialValue, problem), options });
  return saveRecordForm(request, submission, {
    extra: { options },
    fieldErrors: problem ? { [problem.field]: [problem.message] } : {},
    save: (values): Promise<unknown> =>
      keyword ? updateKeyword({ actor: user, keyword, values }) : createKeyword({ actor: user, values }),
    to: KEYWORDS_LIST,
    ...(keyword ? { done: KEYWORD_UPDATED, failed: KEYWORD_UPDATE_FAILED } : { done: KEYWORD_ADDED, failed: KEYWORD_CREATE_FAILED }),
  });
}

/** Add's loader, Edit's and the action of both, each calling the guard first (`recordFormRoutes`). */
export const { addLoader, editLoader, action } = recordFormRoutes(KEYWORDS, {
  page: ({ actor, record }) => keywordFormPage(actor, record),
  submit: submitKeywordForm,
});

/** The Delete route's loader and action, each calling the guard first (`confirmedDeleteRoutes`): the kind's `deletion`. */
export const { deleteLoader, deleteAction } = confirmedDeleteRoutes(KEYWORDS, (keyword) => ({ name: keyword.name }));
