import { Types } from "mongoose";

import { isObjectId } from "#common/ids";
import { connectDb, totalOrder, trusted } from "#db/connection.server";
import { CalendarFeed, CalendarFeedSlot, Event, Trial } from "#db/models/index.server";
import { eventEntry, type CalendarEntry } from "~/utils/ics.server";
import { diseasesIn } from "~/utils/permissions";
import { hashOfSecret, newSecret } from "~/utils/secret-token.server";
import { findActiveUser, type SessionUser } from "~/utils/session.server";

import { findPermittedDisease, listPermittedDiseasesOfAreas } from "./disease.server";
import type { PermittedClient } from "./permitted";
import { findPermittedClient, listPermittedClients } from "./permitted-client.server";
import { scopeNamesOf } from "./scope-names.server";
import { findPermittedArea, listPermittedAreas } from "./therapeutic-area.server";

// Calendar feeds (issue 16): a secret address per feed that Outlook or Google Calendar polls without a session. The
// address carries a random token; only its SHA-256 is stored, so the address is shown once. Each fetch reads the
// owner's CURRENT rights: a user who lost a disease stops getting its events, and a user no longer active (blocked,
// inactive, deleted) or a revoked feed gets a 404.

/** At most this many live feeds per user (each is a standing door into their data). */
export const MAX_FEEDS = 20;
/** The window of a feed: a year back, two ahead; at most this many events and as many trial dates. */
const WINDOW_BACK_MS = 365 * 86_400_000;
const WINDOW_AHEAD_MS = 2 * 365 * 86_400_000;
const MAX_ENTRIES = 2_000;

/** The address's path: the token followed by .ics, which calendar programs expect. */
export const feedPath = (token: string) => `/resources/calendar/${token}.ics`;

/** A scope a feed can be narrowed to, as the page's one select offers it: "client", "client:area", "client:area:disease". */
export type FeedScopeOption = { value: string; label: string; group: string };

/** Every client the user may see, each whole, each permitted area and each permitted disease (grouped by client). */
export async function feedScopeOptions({ user }: { user: SessionUser }): Promise<FeedScopeOption[]> {
  const options: FeedScopeOption[] = [];
  for (const client of await listPermittedClients({ user })) {
    options.push({ value: client.id, label: `All of ${client.name}`, group: client.name });
    const areas = await listPermittedAreas({ user, client });
    const diseasesOf = await listPermittedDiseasesOfAreas({ user, areas });
    for (const area of areas) {
      options.push({ value: `${client.id}:${area.id}`, label: area.name, group: client.name });
      for (const disease of diseasesOf.get(area.id)!)
        options.push({ value: `${client.id}:${area.id}:${disease.id}`, label: `${area.name} › ${disease.name}`, group: client.name });
    }
  }
  return options;
}

type FeedScope = { client: PermittedClient; areaId?: string; diseaseId?: string };

/** The scope a chosen value names, checked against the user's current rights; null when any part is not theirs. */
export async function permittedFeedScope({ user, value }: { user: SessionUser; value: string }): Promise<FeedScope | null> {
  const [clientId, areaId, diseaseId, ...rest] = value.split(":");
  if (rest.length || !isObjectId(clientId)) return null;
  const client = await findPermittedClient({ user, id: clientId });
  if (!client) return null;
  if (areaId === undefined) return { client };
  const area = await findPermittedArea({ user, client, id: areaId });
  if (!area) return null;
  if (diseaseId === undefined) return { client, areaId: area.id };
  const disease = await findPermittedDisease({ user, id: diseaseId });
  return disease.status === "ok" && disease.disease.areaId === area.id ? { client, areaId: area.id, diseaseId: disease.disease.id } : null;
}

