import type { ActionFunctionArgs } from "@remix-run/node";

import { SOURCE_RUN_SOON, SOURCE_SAVE_FAILED } from "#common/messages";
import { runSourceSoon } from "~/models/monitor.server";
import { requireManagedRecord, SOURCES } from "~/services/console/managed.server";
import { MONITORING } from "~/utils/administration";
import { readFormData } from "~/utils/request.server";
import { redirectAfter } from "~/utils/toast.server";
import { returnTo } from "~/utils/url";

/** The row menu's 'Check now': the source is due at once; whichever process's scheduler ticks first runs it. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { record: source } = await requireManagedRecord(request, params.sourceId, SOURCES);
  const back = returnTo(await readFormData(request), MONITORING);
  return redirectAfter(request, back, () => runSourceSoon(source), { done: SOURCE_RUN_SOON, failed: SOURCE_SAVE_FAILED });
}
