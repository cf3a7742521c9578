import { z } from "zod";

import { NEWS_CATEGORIES, NEWS_PRIORITIES } from "#common/constants";
import { dayBound, readDate, readDayRange } from "~/utils/dates";

// The feed's filters as they travel in the URL (user-app §3 "News filter state"): every view of the feed is a link.
// Values that cannot be read are dropped, never an error page: a shared link keeps working when the options change.

const list = <T extends z.ZodTypeAny>(item: T) =>
  z.array(z.unknown()).transform((values) =>
    values.flatMap((v) => {
      const r = item.safeParse(v);
      return r.success ? [r.data as z.infer<T>] : [];
    }),
  );

export const FeedFilterSchema = z.object({
  q: z.string().trim().max(200).catch(""),
  // A day as the field sent it (DD/MM/YYYY without JavaScript) is kept as YYYY-MM-DD, as links and saved searches hold it.
  from: z
    .string()
    .transform((v) => readDate(v) ?? v)
    .catch(""),
  to: z
    .string()
    .transform((v) => readDate(v) ?? v)
    .catch(""),
  disease: list(z.string().regex(/^[0-9a-f]{24}$/i)),
  term: list(z.string().trim().min(1).max(200)),
  category: list(z.enum(NEWS_CATEGORIES)),
  priority: list(z.coerce.number().refine((n) => n in NEWS_PRIORITIES)),
});
export type FeedFilterValues = z.infer<typeof FeedFilterSchema>;

/** The filters in `search` as they stand, each read as the schema reads it (the feed's and a saved search's alike). */
const filterValuesIn = (search: URLSearchParams): FeedFilterValues =>
  FeedFilterSchema.parse({
    q: search.get("q") ?? "",
    from: search.get("from") ?? "",
    to: search.get("to") ?? "",
    disease: search.getAll("disease"),
    term: search.getAll("term"),
    category: search.getAll("category"),
    priority: search.getAll("priority"),
  });

/** The filters in `search`, and a message when the dates given cannot be used (the default window applies then). */
export function readFeedFilters(search: URLSearchParams, max: string) {
  const values = filterValuesIn(search);
  return { values, ...readDayRange(values.from, values.to, max) };
}

/** The filters of listNewsPage for the values read (the feed, its export and the saved searches' digests). */
export const newsFiltersOf = (values: FeedFilterValues, window: { from?: Date; to?: Date } = {}) => ({
  search: values.q,
  diseases: values.disease,
  terms: values.term,
  categories: values.category,
  priorities: values.priority,
  ...window,
});

/** The feed's query string as a saved search keeps it: its filters and its date range, read and written back in one
 *  order, without the paging; dates the feed would refuse are left out (its default window applies). `from`/`to` are
 *  the range's bounds, for the digest: it covers what was published since the last one, inside the range. */
export function savedQueryOf(search: URLSearchParams) {
  const read = filterValuesIn(search);
  const [from, to] = [dayBound(read.from), dayBound(read.to, true)];
  const dated = !(from && to && from > to);
  const values = { ...read, from: dated && from ? read.from : "", to: dated && to ? read.to : "" };
  const out = new URLSearchParams();
  for (const name of ["q", "from", "to"] as const) if (values[name]) out.set(name, values[name]);
  for (const name of ["disease", "term", "category", "priority"] as const) for (const v of values[name]) out.append(name, String(v));
  return { query: out.toString(), values, from: (dated && from) || undefined, to: (dated && to) || undefined };
}
