import type { ActionFunctionArgs } from "@remix-run/node";

import { TRIAL_STATUS_ENTITY } from "#common/messages";
import { setTrialStatus } from "~/models/trial.server";
import { switchStatus } from "~/services/console/status-switch.server";
import { TRIALS_LIST } from "~/utils/administration";

import { requireManagedTrial } from "./__managed-trial.server";

/** The row's status switch: 'Event active!' or 'Event inactive!' (admin-console §4 says 'Event {status}!' for trials). */
export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, trial } = await requireManagedTrial(request, params.trialId);
  return switchStatus(request, {
    entity: TRIAL_STATUS_ENTITY,
    list: TRIALS_LIST,
    set: (status) => setTrialStatus({ actor, trial, status }),
  });
}
