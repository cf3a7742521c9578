import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useParams } from "@remix-run/react";

import { RecordFormPage } from "~/components/console/record-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { readableHistory } from "~/models/audit.server";
import { userHistoryFor } from "~/models/user.server";
import { requireUser } from "~/services/auth.server";
import { titled } from "~/utils/meta";

import { requireManagedUser } from "./__managed-user.server";
import { UserForm } from "./__user-form";
import { submitUserForm, userFormData } from "./__user-form.server";

// /administration/users/edit/{userId}: Edit an active (or inactive, blocked…) user, or Accept a pending one — the same
// form, whose save makes them active and e-mails the welcome link (admin-console §4). The History panel below lists
// the changes made to the user (access named only where the viewer holds it).

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireUser(request);
  const { target, actions } = await requireManagedUser(actor, params.userId, ["edit", "accept"]);
  const [form, history] = await Promise.all([userFormData(actor, target), userHistoryFor({ viewer: actor, target })]);
  return {
    ...form,
    mode: actions.accept ? ("accept" as const) : ("edit" as const),
    withStatus: actions.setStatus,
    history: await readableHistory(actor, history),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireUser(request);
  const { target, actions } = await requireManagedUser(actor, params.userId, ["edit", "accept"]);
  return submitUserForm(request, actor, { target, actions });
}

export default function EditUserPage() {
  const loaded = useLoaderData<typeof loader>();
  const { userId } = useParams();
  return (
    <>
      <RecordFormPage form={UserForm} mode={loaded.mode} loaded={loaded} sent={useActionData<typeof action>()} />
      {loaded.mode === "edit" ? (
        <p>
          <Link to={`/administration/users/${userId}/api-tokens`}>API tokens of this user</Link>
        </p>
      ) : null}
    </>
  );
}

export const meta = titled("Edit User");

export const ErrorBoundary = GeneralErrorBoundary;
