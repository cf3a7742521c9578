import { INVALID_ID } from "#common/messages";
import { findSource } from "~/models/monitor.server";
import { requireUserWith } from "~/services/auth.server";
import { MONITORING } from "~/utils/administration";
import { redirectWithToast } from "~/utils/toast.server";

/** An admin and a monitoring source; any other id → the list with 'Invalid ID'. */
export async function requireSource(request: Request, id: string | undefined) {
  const actor = await requireUserWith(request, "monitoring:manage");
  const source = await findSource(id);
  if (!source) throw await redirectWithToast(request, MONITORING, { type: "error", message: INVALID_ID });
  return { actor, source };
}
