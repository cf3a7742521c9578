import { Link, useLocation } from "@remix-run/react";
import type { Page } from "~/utils/paging";

/** Previous/Next links for a Page; plain links, so paging works without JavaScript and keeps the other params. */
export function Pager({ page, param = "page", label }: { page: Page; param?: string; label: string }) {
  const { pathname, search } = useLocation();
  if (page.total <= page.size) return null;
  const to = (n: number) => {
    const params = new URLSearchParams(search);
    params.set(param, String(n));
    return `${pathname}?${params}`;
  };
  const first = page.offset + 1;
  const last = Math.min(page.total, page.offset + page.size);
  return (
    <nav className="pager" aria-label={label}>
      <span>
        {first}–{last} of {page.total}
      </span>
      {page.page > 1 ? (
        <Link to={to(page.page - 1)} preventScrollReset rel="prev">
          Previous
        </Link>
      ) : null}
      {page.page < page.pageCount ? (
        <Link to={to(page.page + 1)} preventScrollReset rel="next">
          Next
        </Link>
      ) : null}
    </nav>
  );
}
