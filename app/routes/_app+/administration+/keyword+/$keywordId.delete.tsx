import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { KEYWORD_DELETE_FAILED, KEYWORD_DELETED } from "#common/messages";
import { ConfirmDelete } from "~/components/console/dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { deleteKeyword } from "~/models/keyword.server";
import { KEYWORDS, requireManagedRecord } from "~/services/console/managed.server";
import { KEYWORDS_LIST } from "~/utils/administration";
import { readFormData } from "~/utils/request.server";
import { redirectAfter } from "~/utils/toast.server";
import { returnTo, safeRedirect } from "~/utils/url";

// Deleting a keyword asks first: a dialog over the list with JavaScript, this page without.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { record: keyword } = await requireManagedRecord(request, params.keywordId, KEYWORDS);
  return { name: keyword.name, back: safeRedirect(new URL(request.url).searchParams.get("redirectTo"), KEYWORDS_LIST) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, record: keyword } = await requireManagedRecord(request, params.keywordId, KEYWORDS);
  const back = returnTo(await readFormData(request), KEYWORDS_LIST);
  return redirectAfter(request, back, () => deleteKeyword({ actor, keyword }), { done: KEYWORD_DELETED, failed: KEYWORD_DELETE_FAILED });
}

export default function DeleteKeywordPage() {
  const { name, back } = useLoaderData<typeof loader>();
  return (
    <section className="page narrow">
      <ConfirmDelete
        title="Delete Keyword"
        question={`Delete the keyword "${name}"? This cannot be undone.`}
        redirectTo={back}
        cancelTo={back}
      />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Delete Keyword | Pharmascope" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
