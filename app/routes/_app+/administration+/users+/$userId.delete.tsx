import type { ActionFunctionArgs } from "@remix-run/node";

import { USER_DELETE_FAILED, USER_DELETED } from "#common/messages";
import { deleteManagedUser } from "~/models/user.server";
import { requireUser } from "~/services/auth.server";
import { USERS_LIST } from "~/utils/administration";
import { readFormData } from "~/utils/request.server";
import { redirectAfter } from "~/utils/toast.server";
import { returnTo } from "~/utils/url";

import { requireManagedUser } from "./__managed-user.server";

/** The row menu's Delete (top-level admin, non-pending users): signed out and hidden at once, 'User Deleted' with
 *  'Undo', which restores them until the grace period ends (admin-console §4). */
export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireUser(request);
  const { target } = await requireManagedUser(actor, params.userId, "delete");
  const back = returnTo(await readFormData(request), USERS_LIST);
  return redirectAfter(request, back, () => deleteManagedUser({ actor, target }), {
    done: USER_DELETED,
    failed: USER_DELETE_FAILED,
    action: { label: "Undo", post: `/administration/users/${String(target._id)}/restore` },
  });
}
