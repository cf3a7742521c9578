import type { ActionFunctionArgs } from "@remix-run/node";
import { ACTIVE_STATUSES } from "#common/constants";
import { STATUS_CHANGE_FAILED, statusChanged } from "#common/messages";
import { setKeywordStatus } from "~/models/keyword.server";
import { KEYWORDS_LIST } from "~/utils/administration";
import { readFormData } from "~/utils/request.server";
import { redirectAfter } from "~/utils/toast.server";
import { returnTo } from "~/utils/url";
import { requireManagedKeyword } from "./__managed-keyword.server";

/** The row menu's status switch (admin-console §4): 'Keyword active!' or 'Keyword inactive!'. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, keyword } = await requireManagedKeyword(request, params.keywordId);
  const form = await readFormData(request);
  const status = form.get("status");
  if (!ACTIVE_STATUSES.some((s) => s === status)) throw new Response("Choose active or inactive.", { status: 400 });
  const next = status as (typeof ACTIVE_STATUSES)[number];
  return redirectAfter(request, returnTo(form, KEYWORDS_LIST), () => setKeywordStatus({ actor, keyword, status: next }), { done: statusChanged("Keyword", next), failed: STATUS_CHANGE_FAILED });
}
