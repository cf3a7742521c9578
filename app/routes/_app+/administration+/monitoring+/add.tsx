import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { RecordFormPage } from "~/components/console/record-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireUserWith } from "~/services/auth.server";
import { titled } from "~/utils/meta";

import { SourceForm } from "./__source-form";
import { sourceFormValues, submitSourceForm } from "./__source-form.server";

// /administration/monitoring/add (admins): a new source is checked at the next tick.

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWith(request, "monitoring:manage");
  return { defaultValue: sourceFormValues() };
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireUserWith(request, "monitoring:manage");
  return submitSourceForm(request, actor);
}

export default function AddSourcePage() {
  return <RecordFormPage form={SourceForm} mode="add" loaded={useLoaderData<typeof loader>()} sent={useActionData<typeof action>()} />;
}

export const meta = titled("Add Source");

export const ErrorBoundary = GeneralErrorBoundary;
