import type { LoaderFunctionArgs } from "@remix-run/node";

import { requirePermitted } from "~/services/auth.server";

// /clients without a client id: 'Please, select a client first!' and back home (user-app §2).
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermitted(request, { clientId: undefined });
  return null;
}
