import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { EVENT_UPDATE_FAILED, EVENT_UPDATED } from "#common/messages";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { auditEntry, HistoryPanel } from "~/components/history-panel";
import { historyOf } from "~/models/audit.server";
import { updateEvent } from "~/models/event.server";
import { EVENTS, requireManagedRecord } from "~/services/console/managed.server";
import { titled } from "~/utils/meta";

import { EventForm } from "./__event-form";
import { eventFormChoices, eventFormValues, submitEventForm } from "./__event-form.server";

// /administration/events/edit/{eventId} (editors and admins, an event of a disease they hold), with its History.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor, record: event } = await requireManagedRecord(request, params.eventId, EVENTS);
  const defaultValue = eventFormValues(event);
  const [choices, history] = await Promise.all([
    eventFormChoices(actor, defaultValue),
    historyOf({ entity: "event", entityId: String(event._id) }),
  ]);
  return { defaultValue, ...choices, history: history.map(auditEntry) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, record: event } = await requireManagedRecord(request, params.eventId, EVENTS);
  return submitEventForm(request, {
    user: actor,
    save: (values) => updateEvent({ actor, event, values }),
    done: EVENT_UPDATED,
    failed: EVENT_UPDATE_FAILED,
  });
}

export default function EditEventPage() {
  const loaded = useLoaderData<typeof loader>();
  const sent = useActionData<typeof action>();
  return (
    <>
      <EventForm mode="edit" loaded={loaded} sent={sent} />
      <HistoryPanel entries={loaded.history} />
    </>
  );
}

export const meta = titled("Edit Event");

export const ErrorBoundary = GeneralErrorBoundary;
