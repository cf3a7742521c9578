import { createHmac, timingSafeEqual } from "node:crypto";

import { isObjectId } from "#common/ids";

import { env } from "./env.server";

// The unsubscribe link of a digest works without signing in: its token is an id signed with SESSION_SECRET
// (HMAC-SHA256) for this one purpose, so it can neither be forged nor reused as another kind of token. Three kinds: a
// saved search's digest ("{searchId}.{signature}"), an admin's fetch-queue digest ("q.{userId}.{signature}") and a
// followed disease's ("f.{followId}.{signature}"). It does not expire: an old digest's link still turns that digest
// off, which is all it can do.

export type DigestKind = "search" | "fetch-queue" | "follow";
const PURPOSE: Record<DigestKind, string> = {
  search: "digest-unsubscribe",
  "fetch-queue": "fetch-digest-unsubscribe",
  follow: "follow-digest-unsubscribe",
};
const PREFIX: Record<Exclude<DigestKind, "search">, string> = { "fetch-queue": "q", follow: "f" };

const signatureOf = (kind: DigestKind, id: string) => createHmac("sha256", env().SESSION_SECRET).update(`${PURPOSE[kind]}:${id}`).digest();

/** The token of a saved search's digest (its id), an admin's fetch-queue digest (their user id) or a follow's. */
export const unsubscribeToken = (id: string, kind: DigestKind = "search") =>
  `${kind === "search" ? "" : `${PREFIX[kind]}.`}${id}.${signatureOf(kind, id).toString("base64url")}`;

/** What a token was signed for, or null when it is malformed or its signature is wrong. */
export function readUnsubscribeToken(token: string | undefined): { kind: DigestKind; id: string } | null {
  const parts = (token ?? "").split(".");
  const prefixed = parts.length === 3 ? (Object.keys(PREFIX) as Array<keyof typeof PREFIX>).find((k) => PREFIX[k] === parts[0]) : undefined;
  const kind: DigestKind = prefixed ?? "search";
  const [id, signature, ...rest] = kind === "search" ? parts : parts.slice(1);
  if (rest.length || !isObjectId(id) || !signature) return null;
  const given = Buffer.from(signature, "base64url");
  const expected = signatureOf(kind, id);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { kind, id } : null;
}
