import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { AREA_DELETE_QUESTION, ConfirmDelete } from "~/components/catalog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { deleteArea } from "~/utils/catalog.server";
import { requireCatalogRole, requirePermittedArea } from "~/utils/permissions.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

// Deleting a therapeutic area (admin): GET is the confirmation step, POST deletes the area with its diseases,
// their sheet caches and every user's permission entries for it.

export const AREA_DELETED = "Therapeutic Area Deleted!";
const AREA_DELETE_FAILED = "Error ocured while deleting Therapeutic Area.";

async function guard(request: Request, params: LoaderFunctionArgs["params"]) {
  const user = await requireUser(request);
  const found = await requirePermittedArea(request, user, params.clientId, params.taId);
  requireCatalogRole(user, "area:delete");
  return found;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  return guard(request, params);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { client, area } = await guard(request, params);
  const back = `/clients/${client.id}/therapeuticAreas`;
  try {
    await deleteArea(area.id);
  } catch (error) {
    console.warn("therapeutic area delete failed", error);
    return redirectWithToast(request, back, { type: "error", message: AREA_DELETE_FAILED });
  }
  return redirectWithToast(request, back, { type: "success", message: AREA_DELETED });
}

export default function DeleteAreaPage() {
  const { client, area } = useLoaderData<typeof loader>();
  const back = `/clients/${client.id}/therapeuticAreas`;
  return (
    <section className="page narrow">
      <Breadcrumbs items={[{ label: "Clients", to: "/dashboard" }, { label: client.name, to: back }, { label: area.name }, { label: "Delete" }]} />
      <ConfirmDelete title={`Delete ${area.name}`} question={AREA_DELETE_QUESTION} cancelTo={back} />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Delete Therapeutic Area | Pharmascope" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
