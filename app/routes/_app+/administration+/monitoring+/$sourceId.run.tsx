import type { ActionFunctionArgs } from "@remix-run/node";

import { SOURCE_RUN_SOON, SOURCE_SAVE_FAILED } from "#common/messages";
import { runSourceSoon } from "~/models/monitor.server";
import { MONITORING } from "~/utils/administration";
import { readFormData } from "~/utils/request.server";
import { redirectAfter } from "~/utils/toast.server";
import { returnTo } from "~/utils/url";

import { requireSource } from "./__managed-source.server";

/** The row menu's 'Check now': the source is due at once; whichever process's scheduler ticks first runs it. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { source } = await requireSource(request, params.sourceId);
  const back = returnTo(await readFormData(request), MONITORING);
  return redirectAfter(request, back, () => runSourceSoon(source), { done: SOURCE_RUN_SOON, failed: SOURCE_SAVE_FAILED });
}
