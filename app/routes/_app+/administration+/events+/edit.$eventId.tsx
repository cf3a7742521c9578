import { useActionData, useLoaderData } from "@remix-run/react";

import { RecordFormPage } from "~/components/console/record-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { titled } from "~/utils/meta";

import { EventForm } from "./__event-form";
import type { action, editLoader as loader } from "./__event-form.server";

// /administration/events/edit/{eventId} (editors and admins, an event of a disease they hold), with its History.
// Its loader and action are its form's (Add's and Edit's side by side): each calls the guard first.

export { action, editLoader as loader } from "./__event-form.server";

export default function EditEventPage() {
  return <RecordFormPage form={EventForm} mode="edit" loaded={useLoaderData<typeof loader>()} sent={useActionData<typeof action>()} />;
}

export const meta = titled("Edit Event");
export const ErrorBoundary = GeneralErrorBoundary;
