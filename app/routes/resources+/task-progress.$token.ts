import type { LoaderFunctionArgs } from "@remix-run/node";

import { taskProgress } from "~/models/task-progress.server";
import { requireUser } from "~/services/auth.server";

// GET /resources/task-progress/{token} (any signed-in user, their own requests only): how far a long request is, for
// the progress bar its page polls while the request runs (on this server or another). Null until it has said.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return taskProgress(user, params.token);
}
