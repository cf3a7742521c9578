import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { KEYWORD_UPDATE_FAILED, KEYWORD_UPDATED } from "#common/messages";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { auditEntry, HistoryPanel } from "~/components/history-panel";
import { historyOf } from "~/models/audit.server";
import { updateKeyword } from "~/models/keyword.server";
import { KEYWORDS, requireManagedRecord } from "~/services/console/managed.server";
import { titled } from "~/utils/meta";

import { KeywordForm } from "./__keyword-form";
import { keywordFormValues, keywordOptions, submitKeywordForm } from "./__keyword-form.server";

// /administration/keyword/edit/{keywordId} (editors and admins, a keyword of a disease they hold), with its History.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor, record: keyword } = await requireManagedRecord(request, params.keywordId, KEYWORDS);
  const defaultValue = keywordFormValues(keyword);
  const [options, history] = await Promise.all([
    keywordOptions(actor, defaultValue),
    historyOf({ entity: "keyword", entityId: String(keyword._id) }),
  ]);
  return { defaultValue, options, history: history.map(auditEntry) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, record: keyword } = await requireManagedRecord(request, params.keywordId, KEYWORDS);
  return submitKeywordForm(request, {
    user: actor,
    save: (values) => updateKeyword({ actor, keyword, values }),
    done: KEYWORD_UPDATED,
    failed: KEYWORD_UPDATE_FAILED,
  });
}

export default function EditKeywordPage() {
  const { defaultValue, options, history } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <KeywordForm mode="edit" defaultValue={defaultValue} options={actionData?.options ?? options} lastResult={actionData?.result} />
      <HistoryPanel entries={history} />
    </>
  );
}

export const meta = titled("Edit Keyword");

export const ErrorBoundary = GeneralErrorBoundary;
