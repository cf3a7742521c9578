import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { AreaForm } from "~/components/catalog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AreaSchema } from "~/schemas/catalog";
import { renameArea } from "~/utils/catalog.server";
import { requireCatalogRole, requirePermittedArea } from "~/utils/permissions.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormData } from "~/utils/request.server";

// The "Edit" therapeutic area dialog as a page (admin and editor, on an area they may see).

export const AREA_UPDATED = "Therapeutic Area Updated";
const AREA_SAVE_FAILED = "Unexpected Error occured..";

async function guard(request: Request, params: LoaderFunctionArgs["params"]) {
  const user = await requireUser(request);
  const found = await requirePermittedArea(request, user, params.clientId, params.taId);
  requireCatalogRole(user, "area:write");
  return { user, ...found };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { client, area } = await guard(request, params);
  return { client, area };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { client, area } = await guard(request, params);
  const submission = parseWithZod(await readFormData(request), { schema: AreaSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    await renameArea(area.id, submission.value.name);
  } catch (error) {
    console.warn("therapeutic area update failed", error);
    return data({ result: submission.reply({ formErrors: [AREA_SAVE_FAILED] }) }, { status: 500 });
  }
  return redirectWithToast(request, `/clients/${client.id}/therapeuticAreas`, { type: "success", message: AREA_UPDATED });
}

export default function EditAreaPage() {
  const { client, area } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const back = `/clients/${client.id}/therapeuticAreas`;
  return (
    <section className="page narrow">
      <Breadcrumbs items={[{ label: "Clients", to: "/dashboard" }, { label: client.name, to: back }, { label: area.name }, { label: "Edit" }]} />
      <AreaForm mode="edit" defaultName={area.name} lastResult={actionData?.result} cancelTo={back} />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Edit Therapeutic Area | Pharmascope" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
