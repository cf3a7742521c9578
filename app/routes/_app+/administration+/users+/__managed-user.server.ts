import { INVALID_ID } from "#common/messages";
import { findManagedUser } from "~/models/user.server";
import { requirePermission } from "~/services/auth.server";
import { userActionsOf, type UserActions } from "~/utils/permissions";
import type { SessionUser } from "~/utils/session.server";

/**
 * The user an address names, for a console action the actor must be allowed (userActionsOf). A user outside the
 * actor's reach (decision 018: a grant the actor does not hold) is a 404 exactly like an id that does not exist, so the
 * console does not even tell that they exist; an action the actor may not take on a user they may see → 403.
 */
export async function requireManagedUser(
  actor: SessionUser,
  userId: string | undefined,
  action: keyof UserActions | ReadonlyArray<keyof UserActions>,
) {
  requirePermission(actor, "administration:view");
  const target = await findManagedUser({ actor, id: userId });
  if (!target) throw new Response(INVALID_ID, { status: 404 });
  const actions = userActionsOf({ ...actor, id: String(actor._id) }, { ...target, id: String(target._id) });
  if (!(typeof action === "string" ? [action] : action).some((a) => actions[a]))
    throw new Response("You don't have permission to do this.", { status: 403 });
  return { target, actions };
}
