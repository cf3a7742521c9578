import { connectDb } from "#db/connection.server";
import { News } from "#db/models/news.server";
import { NEWS_PRIORITIES } from "#common/constants";
import { pageOf } from "~/utils/paging";
import { plainText } from "~/utils/plain-text";
import { httpUrl } from "~/utils/url";
import type { PermittedDisease } from "./disease.server";

/** user-app §9: a card is 'New' when published within 7 days. */
const NEW_BADGE_MS = 7 * 24 * 3600 * 1000;

/** Published news about a permitted disease, newest first, one page of it (user-app §2 report 'list'). */
export async function listDiseaseNews({ disease, search, size }: { disease: PermittedDisease; search: URLSearchParams; size: number }) {
  await connectDb();
  const filter = { disease: disease.id, status: "published" as const };
  const total = await News.countDocuments(filter);
  const page = pageOf(search, total, size);
  const items = await News.find(filter)
    .select("title analystCommentary publishedAt categories priority sources")
    .sort({ publishedAt: -1, _id: -1 })
    .skip(page.offset)
    .limit(page.size)
    .lean();
  const now = Date.now();
  return {
    page,
    items: items.map((n) => ({
      id: String(n._id),
      title: n.title,
      summary: plainText(n.analystCommentary),
      publishedAt: n.publishedAt?.toISOString() ?? null,
      isNew: Boolean(n.publishedAt && now - n.publishedAt.getTime() <= NEW_BADGE_MS),
      category: n.categories?.[0] ?? null,
      priority: NEWS_PRIORITIES[n.priority as keyof typeof NEWS_PRIORITIES] ?? "Low",
      sources: (n.sources ?? []).flatMap((s) => {
        const link = httpUrl(s.link);
        return link ? [{ name: s.name, link }] : [];
      }),
    })),
  };
}
export type DiseaseNews = Awaited<ReturnType<typeof listDiseaseNews>>;
