import { useActionData, useLoaderData } from "@remix-run/react";

import { ImportUploadPage } from "~/components/console/import";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { titled } from "~/utils/meta";

import type { uploadAction as action, uploadLoader as loader } from "./__compound-import.server";

// Import Compounds (admin-console §5): the template, and the upload that leads to the preview.

export { uploadAction as action, uploadLoader as loader } from "./__compound-import.server";

export default function ImportPage() {
  const importing = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <ImportUploadPage title="Import Compounds" {...importing} error={actionData?.error} />;
}

export const meta = titled("Import Compounds");

export const ErrorBoundary = GeneralErrorBoundary;
