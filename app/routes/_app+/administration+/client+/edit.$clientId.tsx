import { useActionData, useLoaderData } from "@remix-run/react";

import { RecordFormPage } from "~/components/console/record-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { titled } from "~/utils/meta";

import { ClientForm } from "./__client-form";
import type { action, editLoader as loader } from "./__client-form.server";

// /administration/client/edit/{clientId} (top-level admin), with the client's History panel.
// Its loader and action are its form's (Add's and Edit's side by side): each calls the guard first.

export { action, editLoader as loader } from "./__client-form.server";

export default function EditClientPage() {
  return <RecordFormPage form={ClientForm} mode="edit" loaded={useLoaderData<typeof loader>()} sent={useActionData<typeof action>()} />;
}

export const meta = titled("Edit Client");
export const ErrorBoundary = GeneralErrorBoundary;
