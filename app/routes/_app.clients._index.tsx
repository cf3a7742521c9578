import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermittedClient } from "~/utils/permissions.server";
import { requireUser } from "~/utils/session.server";

// /clients without a client id: 'Please, select a client first!' and back home (user-app §2).
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return requirePermittedClient(request, user, undefined);
}
