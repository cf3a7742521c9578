import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { NEWS_DELETE_FAILED, NEWS_DELETED } from "#common/messages";
import { ConfirmDelete } from "~/components/console/dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { deleteNews } from "~/models/news.server";
import { readFormData } from "~/utils/request.server";
import { redirectAfter } from "~/utils/toast.server";
import { returnTo, safeRedirect } from "~/utils/url";

import { DRAFTS_LIST, NEWS_FEED, redirectToOf, requireManagedNews } from "./__managed-news.server";

// Deleting a news item (user-app §4: its own confirmation), from the drafts list or a feed card.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { news } = await requireManagedNews(request, params.newsId);
  return { title: news.title, back: safeRedirect(redirectToOf(request), DRAFTS_LIST) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { news } = await requireManagedNews(request, params.newsId);
  const back = returnTo(await readFormData(request), DRAFTS_LIST, NEWS_FEED);
  return redirectAfter(request, back, () => deleteNews({ news }), { done: NEWS_DELETED, failed: NEWS_DELETE_FAILED });
}

export default function DeleteNewsPage() {
  const { title, back } = useLoaderData<typeof loader>();
  return (
    <section className="page narrow">
      <ConfirmDelete title="Delete News" question={`Delete "${title}"? This cannot be undone.`} redirectTo={back} cancelTo={back} />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Delete News | Pharmascope" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
