import { useActionData, useLoaderData } from "@remix-run/react";

import { RecordFormPage } from "~/components/console/record-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { titled } from "~/utils/meta";

import { ClientForm } from "./__client-form";
import type { action, addLoader as loader } from "./__client-form.server";

// /administration/client/add (top-level admin).
// Its loader and action are its form's (Add's and Edit's side by side): each calls the guard first.

export { action, addLoader as loader } from "./__client-form.server";

export default function AddClientPage() {
  return <RecordFormPage form={ClientForm} mode="add" loaded={useLoaderData<typeof loader>()} sent={useActionData<typeof action>()} />;
}

export const meta = titled("Add Client");
export const ErrorBoundary = GeneralErrorBoundary;
