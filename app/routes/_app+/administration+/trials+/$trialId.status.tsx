import type { ActionFunctionArgs } from "@remix-run/node";

import { setTrialStatus } from "~/models/trial.server";
import { requireManagedRecord, TRIALS } from "~/services/console/managed.server";
import { switchStatus } from "~/services/console/status-switch.server";

/** The row's status switch: 'Event active!' or 'Event inactive!' (admin-console §4 says 'Event {status}!' for trials). */
export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, record: trial } = await requireManagedRecord(request, params.trialId, TRIALS);
  return switchStatus(request, TRIALS, (status) => setTrialStatus({ actor, trial, status }));
}
