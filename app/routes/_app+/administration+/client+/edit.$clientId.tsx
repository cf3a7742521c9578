import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { CLIENT_UPDATE_FAILED, CLIENT_UPDATED } from "#common/messages";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { auditEntry, HistoryPanel } from "~/components/history-panel";
import { historyOf } from "~/models/audit.server";
import { updateClientRecord } from "~/models/client.server";
import { CLIENTS, requireManagedRecord } from "~/services/console/managed.server";
import { titled } from "~/utils/meta";

import { ClientForm } from "./__client-form";
import { clientFormValues, submitClientForm } from "./__client-form.server";

// /administration/client/edit/{clientId} (top-level admin), with the client's History panel.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { record: client } = await requireManagedRecord(request, params.clientId, CLIENTS);
  const history = await historyOf({ entity: "client", entityId: String(client._id) });
  return { defaultValue: clientFormValues(client), logo: client.thumbnails?.w200 ?? client.logo ?? null, history: history.map(auditEntry) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, record: client } = await requireManagedRecord(request, params.clientId, CLIENTS);
  return submitClientForm(request, {
    save: (values, logo, removeLogo) => updateClientRecord({ actor, client, values, logo, removeLogo }),
    done: CLIENT_UPDATED,
    failed: CLIENT_UPDATE_FAILED,
  });
}

export default function EditClientPage() {
  const { defaultValue, logo, history } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <ClientForm mode="edit" defaultValue={defaultValue} logo={logo} lastResult={actionData?.result} />
      <HistoryPanel entries={history} />
    </>
  );
}

export const meta = titled("Edit Client");

export const ErrorBoundary = GeneralErrorBoundary;
