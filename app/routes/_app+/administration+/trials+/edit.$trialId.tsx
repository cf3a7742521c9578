import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { TRIAL_UPDATED } from "#common/messages";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { auditEntry, HistoryPanel } from "~/components/history-panel";
import { TrialRegistryHistory } from "~/components/trial-registry-history";
import { historyOf } from "~/models/audit.server";
import { trialRegistryHistory } from "~/models/registry.server";
import { updateTrial } from "~/models/trial.server";
import { requireManagedRecord, TRIALS } from "~/services/console/managed.server";
import { titled } from "~/utils/meta";

import { keepPageOnAutosave, TrialForm } from "./__trial-form";
import { submitTrialForm, trialFormData } from "./__trial-form.server";

// /administration/trials/edit/{trialId} (editors and admins, a trial of a disease they hold): the trial's values start
// a draft at the first step change; Update writes them. With its History, and for a trial imported from
// ClinicalTrials.gov what the registry's syncs changed (issue 15).

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor, record: trial } = await requireManagedRecord(request, params.trialId, TRIALS);
  const [form, history, registry] = await Promise.all([
    trialFormData(request, { user: actor, trial }),
    historyOf({ entity: "trial", entityId: String(trial._id) }),
    trial.registry?.source ? trialRegistryHistory(String(trial._id)) : null,
  ]);
  return { ...form, trialId: String(trial._id), history: history.map(auditEntry), registry };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, record: trial } = await requireManagedRecord(request, params.trialId, TRIALS);
  return submitTrialForm(request, { user: actor, trial, save: (values) => updateTrial({ actor, trial, values }), done: TRIAL_UPDATED });
}

export default function EditTrialPage() {
  const loaded = useLoaderData<typeof loader>();
  const sent = useActionData<typeof action>();
  return (
    <>
      <TrialForm key={loaded.trialId} mode="edit" loaded={loaded} sent={sent} />
      {loaded.registry ? <TrialRegistryHistory history={loaded.registry} /> : null}
      <HistoryPanel entries={loaded.history} />
    </>
  );
}

export const meta = titled("Update Trial");

export const shouldRevalidate = keepPageOnAutosave;

export const ErrorBoundary = GeneralErrorBoundary;
