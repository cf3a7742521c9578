import { createHash, randomBytes } from "node:crypto";

// The secrets that stand in for a sign-in (calendar feed addresses, API tokens): 256 random bits, of which only the
// SHA-256 is stored, and the first characters kept to tell them apart once the whole has been shown.

/** The stored form of a secret. */
export const hashOfSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** A new secret (`prefix` + 43 URL-safe characters), its hash and its start (the prefix and 6 more characters). */
export function newSecret(prefix = "") {
  const secret = prefix + randomBytes(32).toString("base64url");
  return { secret, hash: hashOfSecret(secret), start: secret.slice(0, prefix.length + 6) };
}
