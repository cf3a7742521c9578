import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { RecordFormPage } from "~/components/console/record-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireUserWith } from "~/services/auth.server";
import { titled } from "~/utils/meta";

import { EventForm } from "./__event-form";
import { eventFormPage, submitEventForm } from "./__event-form.server";

// /administration/events/add (editors and admins).

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, "event:manage");
  return eventFormPage(user);
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireUserWith(request, "event:manage");
  return submitEventForm(request, actor);
}

export default function AddEventPage() {
  return <RecordFormPage form={EventForm} mode="add" loaded={useLoaderData<typeof loader>()} sent={useActionData<typeof action>()} />;
}

export const meta = titled("Add Event");

export const ErrorBoundary = GeneralErrorBoundary;
