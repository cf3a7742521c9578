import { connectDb, trusted } from "#db/connection.server";
import { Compound } from "#db/models/compound.server";
import type { SessionUser } from "~/utils/session.server";
import { afterToken, pageOf, wordsFilter, type PageRequest } from "./list.server";

/** One page of compounds whose names (brand, generic, scientific or other) begin with the words typed, by generic
 *  name, within the user's clients (the top-level admin: all). Served by { searchTokens, name.generic }. */
export async function searchCompounds({ user, search, page }: { user: SessionUser; search?: string; page: PageRequest }) {
  await connectDb();
  const rows = await Compound.find({
    ...(user.isTopAdmin ? {} : { client: trusted({ $in: user.clients ?? [] }) }),
    ...wordsFilter(search),
    ...afterToken("name.generic", 1, page.after),
  })
    .select("name client therapeuticArea disease developmentPhase priority status")
    .sort({ "name.generic": 1, _id: 1 })
    .limit(page.size + 1)
    .lean();
  return pageOf(rows, page.size, (c) => c.name?.generic ?? null);
}
