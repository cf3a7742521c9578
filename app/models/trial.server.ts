import { connectDb, trusted } from "#db/connection.server";
import { Trial } from "#db/models/trial.server";
import { isObjectId } from "#common/ids";
import type { SessionUser } from "~/utils/session.server";
import { findPage, wordsFilter, type PageRequest } from "./list.server";

export interface TrialFilters {
  clientId?: string;
  areaId?: string;
  diseaseId?: string;
  /** Words of the title, acronym or registry identifier. */
  search?: string;
}

/** One page of the trials list (admin-console §3), newest start first, within the user's clients (the top-level
 *  admin: all). Served by { client, therapeuticArea, disease, startDateTime, _id } or the words' index. */
export async function listTrialsPage({ user, filters = {}, page }: { user: SessionUser; filters?: TrialFilters; page: PageRequest }) {
  await connectDb();
  const clients = (user.clients ?? []).map(String);
  const client = isObjectId(filters.clientId) ? filters.clientId : null;
  const filter = {
    ...(client ? { client: user.isTopAdmin || clients.includes(client) ? client : trusted({ $in: [] }) } : user.isTopAdmin ? {} : { client: trusted({ $in: clients }) }),
    ...(client && isObjectId(filters.areaId) ? { therapeuticArea: filters.areaId } : {}),
    ...(client && isObjectId(filters.areaId) && isObjectId(filters.diseaseId) ? { disease: filters.diseaseId } : {}),
    ...wordsFilter(filters.search),
  };
  const select = "eventTitle trialIdentifier acronyms phase trialStatus startDateTime primaryCompletionDate client therapeuticArea disease status";
  return findPage(Trial, filter, { field: "startDateTime", direction: -1, newestFirst: true, select, page });
}
