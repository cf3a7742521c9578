import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { NEWS_DELETE_FAILED, NEWS_DELETED } from "#common/messages";
import { ConfirmPage } from "~/components/console/dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { deleteNews } from "~/models/news.server";
import { applyConfirmed, confirmBackOf } from "~/services/console/confirm.server";
import { NEWS, requireManagedRecord } from "~/services/console/managed.server";
import { DRAFTS_LIST, NEWS_FEED } from "~/utils/administration";
import { titled } from "~/utils/meta";

// Deleting a news item (user-app §4: its own confirmation), from the drafts list or a feed card.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { record: news } = await requireManagedRecord(request, params.newsId, NEWS);
  return { title: news.title, back: confirmBackOf(request, DRAFTS_LIST) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor: user, record: news } = await requireManagedRecord(request, params.newsId, NEWS);
  return applyConfirmed(request, [DRAFTS_LIST, NEWS_FEED], () => deleteNews({ user, news }), {
    done: NEWS_DELETED,
    failed: NEWS_DELETE_FAILED,
  });
}

export default function DeleteNewsPage() {
  const { title, back } = useLoaderData<typeof loader>();
  return <ConfirmPage title="Delete News" question={`Delete "${title}"? This cannot be undone.`} back={back} />;
}

export const meta = titled("Delete News");
export const ErrorBoundary = GeneralErrorBoundary;
