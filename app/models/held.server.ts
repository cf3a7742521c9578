import type { Model } from "mongoose";

import { isObjectId } from "#common/ids";
import { connectDb } from "#db/connection.server";
import type { SessionUser } from "~/utils/session.server";

import { heldScope } from "./grants.server";
import { findPage, wordsFilter, type PageRequest } from "./list.server";

// The console's records that whoever holds their disease manages (the top-level admin: all): keywords, compounds,
// events, trials, news, saved registry imports. Each model's indexes serve these reads (see its callers).

export type HeldPageQuery = { user: SessionUser; search?: string; page: PageRequest };
export type HeldRecordQuery = { user: SessionUser; id: string | undefined };

/** One page of such records in `field` order, with the words typed (each must begin a word of the record). The
 *  top-level admin's list is read between fences (every record is theirs, so no disease bounds the range), with words
 *  too (see findPage).
 *  Its type is spelled out: as inferred, callers would not see findPage's rows as their model's. */
export async function findHeldPage<T>(
  model: Model<T>,
  { user, search, page }: HeldPageQuery,
  { field, select }: { field: string; select: string },
): ReturnType<typeof findPage<T>> {
  await connectDb();
  const filter = { ...heldScope(user), ...wordsFilter(search) };
  return findPage(model, filter, { field, direction: 1, select, page, fenced: user.isTopAdmin === true });
}

/** A record of a disease the user holds, with `fields`; null otherwise — the same for an unknown id. */
export async function findHeld<T>(model: Model<T>, { user, id }: HeldRecordQuery, fields: string) {
  if (!isObjectId(id)) return null;
  await connectDb();
  return model
    .findOne({ _id: id, ...heldScope(user) })
    .select(fields)
    .lean();
}
