import { Link } from "@remix-run/react";

import type { FeedCard } from "~/models/news.server";
import { formatDay } from "~/utils/dates";

type Card = Pick<FeedCard, "id" | "title" | "summary" | "publishedAt" | "isNew" | "categories" | "priority" | "sources"> &
  Partial<Pick<FeedCard, "disease" | "companies" | "compounds" | "attachments">>;

/** user-app §2: at most two names of a kind on a card, "+N" for the rest (all of them for screen readers). */
function Tags({ label, names }: { label: string; names: string[] | undefined }) {
  if (!names?.length) return null;
  const rest = names.length - 2;
  return (
    <>
      <span className="sr-only">{label}: </span>
      {names.slice(0, 2).map((name) => (
        <span key={name} className="chip tag">
          {name}
        </span>
      ))}
      {rest > 0 ? (
        <span className="chip tag" title={names.slice(2).join(", ")}>
          +{rest}
          <span className="sr-only"> more: {names.slice(2).join(", ")}</span>
        </span>
      ) : null}
    </>
  );
}

function Links({ label, links }: { label: string; links: Array<{ name: string; link: string | null }> | undefined }) {
  if (!links?.length) return null;
  return (
    <p className="news-sources">
      {label}:{" "}
      {links.map((l, i) => (
        <span key={`${l.link}-${i}`}>
          {i > 0 ? ", " : null}
          {l.link ? (
            <a href={l.link} target="_blank" rel="noopener noreferrer">
              {l.name}
            </a>
          ) : (
            l.name
          )}
        </span>
      ))}
    </p>
  );
}

/** One news item as a card: the feed's and the disease report's 'list' (the title leads to the whole item), and the
 *  head of the item's own page (`heading` h1, no link). */
export function NewsCard({ item, menu, heading: Heading = "h3" }: { item: Card; menu?: React.ReactNode; heading?: "h1" | "h3" }) {
  return (
    <li className="news-card" data-news={item.title}>
      {/* A <div>: the menu is a <details>, which a <p> cannot hold (the parser would close the paragraph before it). */}
      <div className="news-meta">
        {item.publishedAt ? <time dateTime={item.publishedAt}>{formatDay(item.publishedAt)}</time> : null}
        {item.categories.map((category) => (
          <span key={category} className="chip">
            {category}
          </span>
        ))}
        {/* The disease it is about (not on a disease's own 'list' report, which is all of one). */}
        {item.disease ? (
          <span className="chip disease">
            <span className="sr-only">Disease: </span>
            {item.disease}
          </span>
        ) : null}
        <span className={`chip priority-${item.priority.toLowerCase()}`}>{item.priority}</span>
        {item.isNew ? <span className="chip new">New</span> : null}
        {menu}
      </div>
      <Heading className="news-title">{Heading === "h1" ? item.title : <Link to={`/news/${item.id}`}>{item.title}</Link>}</Heading>
      {item.summary ? <p>{item.summary}</p> : null}
      {item.companies?.length || item.compounds?.length ? (
        <p className="news-tags">
          <Tags label="Companies" names={item.companies} />
          <Tags label="Compounds" names={item.compounds} />
        </p>
      ) : null}
      <Links label="Sources" links={item.sources} />
      <Links label="Attachments" links={item.attachments} />
    </li>
  );
}
