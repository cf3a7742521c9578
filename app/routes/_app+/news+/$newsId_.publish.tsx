import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { NEWS_UPDATE_FAILED, NEWS_UPDATED } from "#common/messages";
import { ConfirmDelete } from "~/components/console/dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { toggleNewsPublished } from "~/models/news.server";
import { readFormData } from "~/utils/request.server";
import { redirectAfter } from "~/utils/toast.server";
import { returnTo, safeRedirect } from "~/utils/url";

import { DRAFTS_LIST, NEWS_FEED, redirectToOf, requireManagedNews } from "./__managed-news.server";

// Publish / Unpublish (user-app §4): flips a news item between draft and published, after a confirmation — a dialog
// over the list with JavaScript, this page without.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { news } = await requireManagedNews(request, params.newsId);
  return { title: news.title, published: news.status === "published", back: safeRedirect(redirectToOf(request), DRAFTS_LIST) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { news } = await requireManagedNews(request, params.newsId);
  const back = returnTo(await readFormData(request), DRAFTS_LIST, NEWS_FEED);
  return redirectAfter(request, back, () => toggleNewsPublished({ news }), { done: NEWS_UPDATED, failed: NEWS_UPDATE_FAILED });
}

export default function PublishNewsPage() {
  const { title, published, back } = useLoaderData<typeof loader>();
  return (
    <section className="page narrow">
      <ConfirmDelete
        title={published ? "Unpublish" : "Publish"}
        question={published ? `Move "${title}" back to the drafts?` : `Publish "${title}" to the news feed?`}
        confirm={published ? "Unpublish" : "Publish"}
        redirectTo={back}
        cancelTo={back}
      />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Publish News | Pharmascope" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
