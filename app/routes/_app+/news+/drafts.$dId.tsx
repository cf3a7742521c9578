import { redirect, type LoaderFunctionArgs } from "@remix-run/node";

import { requireUserWith } from "~/services/auth.server";

// /news/drafts/{dId} (user-app §1): a draft or fetched item opens in the editor, where it is completed and published.
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUserWith(request, "news:manage");
  return redirect(`/news/edit/${encodeURIComponent(params.dId ?? "")}`);
}
