import { createHash, randomBytes } from "node:crypto";

import { connectDb, trusted } from "#db/connection.server";
import { PasswordReset } from "#db/models/password-reset.server";
import { User } from "#db/models/user.server";

import { actionEmail, appOrigin, sendEmail } from "./email.server";
import { hashPassword } from "./password.server";
import { endOtherSessions } from "./session.server";

/** Reset links are valid this long; the first-password link of an accepted sign-up lasts longer. */
const RESET_TOKEN_MINUTES = 60;
const WELCOME_TOKEN_MINUTES = 7 * 24 * 60;

const sha256 = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Issues a single-use token of 256 bits for the user, keeping only its hash. Any earlier token of that user is
 * voided, so only the newest link works.
 */
export async function issueResetToken(userId: string, minutes = RESET_TOKEN_MINUTES) {
  await connectDb();
  const token = randomBytes(32).toString("base64url");
  await PasswordReset.deleteMany({ user: userId });
  await PasswordReset.deleteMany({ expiresAt: trusted({ $lt: new Date() }) });
  await PasswordReset.create({ user: userId, tokenHash: sha256(token), expiresAt: new Date(Date.now() + minutes * 60_000) });
  return token;
}

/** The reset record for a token that is known, unused and unexpired; null otherwise. */
export async function findUsableToken(token: string) {
  if (!/^[\w-]{20,100}$/.test(token)) return null;
  await connectDb();
  const reset = await PasswordReset.findOne({ tokenHash: sha256(token) }).lean();
  if (!reset || reset.usedAt || reset.expiresAt < new Date()) return null;
  return reset;
}

/**
 * Sets the password with the token and burns the token; the claim on `usedAt` makes a second use fail even when
 * two requests race. Every session of the user ends. A pending user accepted by an admin becomes able to sign in
 * by the admin's acceptance, not by this.
 */
export async function resetPasswordWithToken(token: string, password: string) {
  const reset = await findUsableToken(token);
  if (!reset) return null;
  // Hashed before the link is spent: a failure here leaves the link usable for another try.
  const passwordHash = await hashPassword(password);
  const claimed = await PasswordReset.findOneAndUpdate(
    { _id: reset._id, usedAt: trusted({ $exists: false }) },
    { $set: { usedAt: new Date() } },
  );
  if (!claimed) return null;
  await User.updateOne({ _id: reset.user }, { $set: { passwordHash } });
  await endOtherSessions(String(reset.user));
  return String(reset.user);
}

/** For this long after someone else changed an account's e-mail, a reset link also goes to the previous address: a
 *  takeover by changing the address is seen by the person who had it. */
const PREVIOUS_EMAIL_HOURS = 24;

type LinkUser = {
  _id: unknown;
  email: string;
  name?: { first?: string | null } | null;
  previousEmail?: string | null;
  emailChangedAt?: Date | null;
};

/** Where a reset link goes: the account's address, and the previous one after a recent change. */
function resetRecipients(user: LinkUser, now = Date.now()) {
  const recent = user.previousEmail && user.emailChangedAt && now - user.emailChangedAt.getTime() < PREVIOUS_EMAIL_HOURS * 3_600_000;
  return recent && user.previousEmail !== user.email ? [user.email, user.previousEmail!] : [user.email];
}

/** What each password link says: after a forgotten password, on an accepted sign-up request, and to someone an
 *  administrator created an account for — who never asked for one, so is not told their "request" was approved. */
const LINK_MAILS = {
  reset: {
    subject: "Reset your Pharmascope password",
    why: "We received a request to reset the password of your Pharmascope account.",
    action: "Set a new password",
  },
  approved: {
    subject: "Your Pharmascope account is ready",
    why: "Your request for a Pharmascope account was approved. Set your password to sign in.",
    action: "Set your password",
  },
  created: {
    subject: "Your Pharmascope account is ready",
    why: "A Pharmascope administrator created an account for you with this e-mail address. Set your password to sign in.",
    action: "Set your password",
  },
} as const;

/**
 * E-mails a link to /reset/{token}: "reset" after a forgotten password (one message to each of `resetRecipients`),
 * "approved" when an administrator accepts a sign-up request, "created" when an administrator creates the account;
 * the new user then sets a first password.
 */
export async function sendPasswordLink(user: LinkUser, kind: keyof typeof LINK_MAILS) {
  const mail = LINK_MAILS[kind];
  const minutes = kind === "reset" ? RESET_TOKEN_MINUTES : WELCOME_TOKEN_MINUTES;
  const token = await issueResetToken(String(user._id), minutes);
  const validity = kind === "reset" ? `${minutes} minutes` : `${minutes / 1440} days`;
  for (const to of kind === "reset" ? resetRecipients(user) : [user.email]) {
    await sendEmail(
      actionEmail({
        to,
        subject: mail.subject,
        greeting: user.name?.first ? `Hello ${user.name.first},` : "Hello,",
        lines: [
          mail.why,
          `The link below works once and expires in ${validity}.${kind === "reset" ? " If you did not ask for it, ignore this email." : ""}`,
        ],
        action: { label: mail.action, url: `${appOrigin()}/reset/${token}` },
      }),
    );
  }
}
