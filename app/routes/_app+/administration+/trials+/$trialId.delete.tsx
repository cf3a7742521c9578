import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { TRIAL_DELETE_FAILED, TRIAL_DELETE_QUESTION, TRIAL_DELETE_TITLE, TRIAL_DELETED } from "#common/messages";
import { ConfirmPage } from "~/components/console/dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { deleteTrial } from "~/models/trial.server";
import { applyConfirmed, confirmBackOf } from "~/services/console/confirm.server";
import { requireManagedRecord, TRIALS } from "~/services/console/managed.server";
import { titled } from "~/utils/meta";

// Deleting a trial asks first ('Delete Trail', admin-console §2, letter for letter): a dialog over the list with
// JavaScript, this page without.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { record: trial } = await requireManagedRecord(request, params.trialId, TRIALS);
  return { title: trial.eventTitle, back: confirmBackOf(request, TRIALS.list) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, record: trial } = await requireManagedRecord(request, params.trialId, TRIALS);
  return applyConfirmed(request, [TRIALS.list], () => deleteTrial({ actor, trial }), { done: TRIAL_DELETED, failed: TRIAL_DELETE_FAILED });
}

export default function DeleteTrialPage() {
  const { title, back } = useLoaderData<typeof loader>();
  return <ConfirmPage title={TRIAL_DELETE_TITLE} question={TRIAL_DELETE_QUESTION} back={back} note={title} />;
}

export const meta = titled("Delete Trial");
export const ErrorBoundary = GeneralErrorBoundary;
