import { Form, Link, useLocation, useSubmit } from "@remix-run/react";
import { useId } from "react";

import { PAGE_RESTARTED } from "#common/messages";
import { tokenPageSearch, type ListTotal, type Page, type TokenPlace } from "~/utils/paging";
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
      {sizes ? <PageSize sizes={sizes} current={page.size} reset={[param]} /> : null}
    </nav>
  );
}

/**
 * Previous/Next of a token-paged list (`TokenPlace`): "Rows 21–30" ("… of 104" when the list counts its `total`), links
 * that carry the forward token and the trail back, and the page-size choice; above them, when the list could not use
 * the address's token and shows its first page instead, a line that says so (the one place this is said).
 */
export function TokenPager({
  place,
  shown,
  next,
  total,
  label,
  sizes,
}: {
  place: TokenPlace;
  shown: number;
  next: string | null;
  total?: ListTotal;
  label: string;
  sizes: readonly number[];
}) {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const first = (place.number - 1) * place.size + 1;
  const pager = (
    <nav className="pager" aria-label={label}>
      <span>
        {shown === 0
          ? "No rows"
          : `Rows ${first}–${first + shown - 1}${total === undefined ? "" : ` of ${total.count.toLocaleString("en")}${total.more ? "+" : ""}`}`}
      </span>
      {place.after ? (
        <Link to={`${pathname}${tokenPageSearch(params, place, "previous")}`} preventScrollReset rel="prev">
          Previous
        </Link>
      ) : null}
      {next ? (
        <Link to={`${pathname}${tokenPageSearch(params, place, { next })}`} preventScrollReset rel="next" prefetch="intent">
          Next
        </Link>
      ) : null}
      <PageSize sizes={sizes} current={place.size} reset={["after", "trail"]} />
    </nav>
  );
  if (!place.restarted) return pager;
  return (
    <>
      <p className="notice" role="status">
        {PAGE_RESTARTED}
      </p>
      {pager}
    </>
  );
}

/** Rows per page: a new size starts again at the first page (the parameters in `reset` are dropped). */
function PageSize({ sizes, current, reset }: { sizes: readonly number[]; current: number; reset: readonly string[] }) {
  const { search } = useLocation();
  const hydrated = useHydrated();
  const submit = useSubmit();
  const id = useId();
  const kept = [...new URLSearchParams(search)].filter(([name]) => name !== "size" && !reset.includes(name));
  return (
    <Form
      method="get"
      className="page-size"
      preventScrollReset
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
    >
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
