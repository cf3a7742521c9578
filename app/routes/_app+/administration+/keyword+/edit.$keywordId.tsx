import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { RecordFormPage } from "~/components/console/record-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { KEYWORDS, requireManagedRecord } from "~/services/console/managed.server";
import { withHistory } from "~/services/console/record-form.server";
import { titled } from "~/utils/meta";

import { KeywordForm } from "./__keyword-form";
import { keywordFormPage, submitKeywordForm } from "./__keyword-form.server";

// /administration/keyword/edit/{keywordId} (editors and admins, a keyword of a disease they hold), with its History.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor, record: keyword } = await requireManagedRecord(request, params.keywordId, KEYWORDS);
  return withHistory(actor, "keyword", keyword, keywordFormPage(actor, keyword));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, record: keyword } = await requireManagedRecord(request, params.keywordId, KEYWORDS);
  return submitKeywordForm(request, actor, keyword);
}

export default function EditKeywordPage() {
  return <RecordFormPage form={KeywordForm} mode="edit" loaded={useLoaderData<typeof loader>()} sent={useActionData<typeof action>()} />;
}

export const meta = titled("Edit Keyword");

export const ErrorBoundary = GeneralErrorBoundary;
