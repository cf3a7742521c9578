import type { LoaderFunctionArgs } from "@remix-run/node";

import { importProgress } from "~/models/import-run.server";
import { requireUserWith } from "~/services/auth.server";

// GET /resources/import-progress/{runId} (editors and admins, their own imports): how far a spreadsheet import is, for
// the progress bar its page polls while the import is applied (by this server or another).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, "administration:view");
  return (await importProgress({ user, id: params.runId })) ?? new Response("No such import.", { status: 404 });
}
