import { redirect, type LoaderFunctionArgs } from "@remix-run/node";

import { forgetDrawnHere } from "~/reports/drawn-here";
import { safeRedirect } from "~/utils/url";

/**
 * A report page sent without its tables to a browser that had run the page's scripts, read now without them (its
 * <noscript> leads here) or whose scripts did not come within 10 s (an inline script does): the browser's "draws
 * reports" cookie is forgotten and it goes back to the page, which then comes with its tables. Anyone may ask: it
 * changes nothing but that cookie.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return redirect(safeRedirect(new URL(request.url).searchParams.get("to")), { headers: { "Set-Cookie": forgetDrawnHere() } });
}
