// Where the e2e server writes outgoing mail (no SMTP server in the browser tests: MAIL_OUTBOX), and how a test
// reads the newest message to an address.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { resetLinkIn } from "../setup/smtp";

export const OUTBOX = path.resolve(process.env.E2E_OUTBOX ?? "test-results/outbox");

/** The newest mail to `email` as raw text; polls briefly because the file lands after the page. */
export async function latestMailTo(email: string) {
  const stem = email.replace(/[^\w.@-]/g, "_");
  for (let i = 0; i < 50; i++) {
    const files = existsSync(OUTBOX)
      ? readdirSync(OUTBOX)
          .filter((f) => f.endsWith(`-${stem}.eml`))
          .sort()
      : [];
    if (files.length) return readFileSync(path.join(OUTBOX, files[files.length - 1]), "utf8");
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${email} in ${OUTBOX}`);
}

/** The /reset/{token} path from the newest mail to `email`. */
export async function resetPathFromMail(email: string) {
  return new URL(resetLinkIn({ to: [email], raw: await latestMailTo(email) }).url).pathname;
}

/** The e2e server's SESSION_SECRET (playwright.config.ts), which signs the links in its mail. */
export const E2E_SESSION_SECRET = "e2e-session-secret-0123456789";

/** For a test that runs the app's mail code itself (the digests): the server's database, outbox, address and secret. */
export function actAsE2eServer(baseURL: string | undefined) {
  Object.assign(process.env, {
    MONGODB_URI: process.env.E2E_MONGODB_URI,
    MAIL_OUTBOX: OUTBOX,
    APP_URL: baseURL,
    SESSION_SECRET: E2E_SESSION_SECRET,
  });
}
