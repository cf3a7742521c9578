import type { LoaderFunctionArgs } from "@remix-run/node";

import { LOGO_QUERY } from "#common/constants";
import { logoUrlsByName } from "~/models/company.server";
import { requireApiUser } from "~/services/auth.server";

// Logos for the companies a report shows: GET ?name=…&name=… → { logos: { [name]: "/resources/files/…" } }, for any
// signed-in user (company logos are shared reference data). Only names with a logo are in the answer.

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request);
  const names = new URL(request.url).searchParams.getAll("name");
  if (names.length > LOGO_QUERY.maxNames || names.some((name) => name.length > LOGO_QUERY.maxNameLength)) {
    return Response.json(
      { error: `At most ${LOGO_QUERY.maxNames} names of at most ${LOGO_QUERY.maxNameLength} characters.` },
      { status: 400 },
    );
  }
  const logos = await logoUrlsByName([...new Set(names)]);
  // Logos change rarely; a minute of private caching spares repeat requests while switching reports.
  return Response.json({ logos }, { headers: { "Cache-Control": "private, max-age=60" } });
}
