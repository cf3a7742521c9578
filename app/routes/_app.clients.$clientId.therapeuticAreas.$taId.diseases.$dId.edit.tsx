import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { connectDb } from "#db/connection.server";
import { Disease } from "#db/models/disease.server";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { DiseaseForm, SheetSourcePanel } from "~/components/catalog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { readDiseaseForm, updateDisease } from "~/utils/catalog.server";
import { requireCatalogRole, requirePermittedArea, requirePermittedDiseaseIn } from "~/utils/permissions.server";
import { requireUser } from "~/utils/session.server";
import { sheetStatus } from "~/utils/sheets/cache.server";
import { redirectWithToast } from "~/utils/toast.server";

// Edit a disease (admin, on a disease they may see, in the area of the URL).

export const DISEASE_UPDATED = "Disease Updated!";
const DISEASE_UPDATE_FAILED = "Eror occured while updating disease.";

async function guard(request: Request, params: LoaderFunctionArgs["params"]) {
  const user = await requireUser(request);
  const { client, area } = await requirePermittedArea(request, user, params.clientId, params.taId);
  requireCatalogRole(user, "disease:write");
  const disease = await requirePermittedDiseaseIn(request, user, area, params.dId);
  return { client, area, disease };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { client, area, disease } = await guard(request, params);
  await connectDb();
  const full = await Disease.findById(disease._id).select("name sheetId sheetName range titlePrefix reports tm verified mesh").lean();
  if (!full) throw new Response("Not found", { status: 404 });
  return {
    client,
    area,
    sheet: await sheetStatus(full._id),
    disease: {
      id: String(full._id),
      name: full.name,
      sheetId: full.sheetId ?? "",
      sheetName: full.sheetName ?? "",
      range: full.range ?? "",
      titlePrefix: full.titlePrefix ?? "",
      reports: (full.reports ?? []).map((r) => r.id),
      tm: Boolean(full.tm),
      verified: Boolean(full.verified),
      mesh: (full.mesh ?? []).join(", "),
    },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { client, area, disease } = await guard(request, params);
  const form = await readDiseaseForm(request);
  if (form.reply) return form.reply;
  try {
    await updateDisease(String(disease._id), form.value);
  } catch (error) {
    console.warn("disease update failed", error);
    return form.failed(DISEASE_UPDATE_FAILED);
  }
  return redirectWithToast(request, `/clients/${client.id}/therapeuticAreas/${area.id}/diseases`, { type: "success", message: DISEASE_UPDATED });
}

export default function EditDiseasePage() {
  const { client, area, disease, sheet } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const areas = `/clients/${client.id}/therapeuticAreas`;
  const back = `${areas}/${area.id}/diseases`;
  return (
    <section className="page narrow">
      <Breadcrumbs
        items={[{ label: "Clients", to: "/dashboard" }, { label: client.name, to: areas }, { label: area.name, to: back }, { label: disease.name }, { label: "Edit" }]}
      />
      <DiseaseForm mode="edit" defaults={disease} lastResult={actionData?.result} sheetTest={actionData?.sheetTest} cancelTo={back} />
      <SheetSourcePanel diseaseId={disease.id} status={sheet} here={`${back}/${disease.id}/edit`} />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Edit Disease | Pharmascope" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
