import { findManagedNews } from "~/models/news.server";
import { requireUserWith } from "~/services/auth.server";

export const NEWS_FEED = "/news";
export const DRAFTS_LIST = "/news/drafts";

/** An admin and a news item of a disease they hold, for the publish and delete actions; 404 for any other id. */
export async function requireManagedNews(request: Request, id: string | undefined) {
  const user = await requireUserWith(request, "news:manage");
  const news = await findManagedNews({ user, id });
  if (!news) throw new Response("No such news item.", { status: 404 });
  return { user, news };
}
