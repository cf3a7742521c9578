import type { Model, Types } from "mongoose";
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
function afterToken(field: string, direction: 1 | -1, after: string | null | undefined) {
  const cursor = decodeCursor(after);
  if (!cursor) return {};
  const beyond = direction === 1 ? "$gt" : "$lt";
  const value = stored(cursor.value);
  // Our own operators, so mongoose's sanitizeFilter (which wraps operators from requests in $eq) lets them through.
  return { $or: [{ [field]: trusted({ [beyond]: value }) }, { [field]: value, _id: trusted({ [beyond]: cursor.id }) }] };
}

/** A field's value in a document, by a dotted path ("name.generic"). */
const valueAt = (doc: unknown, path: string) => path.split(".").reduce<unknown>((v, key) => (v as Record<string, unknown> | null)?.[key], doc);

/**
 * One page of `model`'s documents matching `filter`, in `{ [field]: direction, _id: direction }` order, after the
 * request's token: the items (one more is read, to know whether a next page exists) and the next page's token.
 */
export async function findPage<T>(
  model: Model<T>,
  filter: Record<string, unknown>,
  { field, direction, select, page }: { field: string; direction: 1 | -1; select: string; page: PageRequest },
) {
  const rows = (await model
    .find({ ...filter, ...afterToken(field, direction, page.after) } as never)
    .select(select)
    .sort({ [field]: direction, _id: direction })
    .limit(page.size + 1)
    .lean()) as Array<T & { _id: Types.ObjectId }>;
  const items = rows.slice(0, page.size);
  const last = items.at(-1);
  return { items, next: rows.length > page.size && last ? encodeCursor(valueAt(last, field) as string | number | Date | null, last._id) : null };
}

/** Conditions for a search box's words on a `searchTokens` array: every word, as a prefix (common/search.ts). */
export function wordsFilter(query: string | null | undefined) {
  const words = queryWords(query);
  return words.length ? { $and: words.map((w) => ({ searchTokens: prefixPattern(w) })) } : {};
}
