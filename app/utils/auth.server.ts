import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { connectDb } from "#db/connection.server";
import { User } from "#db/models/user.server";
import { LoginSchema } from "~/schemas/account";
import type { UserStatus } from "./constants";
import { verifyPassword } from "./password.server";

export const INVALID_CREDENTIALS = "Invalid email or password!";

// Shown only after the password matched, so they reveal nothing to someone guessing emails.
export const STATUS_MESSAGES: Record<Exclude<UserStatus, "active">, string> = {
  pending: "Your account is waiting for an administrator's approval.",
  inactive: "Your account is inactive. Please contact your administrator.",
  terminated: "Your account has been terminated.",
  blocked: "Your account is blocked. Please contact your administrator.",
};

/** A sign-in refusal whose message is safe to show under the form. */
export class LoginError extends Error {}

/** remix-auth keeps no session itself: it returns the user id, and session.server.ts stores the session. */
export const authenticator = new Authenticator<string>();

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const parsed = LoginSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) throw new LoginError(INVALID_CREDENTIALS);
    await connectDb();
    const user = await User.findOne({ email: parsed.data.email }).select("+passwordHash status").lean();
    // verifyPassword compares against a dummy hash when there is no user, so both paths take as long.
    const matches = await verifyPassword(parsed.data.password, user?.passwordHash);
    if (!user || !matches) throw new LoginError(INVALID_CREDENTIALS);
    if (user.status !== "active") throw new LoginError(STATUS_MESSAGES[user.status]);
    return String(user._id);
  }),
  "form",
);
