import { redirect, type LoaderFunctionArgs } from "@remix-run/node";

import { requireUser } from "~/services/auth.server";

// "/" is the home route: the client-selection dashboard (user-app §2).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return redirect("/dashboard");
}
