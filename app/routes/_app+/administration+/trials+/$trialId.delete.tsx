import { useLoaderData } from "@remix-run/react";

import { TRIAL_DELETE_QUESTION, TRIAL_DELETE_TITLE } from "#common/messages";
import { ConfirmPage } from "~/components/console/dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { titled } from "~/utils/meta";

import type { deleteLoader as loader } from "./__trial-form.server";

// Deleting a trial asks first ('Delete Trail', admin-console §2, letter for letter): a dialog over the list with
// JavaScript, this page without.

export { deleteAction as action, deleteLoader as loader } from "./__trial-form.server";

export default function DeleteTrialPage() {
  const { title, back } = useLoaderData<typeof loader>();
  return <ConfirmPage title={TRIAL_DELETE_TITLE} question={TRIAL_DELETE_QUESTION} back={back} note={title} />;
}

export const meta = titled("Delete Trial");
export const ErrorBoundary = GeneralErrorBoundary;
