import type { ActionFunctionArgs } from "@remix-run/node";

import { setClientStatus } from "~/models/client.server";
import { switchStatus } from "~/services/console/status-switch.server";
import { CLIENTS_LIST } from "~/utils/administration";

import { requireAdminClient } from "./__admin-client.server";

/** The row menu's status switch: 'Client active!' or 'Client inactive!'. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, client } = await requireAdminClient(request, params.clientId);
  return switchStatus(request, { entity: "Client", list: CLIENTS_LIST, set: (status) => setClientStatus({ actor, client, status }) });
}
