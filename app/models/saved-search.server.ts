import type { DigestFrequency } from "#common/constants";
import { isObjectId } from "#common/ids";
import { connectDb } from "#db/connection.server";
import { SavedSearch } from "#db/models/index.server";
import type { SessionUser } from "~/utils/session.server";

import { claimSending, releaseSending } from "./digest-claim.server";
import { dueDigests } from "./digest-due.server";
import { findPage, type PageRequest } from "./list.server";
import type { PermittedClient } from "./permitted";

// Saved news searches (issue 16): a user's own, per client. The digests that mail them are in app/services/digests.server.ts.

export interface SavedSearchRow {
  id: string;
  name: string;
  query: string;
  frequency: DigestFrequency;
  lastSentAt: string;
}

/** One page of the user's saved searches of one client, newest first (served by { user, client, createdAt, _id }). */
export async function listSavedSearches({ user, client, page }: { user: SessionUser; client: PermittedClient; page: PageRequest }) {
  await connectDb();
  const found = await findPage(
    SavedSearch,
    { user: user._id, client: client.id },
    { field: "createdAt", direction: -1, newestFirst: true, select: "name query frequency lastSentAt createdAt", page },
  );
  const rows: SavedSearchRow[] = found.items.map((r) => ({
    id: String(r._id),
    name: r.name,
    query: r.query,
    frequency: r.frequency,
    lastSentAt: r.lastSentAt.toISOString(),
  }));
  return { rows, next: found.next, restarted: found.restarted };
}

/** A saved search only its owner may change (anyone else's id is "not found", like one that does not exist). */
export async function findOwnSavedSearch({ user, id }: { user: SessionUser; id: string | undefined }) {
  if (!isObjectId(id)) return null;
  await connectDb();
  return SavedSearch.findOne({ _id: id, user: user._id }).select("name query frequency client").lean();
}

/** A new saved search; its first digest covers what is published from now on. */
export async function createSavedSearch({
  user,
  client,
  name,
  query,
  frequency,
}: {
  user: SessionUser;
  client: PermittedClient;
  name: string;
  query: string;
  frequency: DigestFrequency;
}) {
  await connectDb();
  const saved = await SavedSearch.create({ user: user._id, client: client.id, name, query, frequency, lastSentAt: new Date() });
  return String(saved._id);
}

export async function updateSavedSearch({
  user,
  id,
  name,
  frequency,
}: {
  user: SessionUser;
  id: string;
  name: string;
  frequency: DigestFrequency;
}) {
  await connectDb();
  return (await SavedSearch.updateOne({ _id: id, user: user._id }, { $set: { name, frequency } })).matchedCount === 1;
}

export async function deleteSavedSearch({ user, id }: { user: SessionUser; id: string }) {
  await connectDb();
  return (await SavedSearch.deleteOne({ _id: id, user: user._id })).deletedCount === 1;
}

/** For the unsubscribe page (the token already proved who may): the search's name and whether mail is on. */
export async function findSavedSearchById(id: string) {
  await connectDb();
  return SavedSearch.findById(id).select("name frequency").lean();
}

export async function turnDigestOff(id: string) {
  await connectDb();
  await SavedSearch.updateOne({ _id: id }, { $set: { frequency: "off" } });
}

/** A digest covers items up to this long before it runs: an item whose write was under way while the digest read
 *  (its time just before the read, its commit just after) is then in the next digest instead of in neither. */
export const DIGEST_SETTLE_MS = 60_000;

export const PERIOD_MS: Record<Exclude<DigestFrequency, "off">, number> = { daily: 86_400_000, weekly: 7 * 86_400_000 };

/** The saved searches whose digest is due at `now` (each frequency read by { frequency, lastSentAt }). */
export const dueSavedSearches = (now: Date) =>
  dueDigests(
    SavedSearch,
    Object.keys(PERIOD_MS) as Array<keyof typeof PERIOD_MS>,
    (frequency) => new Date(now.getTime() - PERIOD_MS[frequency]),
    "user client name query lastSentAt",
  );
export type DueSavedSearch = Awaited<ReturnType<typeof dueSavedSearches>>[number];

/** Claims live past any run that could still hold the old lastSentAt. */
const CLAIM_KEPT_MS = 8 * 86_400_000;

/** Claims a due digest for this process, so that of two processes that read the same search only one sends it
 *  (digest-claim.server.ts). True when this one won. */
export const claimDigest = (search: DueSavedSearch, until: Date) => claimSending(SavedSearch, "digest", search, until, CLAIM_KEPT_MS);

/** Gives a claimed digest back after its mail could not be sent, so the next run tries again. */
export const releaseDigest = (search: DueSavedSearch, until: Date) => releaseSending(SavedSearch, "digest", search, until);
