import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { CLIENT_DELETE_FAILED, CLIENT_DELETED, clientDeleteQuestion } from "#common/messages";
import { ConfirmDelete } from "~/components/console/dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { clientDeletionImpact, deleteClientRecord } from "~/models/client.server";
import { CLIENTS, requireManagedRecord } from "~/services/console/managed.server";
import { CLIENTS_LIST } from "~/utils/administration";
import { redirectAfter } from "~/utils/toast.server";

// Deleting a client asks first, saying what goes with it (issue 11): its areas, diseases and their sheet caches, its
// news, events, trials, keywords and compounds, and every user's access to it.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { record: client } = await requireManagedRecord(request, params.clientId, CLIENTS);
  return { name: client.name, impact: await clientDeletionImpact(client) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, record: client } = await requireManagedRecord(request, params.clientId, CLIENTS);
  return redirectAfter(request, CLIENTS_LIST, () => deleteClientRecord({ actor, client }), {
    done: CLIENT_DELETED,
    failed: CLIENT_DELETE_FAILED,
  });
}

export default function DeleteClientPage() {
  const { name, impact } = useLoaderData<typeof loader>();
  return (
    <section className="page narrow">
      <ConfirmDelete title={`Delete ${name}`} question={clientDeleteQuestion(name, impact)} cancelTo={CLIENTS_LIST} />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Delete Client | Pharmascope" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
