import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { RecordFormPage } from "~/components/console/record-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireUserWith } from "~/services/auth.server";
import { titled } from "~/utils/meta";

import { ClientForm } from "./__client-form";
import { clientFormPage, submitClientForm } from "./__client-form.server";

// /administration/client/add (top-level admin).

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWith(request, "client:manage");
  return clientFormPage();
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireUserWith(request, "client:manage");
  return submitClientForm(request, actor);
}

export default function AddClientPage() {
  return <RecordFormPage form={ClientForm} mode="add" loaded={useLoaderData<typeof loader>()} sent={useActionData<typeof action>()} />;
}

export const meta = titled("Add Client");

export const ErrorBoundary = GeneralErrorBoundary;
