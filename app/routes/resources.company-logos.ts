import type { LoaderFunctionArgs } from "@remix-run/node";
import { connectDb } from "#db/connection.server";
import { Company } from "#db/models/index.server";
import { trusted } from "mongoose";
import { LOGO_QUERY } from "~/utils/constants";
import { getUser } from "~/utils/session.server";

// Logos for the companies a report shows: GET ?name=…&name=… → { logos: { [name]: "/files/…" } }. A sheet's
// 'Company Name' may list partners ('Eisai / Biogen'): the first one is the originator and gives the logo. Names
// match company names or aliases, ignoring case. Only names with a logo are in the answer.

const { maxNames: MAX_NAMES, maxNameLength: MAX_NAME_LENGTH } = LOGO_QUERY;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const originator = (cell: string) => cell.split(/\s*(?:\/|;|\+|,)\s*/)[0]!.trim();

export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await getUser(request))) return Response.json({ error: "Sign in to see logos." }, { status: 401 });
  const asked = new URL(request.url).searchParams.getAll("name");
  if (asked.length > MAX_NAMES || asked.some((name) => name.length > MAX_NAME_LENGTH)) {
    return Response.json({ error: `At most ${MAX_NAMES} names of at most ${MAX_NAME_LENGTH} characters.` }, { status: 400 });
  }
  const names = [...new Set(asked)];
  const firsts = [...new Set(names.map(originator).filter(Boolean))];
  if (firsts.length === 0) return Response.json({ logos: {} });
  await connectDb();
  const pattern = new RegExp(`^(?:${firsts.map(escape).join("|")})$`, "i");
  const companies = await Company.find(trusted({ $or: [{ name: pattern }, { alias: pattern }] }))
    .select("name alias logo thumbnails")
    .lean();
  const byName = new Map<string, string>();
  for (const c of companies) {
    const url = c.thumbnails?.w200 || c.logo;
    if (!url) continue;
    for (const key of [c.name, c.alias]) if (key && !byName.has(key.toLowerCase())) byName.set(key.toLowerCase(), url);
  }
  const logos = Object.fromEntries(names.flatMap((name) => {
    const url = byName.get(originator(name).toLowerCase());
    return url ? [[name, url]] : [];
  }));
  // Logos change rarely; a minute of private caching spares repeat requests while switching reports.
  return Response.json({ logos }, { headers: { "Cache-Control": "private, max-age=60" } });
}
