import type { Model, Schema, Types } from "mongoose";

import { isObjectId } from "#common/ids";
import { prefixPattern, queryWords } from "#common/search";
import { countMatching, trusted } from "#db/connection.server";
import { ListFence } from "#db/models/index.server";
import type { ListTotal } from "~/utils/paging";
import type { SessionUser } from "~/utils/session.server";

import type { PermittedClient } from "./permitted";

// Long lists, one page at a time, in `sort` order (a field, then _id, both the same direction), with the token of the
// page after this one. Queries over these lists are served by indexes that end in (field, _id) — see the schemas — so a
// page costs the same at any depth.

/** Where the next page of a long list starts: the last item's sort value and id, as an opaque URL-safe token (the
 *  spec's `forwardToken`). Paging by it stays fast at any depth, where skipping N items costs N. */
type Cursor = { value: Date | string | number | null; id: string };
/** What a list's sort field holds (from the model's schema): a token's value must be one of those, or null. */
type SortKind = "date" | "number" | "text";

/** A model, as far as the kind of its sort field goes. */
type Schemed = { schema: Schema };

const sortKindOf = (model: Schemed, field: string): SortKind => {
  const instance = model.schema.path(field)?.instance;
  return instance === "Date" ? "date" : instance === "Number" ? "number" : "text";
};

function encodeCursor(value: string | number | Date | null | undefined, id: unknown): string {
  const plain = value instanceof Date ? `d:${value.toISOString()}` : (value ?? null);
  return Buffer.from(JSON.stringify([plain, String(id)])).toString("base64url");
}

/**
 * The cursor in a token, with its value as stored (a date travels as "d:<ISO>"); null for a missing token or one that
 * cannot be used — malformed, forged, or of another list: a value that is not of the field's kind (an invalid date,
 * 1e308 for a date, an object) would reach the query and fail it.
 */
function decodeCursor(token: string | null | undefined, kind: SortKind): Cursor | null {
  if (!token || token.length > 500) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) return null;
  const [value, id] = parsed as [unknown, unknown];
  if (!isObjectId(id)) return null;
  if (value === null) return { value, id };
  if (kind === "date") {
    const date = typeof value === "string" && value.startsWith("d:") ? new Date(value.slice(2)) : null;
    return date && Number.isFinite(date.getTime()) ? { value: date, id } : null;
  }
  if (kind === "number") return typeof value === "number" && Number.isFinite(value) ? { value, id } : null;
  return typeof value === "string" ? { value, id } : null;
}

export interface PageRequest {
  size: number;
  /** The forward token of the page before, or nothing for the first page. */
  after?: string | null;
}

/** A page of a client's feed (news, events) as its reader asks for it: who reads, whose feed, the filters, the page. */
export type FeedPageQuery<Filters> = { user: SessionUser; client: PermittedClient; filters?: Filters; page: PageRequest };

/** Whether a page asked for by a token that cannot be used was read from the start instead (`placeServed` tells). */
const restartedAt = (page: PageRequest, cursor: Cursor | null) => Boolean(page.after) && cursor === null;

/** A field's value in a document, by a dotted path ("name.generic"). */
const valueAt = (doc: unknown, path: string) =>
  path.split(".").reduce<unknown>((v, key) => (v as Record<string, unknown> | null)?.[key], doc);

/** A filter's own range on `field` ({ $gte, $lte } of a date window), to add the page's bound to. */
const rangeOn = (filter: Record<string, unknown>, field: string) => {
  const condition = filter[field];
  return condition && typeof condition === "object" && !(condition instanceof Date)
    ? (condition as Record<string, unknown>)
    : condition === undefined
      ? {}
      : { $eq: condition };
};

const DAY = 86_400_000;
/** Where newest-first reading by windows stops looking for older items when the filter sets no start. */
const OLDEST = new Date(Date.UTC(1900, 0, 1));

/** Counting stops here: counting every match of a broad word search took 0.5 s at 50k trials (the words' index is
 *  multikey, so each match is read), for a number nobody pages through. */
export const COUNT_CAP = 1000;

/** How many rows `filter` matches, counted up to COUNT_CAP. */
export async function countUpTo<T>(model: Model<T>, filter: Record<string, unknown>): Promise<ListTotal> {
  if (Object.keys(filter).length === 0) {
    const count = await model.estimatedDocumentCount();
    return { count: Math.min(count, COUNT_CAP), more: count > COUNT_CAP };
  }
  const count = await countMatching(model, filter, COUNT_CAP + 1);
  return { count: Math.min(count, COUNT_CAP), more: count > COUNT_CAP };
}

