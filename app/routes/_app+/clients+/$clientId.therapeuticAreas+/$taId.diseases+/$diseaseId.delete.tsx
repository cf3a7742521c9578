import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { DISEASE_DELETE_FAILED, DISEASE_DELETED, diseaseDeleteQuestion } from "#common/messages";
import { ConfirmDelete } from "~/components/console/dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { deleteDisease } from "~/models/disease.server";
import { requirePermitted } from "~/services/auth.server";
import { titled } from "~/utils/meta";
import { redirectAfter } from "~/utils/toast.server";

import { DiseasePage, diseasesAddress } from "./__disease-page";

// Deleting a disease (top-level admin only): GET confirms, POST deletes it with its sheet cache and permissions.

const guard = (request: Request, params: LoaderFunctionArgs["params"]) =>
  requirePermitted(request, { clientId: params.clientId, taId: params.taId, diseaseId: params.diseaseId, permission: "disease:delete" });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { client, area, disease } = await guard(request, params);
  return { client, area, disease: { id: disease.id, name: disease.name } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { client, area, disease } = await guard(request, params);
  return redirectAfter(request, diseasesAddress(client, area), () => deleteDisease({ disease }), {
    done: DISEASE_DELETED,
    failed: DISEASE_DELETE_FAILED,
  });
}

export default function DeleteDiseasePage() {
  const { client, area, disease } = useLoaderData<typeof loader>();
  return (
    <DiseasePage client={client} area={area} disease={disease} step="Delete">
      <ConfirmDelete
        title={`Delete ${disease.name}`}
        question={diseaseDeleteQuestion(disease.name)}
        cancelTo={diseasesAddress(client, area)}
      />
    </DiseasePage>
  );
}

export const meta = titled("Delete Disease");

export const ErrorBoundary = GeneralErrorBoundary;
