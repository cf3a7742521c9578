import type { ActionFunctionArgs } from "@remix-run/node";

import { USER_RESTORE_TOO_LATE, USER_RESTORED } from "#common/messages";
import { EMAIL_TAKEN, emailTaken, findManagedUser, restoreManagedUser } from "~/models/user.server";
import { requireUserWith } from "~/services/auth.server";
import { USERS_LIST } from "~/utils/administration";
import { readFormData } from "~/utils/request.server";
import { redirectAfter, redirectWithToast } from "~/utils/toast.server";
import { returnTo } from "~/utils/url";

/** 'Undo' of a delete (the toast's button): the top-level admin restores a deleted user within the grace period. */
export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireUserWith(request, "user:delete");
  const back = returnTo(await readFormData(request), USERS_LIST);
  const target = await findManagedUser({ actor, id: params.userId, deleted: true });
  if (!target) return redirectWithToast(request, back, { type: "error", message: USER_RESTORE_TOO_LATE });
  // Their email went to a new user meanwhile: say so rather than "too late".
  if (await emailTaken(target.email, target._id)) return redirectWithToast(request, back, { type: "error", message: EMAIL_TAKEN });
  return redirectAfter(request, back, () => restoreManagedUser({ actor, target }), { done: USER_RESTORED, failed: USER_RESTORE_TOO_LATE });
}
