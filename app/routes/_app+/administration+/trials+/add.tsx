import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { RecordFormPage } from "~/components/console/record-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireUserWith } from "~/services/auth.server";
import { titled } from "~/utils/meta";

import { keepPageOnAutosave, TrialForm } from "./__trial-form";
import { submitTrialForm, trialFormData } from "./__trial-form.server";

// /administration/trials/add (editors and admins): the seven steps, kept as a draft until Create.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, "trial:manage");
  return trialFormData(request, { user, trial: null });
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireUserWith(request, "trial:manage");
  return submitTrialForm(request, actor);
}

export default function AddTrialPage() {
  return <RecordFormPage form={TrialForm} mode="add" loaded={useLoaderData<typeof loader>()} sent={useActionData<typeof action>()} />;
}

export const meta = titled("Add Trial");

export const shouldRevalidate = keepPageOnAutosave;

export const ErrorBoundary = GeneralErrorBoundary;
