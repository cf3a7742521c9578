import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { AREA_UPDATED } from "#common/messages";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { renameArea } from "~/models/therapeutic-area.server";
import { requirePermitted } from "~/services/auth.server";
import { titled } from "~/utils/meta";

import { AreaForm } from "./__area-form";
import { submitAreaForm } from "./__area-form.server";

// The "Edit" therapeutic area dialog as a page (admin and editor, on an area they may see).

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { client, area } = await requirePermitted(request, { clientId: params.clientId, taId: params.taId, permission: "area:update" });
  return { client, area };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { client, area } = await requirePermitted(request, { clientId: params.clientId, taId: params.taId, permission: "area:update" });
  return submitAreaForm(request, {
    save: (name) => renameArea({ area, name }),
    done: AREA_UPDATED,
    back: `/clients/${client.id}/therapeuticAreas`,
  });
}

export default function EditAreaPage() {
  const { client, area } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const back = `/clients/${client.id}/therapeuticAreas`;
  return (
    <section className="page narrow">
      <Breadcrumbs
        items={[{ label: "Clients", to: "/dashboard" }, { label: client.name, to: back }, { label: area.name }, { label: "Edit" }]}
      />
      <AreaForm mode="edit" defaultName={area.name} lastResult={actionData?.result} cancelTo={back} />
    </section>
  );
}

export const meta = titled("Edit Therapeutic Area");

export const ErrorBoundary = GeneralErrorBoundary;
