import type { LoaderFunctionArgs } from "@remix-run/node";
import { newsScopeOptions } from "~/models/news.server";
import { requireUserWith } from "~/utils/auth.server";

// GET /resources/news-options?client=&area=&disease= (admins): the news editor's choices that follow a selection,
// loaded in place as the client, area or disease changes (user-app §4 cascades); not the companies, which do not
// depend on it. Only what the admin holds is ever listed.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, "news:manage");
  const search = new URL(request.url).searchParams;
  return newsScopeOptions({ user, client: search.get("client"), area: search.get("area"), disease: search.get("disease") });
}
