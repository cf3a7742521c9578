import { useActionData, useLoaderData } from "@remix-run/react";

import { RecordFormPage } from "~/components/console/record-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { titled } from "~/utils/meta";

import { EventForm } from "./__event-form";
import type { action, addLoader as loader } from "./__event-form.server";

// /administration/events/add (editors and admins).
// Its loader and action are its form's (Add's and Edit's side by side): each calls the guard first.

export { action, addLoader as loader } from "./__event-form.server";

export default function AddEventPage() {
  return <RecordFormPage form={EventForm} mode="add" loaded={useLoaderData<typeof loader>()} sent={useActionData<typeof action>()} />;
}

export const meta = titled("Add Event");
export const ErrorBoundary = GeneralErrorBoundary;
