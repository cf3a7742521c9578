import { useActionData, useLoaderData } from "@remix-run/react";

import { RecordFormPage } from "~/components/console/record-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { titled } from "~/utils/meta";

import { CompoundForm } from "./__compound-form";
import type { action, addLoader as loader } from "./__compound-form.server";

// /administration/compound/add (editors and admins).
// Its loader and action are its form's (Add's and Edit's side by side): each calls the guard first.

export { action, addLoader as loader } from "./__compound-form.server";

export default function AddCompoundPage() {
  return <RecordFormPage form={CompoundForm} mode="add" loaded={useLoaderData<typeof loader>()} sent={useActionData<typeof action>()} />;
}

export const meta = titled("Add Compound");
export const ErrorBoundary = GeneralErrorBoundary;
