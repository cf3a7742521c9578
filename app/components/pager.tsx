import { Form, Link, useLocation, useSubmit } from "@remix-run/react";
import { useId } from "react";
import type { Page } from "~/utils/paging";
import { useHydrated } from "~/utils/use-hydrated";

/**
 * Previous/Next links for a Page and, with `sizes`, a page-size choice: plain links and a GET form that keep the
 * other parameters, so paging works without JavaScript and every page is a link.
 */
export function Pager({ page, param = "page", label, sizes }: { page: Page; param?: string; label: string; sizes?: readonly number[] }) {
  const { pathname, search } = useLocation();
  if (page.total <= page.size && !sizes) return null;
  const to = (n: number) => {
    const params = new URLSearchParams(search);
    params.set(param, String(n));
    return `${pathname}?${params}`;
  };
  const first = page.total === 0 ? 0 : page.offset + 1;
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
      {sizes ? <PageSize sizes={sizes} current={page.size} pageParam={param} /> : null}
    </nav>
  );
}

/** Rows per page: a new size starts again at page 1. */
function PageSize({ sizes, current, pageParam }: { sizes: readonly number[]; current: number; pageParam: string }) {
  const { search } = useLocation();
  const hydrated = useHydrated();
  const submit = useSubmit();
  const id = useId();
  const kept = [...new URLSearchParams(search)].filter(([name]) => name !== "size" && name !== pageParam);
  return (
    <Form method="get" className="page-size" preventScrollReset onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}>
      {kept.map(([name, value], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={id}>Rows per page</label>
      <select id={id} name="size" defaultValue={current} key={current}>
        {sizes.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button type="submit" className="button">
          Apply
        </button>
      )}
    </Form>
  );
}
