import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { RecordFormPage } from "~/components/console/record-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { newsEditorOptions, newsFormValues } from "~/models/news.server";
import { requireUserWith } from "~/services/auth.server";
import { clientContext } from "~/services/shell.server";
import { NEWS_FEED } from "~/utils/administration";
import { titled } from "~/utils/meta";

import { NewsForm } from "./__news-form";
import { submitNewsForm } from "./__news-form.server";

// /news/add (admins): a new item, filed under the selected client to begin with.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, "news:manage");
  const { selected } = await clientContext(user, request);
  const defaultValue = { ...newsFormValues(), client: selected?.id ?? "" };
  return { defaultValue, options: await newsEditorOptions({ user, client: defaultValue.client }), cancelTo: NEWS_FEED };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWith(request, "news:manage");
  return submitNewsForm(request, user);
}

export default function AddNewsPage() {
  return <RecordFormPage form={NewsForm} mode="add" loaded={useLoaderData<typeof loader>()} sent={useActionData<typeof action>()} />;
}

export const meta = titled("Add News");

export const ErrorBoundary = GeneralErrorBoundary;
