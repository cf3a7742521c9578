import type { LoaderFunctionArgs } from "@remix-run/node";

import { scopeOptions, scopeOptionsWithCompounds } from "~/models/cascade.server";
import { requireUserWith } from "~/services/auth.server";

// GET /resources/scope-options?client=&area=&disease=[&compounds=1] (admins and editors): the choices that follow a
// selection in a record's form, loaded in place as the client, area or disease changes (user-app §4 cascades), with
// the chosen disease's compounds when asked. Only what the user holds is ever listed.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, "administration:view");
  const search = new URL(request.url).searchParams;
  const selection = { user, client: search.get("client"), area: search.get("area"), disease: search.get("disease") };
  return search.get("compounds") === "1" ? scopeOptionsWithCompounds(selection) : (await scopeOptions(selection)).options;
}
