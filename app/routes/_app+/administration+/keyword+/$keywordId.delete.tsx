import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { KEYWORD_DELETE_FAILED, KEYWORD_DELETED } from "#common/messages";
import { ConfirmPage, deleteQuestion } from "~/components/console/dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { deleteKeyword } from "~/models/keyword.server";
import { applyConfirmed, confirmBackOf } from "~/services/console/confirm.server";
import { KEYWORDS, requireManagedRecord } from "~/services/console/managed.server";
import { titled } from "~/utils/meta";

// Deleting a keyword asks first: a dialog over the list with JavaScript, this page without.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { record: keyword } = await requireManagedRecord(request, params.keywordId, KEYWORDS);
  return { name: keyword.name, back: confirmBackOf(request, KEYWORDS.list) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, record: keyword } = await requireManagedRecord(request, params.keywordId, KEYWORDS);
  return applyConfirmed(request, [KEYWORDS.list], () => deleteKeyword({ actor, keyword }), {
    done: KEYWORD_DELETED,
    failed: KEYWORD_DELETE_FAILED,
  });
}

export default function DeleteKeywordPage() {
  const { name, back } = useLoaderData<typeof loader>();
  return <ConfirmPage title="Delete Keyword" question={deleteQuestion("keyword", name)} back={back} />;
}

export const meta = titled("Delete Keyword");
export const ErrorBoundary = GeneralErrorBoundary;
