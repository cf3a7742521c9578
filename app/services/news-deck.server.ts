import { feedCards, listNewsPage, newsFilterOptions } from "~/models/news.server";
import type { PermittedClient } from "~/models/permitted";
import { buildDeck } from "~/services/deck-pool.server";
import { defaultNewsWindow, formatDay } from "~/utils/dates";
import { newsFiltersOf, type FeedFilterValues } from "~/utils/feed-filters.server";
import type { SessionUser } from "~/utils/session.server";

// The news feed as PowerPoint (user-app §2 'Download News', §7 /news/export): the page's download and the API's export
// build the same deck from the same filters.

/** The most items one deck holds (a slide each); the title slide says when there were more. */
export const EXPORT_MAX_ITEMS = 200;

/** The deck of the client's feed narrowed by `values` between `from` and `to` (the default window without them). */
export async function newsDeck({
  user,
  client,
  values,
  from,
  to,
}: {
  user: SessionUser;
  client: PermittedClient;
  values: FeedFilterValues;
  from?: Date;
  to?: Date;
}) {
  const filters = newsFiltersOf(values, { from, to });
  const items: Awaited<ReturnType<typeof listNewsPage>>["items"] = [];
  let after: string | null = null;
  do {
    const page = await listNewsPage({ user, client, filters, page: { size: 50, after } });
    items.push(...page.items);
    after = page.next;
  } while (after && items.length < EXPORT_MAX_ITEMS + 1);
  const options = await newsFilterOptions({ user, client });
  const window = defaultNewsWindow();
  const named = (label: string, list: string[]) => (list.length ? [`${label}: ${list.join(", ")}`] : []);
  const diseaseName = new Map(options.diseases.map((d) => [d.value, d.label]));
  return buildDeck({
    deck: "news",
    items: await feedCards(items.slice(0, EXPORT_MAX_ITEMS), options.diseases),
    info: {
      client: client.name,
      range: `${formatDay(from ?? window.from)} – ${formatDay(to ?? window.to)}`,
      filters: [
        ...named("Search", values.q ? [`"${values.q}"`] : []),
        ...named(
          "Diseases",
          values.disease.flatMap((id) => diseaseName.get(id) ?? []),
        ),
        ...named("Terms", values.term),
        ...named("Categories", values.category),
        ...named(
          "Priority",
          values.priority.map((p) => options.priorities.find((o) => o.value === p)?.label ?? String(p)),
        ),
      ],
      truncated: items.length > EXPORT_MAX_ITEMS ? { shown: EXPORT_MAX_ITEMS } : undefined,
    },
  });
}

/** A deck as a download named News.pptx (the spec's default name). */
export function newsDeckResponse(bytes: Uint8Array<ArrayBuffer>) {
  return new Response(bytes, {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
      "Content-Disposition": 'attachment; filename="News.pptx"',
      "Content-Length": String(bytes.length),
      "Cache-Control": "private, no-store",
    },
  });
}
