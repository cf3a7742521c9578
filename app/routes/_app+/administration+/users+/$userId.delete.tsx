import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { USER_DELETE_FAILED, USER_DELETED, userDeleteQuestion } from "#common/messages";
import { ConfirmPage } from "~/components/console/dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { deleteManagedUser, userFullName } from "~/models/user.server";
import { requireUser } from "~/services/auth.server";
import { applyConfirmed, confirmBackOf } from "~/services/console/confirm.server";
import { USERS_LIST } from "~/utils/administration";
import { titled } from "~/utils/meta";

import { requireManagedUser } from "./__managed-user.server";

// The row menu's Delete (top-level admin, non-pending users) asks first, as every delete does: a dialog over the list
// with JavaScript, this page without. Confirmed, the user is signed out and hidden at once, 'User Deleted' with
// 'Undo', which restores them until the grace period ends (admin-console §4).

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { target } = await requireManagedUser(await requireUser(request), params.userId, "delete");
  return { name: userFullName(target), back: confirmBackOf(request, USERS_LIST) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireUser(request);
  const { target } = await requireManagedUser(actor, params.userId, "delete");
  return applyConfirmed(request, [USERS_LIST], () => deleteManagedUser({ actor, target }), {
    done: USER_DELETED,
    failed: USER_DELETE_FAILED,
    action: { label: "Undo", post: `/administration/users/${String(target._id)}/restore` },
  });
}

export default function DeleteUserPage() {
  const { name, back } = useLoaderData<typeof loader>();
  return <ConfirmPage title="Delete User" question={userDeleteQuestion(name)} back={back} />;
}

export const meta = titled("Delete User");
export const ErrorBoundary = GeneralErrorBoundary;
