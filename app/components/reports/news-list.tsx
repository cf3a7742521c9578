import { NO_NEWS } from "#common/messages";
import { Pager } from "~/components/console/pager";
import { NewsCard } from "~/components/news-card";
import type { DiseaseNews } from "~/models/news.server";
import { PAGE_SIZES } from "~/utils/paging";

/** The 'list' report: published news about the disease, newest first, ten a page by default (user-app §9). */
export function NewsList({ news }: { news: DiseaseNews }) {
  if (news.items.length === 0) return <p className="empty">{NO_NEWS}</p>;
  return (
    <div className="news-list">
      <ul>
        {news.items.map((item) => (
          <NewsCard key={item.id} item={item} />
        ))}
      </ul>
      <Pager page={news.page} label="News pages" sizes={PAGE_SIZES.news} />
    </div>
  );
}
