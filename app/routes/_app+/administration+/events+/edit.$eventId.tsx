import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { RecordFormPage } from "~/components/console/record-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { EVENTS, requireManagedRecord } from "~/services/console/managed.server";
import { withHistory } from "~/services/console/record-form.server";
import { titled } from "~/utils/meta";

import { EventForm } from "./__event-form";
import { eventFormPage, submitEventForm } from "./__event-form.server";

// /administration/events/edit/{eventId} (editors and admins, an event of a disease they hold), with its History.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor, record: event } = await requireManagedRecord(request, params.eventId, EVENTS);
  return withHistory(actor, "event", event, eventFormPage(actor, event));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, record: event } = await requireManagedRecord(request, params.eventId, EVENTS);
  return submitEventForm(request, actor, event);
}

export default function EditEventPage() {
  return <RecordFormPage form={EventForm} mode="edit" loaded={useLoaderData<typeof loader>()} sent={useActionData<typeof action>()} />;
}

export const meta = titled("Edit Event");

export const ErrorBoundary = GeneralErrorBoundary;
