import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageFooter } from "~/components/page-footer";
import { AREA_DELETE_QUESTION, AreaForm, CardMenu, ConfirmDelete, opensDialog, useCatalogDialog } from "~/components/catalog";
import { FormDialog } from "~/components/form-dialog";
import { mayManage, permittedAreas, requirePermittedClient } from "~/utils/permissions.server";
import { requireUser } from "~/utils/session.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const client = await requirePermittedClient(request, user, params.clientId);
  return {
    client,
    areas: await permittedAreas(user, client.id),
    can: { write: mayManage(user, "area:write"), delete: mayManage(user, "area:delete") },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.client.name ?? "Client"} | Pharmascope` }];

export default function TherapeuticAreasPage() {
  const { client, areas, can } = useLoaderData<typeof loader>();
  const base = `/clients/${client.id}/therapeuticAreas`;
  const { dialog, close, opener } = useCatalogDialog<{ kind: "new" } | { kind: "edit" | "delete"; id: string; name: string }>();
  return (
    <section className="page">
      <Breadcrumbs items={[{ label: "Clients", to: "/dashboard" }, { label: client.name }]} />
      <div className="page-header">
        <h1 className="page-title">Therapeutic Areas</h1>
        {can.write ? (
          <Link className="button primary" to={`${base}/new`} onClick={opensDialog(opener({ kind: "new" }))}>
            Add New Area
          </Link>
        ) : null}
      </div>
      {areas.length === 0 ? (
        <p className="empty">You don't have access to any Therapeutic Areas</p>
      ) : (
        <ul className="card-grid">
          {areas.map((area) => (
            <li key={area.id} className="card-cell">
              <Link className="card" to={`${base}/${area.id}/diseases`}>
                <span className="card-initial" aria-hidden="true">{area.name[0]}</span>
                <span className="card-title">{area.name}</span>
              </Link>
              <CardMenu
                label={area.name}
                items={[
                  ...(can.write ? [{ label: "Edit", to: `${base}/${area.id}/edit`, open: opener({ kind: "edit", ...area }) }] : []),
                  ...(can.delete ? [{ label: "Delete", to: `${base}/${area.id}/delete`, open: opener({ kind: "delete", ...area }) }] : []),
                ]}
              />
            </li>
          ))}
        </ul>
      )}
      {dialog?.kind === "new" ? (
        <FormDialog title="New" onClose={close}>
          <AreaForm mode="new" inDialog={{ action: `${base}/new`, onClose: close }} />
        </FormDialog>
      ) : null}
      {dialog?.kind === "edit" ? (
        <FormDialog title="Edit" onClose={close}>
          <AreaForm mode="edit" defaultName={dialog.name} inDialog={{ action: `${base}/${dialog.id}/edit`, onClose: close }} />
        </FormDialog>
      ) : null}
      {dialog?.kind === "delete" ? (
        <FormDialog title={`Delete ${dialog.name}`} onClose={close}>
          <ConfirmDelete title={`Delete ${dialog.name}`} question={AREA_DELETE_QUESTION} inDialog={{ action: `${base}/${dialog.id}/delete`, onClose: close }} />
        </FormDialog>
      ) : null}
      <PageFooter />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
