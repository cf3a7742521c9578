import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageFooter } from "~/components/page-footer";
import { permittedAreas, requirePermittedClient } from "~/utils/permissions.server";
import { requireUser } from "~/utils/session.server";
import { selectClient } from "~/utils/shell.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const client = await requirePermittedClient(request, user, params.clientId);
  if (String(user.selectedClient ?? "") !== client.id) await selectClient(user, client.id);
  return { client, areas: await permittedAreas(user, client.id) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.client.name ?? "Client"} | Pharmascope` }];

export default function TherapeuticAreasPage() {
  const { client, areas } = useLoaderData<typeof loader>();
  return (
    <section className="page">
      <Breadcrumbs items={[{ label: "Clients", to: "/dashboard" }, { label: client.name }]} />
      <h1 className="page-title">Therapeutic Areas</h1>
      {areas.length === 0 ? (
        <p className="empty">You don't have access to any Therapeutic Areas</p>
      ) : (
        <ul className="card-grid">
          {areas.map((area) => (
            <li key={area.id}>
              <Link className="card" to={`/clients/${client.id}/therapeuticAreas/${area.id}/diseases`}>
                <span className="card-initial" aria-hidden="true">{area.name[0]}</span>
                <span className="card-title">{area.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <PageFooter />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
