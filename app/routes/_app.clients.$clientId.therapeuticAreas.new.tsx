import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { AreaForm } from "~/components/catalog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AreaSchema } from "~/schemas/catalog";
import { createArea } from "~/utils/catalog.server";
import { requireCatalogRole, requirePermittedClient } from "~/utils/permissions.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormData } from "~/utils/request.server";

// The "New" therapeutic area dialog as a page (admin and editor).

export const AREA_ADDED = "Therapeutic Area Added!";
export const AREA_SAVE_FAILED = "Unexpected Error occured..";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const client = await requirePermittedClient(request, user, params.clientId);
  requireCatalogRole(user, "area:write");
  return { client };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const client = await requirePermittedClient(request, user, params.clientId);
  requireCatalogRole(user, "area:write");
  const submission = parseWithZod(await readFormData(request), { schema: AreaSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    await createArea(user, client.id, submission.value.name);
  } catch (error) {
    console.warn("therapeutic area create failed", error);
    return data({ result: submission.reply({ formErrors: [AREA_SAVE_FAILED] }) }, { status: 500 });
  }
  return redirectWithToast(request, `/clients/${client.id}/therapeuticAreas`, { type: "success", message: AREA_ADDED });
}

export default function NewAreaPage() {
  const { client } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const back = `/clients/${client.id}/therapeuticAreas`;
  return (
    <section className="page narrow">
      <Breadcrumbs items={[{ label: "Clients", to: "/dashboard" }, { label: client.name, to: back }, { label: "New" }]} />
      <AreaForm mode="new" lastResult={actionData?.result} cancelTo={back} />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "New Therapeutic Area | Pharmascope" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
