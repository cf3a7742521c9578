import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { SOURCE_ADDED, SOURCE_SAVE_FAILED } from "#common/messages";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { createSource } from "~/models/monitor.server";
import { requireUserWith } from "~/services/auth.server";

import { SourceForm } from "./__source-form";
import { sourceFormValues, submitSourceForm } from "./__source-form.server";

// /administration/monitoring/add (admins): a new source is checked at the next tick.

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWith(request, "monitoring:manage");
  return { defaultValue: sourceFormValues() };
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireUserWith(request, "monitoring:manage");
  return submitSourceForm(request, { save: (values) => createSource({ actor, values }), done: SOURCE_ADDED, failed: SOURCE_SAVE_FAILED });
}

export default function AddSourcePage() {
  const { defaultValue } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <SourceForm mode="add" defaultValue={defaultValue} lastResult={actionData?.result} />;
}

export const meta: MetaFunction = () => [{ title: "Add Source | Pharmascope" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
