// The one paging helper: 1-based page numbers read from the URL, clamped to what exists.

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
export function pageOf(search: URLSearchParams, total: number, size: number, param = "page"): Page {
  const pageCount = Math.max(1, Math.ceil(total / size));
  const asked = Number.parseInt(search.get(param) ?? "1", 10);
  const page = Math.min(pageCount, Math.max(1, Number.isFinite(asked) ? asked : 1));
  return { page, size, total, pageCount, offset: (page - 1) * size };
}

/** The items of one page of an in-memory list, with its Page. */
export function slicePage<T>(items: readonly T[], search: URLSearchParams, size: number, param = "page") {
  const page = pageOf(search, items.length, size, param);
  return { page, items: items.slice(page.offset, page.offset + size) };
}
