import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { RecordFormPage } from "~/components/console/record-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { COMPOUNDS, requireManagedRecord } from "~/services/console/managed.server";
import { withHistory } from "~/services/console/record-form.server";
import { titled } from "~/utils/meta";

import { CompoundForm } from "./__compound-form";
import { compoundFormPage, submitCompoundForm } from "./__compound-form.server";

// /administration/compound/edit/{compoundId} (editors and admins, a compound of a disease they hold), with its History.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor, record: compound } = await requireManagedRecord(request, params.compoundId, COMPOUNDS);
  return withHistory(actor, "compound", compound, compoundFormPage(actor, compound));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, record: compound } = await requireManagedRecord(request, params.compoundId, COMPOUNDS);
  return submitCompoundForm(request, actor, compound);
}

export default function EditCompoundPage() {
  return <RecordFormPage form={CompoundForm} mode="edit" loaded={useLoaderData<typeof loader>()} sent={useActionData<typeof action>()} />;
}

export const meta = titled("Edit Compound");

export const ErrorBoundary = GeneralErrorBoundary;
