import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { DiseaseForm } from "~/components/catalog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { createDisease, readDiseaseForm } from "~/utils/catalog.server";
import { requireCatalogRole, requirePermittedArea } from "~/utils/permissions.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

// Add a disease to a therapeutic area (admin).

export const DISEASE_ADDED = "Disease Added!";
const DISEASE_ADD_FAILED = "Eror occured while adding disease.";

async function guard(request: Request, params: LoaderFunctionArgs["params"]) {
  const user = await requireUser(request);
  const found = await requirePermittedArea(request, user, params.clientId, params.taId);
  requireCatalogRole(user, "disease:write");
  return { user, ...found };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { client, area } = await guard(request, params);
  return { client, area };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, client, area } = await guard(request, params);
  const form = await readDiseaseForm(request);
  if (form.reply) return form.reply;
  try {
    await createDisease(user, { clientId: client.id, areaId: area.id }, form.value);
  } catch (error) {
    console.warn("disease create failed", error);
    return form.failed(DISEASE_ADD_FAILED);
  }
  return redirectWithToast(request, `/clients/${client.id}/therapeuticAreas/${area.id}/diseases`, { type: "success", message: DISEASE_ADDED });
}

export default function AddDiseasePage() {
  const { client, area } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const areas = `/clients/${client.id}/therapeuticAreas`;
  const back = `${areas}/${area.id}/diseases`;
  return (
    <section className="page narrow">
      <Breadcrumbs items={[{ label: "Clients", to: "/dashboard" }, { label: client.name, to: areas }, { label: area.name, to: back }, { label: "Add" }]} />
      <DiseaseForm mode="add" lastResult={actionData?.result} sheetTest={actionData?.sheetTest} cancelTo={back} />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Add Disease | Pharmascope" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
