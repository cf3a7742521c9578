import { connectDb, trusted } from "#db/connection.server";
import { Compound } from "#db/models/compound.server";
import { isObjectId } from "#common/ids";
import type { SessionUser } from "~/utils/session.server";
import { findPage, wordsFilter, type PageRequest } from "./list.server";

/** One page of compounds whose names (brand, generic, scientific or other) begin with the words typed, by generic
 *  name, within the user's clients (the top-level admin: all). Served by { searchTokens, name.generic }. */
export async function searchCompounds({ user, search, page }: { user: SessionUser; search?: string; page: PageRequest }) {
  await connectDb();
  const filter = { ...(user.isTopAdmin ? {} : { client: trusted({ $in: user.clients ?? [] }) }), ...wordsFilter(search) };
  return findPage(Compound, filter, { field: "name.generic", direction: 1, select: "name client therapeuticArea disease developmentPhase priority status", page });
}

/** How a compound is named on cards, events and filters: its generic name, else its brand. */
export const compoundName = (c: { name?: { generic?: string | null; brand?: string | null } | null }) => c.name?.generic || c.name?.brand || "";

/** A disease's active compounds as choices, by name, with `keep` (compounds a record already names, of that disease,
 *  even if made inactive since) so that editing the record loses none of them. */
export async function compoundOptionsOf(disease: { id: string; areaId: string; clientId: string }, keep: string[] = []) {
  await connectDb();
  const kept = keep.filter(isObjectId);
  const [active, keptOnes] = await Promise.all([
    Compound.find({ client: disease.clientId, therapeuticArea: disease.areaId, disease: disease.id, status: "active" }).select("name").lean(),
    kept.length ? Compound.find({ _id: trusted({ $in: kept }), disease: disease.id }).select("name").lean() : [],
  ]);
  const options = new Map([...active, ...keptOnes].map((c) => [String(c._id), { value: String(c._id), label: compoundName(c) }]));
  return [...options.values()].sort((a, b) => a.label.localeCompare(b.label, "en", { sensitivity: "base" }));
}