/** The user's feeds, newest first, live and revoked, with the names of their scope. Served by { user, createdAt }. */
export async function listCalendarFeeds({ user }: { user: SessionUser }) {
  await connectDb();
  const feeds = await CalendarFeed.find({ user: user._id })
    .select("client therapeuticArea disease trials name tokenStart createdAt lastFetchedAt revokedAt")
    .sort({ createdAt: -1, _id: -1 })
    .limit(200)
    .lean();
  const placeOf = await scopeNamesOf(feeds, user);
  return feeds.map((f) => {
    const place = placeOf(f);
    return {
      id: String(f._id),
      name: f.name,
      scope: [place.client, place.area, place.disease].filter(Boolean).join(" › "),
      trials: Boolean(f.trials),
      tokenStart: f.tokenStart,
      createdAt: f.createdAt.toISOString(),
      lastFetchedAt: f.lastFetchedAt?.toISOString() ?? null,
      revokedAt: f.revokedAt?.toISOString() ?? null,
    };
  });
}

const slotKeys = (user: SessionUser) => Array.from({ length: MAX_FEEDS }, (_, n) => `${String(user._id)}:${n}`);
/** A place claimed this long ago for a feed that is not live is left over (a create that failed halfway); younger, it
 *  may be a create still under way. */
const SLOT_SETTLE_MS = 60_000;
const isDuplicate = (error: unknown) => (error as { code?: number }).code === 11000;

/**
 * Claims one of the user's MAX_FEEDS places for the feed `feedId` about to be created; false when all are taken. Each
 * place is a document with a unique _id, so two requests (on any server) never get the same one, and a feed holds one
 * place at most. Live feeds from before places existed get theirs first; places left over are given back.
 */
async function claimFeedSlot(user: SessionUser, feedId: Types.ObjectId, now = new Date()) {
  const keys = slotKeys(user);
  const [slots, live] = await Promise.all([
    CalendarFeedSlot.find({ _id: trusted({ $in: keys }) }).lean(),
    CalendarFeed.find({ user: user._id, revokedAt: trusted({ $exists: false }) })
      .select("_id")
      .lean(),
  ]);
  const liveIds = new Set(live.map((f) => String(f._id)));
  const leftOver = slots.filter((s) => !liveIds.has(String(s.feed)) && now.getTime() - s.at.getTime() > SLOT_SETTLE_MS);
  for (const slot of leftOver) await CalendarFeedSlot.deleteOne({ _id: slot._id, feed: slot.feed });
  const kept = slots.filter((s) => !leftOver.includes(s));
  const held = new Set(kept.map((s) => String(s.feed)));
  const free = keys.filter((k) => !kept.some((s) => s._id === k));
  for (const feed of [...live.map((f) => f._id).filter((id) => !held.has(String(id))), feedId]) {
    let placed = false;
    while (!placed && free.length) {
      try {
        await CalendarFeedSlot.create({ _id: free.shift(), feed, at: now });
        placed = true;
      } catch (error) {
        if (!isDuplicate(error)) throw error;
        // That place was taken meanwhile, or another request gave this feed its place.
        placed = (await CalendarFeedSlot.exists({ feed })) !== null;
      }
    }
    if (!placed) return false;
  }
  return true;
}

/** Creates a feed; returns its token, which exists nowhere else afterwards; null when the user has MAX_FEEDS live. */
export async function createCalendarFeed({
  user,
  scope,
  trials,
  name,
}: {
  user: SessionUser;
  scope: FeedScope;
  trials: boolean;
  name: string;
}) {
  await connectDb();
  const _id = new Types.ObjectId();
  if (!(await claimFeedSlot(user, _id))) return null;
  const { secret: token, hash, start } = newSecret();
  try {
    await CalendarFeed.create({
      _id,
      user: user._id,
      client: scope.client.id,
      ...(scope.areaId ? { therapeuticArea: scope.areaId } : {}),
      ...(scope.diseaseId ? { disease: scope.diseaseId } : {}),
      trials,
      name,
      tokenHash: hash,
      tokenStart: start,
    });
  } catch (error) {
    await CalendarFeedSlot.deleteOne({ feed: _id });
    throw error;
  }
  return token;
}

