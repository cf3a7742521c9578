import type { API_TOKEN_SCOPES } from "#common/constants";
import { isObjectId } from "#common/ids";
import { connectDb, trusted } from "#db/connection.server";
import { ApiToken } from "#db/models/index.server";
import { hashOfSecret, newSecret } from "~/utils/secret-token.server";
import { findActiveUser, type SessionUser } from "~/utils/session.server";

// Personal API tokens (issue 29). A token is shown once, when it is made; only its hash is kept. Each request made
// with it reads its owner afresh: a revoked or expired token, or an owner no longer active, stops working at once, and
// a grant taken from the owner is taken from the token (docs/decisions/022-integration-api.md).

export const API_TOKEN_PREFIX = "psk_";
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
/** The last use is written at most this often, not at every request. */
const TOUCH_MS = 60_000;

/** Makes a token for the user; the secret is returned once, here. */
export async function createApiToken({ user, name, days, scope }: { user: SessionUser; name: string; days: number; scope: ApiTokenScope }) {
  await connectDb();
  const { secret, hash, start } = newSecret(API_TOKEN_PREFIX);
  const token = await ApiToken.create({
    user: user._id,
    name,
    scope,
    tokenHash: hash,
    tokenStart: start,
    expiresAt: new Date(Date.now() + days * 86_400_000),
  });
  return { id: String(token._id), secret };
}

/** The user's tokens, newest first, live, expired and revoked. Served by { user, createdAt, _id }. */
export async function listApiTokens({ user }: { user: Pick<SessionUser, "_id"> }) {
  await connectDb();
  const tokens = await ApiToken.find({ user: user._id })
    .select("name scope tokenStart createdAt expiresAt lastUsedAt revokedAt")
    .sort({ createdAt: -1, _id: -1 })
    .limit(200)
    .lean();
  return tokens.map((t) => ({
    id: String(t._id),
    name: t.name,
    scope: t.scope as ApiTokenScope,
    start: t.tokenStart,
    createdAt: t.createdAt.toISOString(),
    expiresAt: t.expiresAt.toISOString(),
    lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
    revokedAt: t.revokedAt?.toISOString() ?? null,
  }));
}
export type ApiTokenRow = Awaited<ReturnType<typeof listApiTokens>>[number];

/** Revokes one of the owner's live tokens; false for anyone else's, an unknown id or one already revoked. */
export async function revokeApiToken({ owner, id }: { owner: Pick<SessionUser, "_id">; id: string }) {
  if (!isObjectId(id)) return false;
  await connectDb();
  const result = await ApiToken.updateOne(
    { _id: id, user: owner._id, revokedAt: trusted({ $exists: false }) },
    { $set: { revokedAt: new Date() } },
  );
  return result.modifiedCount === 1;
}

/** Who a bearer token acts as: its owner as a session would see them, or why not. Served by the unique { tokenHash }. */
export async function apiCaller(secret: string, now = new Date()) {
  if (!secret.startsWith(API_TOKEN_PREFIX) || !/^[\w-]{47}$/.test(secret)) return { status: "unknown" } as const;
  await connectDb();
  const token = await ApiToken.findOne({ tokenHash: hashOfSecret(secret) }).lean();
  if (!token || token.revokedAt || token.expiresAt <= now) return { status: "unknown" } as const;
  const user = await findActiveUser(token.user);
  if (!user) return { status: "inactive-owner" } as const;
  if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() > TOUCH_MS)
    await ApiToken.updateOne({ _id: token._id }, { $set: { lastUsedAt: now } });
  // The token's name goes with the user into every write it makes, for the change log.
  const acting: SessionUser = { ...user, apiToken: { name: token.name } };
  return { status: "ok", user: acting, token: { id: String(token._id), name: token.name, scope: token.scope as ApiTokenScope } } as const;
}
export type ApiCaller = Extract<Awaited<ReturnType<typeof apiCaller>>, { status: "ok" }>;
