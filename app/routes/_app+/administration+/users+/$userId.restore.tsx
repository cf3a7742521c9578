import type { ActionFunctionArgs } from "@remix-run/node";
import { USER_RESTORE_TOO_LATE, USER_RESTORED } from "#common/messages";
import { findManagedUser, restoreManagedUser } from "~/models/user.server";
import { USERS_LIST } from "~/utils/administration";
import { requireUserWith } from "~/utils/auth.server";
import { redirectAfter, redirectWithToast } from "~/utils/toast.server";

/** 'Undo' of a delete (the toast's button): the top-level admin restores a deleted user within the grace period. */
export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireUserWith(request, "user:delete");
  const target = await findManagedUser(params.userId, { deleted: true });
  if (!target) return redirectWithToast(request, USERS_LIST, { type: "error", message: USER_RESTORE_TOO_LATE });
  return redirectAfter(request, USERS_LIST, () => restoreManagedUser({ actor, target }), { done: USER_RESTORED, failed: USER_RESTORE_TOO_LATE });
}
