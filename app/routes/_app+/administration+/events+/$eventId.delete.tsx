import { useLoaderData } from "@remix-run/react";

import { ConfirmPage, deleteQuestion } from "~/components/console/dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { titled } from "~/utils/meta";

import type { deleteLoader as loader } from "./__event-form.server";

// Deleting an event asks first: a dialog over the list with JavaScript, this page without.

export { deleteAction as action, deleteLoader as loader } from "./__event-form.server";

export default function DeleteEventPage() {
  const { title, back } = useLoaderData<typeof loader>();
  return <ConfirmPage title="Delete Event" question={deleteQuestion("event", title)} back={back} />;
}

export const meta = titled("Delete Event");
export const ErrorBoundary = GeneralErrorBoundary;