/** A search matching at most this many rows is paged from all of them, read through its own index and ordered here. */
export const FEW_MATCHES = 200;

/**
 * The page `findPage` would give, from `rows` (every match of the filter, in any order): a search that matches few
 * rows reads them through the words' index instead of walking the sort field's index past every other row (one NCT id
 * among 50k trials took 1.5 s by date windows). Missing values sort first ascending and last descending, and text by
 * its bytes, as stored. `model`: the rows' model, whose schema says what a token's value must be.
 */
export function pageOfRows<T extends { _id: Types.ObjectId }>(
  model: Schemed,
  rows: T[],
  { field, direction, page }: { field: string; direction: 1 | -1; page: PageRequest },
) {
  const key = (row: T) => {
    const v = valueAt(row, field);
    return v instanceof Date ? v.getTime() : ((v as string | number | null | undefined) ?? null);
  };
  const compare = (a: string | number | null, aId: string, b: string | number | null, bId: string) => {
    if (a !== b) {
      if (a === null) return -direction;
      if (b === null) return direction;
      return (typeof a === "string" && typeof b === "string" ? byteOrder(a, b) : a < b ? -1 : 1) * direction;
    }
    return aId === bId ? 0 : (aId < bId ? -1 : 1) * direction;
  };
  const sorted = rows.map((row) => ({ row, key: key(row), id: String(row._id) })).sort((a, b) => compare(a.key, a.id, b.key, b.id));
  const cursor = decodeCursor(page.after, sortKindOf(model, field));
  const at = cursor?.value;
  const after = cursor
    ? sorted.filter((r) => compare(r.key, r.id, at instanceof Date ? at.getTime() : (at ?? null), cursor.id) > 0)
    : sorted;
  const items = after.slice(0, page.size).map((r) => r.row);
  const last = items.at(-1);
  return {
    items,
    next: after.length > page.size && last ? encodeCursor(valueAt(last, field) as string | number | Date | null, last._id) : null,
    restarted: restartedAt(page, cursor),
  };
}

/**
 * One page of `model`'s documents matching `filter`, in `{ [field]: direction, _id: direction }` order, after the
 * request's token: the items (one more is read, to know whether a next page exists) and the next page's token.
 * SecantusDB reads the whole index range a sorted query covers before it applies the limit, so every read here is a
 * bounded range:
 *  - after a token, the rest of the items that share its sort value (by _id), then the items beyond it (an `$or` of the
 *    two would be read as the whole range);
 *  - `newestFirst` (a date field, descending): windows of time, 32 days wide (a month back to the end of today, the
 *    feeds' default, in one read) and four times wider each time — sixteen after one that found nothing — down to the
 *    filter's start (or 1900, and then the items without a date, which sort last, unless the field is required), until
 *    the page is full;
 *  - `fenced` (a text field): windows between the field's fences (`fencesOf`), one interval wide and four times wider
 *    each time, until the page is full (items without a value sort first ascending, last descending). With words
 *    typed (and no other condition) in a collection with at least SEARCH_FENCES fences, the first window is read so,
 *    and if it leaves the page short, the matches through the words index, those past the window ordered here: a word
 *    common enough to miss in a window of about FENCE_EVERY items is rare enough to read whole, where the windows would
 *    have widened to the whole collection (2 s for a one-letter search of 100k users, read as one range). Over
 *    SEARCH_REST_MAX of them, the windows go on.
 */
