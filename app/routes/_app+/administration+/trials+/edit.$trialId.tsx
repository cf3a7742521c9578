import { useActionData, useLoaderData } from "@remix-run/react";

import { RecordFormPage } from "~/components/console/record-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { TrialRegistryHistory } from "~/components/trial-registry-history";
import { titled } from "~/utils/meta";

import { keepPageOnAutosave, TrialForm } from "./__trial-form";
import type { action, editLoader as loader } from "./__trial-form.server";

// /administration/trials/edit/{trialId} (editors and admins, a trial of a disease they hold): the trial's values start
// a draft at the first step change; Update writes them. With its History, and for a trial imported from
// ClinicalTrials.gov what the registry's syncs changed (issue 15).
// Its loader and action are its form's (Add's and Edit's side by side): each calls the guard first.

export { action, editLoader as loader } from "./__trial-form.server";

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
