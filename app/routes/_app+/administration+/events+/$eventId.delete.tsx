import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { EVENT_DELETE_FAILED, EVENT_DELETED } from "#common/messages";
import { ConfirmPage, deleteQuestion } from "~/components/console/dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { deleteEvent } from "~/models/event.server";
import { applyConfirmed, confirmBackOf } from "~/services/console/confirm.server";
import { EVENTS, requireManagedRecord } from "~/services/console/managed.server";
import { titled } from "~/utils/meta";

// Deleting an event asks first: a dialog over the list with JavaScript, this page without.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { record: event } = await requireManagedRecord(request, params.eventId, EVENTS);
  return { title: event.title, back: confirmBackOf(request, EVENTS.list) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, record: event } = await requireManagedRecord(request, params.eventId, EVENTS);
  return applyConfirmed(request, [EVENTS.list], () => deleteEvent({ actor, event }), { done: EVENT_DELETED, failed: EVENT_DELETE_FAILED });
}

export default function DeleteEventPage() {
  const { title, back } = useLoaderData<typeof loader>();
  return <ConfirmPage title="Delete Event" question={deleteQuestion("event", title)} back={back} />;
}

export const meta = titled("Delete Event");
export const ErrorBoundary = GeneralErrorBoundary;
