import type { ActionFunctionArgs } from "@remix-run/node";

import { setKeywordStatus } from "~/models/keyword.server";
import { KEYWORDS, requireManagedRecord } from "~/services/console/managed.server";
import { switchStatus } from "~/services/console/status-switch.server";

/** The row menu's status switch: 'Keyword active!' or 'Keyword inactive!'. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, record: keyword } = await requireManagedRecord(request, params.keywordId, KEYWORDS);
  return switchStatus(request, KEYWORDS, (status) => setKeywordStatus({ actor, keyword, status }));
}
