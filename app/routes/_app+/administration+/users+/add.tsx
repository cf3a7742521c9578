import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { RecordFormPage } from "~/components/console/record-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireUserWith } from "~/services/auth.server";
import { titled } from "~/utils/meta";

import { UserForm } from "./__user-form";
import { submitUserForm, userFormData } from "./__user-form.server";

// /administration/users/add: anyone reaching the users list may add a user (admin-console §6), giving only roles and
// access they may give. The new user is active and gets the welcome e-mail to set a password.

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireUserWith(request, "administration:view");
  return userFormData(actor);
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireUserWith(request, "administration:view");
  return submitUserForm(request, actor);
}

export default function AddUserPage() {
  return <RecordFormPage form={UserForm} mode="add" loaded={useLoaderData<typeof loader>()} sent={useActionData<typeof action>()} />;
}

export const meta = titled("Add User");

export const ErrorBoundary = GeneralErrorBoundary;
