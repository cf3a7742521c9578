import { hash, verify } from "@node-rs/argon2";

// argon2id with OWASP's second recommended profile (19 MiB, 2 passes); @node-rs/argon2 hashes off the event loop.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Compared when the email is unknown, so a miss costs as long as a hit and timing does not reveal accounts.
const DUMMY_HASH = hash("not-a-real-password-0", OPTIONS);

export async function verifyPassword(password: string, passwordHash: string | null | undefined): Promise<boolean> {
  const ok = await verify(passwordHash ?? (await DUMMY_HASH), password).catch(() => false);
  return Boolean(passwordHash) && ok;
}
