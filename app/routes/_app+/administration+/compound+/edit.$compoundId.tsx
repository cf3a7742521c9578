import { useActionData, useLoaderData } from "@remix-run/react";

import { RecordFormPage } from "~/components/console/record-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { titled } from "~/utils/meta";

import { CompoundForm } from "./__compound-form";
import type { action, editLoader as loader } from "./__compound-form.server";

// /administration/compound/edit/{compoundId} (editors and admins, a compound of a disease they hold), with its History.
// Its loader and action are its form's (Add's and Edit's side by side): each calls the guard first.

export { action, editLoader as loader } from "./__compound-form.server";

export default function EditCompoundPage() {
  return <RecordFormPage form={CompoundForm} mode="edit" loaded={useLoaderData<typeof loader>()} sent={useActionData<typeof action>()} />;
}

export const meta = titled("Edit Compound");
export const ErrorBoundary = GeneralErrorBoundary;
