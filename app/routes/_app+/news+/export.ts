import type { LoaderFunctionArgs } from "@remix-run/node";

import { NO_CLIENT_SELECTED } from "#common/messages";
import { feedCards, listNewsPage, newsFilterOptions } from "~/models/news.server";
import { requireUser } from "~/services/auth.server";
import { buildDeck } from "~/services/deck-pool.server";
import { clientContext } from "~/services/shell.server";
import { dateRangePresets, defaultNewsWindow, formatDay } from "~/utils/dates";
import { newsFiltersOf, readFeedFilters } from "~/utils/feed-filters.server";
import { redirectWithToast } from "~/utils/toast.server";

/** The most items one deck holds (a slide each); the title slide says when there were more. */
export const EXPORT_MAX_ITEMS = 200;

/** 'Download News' (user-app §2, §7 /news/export): the feed with the same filters as PowerPoint, `News.pptx`. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { selected: client } = await clientContext(user, request);
  if (!client) throw await redirectWithToast(request, "/dashboard", { type: "error", message: NO_CLIENT_SELECTED });
  const url = new URL(request.url);
  const { values, from, to, problem } = readFeedFilters(url.searchParams, dateRangePresets().max);
  if (problem) throw await redirectWithToast(request, `/news${url.search}`, { type: "error", message: problem });
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
  const deck = await buildDeck({
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
  if (!deck.ok) throw await redirectWithToast(request, `/news${url.search}`, { type: "error", message: deck.message });
  return new Response(deck.bytes, {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
      "Content-Disposition": 'attachment; filename="News.pptx"',
      "Content-Length": String(deck.bytes.length),
      "Cache-Control": "private, no-store",
    },
  });
}
