import { connectDb, trusted } from "#db/connection.server";
import { Company, nameKey } from "#db/models/company.server";

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
  const companies = await Company.find({ nameKeys: trusted({ $in: firsts.map(nameKey) }) })
    .select("name alias logo thumbnails")
    .sort({ name: 1, _id: 1 })
    .lean();
  const byName = new Map<string, string>();
  for (const c of companies) {
    const url = c.thumbnails?.w200 || c.logo;
    if (!url) continue;
    for (const key of [c.name, c.alias]) if (key && !byName.has(nameKey(key))) byName.set(nameKey(key), url);
  }
  return Object.fromEntries(
    names.flatMap((name) => {
      const url = byName.get(nameKey(originator(name)));
      return url ? [[name, url]] : [];
    }),
  );
}
