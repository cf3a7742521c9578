import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { KEYWORD_ADDED, KEYWORD_CREATE_FAILED } from "#common/messages";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { createKeyword } from "~/models/keyword.server";
import { requireUserWith } from "~/services/auth.server";
import { titled } from "~/utils/meta";

import { KeywordForm } from "./__keyword-form";
import { keywordFormValues, keywordOptions, submitKeywordForm } from "./__keyword-form.server";

// /administration/keyword/add (editors and admins).

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, "keyword:manage");
  const defaultValue = keywordFormValues();
  return { defaultValue, options: await keywordOptions(user, defaultValue) };
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireUserWith(request, "keyword:manage");
  return submitKeywordForm(request, {
    user: actor,
    save: (values) => createKeyword({ actor, values }),
    done: KEYWORD_ADDED,
    failed: KEYWORD_CREATE_FAILED,
  });
}

export default function AddKeywordPage() {
  const { defaultValue, options } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <KeywordForm mode="add" defaultValue={defaultValue} options={actionData?.options ?? options} lastResult={actionData?.result} />;
}

export const meta = titled("Add Keyword");

export const ErrorBoundary = GeneralErrorBoundary;
