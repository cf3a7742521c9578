import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { ConfirmDelete, diseaseDeleteQuestion } from "~/components/catalog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { deleteDisease } from "~/utils/catalog.server";
import { requireCatalogRole, requirePermittedArea, requirePermittedDiseaseIn } from "~/utils/permissions.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

// Deleting a disease (top-level admin only): GET confirms, POST deletes it with its sheet cache and permissions.

export const DISEASE_DELETED = "Disease Deleted!";
const DISEASE_DELETE_FAILED = "Error ocured while deleting disease.";

async function guard(request: Request, params: LoaderFunctionArgs["params"]) {
  const user = await requireUser(request);
  const { client, area } = await requirePermittedArea(request, user, params.clientId, params.taId);
  requireCatalogRole(user, "disease:delete");
  const disease = await requirePermittedDiseaseIn(request, user, area, params.dId);
  return { client, area, disease: { id: String(disease._id), name: disease.name } };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  return guard(request, params);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { client, area, disease } = await guard(request, params);
  const back = `/clients/${client.id}/therapeuticAreas/${area.id}/diseases`;
  try {
    await deleteDisease(disease.id);
  } catch (error) {
    console.warn("disease delete failed", error);
    return redirectWithToast(request, back, { type: "error", message: DISEASE_DELETE_FAILED });
  }
  return redirectWithToast(request, back, { type: "success", message: DISEASE_DELETED });
}

export default function DeleteDiseasePage() {
  const { client, area, disease } = useLoaderData<typeof loader>();
  const areas = `/clients/${client.id}/therapeuticAreas`;
  const back = `${areas}/${area.id}/diseases`;
  return (
    <section className="page narrow">
      <Breadcrumbs
        items={[{ label: "Clients", to: "/dashboard" }, { label: client.name, to: areas }, { label: area.name, to: back }, { label: disease.name }, { label: "Delete" }]}
      />
      <ConfirmDelete title={`Delete ${disease.name}`} question={diseaseDeleteQuestion(disease.name)} cancelTo={back} />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Delete Disease | Pharmascope" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
