import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { USER_REJECT_FAILED, USER_REJECTED } from "#common/messages";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { rejectManagedUser, userFullName } from "~/models/user.server";
import { requireUser } from "~/services/auth.server";
import { USERS_LIST } from "~/utils/administration";
import { parseForm } from "~/utils/form-schema";
import { titled } from "~/utils/meta";
import { readFormData, rethrowResponse } from "~/utils/request.server";
import { redirectWithToast } from "~/utils/toast.server";

import { requireManagedUser } from "./__managed-user.server";
import { RejectForm, RejectSchema } from "./__reject-form";

// Reject a pending sign-up request (a dialog over the users list with JavaScript, this page without).

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { target } = await requireManagedUser(await requireUser(request), params.userId, "reject");
  return { name: userFullName(target) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireUser(request);
  const { target } = await requireManagedUser(actor, params.userId, "reject");
  const submission = parseForm(await readFormData(request), { schema: RejectSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    await rejectManagedUser({ actor, target, reason: submission.value.reason, notify: submission.value.notify ?? false });
  } catch (error) {
    rethrowResponse(error);
    console.warn("user reject failed", error);
    return data({ result: submission.reply({ formErrors: [USER_REJECT_FAILED] }) }, { status: 500 });
  }
  return redirectWithToast(request, USERS_LIST, { type: "success", message: USER_REJECTED });
}

export default function RejectUserPage() {
  const { name } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section className="page narrow">
      <RejectForm name={name} lastResult={actionData?.result} cancelTo={USERS_LIST} />
    </section>
  );
}

export const meta = titled("Reject user");

export const ErrorBoundary = GeneralErrorBoundary;
