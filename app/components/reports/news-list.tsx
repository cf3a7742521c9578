import { Pager } from "~/components/pager";
import type { Page } from "~/utils/paging";

export interface NewsItem {
  id: string;
  title: string;
  summary: string;
  publishedAt: string | null;
  isNew: boolean;
  category: string | null;
  priority: string;
  sources: { name: string; link: string }[];
}

/** DD/MM/YYYY (user-app §9), in UTC so server and browser agree. */
const day = (iso: string) => new Date(iso).toLocaleDateString("en-GB", { timeZone: "UTC" });

/** The 'list' report: published news about the disease, newest first, ten a page. */
export function NewsList({ news }: { news: { page: Page; items: NewsItem[] } }) {
  if (news.items.length === 0) return <p className="empty">No news found with current filters!</p>;
  return (
    <div className="news-list">
      <ul>
        {news.items.map((item) => (
          <li key={item.id} className="news-card" data-news={item.title}>
            <p className="news-meta">
              {item.publishedAt ? <time dateTime={item.publishedAt}>{day(item.publishedAt)}</time> : null}
              {item.category ? <span className="chip">{item.category}</span> : null}
              <span className={`chip priority-${item.priority.toLowerCase()}`}>{item.priority}</span>
              {item.isNew ? <span className="chip new">New</span> : null}
            </p>
            <h3>{item.title}</h3>
            {item.summary ? <p>{item.summary}</p> : null}
            {item.sources.length > 0 ? (
              <p className="news-sources">
                Sources:{" "}
                {item.sources.map((source, i) => (
                  <span key={source.link}>
                    {i > 0 ? ", " : null}
                    <a href={source.link} target="_blank" rel="noopener noreferrer">
                      {source.name}
                    </a>
                  </span>
                ))}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      <Pager page={news.page} label="News pages" />
    </div>
  );
}
