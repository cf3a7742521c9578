import type { ActionFunctionArgs } from "@remix-run/node";

import { setClientStatus } from "~/models/client.server";
import { CLIENTS, requireManagedRecord } from "~/services/console/managed.server";
import { switchStatus } from "~/services/console/status-switch.server";

/** The row menu's status switch: 'Client active!' or 'Client inactive!'. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, record: client } = await requireManagedRecord(request, params.clientId, CLIENTS);
  return switchStatus(request, CLIENTS, (status) => setClientStatus({ actor, client, status }));
}
