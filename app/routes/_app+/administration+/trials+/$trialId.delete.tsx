import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { TRIAL_DELETE_FAILED, TRIAL_DELETE_QUESTION, TRIAL_DELETE_TITLE, TRIAL_DELETED } from "#common/messages";
import { ConfirmDelete } from "~/components/console/dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { deleteTrial } from "~/models/trial.server";
import { requireManagedRecord, TRIALS } from "~/services/console/managed.server";
import { TRIALS_LIST } from "~/utils/administration";
import { readFormData } from "~/utils/request.server";
import { redirectAfter } from "~/utils/toast.server";
import { returnTo, safeRedirect } from "~/utils/url";

// Deleting a trial asks first ('Delete Trail', admin-console §2, letter for letter): a dialog over the list with
// JavaScript, this page without.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { record: trial } = await requireManagedRecord(request, params.trialId, TRIALS);
  return { title: trial.eventTitle, back: safeRedirect(new URL(request.url).searchParams.get("redirectTo"), TRIALS_LIST) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, record: trial } = await requireManagedRecord(request, params.trialId, TRIALS);
  const back = returnTo(await readFormData(request), TRIALS_LIST);
  return redirectAfter(request, back, () => deleteTrial({ actor, trial }), { done: TRIAL_DELETED, failed: TRIAL_DELETE_FAILED });
}

export default function DeleteTrialPage() {
  const { title, back } = useLoaderData<typeof loader>();
  return (
    <section className="page narrow">
      <p className="field-hint">{title}</p>
      <ConfirmDelete title={TRIAL_DELETE_TITLE} question={TRIAL_DELETE_QUESTION} redirectTo={back} cancelTo={back} />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Delete Trial | Pharmascope" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
