import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { AREA_ADDED } from "#common/messages";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { createArea } from "~/models/therapeutic-area.server";
import { requirePermitted } from "~/services/auth.server";
import { titled } from "~/utils/meta";

import { AreaForm } from "./__area-form";
import { submitAreaForm } from "./__area-form.server";

// The "New" therapeutic area dialog as a page (admin and editor).

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { client } = await requirePermitted(request, { clientId: params.clientId, permission: "area:create" });
  return { client };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, client } = await requirePermitted(request, { clientId: params.clientId, permission: "area:create" });
  return submitAreaForm(request, {
    save: (name) => createArea({ user, client, name }),
    done: AREA_ADDED,
    back: `/clients/${client.id}/therapeuticAreas`,
  });
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

export const meta = titled("New Therapeutic Area");

export const ErrorBoundary = GeneralErrorBoundary;
