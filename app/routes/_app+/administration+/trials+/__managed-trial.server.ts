import { INVALID_ID } from "#common/messages";
import { findManagedTrial } from "~/models/trial.server";
import { requireUserWith } from "~/services/auth.server";
import { TRIALS_LIST } from "~/utils/administration";
import { redirectWithToast } from "~/utils/toast.server";

/** An editor or admin and a trial of a disease they hold; any other id → the list with 'Invalid ID'. */
export async function requireManagedTrial(request: Request, id: string | undefined) {
  const actor = await requireUserWith(request, "trial:manage");
  const trial = await findManagedTrial({ user: actor, id });
  if (!trial) throw await redirectWithToast(request, TRIALS_LIST, { type: "error", message: INVALID_ID });
  return { actor, trial };
}
