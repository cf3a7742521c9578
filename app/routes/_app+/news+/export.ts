import type { LoaderFunctionArgs } from "@remix-run/node";

import { NO_CLIENT_SELECTED } from "#common/messages";
import { requireUser } from "~/services/auth.server";
import { newsDeck, newsDeckResponse } from "~/services/news-deck.server";
import { clientContext } from "~/services/shell.server";
import { dateRangePresets } from "~/utils/dates";
import { readFeedFilters } from "~/utils/feed-filters.server";
import { redirectWithToast } from "~/utils/toast.server";

/** 'Download News' (user-app §2, §7 /news/export): the feed with the same filters as PowerPoint, `News.pptx`. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { selected: client } = await clientContext(user, request);
  if (!client) throw await redirectWithToast(request, "/dashboard", { type: "error", message: NO_CLIENT_SELECTED });
  const url = new URL(request.url);
  const { values, from, to, problem } = readFeedFilters(url.searchParams, dateRangePresets().max);
  if (problem) throw await redirectWithToast(request, `/news${url.search}`, { type: "error", message: problem });
  const deck = await newsDeck({ user, client, values, from, to });
  if (!deck.ok) throw await redirectWithToast(request, `/news${url.search}`, { type: "error", message: deck.message });
  return newsDeckResponse(deck.bytes);
}
