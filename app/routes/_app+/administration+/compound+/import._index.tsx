import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { ImportUploadPage } from "~/components/console/import";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireUserWith } from "~/services/auth.server";
import { uploadImport, uploadPageOf } from "~/services/console/import.server";
import { titled } from "~/utils/meta";

import { compoundImporter } from "./__compound-import.server";

// Import Compounds (admin-console §5): the template, and the upload that leads to the preview.

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWith(request, "compound:manage");
  return uploadPageOf(compoundImporter);
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWith(request, "compound:manage");
  return uploadImport(request, compoundImporter, user);
}

export default function ImportPage() {
  const importing = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <ImportUploadPage title="Import Compounds" {...importing} error={actionData?.error} />;
}

export const meta = titled("Import Compounds");

export const ErrorBoundary = GeneralErrorBoundary;
