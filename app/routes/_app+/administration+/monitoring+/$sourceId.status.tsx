import type { ActionFunctionArgs } from "@remix-run/node";

import { setSourceStatus } from "~/models/monitor.server";
import { requireManagedRecord, SOURCES } from "~/services/console/managed.server";
import { switchStatus } from "~/services/console/status-switch.server";

/** The row menu's status switch: 'Source active!' or 'Source inactive!' (switched on, it is checked at once). */
export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, record: source } = await requireManagedRecord(request, params.sourceId, SOURCES);
  return switchStatus(request, SOURCES, (status) => setSourceStatus({ actor, source, status }));
}
