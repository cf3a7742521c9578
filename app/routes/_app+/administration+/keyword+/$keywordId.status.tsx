import type { ActionFunctionArgs } from "@remix-run/node";

import { setKeywordStatus } from "~/models/keyword.server";
import { switchStatus } from "~/services/console/status-switch.server";
import { KEYWORDS_LIST } from "~/utils/administration";

import { requireManagedKeyword } from "./__managed-keyword.server";

/** The row menu's status switch: 'Keyword active!' or 'Keyword inactive!'. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, keyword } = await requireManagedKeyword(request, params.keywordId);
  return switchStatus(request, { entity: "Keyword", list: KEYWORDS_LIST, set: (status) => setKeywordStatus({ actor, keyword, status }) });
}
