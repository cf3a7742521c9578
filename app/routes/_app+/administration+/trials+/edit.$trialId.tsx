import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { RecordFormPage } from "~/components/console/record-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { TrialRegistryHistory } from "~/components/trial-registry-history";
import { trialRegistryHistory } from "~/models/registry.server";
import { requireManagedRecord, TRIALS } from "~/services/console/managed.server";
import { withHistory } from "~/services/console/record-form.server";
import { titled } from "~/utils/meta";

import { keepPageOnAutosave, TrialForm } from "./__trial-form";
import { submitTrialForm, trialFormData } from "./__trial-form.server";

// /administration/trials/edit/{trialId} (editors and admins, a trial of a disease they hold): the trial's values start
// a draft at the first step change; Update writes them. With its History, and for a trial imported from
// ClinicalTrials.gov what the registry's syncs changed (issue 15).

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor, record: trial } = await requireManagedRecord(request, params.trialId, TRIALS);
  const loading = Promise.all([
    trialFormData(request, { user: actor, trial }),
    trial.registry?.source ? trialRegistryHistory(String(trial._id)) : null,
  ]);
  return withHistory(
    actor,
    "trial",
    trial,
    loading.then(([form, registry]) => ({ ...form, trialId: String(trial._id), registry })),
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, record: trial } = await requireManagedRecord(request, params.trialId, TRIALS);
  return submitTrialForm(request, actor, trial);
}

export default function EditTrialPage() {
  const loaded = useLoaderData<typeof loader>();
  return (
    <RecordFormPage key={loaded.trialId} form={TrialForm} mode="edit" loaded={loaded} sent={useActionData<typeof action>()}>
      {loaded.registry ? <TrialRegistryHistory history={loaded.registry} /> : null}
    </RecordFormPage>
  );
}

export const meta = titled("Update Trial");

export const shouldRevalidate = keepPageOnAutosave;

export const ErrorBoundary = GeneralErrorBoundary;
