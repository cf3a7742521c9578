import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { AREA_DELETE_QUESTION, NO_AREAS } from "#common/messages";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { areaFacts } from "~/components/card-facts";
import { ConfirmDelete, FormDialog, opensDialog, useDialog } from "~/components/console/dialog";
import { DrillCards } from "~/components/drill-cards";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageFooter } from "~/components/page-footer";
import { areaCards } from "~/models/card-facts.server";
import { listPermittedAreas } from "~/models/therapeutic-area.server";
import { requirePermitted } from "~/services/auth.server";
import { permissionsOf } from "~/utils/permissions";

import { AreaForm } from "./__area-form";

// A client's therapeutic areas as cards (user-app §2) with what each holds, with the area dialogs and the delete confirmation.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, client } = await requirePermitted(request, { clientId: params.clientId });
  return {
    client,
    areas: await areaCards({ user, areas: await listPermittedAreas({ user, client }) }),
    can: permissionsOf(user, "area:create", "area:update", "area:delete"),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.client.name ?? "Client"} | Pharmascope` }];

export default function TherapeuticAreasPage() {
  const { client, areas, can } = useLoaderData<typeof loader>();
  const base = `/clients/${client.id}/therapeuticAreas`;
  const { dialog, close, opener } = useDialog<{ kind: "new" } | { kind: "edit" | "delete"; id: string; name: string }>();
  return (
    <section className="page">
      <Breadcrumbs items={[{ label: "Clients", to: "/dashboard" }, { label: client.name }]} />
      <div className="page-header">
        <h1 className="page-title">Therapeutic Areas</h1>
        {can["area:create"] ? (
          <Link className="button primary" to={`${base}/new`} onClick={opensDialog(opener({ kind: "new" }))}>
            Add New Area
          </Link>
        ) : null}
      </div>
      <DrillCards
        items={areas}
        empty={NO_AREAS}
        to={(area) => `${base}/${area.id}/diseases`}
        facts={areaFacts}
        menu={(area) => [
          ...(can["area:update"]
            ? [{ label: "Edit", to: `${base}/${area.id}/edit`, open: opener({ kind: "edit", id: area.id, name: area.name }) }]
            : []),
          ...(can["area:delete"]
            ? [{ label: "Delete", to: `${base}/${area.id}/delete`, open: opener({ kind: "delete", id: area.id, name: area.name }) }]
            : []),
        ]}
      />
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
          <ConfirmDelete
            title={`Delete ${dialog.name}`}
            question={AREA_DELETE_QUESTION}
            inDialog={{ action: `${base}/${dialog.id}/delete`, onClose: close }}
          />
        </FormDialog>
      ) : null}
      <PageFooter />
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
