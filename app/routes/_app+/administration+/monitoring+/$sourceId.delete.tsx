import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { SOURCE_DELETE_FAILED, SOURCE_DELETED } from "#common/messages";
import { ConfirmDelete } from "~/components/console/dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { deleteSource } from "~/models/monitor.server";
import { requireManagedRecord, SOURCES } from "~/services/console/managed.server";
import { MONITORING } from "~/utils/administration";
import { readFormData } from "~/utils/request.server";
import { redirectAfter } from "~/utils/toast.server";
import { returnTo, safeRedirect } from "~/utils/url";

import { deleteQuestion } from "./__source-form";

// Deleting a source asks first: a dialog over the list with JavaScript, this page without. What it fetched stays.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { record: source } = await requireManagedRecord(request, params.sourceId, SOURCES);
  return { name: source.name, back: safeRedirect(new URL(request.url).searchParams.get("redirectTo"), MONITORING) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, record: source } = await requireManagedRecord(request, params.sourceId, SOURCES);
  const back = returnTo(await readFormData(request), MONITORING);
  return redirectAfter(request, back, () => deleteSource({ actor, source }), { done: SOURCE_DELETED, failed: SOURCE_DELETE_FAILED });
}

export default function DeleteSourcePage() {
  const { name, back } = useLoaderData<typeof loader>();
  return (
    <section className="page narrow">
      <ConfirmDelete title="Delete Source" question={deleteQuestion(name)} redirectTo={back} cancelTo={back} />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Delete Source | Pharmascope" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
