import { connectDb, trusted } from "#db/connection.server";
import { Company } from "#db/models/company.server";

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A sheet's 'Company Name' may list partners ('Eisai / Biogen'): the first one is the originator. */
const originator = (cell: string) => cell.split(/\s*(?:\/|;|\+|,)\s*/)[0]!.trim();

/**
 * Logo addresses (the 200 px thumbnail, else the original) for company names as a report shows them, matched to
 * company names or aliases ignoring case; names without a logo are left out. Company logos are shared reference data.
 */
export async function logoUrlsByName(names: string[]): Promise<Record<string, string>> {
  const firsts = [...new Set(names.map(originator).filter(Boolean))];
  if (firsts.length === 0) return {};
  await connectDb();
  const pattern = new RegExp(`^(?:${firsts.map(escape).join("|")})$`, "i");
  const companies = await Company.find(trusted({ $or: [{ name: pattern }, { alias: pattern }] }))
    .select("name alias logo thumbnails")
    .sort({ name: 1, _id: 1 })
    .lean();
  const byName = new Map<string, string>();
  for (const c of companies) {
    const url = c.thumbnails?.w200 || c.logo;
    if (!url) continue;
    for (const key of [c.name, c.alias]) if (key && !byName.has(key.toLowerCase())) byName.set(key.toLowerCase(), url);
  }
  return Object.fromEntries(
    names.flatMap((name) => {
      const url = byName.get(originator(name).toLowerCase());
      return url ? [[name, url]] : [];
    }),
  );
}