export async function findPage<T>(
  model: Model<T>,
  filter: Record<string, unknown>,
  {
    field,
    direction,
    select,
    page,
    newestFirst = false,
    fenced = false,
  }: { field: string; direction: 1 | -1; select: string; page: PageRequest; newestFirst?: boolean; fenced?: boolean },
) {
  const want = page.size + 1;
  type Row = T & { _id: Types.ObjectId };
  const rows: Row[] = [];
  const read = async (where: Record<string, unknown>, sort: Record<string, 1 | -1> = { [field]: direction, _id: direction }) => {
    if (rows.length >= want) return;
    rows.push(
      ...((await model
        .find(where as never)
        .select(select)
        .sort(sort)
        .limit(want - rows.length)
        .lean()) as Row[]),
    );
  };
  // Our own operators, so mongoose's sanitizeFilter (which wraps operators from requests in $eq) lets them through.
  const within = (extra: Record<string, unknown>) => ({ ...filter, [field]: trusted({ ...rangeOn(filter, field), ...extra }) });
  const cursor = decodeCursor(page.after, sortKindOf(model, field));
  const value = cursor?.value;
  const beyond = direction === 1 ? "$gt" : "$lt";
  if (cursor) await read({ ...filter, [field]: value, _id: trusted({ [beyond]: cursor.id }) });
  const fences = fenced ? await fencesOf(model, field) : [];
  const searching = hasWords(filter);
  let searched = searching && onlyWords(filter);
  // Words typed in a collection of fewer than about SEARCH_FENCES × FENCE_EVERY items: their matches in one read, as in
  // a list that is not fenced (one command, and at most that many items read).
  if (fenced && (!searching || fences.length >= SEARCH_FENCES)) {
    if (value === null && direction === -1) return finish();
    if (value === undefined && direction === 1) await read({ ...filter, [field]: null }, { _id: 1 });
    const start = typeof value === "string" ? value : undefined;
    // In the page's order (a copy: the process keeps the fences it read).
    const ordered = direction === -1 ? [...fences].reverse() : fences;
    const ahead = start === undefined ? ordered : ordered.filter((f) => byteOrder(f, start) * direction > 0);
    // Every string is at least "": the windows leave out the items without a value, read apart.
    let from: Record<string, string> = start === undefined ? { $gte: "" } : { [beyond]: start };
    for (let i = 0, span = 1; rows.length < want; i += span, span *= 4) {
      const bound = ahead[i + span - 1];
      await read(within({ ...from, ...(bound === undefined ? {} : { [direction === 1 ? "$lt" : "$gte"]: bound }) }));
      if (bound === undefined) break;
      from = { [direction === 1 ? "$gte" : "$lt"]: bound };
      if (searched && rows.length < want) {
        searched = false;
        // The words alone, unhinted: SecantusDB bounds such a read by the words' prefixes, but with a range of the
        // sort field beside them, or a hint, it read the whole index (2-5 s at 100k users). The bound is applied here.
        const matches = (await model
          .find(filter as never)
          .select(select)
          .limit(SEARCH_REST_MAX + want)
          .lean()) as Row[];
        if (matches.length < SEARCH_REST_MAX + want) {
          // Those the windows have not read: from the bound on ascending, below it descending.
          const past = matches.filter((row) => {
            const v = valueAt(row, field);
            return typeof v === "string" && (direction === 1 ? byteOrder(v, bound) >= 0 : byteOrder(v, bound) < 0);
          });
          rows.push(...pageOfRows(model, past, { field, direction, page: { size: want - rows.length } }).items);
          break;
        }
      }
    }
    if (direction === -1) await read({ ...filter, [field]: null }, { _id: -1 });
  } else if (value === null) {
    // Missing values sort first ascending (all the others follow) and last descending (nothing follows).
    if (direction === 1) await read(within({ $ne: null }));
  } else if (newestFirst && direction === -1) {
    const range = rangeOn(filter, field) as { $gte?: Date; $lte?: Date };
    const floor = range.$gte ?? OLDEST;
    let top = value instanceof Date ? value : (range.$lte ?? new Date());
    let upper: Record<string, Date> = value instanceof Date ? { $lt: value } : range.$lte ? { $lte: range.$lte } : {};
    for (let span = 32 * DAY; rows.length < want;) {
      const lower = new Date(Math.max(top.getTime() - span, floor.getTime()));
      const before = rows.length;
      await read({ ...filter, [field]: trusted({ ...upper, $gte: lower }) });
      if (lower <= floor) break;
      [top, upper] = [lower, { $lt: lower }];
      span *= rows.length > before ? 4 : 16;
    }
    if (!range.$gte && !model.schema.path(field)?.isRequired) await read({ ...filter, [field]: null }, { _id: -1 });
  } else {
    await read(value === undefined ? filter : within({ [beyond]: value }));
    // A text without a value sorts last descending: after a token's value, those follow the values.
    if (fenced && direction === -1 && value !== undefined) await read({ ...filter, [field]: null }, { _id: -1 });
  }
  return finish();

  function finish() {
    const items = rows.slice(0, page.size);
    const last = items.at(-1);
    return {
      items,
      next: rows.length > page.size && last ? encodeCursor(valueAt(last, field) as string | number | Date | null, last._id) : null,
      restarted: restartedAt(page, cursor),
    };
  }
}

/** The most matches of a search read whole through the words index after its first window (see findPage). */
const SEARCH_REST_MAX = 500;
/** How many fences a collection has before a search in it is read window by window (see findPage). */
const SEARCH_FENCES = 8;

