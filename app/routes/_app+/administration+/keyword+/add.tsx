import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { RecordFormPage } from "~/components/console/record-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireUserWith } from "~/services/auth.server";
import { titled } from "~/utils/meta";

import { KeywordForm } from "./__keyword-form";
import { keywordFormPage, submitKeywordForm } from "./__keyword-form.server";

// /administration/keyword/add (editors and admins).

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, "keyword:manage");
  return keywordFormPage(user);
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireUserWith(request, "keyword:manage");
  return submitKeywordForm(request, actor);
}

export default function AddKeywordPage() {
  return <RecordFormPage form={KeywordForm} mode="add" loaded={useLoaderData<typeof loader>()} sent={useActionData<typeof action>()} />;
}

export const meta = titled("Add Keyword");

export const ErrorBoundary = GeneralErrorBoundary;
