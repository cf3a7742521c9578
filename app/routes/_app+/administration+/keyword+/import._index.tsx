import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { ImportUploadPage } from "~/components/console/import";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireUserWith } from "~/services/auth.server";
import { uploadImport, uploadPageOf } from "~/services/console/import.server";
import { titled } from "~/utils/meta";

import { keywordImporter } from "./__keyword-import.server";

// Import Keywords (admin-console §5): the template, and the upload that leads to the preview.

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWith(request, "keyword:manage");
  return uploadPageOf(keywordImporter);
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWith(request, "keyword:manage");
  return uploadImport(request, keywordImporter, user);
}

export default function ImportPage() {
  const importing = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <ImportUploadPage title="Import Keywords" {...importing} error={actionData?.error} />;
}

export const meta = titled("Import Keywords");

export const ErrorBoundary = GeneralErrorBoundary;
