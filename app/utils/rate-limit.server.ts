import { data } from "@remix-run/node";

import { connectDb, trusted } from "#db/connection.server";
import { RateLimit } from "#db/models/rate-limit.server";

// Brute-force limits for the sign-in, recovery and change-password paths: fixed-window counters in the database, so
// every app server shares them. Each attempt counts against the account (from this address — or from any, for a
// signed-in account's own check) and against the address; either running out answers 429 with a clear message. An
// attempt that succeeds is given back (`refundAttempt`), so only failures use up the limit: counting first and
// refunding after keeps the check atomic when many guesses arrive at once.
// rate-limiter-flexible's Mongo store was tried first: it needs a TTL index and an upsert with `$or` that
// FerretDB 1.24 does not support (docs/decisions/004-rate-limits-and-mail.md).
// The same collection paces requests to outside services (`awaitTurn`, ClinicalTrials.gov) across app servers.

interface Rule {
  perAccount: number;
  perAddress: number;
  windowSeconds: number;
  /** The account's counter spans every address: the attempts come from a session of that account, so only someone
   *  signed in as it can use them up (the current-password check of Change Password). */
  accountWide?: boolean;
}

export const RATE_LIMITS = {
  login: { perAccount: 10, perAddress: 200, windowSeconds: 15 * 60 },
  signUp: { perAccount: 3, perAddress: 20, windowSeconds: 60 * 60 },
  forgotPassword: { perAccount: 5, perAddress: 30, windowSeconds: 60 * 60 },
  resetPassword: { perAccount: 10, perAddress: 60, windowSeconds: 15 * 60 },
  changePassword: { perAccount: 10, perAddress: 200, windowSeconds: 15 * 60, accountWide: true },
} satisfies Record<string, Rule>;
type RateLimitedAction = keyof typeof RATE_LIMITS;

/** Counts one hit on `key`: the hits in the window so far, this one included, and when the window ends. */
async function count(key: string, windowSeconds: number): Promise<{ count: number; resetAt: Date }> {
  const now = new Date();
  let counter = await RateLimit.findOneAndUpdate(
    { _id: key, resetAt: trusted({ $gt: now }) },
    { $inc: { count: 1 } },
    { returnDocument: "after" },
  ).lean();
  if (!counter) {
    // No live window: start one (replacing an expired counter) and sweep counters that ended long ago.
    await RateLimit.deleteMany({ resetAt: trusted({ $lt: new Date(now.getTime() - 86_400_000) }) });
    try {
      // (An engine may answer an upsert that inserted with no document: the window just written is then read back.)
      counter =
        (await RateLimit.findOneAndUpdate(
          { _id: key },
          { $set: { count: 1, resetAt: new Date(now.getTime() + windowSeconds * 1000) } },
          { upsert: true, returnDocument: "after" },
        ).lean()) ?? (await RateLimit.findById(key).lean());
    } catch (error) {
      // Two first attempts at once: the other request created the window; count this one in it.
      if ((error as { code?: number }).code !== 11000) throw error;
      return count(key, windowSeconds);
    }
  }
  return counter ?? { count: 1, resetAt: new Date(now.getTime() + windowSeconds * 1000) };
}

/** Counts one hit on `key`; returns the milliseconds until the window resets when the limit is exceeded. */
async function hit(key: string, limit: number, windowSeconds: number): Promise<number | null> {
  const counter = await count(key, windowSeconds);
  return counter.count > limit ? Math.max(0, counter.resetAt.getTime() - Date.now()) : null;
}

/** The two counters an attempt uses. */
function keysOf(action: RateLimitedAction, { account, address }: { account: string; address: string }) {
  const rule: Rule = RATE_LIMITS[action];
  return [`${action}|account|${account.toLowerCase()}${rule.accountWide ? "" : `|${address}`}`, `${action}|address|${address}`] as const;
}

export function clientAddress(context: { clientAddress?: string } | undefined) {
  return context?.clientAddress ?? "unknown";
}

/**
 * Counts one attempt. Returns null while within the limits, else a 429 carrying the form's reply, which the
 * action returns: `reply` builds the conform reply with the message, so the form shows it like any other error.
 */
