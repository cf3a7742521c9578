import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { DISEASE_UPDATE_FAILED, DISEASE_UPDATED } from "#common/messages";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getDiseaseSettings, updateDisease } from "~/models/disease.server";
import { requirePermitted } from "~/services/auth.server";
import { titled } from "~/utils/meta";
import { objectId, sheetStatus } from "~/utils/sheets/store.server";
import { listVersions } from "~/utils/sheets/versions.server";

import { DiseaseForm } from "./__disease-form";
import { submitDiseaseForm } from "./__disease-form.server";
import { DiseasePage, diseasesAddress } from "./__disease-page";
import { SheetSourcePanel, SheetVersionsPanel } from "./__sheet-source";

// Edit a disease (admin, on a disease they may see, in the area of the URL) and its sheet source (the form), with the
// state of its stored copy below (the panel) and the versions the sheet has had (issue 30).

const guard = (request: Request, params: LoaderFunctionArgs["params"]) =>
  requirePermitted(request, { clientId: params.clientId, taId: params.taId, diseaseId: params.diseaseId, permission: "disease:update" });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { client, area, disease } = await guard(request, params);
  return {
    client,
    area,
    disease: { id: disease.id, name: disease.name },
    settings: await getDiseaseSettings({ disease }),
    sheet: await sheetStatus(disease.id),
    versions: await listVersions(objectId(disease.id)),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, client, area, disease } = await guard(request, params);
  return submitDiseaseForm(request, {
    user,
    diseaseId: disease.id,
    save: async (settings) => {
      await updateDisease({ disease, settings });
      return disease.id;
    },
    done: DISEASE_UPDATED,
    failed: DISEASE_UPDATE_FAILED,
    back: diseasesAddress(client, area),
  });
}

export default function EditDiseasePage() {
  const { client, area, disease, settings, sheet, versions } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const back = diseasesAddress(client, area);
  return (
    <DiseasePage client={client} area={area} disease={disease} step="Edit">
      <DiseaseForm
        mode="edit"
        defaults={settings}
        currentWorkbook={sheet.upload}
        lastResult={actionData?.result}
        sheetTest={actionData?.sheetTest}
        keptWorkbook={actionData?.keptWorkbook}
        cancelTo={back}
      />
      <SheetSourcePanel diseaseId={disease.id} status={sheet} here={`${back}/${disease.id}/edit`} />
      <SheetVersionsPanel
        diseaseId={disease.id}
        versions={versions}
        reports={`${back}/${disease.id}/reports`}
        here={`${back}/${disease.id}/edit`}
      />
    </DiseasePage>
  );
}

export const meta = titled("Edit Disease");

export const ErrorBoundary = GeneralErrorBoundary;
