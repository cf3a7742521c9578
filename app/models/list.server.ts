import { trusted } from "#db/connection.server";
import { isObjectId } from "#common/ids";
import { prefixPattern, queryWords } from "#common/search";

// Long lists, one page at a time: a filter for the items after a forward token in `sort` order (a field, then _id,
// both the same direction), and the token of the page after this one. Queries over these lists are served by indexes
// that end in (field, _id) — see the schemas — so a page costs the same at any depth.

/** Where the next page of a long list starts: the last item's sort value and id, as an opaque URL-safe token (the
 *  spec's `forwardToken`). Paging by it stays fast at any depth, where skipping N items costs N. */
type Cursor = { value: string | number | null; id: string };

function encodeCursor(value: string | number | Date | null | undefined, id: unknown): string {
  const plain = value instanceof Date ? `d:${value.toISOString()}` : value ?? null;
  return Buffer.from(JSON.stringify([plain, String(id)])).toString("base64url");
}

/** The cursor in a token, or null for a missing or malformed one (the list then starts at its first page). */
function decodeCursor(token: string | null | undefined): Cursor | null {
  if (!token || token.length > 500) return null;
  try {
    const [value, id] = JSON.parse(Buffer.from(token, "base64url").toString("utf8")) as [unknown, unknown];
    if (!isObjectId(id)) return null;
    if (value !== null && typeof value !== "string" && typeof value !== "number") return null;
    return { value, id };
  } catch {
    return null;
  }
}

export interface PageRequest {
  size: number;
  /** The forward token of the page before, or nothing for the first page. */
  after?: string | null;
}

/** The sort value as stored: a date travels in the token as "d:<ISO>". */
const stored = (value: string | number | null) => (typeof value === "string" && value.startsWith("d:") ? new Date(value.slice(2)) : value);

/** Filter for the items after the token in `{ [field]: direction, _id: direction }` order, or {} on the first page. */
export function afterToken(field: string, direction: 1 | -1, after: string | null | undefined) {
  const cursor = decodeCursor(after);
  if (!cursor) return {};
  const beyond = direction === 1 ? "$gt" : "$lt";
  const value = stored(cursor.value);
  // Our own operators, so mongoose's sanitizeFilter (which wraps operators from requests in $eq) lets them through.
  return { $or: [{ [field]: trusted({ [beyond]: value }) }, { [field]: value, _id: trusted({ [beyond]: cursor.id }) }] };
}

/** The page's items (one more was asked for, to know whether there is a next page) and the next page's token. */
export function pageOf<T extends { _id: unknown }>(rows: T[], size: number, valueOf: (row: T) => string | number | Date | null | undefined) {
  const items = rows.slice(0, size);
  const last = items.at(-1);
  return { items, next: rows.length > size && last ? encodeCursor(valueOf(last), last._id) : null };
}

/** Conditions for a search box's words on a `searchTokens` array: every word, as a prefix (common/search.ts). */
export function wordsFilter(query: string | null | undefined) {
  const words = queryWords(query);
  return words.length ? { $and: words.map((w) => ({ searchTokens: prefixPattern(w) })) } : {};
}