/** Whether a filter holds words typed (wordsFilter's conditions), and whether it holds nothing else. */
const wordsIn = (filter: Record<string, unknown>) =>
  Array.isArray(filter.$and)
    ? filter.$and.filter((c) => typeof c === "object" && c !== null && Object.keys(c).join() === "searchTokens")
    : [];
const hasWords = (filter: Record<string, unknown>) => wordsIn(filter).length > 0;
const onlyWords = (filter: Record<string, unknown>) =>
  Object.keys(filter).length === 1 && wordsIn(filter).length === (filter.$and as unknown[]).length;

const FENCE_EVERY = 1000;
const FENCE_SAMPLE = 2000;
const FENCE_MAX_AGE_MS = 10 * 60_000;
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/**
 * About every FENCE_EVERY-th value of a text field over the whole collection, ascending (none for a collection of
 * fewer than twice that), kept in the database for FENCE_MAX_AGE_MS. They come from a random sample of FENCE_SAMPLE
 * items (reading every value took 1.2 s at 100k items, the sample 0.2 s), so an interval holds about FENCE_EVERY
 * items, give or take. Items added since only make some intervals wider: the windows still cover every value. When
 * they are stale, one request renews them while the others go on with the old ones.
 */
/** `size` values of `field` at random; every value on an engine without `$sample` (FerretDB 1.x: NotImplemented). */
async function sampleOf<T>(model: Model<T>, field: string, size: number) {
  try {
    return (
      await model.collection.aggregate<{ value: unknown }>([{ $sample: { size } }, { $project: { _id: 0, value: `$${field}` } }]).toArray()
    ).map((d) => d.value);
  } catch (error) {
    if ((error as { code?: number }).code !== 238) throw error;
    return (await model.collection.find({}, { projection: { _id: 0, [field]: 1 }, batchSize: 10_000 }).toArray()).map((d) =>
      valueAt(d, field),
    );
  }
}

async function fencesOf<T>(model: Model<T>, field: string): Promise<readonly string[]> {
  const key = `${model.collection.collectionName}.${field}`;
  const now = new Date();
  const known = fencesSeen.get(key);
  if (known && now.getTime() - known.at.getTime() < FENCE_MAX_AGE_MS) return known.values;
  const saved = await ListFence.findById(key).lean();
  const seen = (values: readonly string[], at: Date) => (fencesSeen.set(key, { values, at }), values);
  if (saved && now.getTime() - saved.at.getTime() < FENCE_MAX_AGE_MS) return seen(saved.values as string[], saved.at);
  if (saved && (await ListFence.updateOne({ _id: key, at: saved.at }, { $set: { at: now } })).modifiedCount === 0)
    return seen(saved.values as string[], saved.at);
  const values: string[] = [];
  const count = await model.estimatedDocumentCount();
  if (count >= 2 * FENCE_EVERY) {
    const sorted = (await sampleOf(model, field, Math.min(count, FENCE_SAMPLE)))
      .filter((v): v is string => typeof v === "string")
      .sort(byteOrder);
    const step = Math.max(1, Math.round((sorted.length * FENCE_EVERY) / count));
    for (let i = step - 1; i < sorted.length; i += step) if (sorted[i] !== values.at(-1)) values.push(sorted[i]!);
  }
  try {
    await ListFence.updateOne({ _id: key }, { $set: { values, at: new Date() } }, { upsert: true });
  } catch (error) {
    // Another request created them at the same moment: theirs are as good.
    if ((error as { code?: number }).code !== 11000) throw error;
  }
  return seen(values, now);
}

/**
 * The fences this process last read or took, until they are FENCE_MAX_AGE_MS old (then the database's, which another
 * process may have renewed): a list page reads none of them (one command less). They are bounds of windows, not data:
 * windows between stale fences still cover every item (see fencesOf), so keeping them cannot change what a page shows.
 */
const fencesSeen = new Map<string, { values: readonly string[]; at: Date }>();

/** Forgets the fences this process keeps, so the next page reads them from the database (tests that renew them). */
export const forgetFences = () => fencesSeen.clear();

/** Conditions for a search box's words on a `searchTokens` array: every word, as a prefix (common/search.ts). */
export function wordsFilter(query: string | null | undefined) {
  const words = queryWords(query);
  return words.length ? { $and: words.map((w) => ({ searchTokens: prefixPattern(w) })) } : {};
}
