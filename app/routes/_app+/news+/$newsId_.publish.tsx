import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { NEWS_UPDATE_FAILED, NEWS_UPDATED } from "#common/messages";
import { ConfirmPage } from "~/components/console/dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { toggleNewsPublished } from "~/models/news.server";
import { applyConfirmed, confirmBackOf } from "~/services/console/confirm.server";
import { NEWS, requireManagedRecord } from "~/services/console/managed.server";
import { DRAFTS_LIST, NEWS_FEED, publishConfirmation } from "~/utils/administration";
import { titled } from "~/utils/meta";

// Publish / Unpublish (user-app §4): flips a news item between draft and published, after a confirmation — a dialog
// over the list with JavaScript, this page without.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { record: news } = await requireManagedRecord(request, params.newsId, NEWS);
  return { title: news.title, published: news.status === "published", back: confirmBackOf(request, DRAFTS_LIST) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor: user, record: news } = await requireManagedRecord(request, params.newsId, NEWS);
  // Back to the view it was asked from: the drafts, the feed, or the item's own page.
  return applyConfirmed(request, [DRAFTS_LIST, NEWS_FEED, `/news/${String(news._id)}`], () => toggleNewsPublished({ user, news }), {
    done: NEWS_UPDATED,
    failed: NEWS_UPDATE_FAILED,
  });
}

export default function PublishNewsPage() {
  const { title, published, back } = useLoaderData<typeof loader>();
  return <ConfirmPage {...publishConfirmation(title, published)} back={back} />;
}

export const meta = titled("Publish News");
export const ErrorBoundary = GeneralErrorBoundary;
