import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { RecordFormPage } from "~/components/console/record-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireUserWith } from "~/services/auth.server";
import { titled } from "~/utils/meta";

import { CompoundForm } from "./__compound-form";
import { compoundFormPage, submitCompoundForm } from "./__compound-form.server";

// /administration/compound/add (editors and admins).

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, "compound:manage");
  return compoundFormPage(user);
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireUserWith(request, "compound:manage");
  return submitCompoundForm(request, actor);
}

export default function AddCompoundPage() {
  return <RecordFormPage form={CompoundForm} mode="add" loaded={useLoaderData<typeof loader>()} sent={useActionData<typeof action>()} />;
}

export const meta = titled("Add Compound");

export const ErrorBoundary = GeneralErrorBoundary;
