import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { RecordFormPage } from "~/components/console/record-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { newsEditorOptions, newsFormValues } from "~/models/news.server";
import { EDITABLE_NEWS, requireManagedRecord } from "~/services/console/managed.server";
import { DRAFTS_LIST } from "~/utils/administration";
import { titled } from "~/utils/meta";

import { NewsForm } from "./__news-form";
import { submitNewsForm } from "./__news-form.server";

// /news/edit/{newsId} (admins): any item of a disease they hold — published, draft, or fetched and waiting to be
// completed. An id they cannot edit goes back to the drafts with the spec's message.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor: user, record: news } = await requireManagedRecord(request, params.newsId, EDITABLE_NEWS);
  const defaultValue = newsFormValues(news);
  const options = await newsEditorOptions({
    user,
    client: defaultValue.client,
    area: defaultValue.therapeuticArea,
    disease: defaultValue.disease,
    keep: defaultValue,
  });
  const cancelTo = news.status === "published" ? `/news/${String(news._id)}` : DRAFTS_LIST;
  return { defaultValue, options, status: news.status, cancelTo };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor: user, record: news } = await requireManagedRecord(request, params.newsId, EDITABLE_NEWS);
  return submitNewsForm(request, user, news);
}

export default function EditNewsPage() {
  const loaded = useLoaderData<typeof loader>();
  return (
    <>
      {loaded.status === "fetch" ? (
        <p className="notice">Fetched automatically: complete it, then save it as a draft or publish it.</p>
      ) : null}
      <RecordFormPage form={NewsForm} mode="edit" loaded={loaded} sent={useActionData<typeof action>()} />
    </>
  );
}

export const meta = titled("Edit News");

export const ErrorBoundary = GeneralErrorBoundary;
