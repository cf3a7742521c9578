import { randomBytes } from "node:crypto";
import { createCookieSessionStorage } from "@remix-run/node";

import { connectDb, trusted } from "#db/connection.server";
import { Session } from "#db/models/session.server";
import { User } from "#db/models/user.server";

import { appCookie, env } from "./env.server";
import { oncePerRequest } from "./request-scope.server";

// The cookie carries only the id of a server-side Session record: deleting the record signs the user out
// everywhere, whatever the browser still holds.
let storage: ReturnType<typeof createCookieSessionStorage<{ sessionId: string }>> | undefined;
function cookieStorage() {
  storage ??= createCookieSessionStorage<{ sessionId: string }>({
    cookie: appCookie("__session"),
  });
  return storage;
}

const USER_FIELDS = "name email role isTopAdmin status permissions clients follows";

async function sessionIdFrom(request: Request) {
  const cookie = await cookieStorage().getSession(request.headers.get("Cookie"));
  return cookie.get("sessionId");
}

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
  if (!sessionId) return null;
  await connectDb();
  const session = await Session.findById(sessionId).lean();
  if (!session || session.expiresAt < new Date()) return null;
  const user = await findActiveUser(session.user);
  return user
    ? { ...user, session: { id: session._id, selectedClient: session.selectedClient ? String(session.selectedClient) : null } }
    : null;
}

/** A user as a session sees them — with their current permissions — or null unless active: calendar feeds and digests
 *  act for users who are not signed in, and must see no more than they could. */
export async function findActiveUser(id: unknown) {
  await connectDb();
  const user = await User.findById(id).select(USER_FIELDS).lean();
  return user?.status === "active" ? user : null;
}
/** A user with, when they act through a signed-in browser, that session: its id and the client it works in (read
 *  only through the user's current permissions). Calendar feeds, digests and API tokens act for a user without one. */
export type SessionUser = NonNullable<Awaited<ReturnType<typeof findActiveUser>>> & {
  session?: { id: string; selectedClient: string | null };
  /** Acting through the integration API with this token (the change log names it beside the user). */
  apiToken?: { name: string };
};

/** Makes `clientId` the client this user's session works in (a client they may open: the caller checked). Writes only
 *  a change, once per request (the layout and the page both ask: the first one sets it). */
export async function selectSessionClient(user: SessionUser, clientId: string) {
  if (!user.session || user.session.selectedClient === clientId) return;
  user.session.selectedClient = clientId;
  await connectDb();
  await Session.updateOne({ _id: user.session.id }, { $set: { selectedClient: clientId } });
}

/** Starts a new server-side session (never reusing an old id) and returns the Set-Cookie header. */
export async function createUserSession(request: Request, userId: string) {
  await connectDb();
  const days = env().SESSION_DAYS;
  const expiresAt = new Date(Date.now() + days * 86_400_000);
  // The browser's previous session ends here; everyone's expired ones go with the scheduler's sweep (sweepExpiredSessions).
  const previous = await sessionIdFrom(request);
  if (previous) await Session.deleteOne({ _id: previous });
  const session = await Session.create({
    _id: randomBytes(32).toString("base64url"),
    user: userId,
    expiresAt,
    userAgent: request.headers.get("User-Agent")?.slice(0, 200),
  });
  const cookie = await cookieStorage().getSession();
  cookie.set("sessionId", session._id);
  return cookieStorage().commitSession(cookie, { expires: expiresAt });
}

/** Ends this session server-side and returns headers that clear the cookie. */
export async function destroyUserSession(request: Request) {
  const sessionId = await sessionIdFrom(request);
  if (sessionId) {
    await connectDb();
    await Session.deleteOne({ _id: sessionId });
  }
  return clearedCookieHeaders(request);
}

/** Headers that clear the session cookie, when the request carries one. */
export async function clearedCookieHeaders(request: Request) {
  const cookie = await cookieStorage().getSession(request.headers.get("Cookie"));
  if (!cookie.has("sessionId")) return new Headers();
  return new Headers({ "Set-Cookie": await cookieStorage().destroySession(cookie) });
}

/**
 * Deletes the sessions past their expiry, everyone's (the scheduler's housekeeping job, hourly). They already count as
 * signed out when read; FerretDB 1.24 has no TTL index to drop them, and sweeping at every sign-in made each sign-in
 * scan the expired ones there (FerretDB filters by anything but _id document by document).
 */
export async function sweepExpiredSessions() {
  await connectDb();
  await Session.deleteMany({ expiresAt: trusted({ $lt: new Date() }) });
}

/** Revokes every session of a user except, optionally, the current one (password change, role change). */
export async function endOtherSessions(userId: string, request?: Request) {
  await connectDb();
  const keep = request ? await sessionIdFrom(request) : undefined;
  await Session.deleteMany(keep ? { user: userId, _id: trusted({ $ne: keep }) } : { user: userId });
}
