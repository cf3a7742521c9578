import { useActionData, useLoaderData } from "@remix-run/react";

import { RecordFormPage } from "~/components/console/record-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { titled } from "~/utils/meta";

import { SourceForm } from "./__source-form";
import type { action, addLoader as loader } from "./__source-form.server";

// /administration/monitoring/add (admins): a new source is checked at the next tick.
// Its loader and action are its form's (Add's and Edit's side by side): each calls the guard first.

export { action, addLoader as loader } from "./__source-form.server";

export default function AddSourcePage() {
  return <RecordFormPage form={SourceForm} mode="add" loaded={useLoaderData<typeof loader>()} sent={useActionData<typeof action>()} />;
}

export const meta = titled("Add Source");
export const ErrorBoundary = GeneralErrorBoundary;
