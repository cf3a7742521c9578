import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { AREA_DELETE_FAILED, AREA_DELETE_QUESTION, AREA_DELETED } from "#common/messages";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { ConfirmDelete } from "~/components/console/dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { deleteArea } from "~/models/therapeutic-area.server";
import { requirePermitted } from "~/services/auth.server";
import { titled } from "~/utils/meta";
import { redirectAfter } from "~/utils/toast.server";

// Deleting a therapeutic area (admin): GET is the confirmation step, POST deletes the area with its diseases,
// their sheet caches and every user's permission entries for it.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { client, area } = await requirePermitted(request, { clientId: params.clientId, taId: params.taId, permission: "area:delete" });
  return { client, area };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { client, area } = await requirePermitted(request, { clientId: params.clientId, taId: params.taId, permission: "area:delete" });
  return redirectAfter(request, `/clients/${client.id}/therapeuticAreas`, () => deleteArea({ area }), {
    done: AREA_DELETED,
    failed: AREA_DELETE_FAILED,
  });
}

export default function DeleteAreaPage() {
  const { client, area } = useLoaderData<typeof loader>();
  const back = `/clients/${client.id}/therapeuticAreas`;
  return (
    <section className="page narrow">
      <Breadcrumbs
        items={[{ label: "Clients", to: "/dashboard" }, { label: client.name, to: back }, { label: area.name }, { label: "Delete" }]}
      />
      <ConfirmDelete title={`Delete ${area.name}`} question={AREA_DELETE_QUESTION} cancelTo={back} />
    </section>
  );
}

export const meta = titled("Delete Therapeutic Area");

export const ErrorBoundary = GeneralErrorBoundary;
