import { useActionData, useLoaderData } from "@remix-run/react";

import { RecordFormPage } from "~/components/console/record-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { titled } from "~/utils/meta";

import { keepPageOnAutosave, TrialForm } from "./__trial-form";
import type { action, addLoader as loader } from "./__trial-form.server";

// /administration/trials/add (editors and admins): the seven steps, kept as a draft until Create.
// Its loader and action are its form's (Add's and Edit's side by side): each calls the guard first.

export { action, addLoader as loader } from "./__trial-form.server";

export default function AddTrialPage() {
  return <RecordFormPage form={TrialForm} mode="add" loaded={useLoaderData<typeof loader>()} sent={useActionData<typeof action>()} />;
}

export const meta = titled("Add Trial");
export const shouldRevalidate = keepPageOnAutosave;
export const ErrorBoundary = GeneralErrorBoundary;
