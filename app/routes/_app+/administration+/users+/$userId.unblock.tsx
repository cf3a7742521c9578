import type { ActionFunctionArgs } from "@remix-run/node";

import { USER_UNBLOCK_FAILED, USER_UNBLOCKED } from "#common/messages";
import { unblockManagedUser } from "~/models/user.server";
import { requireUser } from "~/services/auth.server";
import { USERS_LIST } from "~/utils/administration";
import { readFormData } from "~/utils/request.server";
import { redirectAfter } from "~/utils/toast.server";
import { returnTo } from "~/utils/url";

import { requireManagedUser } from "./__managed-user.server";

/** The row menu's Unblock (top-level admin): the user is active again. */
export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireUser(request);
  const { target } = await requireManagedUser(actor, params.userId, "unblock");
  return redirectAfter(request, returnTo(await readFormData(request), USERS_LIST), () => unblockManagedUser({ actor, target }), {
    done: USER_UNBLOCKED,
    failed: USER_UNBLOCK_FAILED,
  });
}
