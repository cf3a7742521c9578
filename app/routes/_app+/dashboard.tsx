import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";

import { INVALID_CLIENT_ID } from "#common/messages";
import { CardFacts, clientFacts } from "~/components/card-facts";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { clientCards } from "~/models/card-facts.server";
import { requireUser } from "~/services/auth.server";
import { clientContext, selectClient } from "~/services/shell.server";
import { readFormData } from "~/utils/request.server";
import { redirectWithToast } from "~/utils/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { clients, selected } = await clientContext(user, request);
  // With exactly one permitted client it is selected automatically, so its areas are the home page.
  if (clients.length === 1) throw redirect(`/clients/${clients[0].id}/therapeuticAreas`);
  return { clients: await clientCards({ user, clients }), selectedId: selected?.id ?? null };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const clientId = (await readFormData(request)).get("clientId");
  const { clients } = await clientContext(user, request);
  const client = clients.find((c) => c.id === clientId);
  if (!client) return redirectWithToast(request, "/dashboard", { type: "error", message: INVALID_CLIENT_ID });
  await selectClient(user, client.id);
  return redirect(`/clients/${client.id}/therapeuticAreas`);
}
export const meta: MetaFunction = () => [{ title: "Clients | Pharmascope" }];

export default function DashboardPage() {
  const { clients, selectedId } = useLoaderData<typeof loader>();
  return (
    <section className="page">
      <h1 className="page-title">Please Select a Client to continue</h1>
      {clients.length === 0 ? (
        <p className="empty">You don't have access to any client yet. Ask an administrator to grant you access.</p>
      ) : (
        <ul className="card-grid">
          {clients.map((client) => (
            <li key={client.id}>
              <Form method="post" className="card-form">
                <input type="hidden" name="clientId" value={client.id} />
                <button
                  type="submit"
                  className={`card client-card${client.id === selectedId ? " selected" : ""}`}
                  aria-current={client.id === selectedId ? "true" : undefined}
                >
                  {client.logo ? (
                    <img className="card-logo" src={client.logo} alt="" width={96} height={48} />
                  ) : (
                    <span className="card-initial" aria-hidden="true">
                      {client.name[0]}
                    </span>
                  )}
                  <span className="card-title">{client.name}</span>
                  <CardFacts facts={clientFacts(client)} />
                  {client.id === selectedId ? <span className="badge">Selected</span> : null}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
