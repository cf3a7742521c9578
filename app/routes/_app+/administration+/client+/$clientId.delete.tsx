import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { CLIENT_DELETE_FAILED, CLIENT_DELETED, clientDeleteQuestion } from "#common/messages";
import { ConfirmPage } from "~/components/console/dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { clientDeletionImpact, deleteClientRecord } from "~/models/client.server";
import { applyConfirmed } from "~/services/console/confirm.server";
import { CLIENTS, requireManagedRecord } from "~/services/console/managed.server";
import { CLIENTS_LIST } from "~/utils/administration";
import { titled } from "~/utils/meta";

// Deleting a client asks first, saying what goes with it (issue 11): its areas, diseases and their sheet caches, its
// news, events, trials, keywords and compounds, and every user's access to it.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { record: client } = await requireManagedRecord(request, params.clientId, CLIENTS);
  return { name: client.name, impact: await clientDeletionImpact(client) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, record: client } = await requireManagedRecord(request, params.clientId, CLIENTS);
  return applyConfirmed(request, [CLIENTS.list], () => deleteClientRecord({ actor, client }), {
    done: CLIENT_DELETED,
    failed: CLIENT_DELETE_FAILED,
  });
}

export default function DeleteClientPage() {
  const { name, impact } = useLoaderData<typeof loader>();
  return <ConfirmPage title={`Delete ${name}`} question={clientDeleteQuestion(name, impact)} back={CLIENTS_LIST} />;
}

export const meta = titled("Delete Client");
export const ErrorBoundary = GeneralErrorBoundary;
