import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { NewsCard } from "~/components/news-card";
import { NotFound } from "~/components/not-found";
import { findReadableNews } from "~/models/news.server";
import { requireUser } from "~/services/auth.server";
import { NEWS_FEED } from "~/utils/administration";

// /news/{newsId}: one item in full — its card and its content (rich text, sanitised on the server). A card's title
// leads here. An item the user may not read is a 404 with the not-found screen, like one that is gone: the same answer
// for both, so ids cannot be probed.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const news = await findReadableNews({ user, id: params.newsId });
  if (!news) throw new Response(null, { status: 404 });
  return { news };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.news.title ?? "News"} | Pharmascope` }];

export default function NewsItemPage() {
  const { news } = useLoaderData<typeof loader>();
  return (
    <article className="page news-item">
      <p className="page-subtitle">
        <Link to={NEWS_FEED}>← News</Link>
      </p>
      {news.status !== "published" ? (
        <p className="notice">{news.status === "fetch" ? "Fetched, not yet published." : "Draft: not published."}</p>
      ) : null}
      <div className="news-feed">
        <ul>
          <NewsCard item={news} heading="h1" />
        </ul>
      </div>
      {/* Sanitised by the server with an allowlist (app/utils/rich-text.server.ts) when stored and again here. */}
      <div className="news-content" dangerouslySetInnerHTML={{ __html: news.content }} />
      {news.managed ? (
        <p className="form-actions">
          <Link className="button primary" to={`/news/edit/${news.id}`}>
            Edit
          </Link>
          {/* A fetched item is completed in the editor before it can be published. */}
          {news.status !== "fetch" ? (
            <Link className="button" to={`/news/${news.id}/publish?redirectTo=${encodeURIComponent(`/news/${news.id}`)}`}>
              {news.status === "published" ? "Unpublish" : "Publish"}
            </Link>
          ) : null}
        </p>
      ) : null}
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: NotFound }} />;
}
