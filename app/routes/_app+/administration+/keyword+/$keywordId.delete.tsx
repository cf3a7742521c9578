import { useLoaderData } from "@remix-run/react";

import { ConfirmPage, deleteQuestion } from "~/components/console/dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { titled } from "~/utils/meta";

import type { deleteLoader as loader } from "./__keyword-form.server";

// Deleting a keyword asks first: a dialog over the list with JavaScript, this page without.

export { deleteAction as action, deleteLoader as loader } from "./__keyword-form.server";

export default function DeleteKeywordPage() {
  const { name, back } = useLoaderData<typeof loader>();
  return <ConfirmPage title="Delete Keyword" question={deleteQuestion("keyword", name)} back={back} />;
}

export const meta = titled("Delete Keyword");
export const ErrorBoundary = GeneralErrorBoundary;
