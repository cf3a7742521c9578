import { useLoaderData } from "@remix-run/react";

import { ConfirmPage } from "~/components/console/dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { titled } from "~/utils/meta";

import { sourceDeleteQuestion } from "./__source-form";
import type { deleteLoader as loader } from "./__source-form.server";

// Deleting a source asks first: a dialog over the list with JavaScript, this page without. What it fetched stays.

export { deleteAction as action, deleteLoader as loader } from "./__source-form.server";

export default function DeleteSourcePage() {
  const { name, back } = useLoaderData<typeof loader>();
  return <ConfirmPage title="Delete Source" question={sourceDeleteQuestion(name)} back={back} />;
}

export const meta = titled("Delete Source");
export const ErrorBoundary = GeneralErrorBoundary;
