import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { PERMISSIONS_LOAD_FAILED } from "#common/messages";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { describeGrants, grantKeys } from "~/models/grants.server";
import { findManagedUser, heldKeys, userFullName } from "~/models/user.server";
import { requireUserWith } from "~/services/auth.server";
import { titled } from "~/utils/meta";
import { userActionsOf } from "~/utils/permissions";
import { rethrowResponse } from "~/utils/request.server";

import { UserPermissions, type PermissionsView } from "./__user-permissions";

// A user's access, as the users list's permissions dialog shows it (loaded by the dialog with JavaScript; a page of its
// own without). Someone who is not the top-level admin sees the part inside their own access, and how much more there
// is. The Edit link shows only when they may edit the user — so never for an editor looking at another editor's.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireUserWith(request, "administration:view");
  try {
    const target = await findManagedUser({ actor, id: params.userId });
    if (!target) return data<PermissionsView>({ error: PERMISSIONS_LOAD_FAILED }, { status: 404 });
    const keys = [...grantKeys(target.permissions)];
    const held = actor.isTopAdmin ? null : await heldKeys(actor);
    const visible = held ? keys.filter((k) => held.has(k)) : keys;
    const actions = userActionsOf({ ...actor, id: String(actor._id) }, { ...target, id: String(target._id) });
    return data<PermissionsView>({
      user: { id: String(target._id), name: userFullName(target), status: target.status },
      grants: await describeGrants(visible),
      hidden: keys.length - visible.length,
      canEdit: actions.edit || actions.accept,
    });
  } catch (error) {
    rethrowResponse(error);
    console.warn("user permissions failed", error);
    return data<PermissionsView>({ error: PERMISSIONS_LOAD_FAILED }, { status: 500 });
  }
}

export default function UserPermissionsPage() {
  const view = useLoaderData<typeof loader>();
  return (
    <section className="form-card wide">
      <UserPermissions view={view} />
      <div className="form-actions">
        <Link className="button" to="/administration/users">
          Back to users
        </Link>
      </div>
    </section>
  );
}

export const meta = titled("User permissions");

export const ErrorBoundary = GeneralErrorBoundary;
