// The one paging helper: 1-based page numbers and page sizes read from the URL (so every page of every list is a
// link that works without JavaScript), clamped to what exists.

/** Page-size choices: the administration lists and drafts (admin-console §1), the news feed (user-app §9). */
export const PAGE_SIZES = { lists: [5, 10, 25], news: [5, 10, 20, 50] } as const;
const DEFAULT_PAGE_SIZE = 10;

/** The size asked for in `search[param]` when it is one of `choices`, else the default (10). */
export function pageSizeOf(search: URLSearchParams, choices: readonly number[], param = "size"): number {
  const asked = Number(search.get(param));
  return choices.includes(asked) ? asked : DEFAULT_PAGE_SIZE;
}

export interface Page {
  /** 1-based. */
  page: number;
  size: number;
  total: number;
  pageCount: number;
  /** Index of the first item on the page (0-based). */
  offset: number;
}

/** The page asked for in `search[param]` (default 1), clamped to 1..pageCount. */
export function numberedPageOf(search: URLSearchParams, total: number, size: number, param = "page"): Page {
  const pageCount = Math.max(1, Math.ceil(total / size));
  const asked = Number.parseInt(search.get(param) ?? "1", 10);
  const page = Math.min(pageCount, Math.max(1, Number.isFinite(asked) ? asked : 1));
  return { page, size, total, pageCount, offset: (page - 1) * size };
}

/** The items of one page of an in-memory list, with its Page. */
export function slicePage<T>(items: readonly T[], search: URLSearchParams, size: number, param = "page") {
  const page = numberedPageOf(search, items.length, size, param);
  return { page, items: items.slice(page.offset, page.offset + size) };
}

/**
 * Where a token-paged list (admin-console §1: "more rows are loaded from the server using a forward token") stands,
 * from the URL: `after`, the forward token this page starts after (none on the first page), and `trail`, the tokens of
 * the pages before it, so Previous is a plain link too.
 */
export interface TokenPlace {
  size: number;
  after: string | null;
  trail: string[];
  /** 1-based page number, for "Rows 21–30". */
  number: number;
  /** The token could not be used (forged, damaged, or of an older version): the first page was read instead, and the
   *  pager says so (PAGE_RESTARTED). */
  restarted?: boolean;
}

/** The tokens a URL can carry back (each is short: a sort value and an id; more than this is not a real trail). */
const MAX_TRAIL = 200;

export function tokenPlaceOf(search: URLSearchParams, choices: readonly number[]): TokenPlace {
  const after = search.get("after") || null;
  const trail = after ? search.getAll("trail").filter(Boolean).slice(-MAX_TRAIL) : [];
  return { size: pageSizeOf(search, choices), after, trail, number: after ? trail.length + 2 : 1 };
}

/** Where a list was read from: `place`, or its first page when the list could not use the token (`restarted`). */
export function placeServed(place: TokenPlace, page: { restarted: boolean }): TokenPlace {
  return page.restarted ? { size: place.size, after: null, trail: [], number: 1, restarted: true } : place;
}

/** The query string of the page after (`next` its token) or before the current one, other parameters kept. */
export function tokenPageSearch(search: URLSearchParams, place: TokenPlace, to: { next: string } | "previous"): string {
  const params = new URLSearchParams(search);
  params.delete("after");
  params.delete("trail");
  const trail = to === "previous" ? place.trail.slice(0, -1) : place.after ? [...place.trail, place.after] : [];
  const after = to === "previous" ? place.trail.at(-1) : to.next;
  if (after) {
    params.set("after", after);
    for (const token of trail) params.append("trail", token);
  }
  return `?${params}`;
}

/** How many rows a list's filters match, as its pager says it ("of 1,000+" when counting stopped early). */
export interface ListTotal {
  count: number;
  more: boolean;
}

export interface Sorting {
  by: string;
  dir: "asc" | "desc";
}

/** The sort of a list from the URL: `sort` when it names a sortable column, else the default; `dir` asc unless desc. */
export function sortingOf(search: URLSearchParams, allowed: readonly string[], fallback: Sorting): Sorting {
  const by = search.get("sort");
  if (!by || !allowed.includes(by)) return fallback;
  return { by, dir: search.get("dir") === "desc" ? "desc" : "asc" };
}
