import { createHmac, timingSafeEqual } from "node:crypto";

import { isObjectId } from "#common/ids";

import { env } from "./env.server";

// The unsubscribe link of a digest works without signing in: its token is an id signed with SESSION_SECRET
// (HMAC-SHA256) for this one purpose, so it can neither be forged nor reused as another kind of token. Two kinds: a
// saved search's digest ("{searchId}.{signature}") and an admin's fetch-queue digest ("q.{userId}.{signature}"). It does
// not expire: an old digest's link still turns that digest off, which is all it can do.

export type DigestKind = "search" | "fetch-queue";
const PURPOSE: Record<DigestKind, string> = { search: "digest-unsubscribe", "fetch-queue": "fetch-digest-unsubscribe" };
const PREFIX = "q";

const signatureOf = (kind: DigestKind, id: string) => createHmac("sha256", env().SESSION_SECRET).update(`${PURPOSE[kind]}:${id}`).digest();

/** The token of a saved search's digest (its id), or of an admin's fetch-queue digest (their user id). */
export const unsubscribeToken = (id: string, kind: DigestKind = "search") =>
  `${kind === "search" ? "" : `${PREFIX}.`}${id}.${signatureOf(kind, id).toString("base64url")}`;

/** What a token was signed for, or null when it is malformed or its signature is wrong. */
export function readUnsubscribeToken(token: string | undefined): { kind: DigestKind; id: string } | null {
  const parts = (token ?? "").split(".");
  const kind: DigestKind = parts.length === 3 && parts[0] === PREFIX ? "fetch-queue" : "search";
  const [id, signature, ...rest] = kind === "search" ? parts : parts.slice(1);
  if (rest.length || !isObjectId(id) || !signature) return null;
  const given = Buffer.from(signature, "base64url");
  const expected = signatureOf(kind, id);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { kind, id } : null;
}
