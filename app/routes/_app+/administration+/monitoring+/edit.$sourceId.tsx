import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { RecordFormPage } from "~/components/console/record-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireManagedRecord, SOURCES } from "~/services/console/managed.server";
import { withHistory } from "~/services/console/record-form.server";
import { titled } from "~/utils/meta";

import { SourceForm } from "./__source-form";
import { sourceFormValues, submitSourceForm } from "./__source-form.server";

// /administration/monitoring/edit/{sourceId} (admins), with its History. A new address or interval is checked at once.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor, record: source } = await requireManagedRecord(request, params.sourceId, SOURCES);
  return withHistory(actor, "source", source, { defaultValue: sourceFormValues(source) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, record: source } = await requireManagedRecord(request, params.sourceId, SOURCES);
  return submitSourceForm(request, actor, source);
}

export default function EditSourcePage() {
  return <RecordFormPage form={SourceForm} mode="edit" loaded={useLoaderData<typeof loader>()} sent={useActionData<typeof action>()} />;
}

export const meta = titled("Edit Source");

export const ErrorBoundary = GeneralErrorBoundary;
