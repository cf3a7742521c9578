import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { EVENT_DELETE_FAILED, EVENT_DELETED } from "#common/messages";
import { ConfirmDelete } from "~/components/console/dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { deleteEvent } from "~/models/event.server";
import { EVENTS, requireManagedRecord } from "~/services/console/managed.server";
import { EVENTS_LIST } from "~/utils/administration";
import { readFormData } from "~/utils/request.server";
import { redirectAfter } from "~/utils/toast.server";
import { returnTo, safeRedirect } from "~/utils/url";

// Deleting an event asks first: a dialog over the list with JavaScript, this page without.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { record: event } = await requireManagedRecord(request, params.eventId, EVENTS);
  return { title: event.title, back: safeRedirect(new URL(request.url).searchParams.get("redirectTo"), EVENTS_LIST) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, record: event } = await requireManagedRecord(request, params.eventId, EVENTS);
  const back = returnTo(await readFormData(request), EVENTS_LIST);
  return redirectAfter(request, back, () => deleteEvent({ actor, event }), { done: EVENT_DELETED, failed: EVENT_DELETE_FAILED });
}

export default function DeleteEventPage() {
  const { title, back } = useLoaderData<typeof loader>();
  return (
    <section className="page narrow">
      <ConfirmDelete
        title="Delete Event"
        question={`Delete the event "${title}"? This cannot be undone.`}
        redirectTo={back}
        cancelTo={back}
      />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Delete Event | Pharmascope" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
