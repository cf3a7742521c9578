import { PAGE_SIZES, placeServed, tokenPlaceOf, type TokenPlace } from "~/utils/paging";

// What a console list reads from its URL (admin-console §1: every state of a list is in the URL, so every view is a
// link and works without JavaScript): the words searched, the filters, the sort and the page.

/** The longest search a list reads; the rest of what was typed is not looked for. */
const SEARCH_MAX = 100;

/**
 * A list's query: `q`, the words searched; `place`, the page (size 5/10/25, forward token, trail); with `choices`, each
 * filter's value when it is one of its choices (undefined otherwise: a stale or forged value lists everything). A
 * sortable list reads its sort with `sortingOf(query.search, …)`.
 */
export function readListQuery<Choices extends Record<string, readonly string[]> = Record<never, never>>(
  request: Request,
  { choices }: { choices?: Choices } = {},
) {
  const search = new URL(request.url).searchParams;
  const chosen = Object.fromEntries(
    Object.entries(choices ?? {}).map(([name, allowed]) => [name, allowed.find((value) => value === search.get(name))]),
  ) as { [Name in keyof Choices]: Choices[Name][number] | undefined };
  return {
    search,
    q: (search.get("q") ?? "").slice(0, SEARCH_MAX),
    place: tokenPlaceOf(search, PAGE_SIZES.lists),
    chosen,
  };
}

/** What a list page's loader hands its page for one page read with `query.place`: the rows shown, the next page's
 *  token, where the list stands (its first page again when the token could not be used), and the words searched. */
export const listPageOf = <Row>(
  query: { q: string; place: TokenPlace },
  page: { next: string | null; restarted: boolean },
  rows: Row[],
) => ({
  rows,
  next: page.next,
  place: placeServed(query.place, page),
  q: query.q,
});

/** The loader's part of a console list searched by `q` and read a page at a time with the forward token (its guard
 *  comes first, in the loader): `read` reads the page the query asks for, `rowsOf` makes its records the page's rows. */
export async function searchedPage<Item, Row>(
  request: Request,
  read: (query: { q: string; place: TokenPlace }) => Promise<{ items: Item[]; next: string | null; restarted: boolean }>,
  rowsOf: (items: Item[]) => Row[] | Promise<Row[]>,
) {
  const query = readListQuery(request);
  const page = await read(query);
  return listPageOf(query, page, await rowsOf(page.items));
}
