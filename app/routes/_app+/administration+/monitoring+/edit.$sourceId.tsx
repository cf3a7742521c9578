import { useActionData, useLoaderData } from "@remix-run/react";

import { RecordFormPage } from "~/components/console/record-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { titled } from "~/utils/meta";

import { SourceForm } from "./__source-form";
import type { action, editLoader as loader } from "./__source-form.server";

// /administration/monitoring/edit/{sourceId} (admins), with its History. A new address or interval is checked at once.
// Its loader and action are its form's (Add's and Edit's side by side): each calls the guard first.

export { action, editLoader as loader } from "./__source-form.server";

export default function EditSourcePage() {
  return <RecordFormPage form={SourceForm} mode="edit" loaded={useLoaderData<typeof loader>()} sent={useActionData<typeof action>()} />;
}

export const meta = titled("Edit Source");
export const ErrorBoundary = GeneralErrorBoundary;
