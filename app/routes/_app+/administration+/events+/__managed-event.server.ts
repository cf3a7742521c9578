import { INVALID_ID } from "#common/messages";
import { findManagedEvent } from "~/models/event.server";
import { requireUserWith } from "~/services/auth.server";
import { EVENTS_LIST } from "~/utils/administration";
import { redirectWithToast } from "~/utils/toast.server";

/** An editor or admin and an event of a disease they hold; any other id → the list with 'Invalid ID'. */
export async function requireManagedEvent(request: Request, id: string | undefined) {
  const actor = await requireUserWith(request, "event:manage");
  const event = await findManagedEvent({ user: actor, id });
  if (!event) throw await redirectWithToast(request, EVENTS_LIST, { type: "error", message: INVALID_ID });
  return { actor, event };
}
