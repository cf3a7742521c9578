import { useActionData, useLoaderData } from "@remix-run/react";

import { RecordFormPage } from "~/components/console/record-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { titled } from "~/utils/meta";

import { KeywordForm } from "./__keyword-form";
import type { action, addLoader as loader } from "./__keyword-form.server";

// /administration/keyword/add (editors and admins).
// Its loader and action are its form's (Add's and Edit's side by side): each calls the guard first.

export { action, addLoader as loader } from "./__keyword-form.server";

export default function AddKeywordPage() {
  return <RecordFormPage form={KeywordForm} mode="add" loaded={useLoaderData<typeof loader>()} sent={useActionData<typeof action>()} />;
}

export const meta = titled("Add Keyword");
export const ErrorBoundary = GeneralErrorBoundary;
