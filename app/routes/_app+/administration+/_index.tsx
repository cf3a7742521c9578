import { redirect, type LoaderFunctionArgs } from "@remix-run/node";

import { requireUserWith } from "~/services/auth.server";

/** /administration opens the users list, the one section every console user has. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWith(request, "administration:view");
  return redirect("/administration/users");
}
