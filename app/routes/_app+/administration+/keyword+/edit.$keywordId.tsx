import { useActionData, useLoaderData } from "@remix-run/react";

import { RecordFormPage } from "~/components/console/record-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { titled } from "~/utils/meta";

import { KeywordForm } from "./__keyword-form";
import type { action, editLoader as loader } from "./__keyword-form.server";

// /administration/keyword/edit/{keywordId} (editors and admins, a keyword of a disease they hold), with its History.
// Its loader and action are its form's (Add's and Edit's side by side): each calls the guard first.

export { action, editLoader as loader } from "./__keyword-form.server";

export default function EditKeywordPage() {
  return <RecordFormPage form={KeywordForm} mode="edit" loaded={useLoaderData<typeof loader>()} sent={useActionData<typeof action>()} />;
}

export const meta = titled("Edit Keyword");
export const ErrorBoundary = GeneralErrorBoundary;
