import { NO_NEWS } from "#common/messages";
import { Pager } from "~/components/pager";
import type { DiseaseNews } from "~/models/news.server";
import { formatDay } from "~/utils/dates";
import { PAGE_SIZES } from "~/utils/paging";

/** The 'list' report: published news about the disease, newest first, ten a page by default (user-app §9). */
export function NewsList({ news }: { news: DiseaseNews }) {
  if (news.items.length === 0) return <p className="empty">{NO_NEWS}</p>;
  return (
    <div className="news-list">
      <ul>
        {news.items.map((item) => (
          <li key={item.id} className="news-card" data-news={item.title}>
            <p className="news-meta">
              {item.publishedAt ? <time dateTime={item.publishedAt}>{formatDay(item.publishedAt)}</time> : null}
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
      <Pager page={news.page} label="News pages" sizes={PAGE_SIZES.news} />
    </div>
  );
}
