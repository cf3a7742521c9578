import type { ActionFunctionArgs } from "@remix-run/node";

import { setCompoundStatus } from "~/models/compound.server";
import { COMPOUNDS, requireManagedRecord } from "~/services/console/managed.server";
import { switchStatus } from "~/services/console/status-switch.server";

/** The row menu's status switch: 'Compound active!' or 'Compound inactive!'. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, record: compound } = await requireManagedRecord(request, params.compoundId, COMPOUNDS);
  return switchStatus(request, COMPOUNDS, (status) => setCompoundStatus({ actor, compound, status }));
}
