import { INVALID_ID } from "#common/messages";
import { findManagedUser } from "~/models/user.server";
import { requirePermission } from "~/utils/auth.server";
import { USERS_LIST } from "~/utils/administration";
import { userActionsOf, type UserActions } from "~/utils/permissions";
import type { SessionUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * The user an address names, for a console action the actor must be allowed (userActionsOf): no such user → back to
 * the list with 'Invalid ID'; an action the actor may not take on them → 403.
 */
export async function requireManagedUser(request: Request, actor: SessionUser, userId: string | undefined, action: keyof UserActions | ReadonlyArray<keyof UserActions>) {
  requirePermission(actor, "administration:view");
  const target = await findManagedUser(userId);
  if (!target) throw await redirectWithToast(request, USERS_LIST, { type: "error", message: INVALID_ID });
  const actions = userActionsOf({ ...actor, id: String(actor._id) }, { ...target, id: String(target._id) });
  if (!(typeof action === "string" ? [action] : action).some((a) => actions[a])) throw new Response("You don't have permission to do this.", { status: 403 });
  return { target, actions };
}
