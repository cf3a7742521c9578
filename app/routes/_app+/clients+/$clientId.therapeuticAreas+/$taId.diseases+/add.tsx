import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { DISEASE_ADD_FAILED, DISEASE_ADDED } from "#common/messages";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { createDisease, deleteDisease } from "~/models/disease.server";
import { requirePermitted } from "~/services/auth.server";
import { titled } from "~/utils/meta";

import { DiseaseForm } from "./__disease-form";
import { submitDiseaseForm } from "./__disease-form.server";
import { DiseasePage, diseasesAddress } from "./__disease-page";

// Add a disease to a therapeutic area (admin), with its Google Sheet or an uploaded workbook.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { client, area } = await requirePermitted(request, { clientId: params.clientId, taId: params.taId, permission: "disease:create" });
  return { client, area };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, client, area } = await requirePermitted(request, {
    clientId: params.clientId,
    taId: params.taId,
    permission: "disease:create",
  });
  return submitDiseaseForm(request, {
    user,
    save: (settings) => createDisease({ user, area, settings }),
    undo: (id) => deleteDisease({ disease: { id } }),
    done: DISEASE_ADDED,
    failed: DISEASE_ADD_FAILED,
    back: diseasesAddress(client, area),
  });
}

export default function AddDiseasePage() {
  const { client, area } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <DiseasePage client={client} area={area} step="Add">
      <DiseaseForm
        mode="add"
        lastResult={actionData?.result}
        sheetTest={actionData?.sheetTest}
        keptWorkbook={actionData?.keptWorkbook}
        cancelTo={diseasesAddress(client, area)}
      />
    </DiseasePage>
  );
}

export const meta = titled("Add Disease");

export const ErrorBoundary = GeneralErrorBoundary;
