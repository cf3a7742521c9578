import { randomBytes } from "node:crypto";
import { createCookieSessionStorage } from "@remix-run/node";

import { connectDb } from "#db/connection.server";
import { User } from "#db/models/user.server";

import { appCookie, env } from "./env.server";
import { oncePerRequest } from "./request-scope.server";

// The cookie carries only the id of a server-side session, kept on its user (`sessions`): removing it signs the user
// out everywhere, whatever the browser still holds. One read by that id gives the user with their current permissions.
let storage: ReturnType<typeof createCookieSessionStorage<{ sessionId: string }>> | undefined;
function cookieStorage() {
  storage ??= createCookieSessionStorage<{ sessionId: string }>({
    cookie: appCookie("__session"),
  });
  return storage;
}

const USER_FIELDS = "name email role isTopAdmin status permissions clients selectedClient";

// A session id is random and ends with its expiry ("<random>.<ms since 1970>"): the user record lists the ids of its
// live sessions (`sessions`, an indexed list of strings, which FerretDB 1.24 matches and removes by value), so one read
// by the id answers who is signed in, with their current permissions, and the id itself says until when.
async function sessionIdFrom(request: Request) {
  const cookie = await cookieStorage().getSession(request.headers.get("Cookie"));
  const id: unknown = cookie.get("sessionId");
  return typeof id === "string" ? id : undefined;
}

const expiryOf = (sessionId: string) => Number(sessionId.slice(sessionId.lastIndexOf(".") + 1));

// The layout and the page loaders of one request all ask for the user: look the session up once per request (per
// HTTP request where the server runs a request scope, else per Request object).
const usersByRequest = new WeakMap<Request, ReturnType<typeof loadUser>>();

/** The signed-in, active user of this request, or null. Expired or revoked sessions count as signed out. */
export function getUser(request: Request) {
  return oncePerRequest("user", () => {
    let user = usersByRequest.get(request);
    if (!user) {
      user = loadUser(request);
      usersByRequest.set(request, user);
    }
    return user;
  });
}

async function loadUser(request: Request) {
  const sessionId = await sessionIdFrom(request);
  if (!sessionId || !(expiryOf(sessionId) > Date.now())) return null;
  await connectDb();
  const user = await User.findOne({ sessions: sessionId }).select(USER_FIELDS).lean();
  return user?.status === "active" ? user : null;
}

/** A user as a session sees them — with their current permissions — or null unless active: calendar feeds and digests
 *  act for users who are not signed in, and must see no more than they could. */
export async function findActiveUser(id: unknown) {
  await connectDb();
  const user = await User.findById(id).select(USER_FIELDS).lean();
  return user?.status === "active" ? user : null;
}
export type SessionUser = NonNullable<Awaited<ReturnType<typeof findActiveUser>>>;

/** Most sessions a user keeps (devices signed in at once): the oldest goes when one more starts. */
const MAX_SESSIONS = 50;

/** Starts a new server-side session (never reusing an old id) and returns the Set-Cookie header. */
export async function createUserSession(request: Request, userId: string) {
  await connectDb();
  const days = env().SESSION_DAYS;
  const expiresAt = new Date(Date.now() + days * 86_400_000);
  const previous = await sessionIdFrom(request);
  if (previous) await User.updateOne({ sessions: previous }, { $pull: { sessions: previous } });
  const sessionId = `${randomBytes(32).toString("base64url")}.${expiresAt.getTime()}`;
  await User.updateOne({ _id: userId }, { $push: { sessions: { $each: [sessionId], $slice: -MAX_SESSIONS } } });
  // Expired sessions go as a new one comes (reads refuse them anyway; FerretDB 1.24 has no TTL indexes).
  const { sessions } = (await User.findById(userId).select("+sessions").lean()) ?? {};
  const expired = (sessions ?? []).filter((id) => !(expiryOf(id) > Date.now()));
  if (expired.length) await User.updateOne({ _id: userId }, { $pullAll: { sessions: expired } });
  const cookie = await cookieStorage().getSession();
  cookie.set("sessionId", sessionId);
  return cookieStorage().commitSession(cookie, { expires: expiresAt });
}

/** Ends this session server-side and returns headers that clear the cookie. */
export async function destroyUserSession(request: Request) {
  const sessionId = await sessionIdFrom(request);
  if (sessionId) {
    await connectDb();
    await User.updateOne({ sessions: sessionId }, { $pull: { sessions: sessionId } });
  }
  return clearedCookieHeaders(request);
}

/** Headers that clear the session cookie, when the request carries one. */
export async function clearedCookieHeaders(request: Request) {
  const cookie = await cookieStorage().getSession(request.headers.get("Cookie"));
  if (!cookie.has("sessionId")) return new Headers();
  return new Headers({ "Set-Cookie": await cookieStorage().destroySession(cookie) });
}

/** Revokes every session of a user except, optionally, the current one (password change, role change). */
export async function endOtherSessions(userId: string, request?: Request) {
  await connectDb();
  const keep = request ? await sessionIdFrom(request) : undefined;
  if (keep && (await User.updateOne({ _id: userId, sessions: keep }, { $set: { sessions: [keep] } })).matchedCount) return;
  await User.updateOne({ _id: userId }, { $unset: { sessions: 1 } });
}
