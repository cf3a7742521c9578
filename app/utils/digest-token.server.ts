import { createHmac, timingSafeEqual } from "node:crypto";
import { isObjectId } from "#common/ids";
import { env } from "./env.server";

// The unsubscribe link of a digest works without signing in: its token is the saved search's id signed with
// SESSION_SECRET (HMAC-SHA256) for this one purpose, so it can neither be forged nor reused as another kind of token.
// It does not expire: an old digest's link still turns that digest off, which is all it can do.

const PURPOSE = "digest-unsubscribe";

const signatureOf = (id: string) => createHmac("sha256", env().SESSION_SECRET).update(`${PURPOSE}:${id}`).digest();

export const unsubscribeToken = (savedSearchId: string) => `${savedSearchId}.${signatureOf(savedSearchId).toString("base64url")}`;

/** The saved search id a token was signed for, or null when the token is malformed or its signature is wrong. */
export function readUnsubscribeToken(token: string | undefined): string | null {
  const [id, signature, ...rest] = (token ?? "").split(".");
  if (rest.length || !isObjectId(id) || !signature) return null;
  const given = Buffer.from(signature, "base64url");
  const expected = signatureOf(id);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}
