import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { SOURCE_DELETE_FAILED, SOURCE_DELETED } from "#common/messages";
import { ConfirmPage } from "~/components/console/dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { deleteSource } from "~/models/monitor.server";
import { applyConfirmed, confirmBackOf } from "~/services/console/confirm.server";
import { requireManagedRecord, SOURCES } from "~/services/console/managed.server";
import { titled } from "~/utils/meta";

import { sourceDeleteQuestion } from "./__source-form";

// Deleting a source asks first: a dialog over the list with JavaScript, this page without. What it fetched stays.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { record: source } = await requireManagedRecord(request, params.sourceId, SOURCES);
  return { name: source.name, back: confirmBackOf(request, SOURCES.list) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, record: source } = await requireManagedRecord(request, params.sourceId, SOURCES);
  return applyConfirmed(request, [SOURCES.list], () => deleteSource({ actor, source }), {
    done: SOURCE_DELETED,
    failed: SOURCE_DELETE_FAILED,
  });
}

export default function DeleteSourcePage() {
  const { name, back } = useLoaderData<typeof loader>();
  return <ConfirmPage title="Delete Source" question={sourceDeleteQuestion(name)} back={back} />;
}

export const meta = titled("Delete Source");
export const ErrorBoundary = GeneralErrorBoundary;
