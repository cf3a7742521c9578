import type { FollowFrequency } from "#common/constants";
import { isObjectId } from "#common/ids";
import { connectDb } from "#db/connection.server";
import { DiseaseFollow, User } from "#db/models/index.server";
import type { SessionUser } from "~/utils/session.server";

import { claimSending, releaseSending } from "./digest-claim.server";
import { dueDigests } from "./digest-due.server";
import type { PermittedDisease } from "./permitted";

// Following a disease's landscape (issue 30): the user's own, one per disease, set from its report page; the e-mail
// that says what changed is in app/services/follow-digests.server.ts.

/** How often the user hears of the disease's changes, or null when they do not follow it (read from the session's user
 *  record, which setFollow keeps in step: no query). */
export function followOf({ user, disease }: { user: SessionUser; disease: PermittedDisease }): FollowFrequency | null {
  return user.follows?.find((f) => String(f.disease) === disease.id)?.frequency ?? null;
}

/** Follows a disease the user may see (again: its first digest covers what changes from now on), changes how often, or
 *  ("off") stops: the digests' record, and the user's own list the report page reads. */
export async function setFollow({
  user,
  disease,
  frequency,
}: {
  user: SessionUser;
  disease: PermittedDisease;
  frequency: FollowFrequency | "off";
}) {
  await connectDb();
  if (frequency === "off") await DiseaseFollow.deleteOne({ user: user._id, disease: disease.id });
  else
    await DiseaseFollow.updateOne(
      { user: user._id, disease: disease.id },
      { $set: { frequency, client: disease.clientId }, $setOnInsert: { lastSentAt: new Date() } },
      { upsert: true },
    );
  await listFollow(user._id, disease.id, frequency === "off" ? null : frequency);
}

/** The user's own list of follows with this disease's set (null: taken out). Read and written whole: $pull of a
 *  matching subdocument is beyond what FerretDB 1.x implements. */
async function listFollow(userId: unknown, diseaseId: string, frequency: FollowFrequency | null) {
  const current = (await User.findById(userId).select("follows").lean())?.follows ?? [];
  const follows = [...current.filter((f) => String(f.disease) !== diseaseId), ...(frequency ? [{ disease: diseaseId, frequency }] : [])];
  await User.updateOne({ _id: userId }, { $set: { follows } });
}

/** For the unsubscribe page (its signed token already proved who may): the follow, with its disease's name. */
export async function findFollowById(id: string) {
  if (!isObjectId(id)) return null;
  await connectDb();
  return DiseaseFollow.findById(id).select("disease frequency").populate<{ disease: { name: string } | null }>("disease", "name").lean();
}

/** Stops a follow (the digest's unsubscribe link), in the user's list too. */
export async function stopFollow(id: string) {
  await connectDb();
  const follow = await DiseaseFollow.findOneAndDelete({ _id: id }).lean();
  if (follow) await listFollow(follow.user, String(follow.disease), null);
}

/** The moment before which a digest of this frequency is due at `now`: a week, or a calendar month, ago. */
export function dueBefore(frequency: FollowFrequency, now: Date) {
  const at = new Date(now);
  if (frequency === "weekly") at.setUTCDate(at.getUTCDate() - 7);
  else at.setUTCMonth(at.getUTCMonth() - 1);
  return at;
}

/** The follows whose digest is due at `now` (each frequency read by { frequency, lastSentAt }). */
export const dueFollows = (now: Date) =>
  dueDigests(
    DiseaseFollow,
    ["weekly", "monthly"] as const,
    (frequency) => dueBefore(frequency, now),
    "user client disease frequency lastSentAt",
  );
export type DueFollow = Awaited<ReturnType<typeof dueFollows>>[number];

/** Claims live past any run that could still hold the old lastSentAt (a month and more). */
const CLAIM_KEPT_MS = 40 * 86_400_000;

/** Claims a due digest for this process, as the saved searches' digests are claimed (digest-claim.server.ts). True
 *  when this one won. */
export const claimFollow = (follow: DueFollow, until: Date) => claimSending(DiseaseFollow, "follow", follow, until, CLAIM_KEPT_MS);

/** Gives a claimed digest back after its mail could not be sent, so the next run tries again. */
export const releaseFollow = (follow: DueFollow, until: Date) => releaseSending(DiseaseFollow, "follow", follow, until);
