import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { DISEASE_DELETE_FAILED, DISEASE_DELETED, diseaseDeleteQuestion } from "#common/messages";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { ConfirmDelete } from "~/components/console/dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { deleteDisease } from "~/models/disease.server";
import { requirePermitted } from "~/services/auth.server";
import { titled } from "~/utils/meta";
import { redirectAfter } from "~/utils/toast.server";

// Deleting a disease (top-level admin only): GET confirms, POST deletes it with its sheet cache and permissions.

const guard = (request: Request, params: LoaderFunctionArgs["params"]) =>
  requirePermitted(request, { clientId: params.clientId, taId: params.taId, diseaseId: params.diseaseId, permission: "disease:delete" });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { client, area, disease } = await guard(request, params);
  return { client, area, disease: { id: disease.id, name: disease.name } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { client, area, disease } = await guard(request, params);
  const back = `/clients/${client.id}/therapeuticAreas/${area.id}/diseases`;
  return redirectAfter(request, back, () => deleteDisease({ disease }), { done: DISEASE_DELETED, failed: DISEASE_DELETE_FAILED });
}

export default function DeleteDiseasePage() {
  const { client, area, disease } = useLoaderData<typeof loader>();
  const areas = `/clients/${client.id}/therapeuticAreas`;
  const back = `${areas}/${area.id}/diseases`;
  return (
    <section className="page narrow">
      <Breadcrumbs
        items={[
          { label: "Clients", to: "/dashboard" },
          { label: client.name, to: areas },
          { label: area.name, to: back },
          { label: disease.name },
          { label: "Delete" },
        ]}
      />
      <ConfirmDelete title={`Delete ${disease.name}`} question={diseaseDeleteQuestion(disease.name)} cancelTo={back} />
    </section>
  );
}

export const meta = titled("Delete Disease");

export const ErrorBoundary = GeneralErrorBoundary;
