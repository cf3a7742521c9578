import { redirect, type ActionFunctionArgs } from "@remix-run/node";

import { drawerCookie } from "~/services/shell.server";
import { readFormData } from "~/utils/request.server";
import { safeRedirect } from "~/utils/url";

/** Remembers the drawer's open state (a POST, so the toggle works without JavaScript). */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const open = form.get("open") === "true";
  const headers = { "Set-Cookie": await drawerCookie.serialize(open ? "open" : "closed") };
  if (form.get("redirectTo") === null) return new Response(null, { status: 204, headers });
  return redirect(safeRedirect(form.get("redirectTo")), { headers });
}