/** Revokes one of the user's own live feeds, giving its place back; false for anyone else's, an unknown id or one
 *  already revoked. */
export async function revokeCalendarFeed({ user, id }: { user: SessionUser; id: string }) {
  if (!isObjectId(id)) return false;
  await connectDb();
  const result = await CalendarFeed.updateOne(
    { _id: id, user: user._id, revokedAt: trusted({ $exists: false }) },
    { $set: { revokedAt: new Date() } },
  );
  if (result.modifiedCount !== 1) return false;
  await CalendarFeedSlot.deleteOne({ feed: id });
  return true;
}

/** The live feed of a token (any string from the address), or null. Served by the unique { tokenHash }. */
export async function findLiveFeed(token: string) {
  if (!/^[\w-]{43}$/.test(token)) return null;
  await connectDb();
  const feed = await CalendarFeed.findOne({ tokenHash: hashOfSecret(token) }).lean();
  return feed && !feed.revokedAt ? feed : null;
}
type LiveFeed = NonNullable<Awaited<ReturnType<typeof findLiveFeed>>>;

/**
 * What a feed shows now, with its owner's current rights: the active events of its scope from a year back to two
 * years ahead and, when chosen, the active trials' primary completion dates; null when the owner is not active or no
 * longer sees the feed's client. Events served by { client, status, startDateTime, _id }, trials by
 * { client, status, primaryCompletionDate }.
 */
export async function calendarOfFeed(feed: LiveFeed, now = new Date()): Promise<{ name: string; entries: CalendarEntry[] } | null> {
  const user = await findActiveUser(feed.user);
  if (!user) return null;
  const client = await findPermittedClient({ user, id: String(feed.client) });
  if (!client) return null;
  const granted = diseasesIn(user, client.id);
  const wanted = feed.disease ? [String(feed.disease)] : null;
  const diseases = granted && wanted ? wanted.filter((d) => granted.includes(d)) : (wanted ?? granted);
  const scope = {
    client: client.id,
    status: "active" as const,
    ...(diseases ? { disease: trusted({ $in: diseases }) } : {}),
    ...(feed.therapeuticArea ? { therapeuticArea: feed.therapeuticArea } : {}),
  };
  const window = trusted({ $gte: new Date(now.getTime() - WINDOW_BACK_MS), $lte: new Date(now.getTime() + WINDOW_AHEAD_MS) });
  const [events, trials] = await Promise.all([
    Event.find({ ...scope, startDateTime: window })
      .select("title type description startDateTime endDateTime timezone")
      .sort({ startDateTime: 1, _id: 1 })
      .limit(MAX_ENTRIES)
      .lean(),
    feed.trials
      ? Trial.find({ ...scope, primaryCompletionDate: window })
          .select("eventTitle trialIdentifier pcdType phase trialStatus primaryCompletionDate")
          .sort(totalOrder("primaryCompletionDate"))
          .limit(MAX_ENTRIES)
          .lean()
      : [],
  ]);
  await CalendarFeed.updateOne({ _id: feed._id }, { $set: { lastFetchedAt: now } });
  const entries: CalendarEntry[] = [
    ...events.map((e) =>
      eventEntry({
        id: String(e._id),
        title: e.title,
        type: e.type,
        description: e.description ?? "",
        start: e.startDateTime,
        end: e.endDateTime,
        timezone: e.timezone,
      }),
    ),
    ...trials.map((t) => ({
      uid: `trial-pcd-${String(t._id)}`,
      title: `Primary completion: ${t.eventTitle}`,
      description: [t.trialIdentifier, t.phase, t.trialStatus, t.pcdType ? `${t.pcdType} primary completion date` : ""]
        .filter(Boolean)
        .join("\n"),
      date: t.primaryCompletionDate!,
    })),
  ];
  return { name: `Pharmascope: ${feed.name}`, entries };
}