export async function consumeAttempt<T>(
  action: RateLimitedAction,
  { account, address }: { account: string; address: string },
  reply: (message: string) => T,
) {
  const rule = RATE_LIMITS[action];
  await connectDb();
  const [accountKey, addressKey] = keysOf(action, { account, address });
  const waits = await Promise.all([
    hit(accountKey, rule.perAccount, rule.windowSeconds),
    hit(addressKey, rule.perAddress, rule.windowSeconds),
  ]);
  const waitMs = Math.max(...waits.map((w) => w ?? 0));
  if (!waitMs) return null;
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  const message = `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
  return data(reply(message), { status: 429, headers: { "Retry-After": String(Math.ceil(waitMs / 1000)) } });
}

/** Gives back an attempt counted by `consumeAttempt` (a successful sign-in, a right current password: no guess). */
export async function refundAttempt(action: RateLimitedAction, who: { account: string; address: string }) {
  await connectDb();
  await Promise.all(
    keysOf(action, who).map((key) => RateLimit.updateOne({ _id: key, count: trusted({ $gt: 0 }) }, { $inc: { count: -1 } })),
  );
}

/**
 * Waits for the turn of a request to an outside service that polite clients space out (ClinicalTrials.gov: about one
 * a second), across every app server. Time is cut into slots of `intervalMs`; a request takes the first free slot
 * still to come by inserting its document (the unique _id makes two servers' claims collide, on either engine — a
 * conditional update is not atomic on FerretDB 1.x), then waits for the slot's start: requests leave at least one
 * interval apart. Slots a day old are swept with the attempt counters.
 */
export async function awaitTurn(key: string, intervalMs: number) {
  if (intervalMs <= 0) return;
  await connectDb();
  const nextSlot = () => Math.floor(Date.now() / intervalMs) + 1;
  let slot = nextSlot();
  for (;;) {
    try {
      await RateLimit.create({ _id: `${key}|${slot}`, count: 1, resetAt: new Date((slot + 1) * intervalMs) });
      break;
    } catch (error) {
      if ((error as { code?: number }).code !== 11000) throw error;
      slot = Math.max(slot + 1, nextSlot());
    }
  }
  await RateLimit.deleteMany({ resetAt: trusted({ $lt: new Date(Date.now() - 86_400_000) }) });
  const wait = slot * intervalMs - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** Counts one request on `key` against a plain limit per window (a calendar feed's fetches, per feed); the seconds
 *  to wait when it is over the limit, else null. */
export async function overLimit(key: string, { limit, windowSeconds }: { limit: number; windowSeconds: number }) {
  await connectDb();
  const waitMs = await hit(key, limit, windowSeconds);
  return waitMs === null ? null : Math.ceil(waitMs / 1000);
}

/** Counts one request on `key` against `limit` per window, for the answer's RateLimit headers: what is left of the
 *  limit, the seconds until the window ends, and whether this request is over it. */
export async function countRequest(key: string, { limit, windowSeconds }: { limit: number; windowSeconds: number }) {
  await connectDb();
  const counter = await count(key, windowSeconds);
  const resetSeconds = Math.max(1, Math.ceil((counter.resetAt.getTime() - Date.now()) / 1000));
  return { limit, remaining: Math.max(0, limit - counter.count), resetSeconds, over: counter.count > limit };
}

/**
 * Claims `key` for one caller among every process that tries it: true for the first, false for all others. The claim
 * is a document whose unique _id makes concurrent inserts collide on either engine (a conditional update alone ran
 * twice on FerretDB 1.24). Used to run a scheduled piece of work once: a digest, a source's due run. Kept `keepMs`.
 */
export async function claimOnce(key: string, keepMs: number) {
  await connectDb();
  try {
    await RateLimit.create({ _id: key, count: 1, resetAt: new Date(Date.now() + keepMs) });
    return true;
  } catch (error) {
    if ((error as { code?: number }).code === 11000) return false;
    throw error;
  }
}

/** Gives a claim back (the work failed and should be tried again). */
export async function releaseClaim(key: string) {
  await connectDb();
  await RateLimit.deleteOne({ _id: key });
}
