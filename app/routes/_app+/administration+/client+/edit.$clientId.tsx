import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { RecordFormPage } from "~/components/console/record-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CLIENTS, requireManagedRecord } from "~/services/console/managed.server";
import { withHistory } from "~/services/console/record-form.server";
import { titled } from "~/utils/meta";

import { ClientForm } from "./__client-form";
import { clientFormPage, submitClientForm } from "./__client-form.server";

// /administration/client/edit/{clientId} (top-level admin), with the client's History panel.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor, record: client } = await requireManagedRecord(request, params.clientId, CLIENTS);
  return withHistory(actor, "client", client, clientFormPage(client));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, record: client } = await requireManagedRecord(request, params.clientId, CLIENTS);
  return submitClientForm(request, actor, client);
}

export default function EditClientPage() {
  return <RecordFormPage form={ClientForm} mode="edit" loaded={useLoaderData<typeof loader>()} sent={useActionData<typeof action>()} />;
}

export const meta = titled("Edit Client");

export const ErrorBoundary = GeneralErrorBoundary;
