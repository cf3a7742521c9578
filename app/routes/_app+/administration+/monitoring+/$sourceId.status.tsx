import type { ActionFunctionArgs } from "@remix-run/node";

import { setSourceStatus } from "~/models/monitor.server";
import { switchStatus } from "~/services/console/status-switch.server";
import { MONITORING } from "~/utils/administration";

import { requireSource } from "./__managed-source.server";

/** The row menu's status switch: 'Source active!' or 'Source inactive!' (switched on, it is checked at once). */
export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, source } = await requireSource(request, params.sourceId);
  return switchStatus(request, { entity: "Source", list: MONITORING, set: (status) => setSourceStatus({ actor, source, status }) });
}
