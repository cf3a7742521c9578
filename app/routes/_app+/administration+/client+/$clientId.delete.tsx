import { useLoaderData } from "@remix-run/react";

import { clientDeleteQuestion } from "#common/messages";
import { ConfirmPage } from "~/components/console/dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { titled } from "~/utils/meta";

import type { deleteLoader as loader } from "./__client-form.server";

// Deleting a client asks first, saying what goes with it (issue 11): its areas, diseases and their sheet caches, its
// news, events, trials, keywords and compounds, and every user's access to it.

export { deleteAction as action, deleteLoader as loader } from "./__client-form.server";

export default function DeleteClientPage() {
  const { name, impact, back } = useLoaderData<typeof loader>();
  return <ConfirmPage title={`Delete ${name}`} question={clientDeleteQuestion(name, impact)} back={back} />;
}

export const meta = titled("Delete Client");
export const ErrorBoundary = GeneralErrorBoundary;
