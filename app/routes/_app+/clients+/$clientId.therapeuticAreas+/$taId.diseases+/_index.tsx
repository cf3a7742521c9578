import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { diseaseDeleteQuestion, NO_DISEASES } from "#common/messages";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { diseaseFacts } from "~/components/card-facts";
import { ConfirmDelete, FormDialog, useDialog } from "~/components/console/dialog";
import { DrillCards } from "~/components/drill-cards";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageFooter } from "~/components/page-footer";
import { diseaseCards } from "~/models/card-facts.server";
import { listPermittedDiseases } from "~/models/disease.server";
import { requirePermitted } from "~/services/auth.server";
import { permissionsOf } from "~/utils/permissions";

// Diseases of one therapeutic area as cards (user-app §2; admin-console "Disease cards"), with what each holds.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, client, area } = await requirePermitted(request, { clientId: params.clientId, taId: params.taId });
  return {
    client,
    area,
    diseases: await diseaseCards({ area, diseases: await listPermittedDiseases({ user, area }) }),
    can: permissionsOf(user, "disease:create", "disease:update", "disease:delete"),
  };
}

export default function DiseasesPage() {
  const { client, area, diseases, can } = useLoaderData<typeof loader>();
  const areas = `/clients/${client.id}/therapeuticAreas`;
  const base = `${areas}/${area.id}/diseases`;
  const { dialog, close, opener } = useDialog<{ id: string; name: string }>();
  return (
    <section className="page">
      <Breadcrumbs items={[{ label: "Clients", to: "/dashboard" }, { label: client.name, to: areas }, { label: area.name }]} />
      <div className="page-header">
        <h1 className="page-title">{area.name}</h1>
        {can["disease:create"] ? (
          <Link className="button primary" to={`${base}/add`}>
            Add New Disease
          </Link>
        ) : null}
      </div>
      <DrillCards
        items={diseases}
        empty={NO_DISEASES}
        to={(disease) => `${base}/${disease.id}/reports`}
        facts={diseaseFacts}
        menu={(disease) => [
          ...(can["disease:update"] ? [{ label: "Edit", to: `${base}/${disease.id}/edit` }] : []),
          ...(can["disease:delete"]
            ? [{ label: "Delete", to: `${base}/${disease.id}/delete`, open: opener({ id: disease.id, name: disease.name }) }]
            : []),
        ]}
      />
      {dialog ? (
        <FormDialog title={`Delete ${dialog.name}`} onClose={close}>
          <ConfirmDelete
            title={`Delete ${dialog.name}`}
            question={diseaseDeleteQuestion(dialog.name)}
            inDialog={{ action: `${base}/${dialog.id}/delete`, onClose: close }}
          />
        </FormDialog>
      ) : null}
      <PageFooter />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.area.name ?? "Diseases"} | Pharmascope` }];

export const ErrorBoundary = GeneralErrorBoundary;
