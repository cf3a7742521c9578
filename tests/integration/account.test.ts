import { describe, expect, onTestFinished, test, vi } from "vitest";

import { UNEXPECTED_ERROR } from "#common/messages";
import { trusted } from "#db/connection.server";
import { PasswordReset } from "#db/models/password-reset.server";
import { RateLimit } from "#db/models/rate-limit.server";
import { Session } from "#db/models/session.server";
import { User } from "#db/models/user.server";
import { JS_FIELD } from "~/components/forms";
import { action as changePasswordAction } from "~/routes/_app+/change-password";
import { action as forgotAction } from "~/routes/_auth+/forgot-password";
import { action as loginAction } from "~/routes/_auth+/login";
import { action as resetAction, loader as resetLoader } from "~/routes/_auth+/reset.($token)";
import { SIGN_UP_MESSAGE, action as signUpAction } from "~/routes/_auth+/sign-up";
import { issueResetToken, sendPasswordLink } from "~/utils/password-reset.server";
import * as passwords from "~/utils/password.server";
import { verifyPassword } from "~/utils/password.server";
import { RATE_LIMITS } from "~/utils/rate-limit.server";
import { getUser } from "~/utils/session.server";

import { createUser, httpStatusOf, sessionCookie } from "../db-utils";
import { resetLinkIn, useSmtpServer } from "../setup/smtp";

const smtp = useSmtpServer();

// A new password whose hashing fails (memory, a worker gone) stands for any failure while it is saved. (A spy, not
// vi.mock: the integration files of a worker share their modules.)
const failNextHash = () => {
  const spy = vi.spyOn(passwords, "hashPassword").mockRejectedValueOnce(new Error("hashing failed"));
  onTestFinished(() => spy.mockRestore());
};
/** The failure was logged for the operator (console.error fails a test unless it is expected). */
const expectLoggedFailure = () => {
  expect(console.error).toHaveBeenCalledOnce();
  vi.mocked(console.error).mockClear();
};
const formErrorsOf = (result: unknown) => (result as { data: { result: { error: Record<string, string[]> } } }).data.result.error[""];

const OLD = "Old#Password1";
const NEW = "New#Password22";
const unique = () => `${crypto.randomUUID().slice(0, 8)}@example.test`;
const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  new Request(`http://localhost${url}`, { method: "POST", body: new URLSearchParams(fields), headers });
// Each test gets its own client address so rate limits of one test never leak into another.
const ctx = () => ({ clientAddress: `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });

const activeUser = (email = unique()) => createUser({ email, password: OLD, name: { first: "Ada", last: "Lovelace" } });
const errorsOf = (result: unknown) => (result as { data: { result: { error: Record<string, string[]> } } }).data.result.error;

describe("sign-up", () => {
  test("creates a pending user without password and answers with the confirmation", async () => {
    const email = unique();
    const result = (await signUpAction({
      request: post("/sign-up", { first: "Grace", last: "Hopper", email }),
      params: {},
      context: ctx(),
    })) as { message: string };
    expect(result.message).toBe(SIGN_UP_MESSAGE);
    const user = await User.findOne({ email }).select("+passwordHash").lean();
    expect(user).toMatchObject({ status: "pending", role: "", name: { first: "Grace", last: "Hopper" } });
    expect(user?.passwordHash).toBeUndefined();
  });

  test("an existing email gets the same answer and nothing changes", async () => {
    const existing = await activeUser();
    const result = (await signUpAction({
      request: post("/sign-up", { first: "Eve", last: "Intruder", email: existing.email }),
      params: {},
      context: ctx(),
    })) as { message: string };
    expect(result.message).toBe(SIGN_UP_MESSAGE);
    const after = await User.find({ email: existing.email }).lean();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ status: "active", name: { first: "Ada" } });
  });

  test("all three fields are required", async () => {
    const result = await signUpAction({ request: post("/sign-up", { first: "", last: "", email: "" }), params: {}, context: ctx() });
    expect(httpStatusOf(result)).toBe(400);
    expect(errorsOf(result)).toEqual({ first: ["Required"], last: ["Required"], email: ["Required"] });
  });
});

describe("forgot and reset password", () => {
  test("a real mail carries a single-use link; the new password signs in and all sessions end", async () => {
    const user = await activeUser();
    const cookie = await sessionCookie(String(user._id));
    const result = (await forgotAction({
      request: post("/forgot-password", { email: user.email.toUpperCase() }),
      params: {},
      context: ctx(),
    })) as { sentTo: string };
    expect(result.sentTo).toBe(user.email);
    const [mail] = smtp.mailsTo(user.email);
    const { token } = resetLinkIn(mail);
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(16);
    expect(await PasswordReset.countDocuments({ tokenHash: token })).toBe(0); // only the hash is stored

    expect(await resetLoader({ request: new Request(`http://localhost/reset/${token}`), params: { token }, context: {} })).toEqual({
      hasToken: true,
    });
    const done = (await resetAction({
      request: post(`/reset/${token}`, { newPassword: NEW, confirmPass: NEW, [JS_FIELD]: "1" }),
      params: { token },
      context: ctx(),
    })) as { done: boolean };
    expect(done.done).toBe(true);
    const stored = await User.findById(user._id).select("+passwordHash").lean();
    expect(await verifyPassword(NEW, stored?.passwordHash)).toBe(true);
    expect(await getUser(new Request("http://localhost/", { headers: { Cookie: cookie } }))).toBeNull();

    const login = (await loginAction({
      request: post("/login", { email: user.email, password: NEW }),
      params: {},
      context: ctx(),
    })) as Response;
    expect(login.status).toBe(302);

    // The link is single use: a second visit or submission goes back to /forgot-password.
    const again = await resetLoader({ request: new Request(`http://localhost/reset/${token}`), params: { token }, context: {} }).catch(
      (e: unknown) => e,
    );
    expect((again as Response).headers.get("Location")).toBe("/forgot-password");
    const reuse = await resetAction({
      request: post(`/reset/${token}`, { newPassword: OLD, confirmPass: OLD }),
      params: { token },
      context: ctx(),
    }).catch((e: unknown) => e);
    expect((reuse as Response).headers.get("Location")).toBe("/forgot-password");
  });

  test("without JavaScript a successful reset redirects home with the message as a toast", async () => {
    const user = await activeUser();
    const token = await issueResetToken(String(user._id));
    const thrown = await resetAction({
      request: post(`/reset/${token}`, { newPassword: NEW, confirmPass: NEW }),
      params: { token },
      context: ctx(),
    }).catch((e: unknown) => e);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toBe("/");
    expect((thrown as Response).headers.get("Set-Cookie")).toContain("__toast=");
  });

  test("a new request voids the previous link, and an expired link is refused", async () => {
    const user = await activeUser();
    const first = await issueResetToken(String(user._id));
    const second = await issueResetToken(String(user._id));
    const voided = await resetLoader({ request: new Request("http://localhost/"), params: { token: first }, context: {} }).catch(
      (e: unknown) => e,
    );
    expect((voided as Response).headers.get("Location")).toBe("/forgot-password");
    await PasswordReset.updateMany({ user: user._id }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await resetLoader({ request: new Request("http://localhost/"), params: { token: second }, context: {} }).catch(
      (e: unknown) => e,
    );
    expect((expired as Response).headers.get("Location")).toBe("/forgot-password");
  });

  test("an unknown email gets the same notice and no mail; a missing token says 'No Token!'", async () => {
    const email = unique();
    const result = (await forgotAction({ request: post("/forgot-password", { email }), params: {}, context: ctx() })) as { sentTo: string };
    expect(result.sentTo).toBe(email);
    expect(smtp.mailsTo(email)).toHaveLength(0);
    expect(await resetLoader({ request: new Request("http://localhost/reset"), params: {}, context: {} })).toEqual({ hasToken: false });
    const noToken = await resetAction({ request: post("/reset", { newPassword: NEW, confirmPass: NEW }), params: {}, context: ctx() });
    expect(errorsOf(noToken)[""]).toEqual(["No Token!"]);
  });

  test("password rules are checked on reset with every message", async () => {
    const user = await activeUser();
    const token = await issueResetToken(String(user._id));
    const result = await resetAction({
      request: post(`/reset/${token}`, { newPassword: "short", confirmPass: "other" }),
      params: { token },
      context: ctx(),
    });
    expect(errorsOf(result)).toEqual({
      newPassword: [
        "At least One Number",
        "At least One Upper Case letter",
        "Must Contain one of #$@!%&*?.^()-_,{}",
        "Minimum 10 character long!",
      ],
      confirmPass: ["Passwords must match"],
    });
    expect(await PasswordReset.countDocuments({ user: user._id, usedAt: trusted({ $exists: true }) })).toBe(0);
  });

  test("the link leads to APP_URL whatever host the request named (issue 24: a forged Host must not get the token)", async () => {
    const user = await activeUser();
    const forged = (path: string) =>
      new Request(`http://evil.example${path}`, {
        method: "POST",
        body: new URLSearchParams({ email: user.email }),
        headers: { Host: "evil.example", Origin: "http://evil.example" },
      });
    const linkOf = async () => {
      await forgotAction({ request: forged("/forgot-password"), params: {}, context: ctx() });
      return new URL(resetLinkIn(smtp.mailsTo(user.email).at(-1)!).url).origin;
    };
    const appUrl = process.env.APP_URL;
    try {
      process.env.APP_URL = "https://pharmascope.example/";
      expect(await linkOf()).toBe("https://pharmascope.example");
      // Unset only outside production (which refuses to start without it): the local server, never the request's host.
      delete process.env.APP_URL;
      expect(await linkOf()).toBe(`http://localhost:${process.env.PORT ?? 3000}`);
    } finally {
      process.env.APP_URL = appUrl;
    }
  });

  test("an accepted sign-up sets its first password through the same link", async () => {
    const pending = await User.create({ name: { first: "New", last: "Comer" }, email: unique(), status: "active" });
    await sendPasswordLink(pending, "approved");
    const { token } = resetLinkIn(smtp.mailsTo(pending.email)[0]);
    await resetAction({
      request: post(`/reset/${token}`, { newPassword: NEW, confirmPass: NEW, [JS_FIELD]: "1" }),
      params: { token },
      context: ctx(),
    });
    const login = (await loginAction({
      request: post("/login", { email: pending.email, password: NEW }),
      params: {},
      context: ctx(),
    })) as Response;
    expect(login.headers.get("Location")).toBe("/");
  });
});

describe("a new password that cannot be saved", () => {
  test("Change Password shows the spec's 'Unexpected error occured!' on the form (500) and keeps the old password", async () => {
    const user = await activeUser();
    const cookie = await sessionCookie(String(user._id));
    failNextHash();
    const result = await changePasswordAction({
      request: post("/change-password", { currPassword: OLD, newPassword: NEW, confirmPass: NEW }, { Cookie: cookie }),
      params: {},
      context: ctx(),
    });
    expectLoggedFailure();
    expect(httpStatusOf(result)).toBe(500);
    expect(formErrorsOf(result)).toEqual([UNEXPECTED_ERROR]);
    const stored = await User.findById(user._id).select("+passwordHash").lean();
    expect(await verifyPassword(OLD, stored?.passwordHash)).toBe(true);
    expect(await Session.countDocuments({ user: user._id })).toBe(1);
  });

  test("Reset shows the spec's 'Unexpected error occured!' on the form (500) and its link still works", async () => {
    const user = await activeUser();
    const token = await issueResetToken(String(user._id));
    const send = () =>
      resetAction({
        request: post(`/reset/${token}`, { newPassword: NEW, confirmPass: NEW, [JS_FIELD]: "1" }),
        params: { token },
        context: ctx(),
      });
    failNextHash();
    const failed = await send().catch((e: unknown) => e);
    expectLoggedFailure();
    expect(httpStatusOf(failed)).toBe(500);
    expect(formErrorsOf(failed)).toEqual([UNEXPECTED_ERROR]);
    expect(((await send()) as { done: boolean }).done).toBe(true);
    const stored = await User.findById(user._id).select("+passwordHash").lean();
    expect(await verifyPassword(NEW, stored?.passwordHash)).toBe(true);
  });
});

describe("change password", () => {
  test("a wrong current password is an error on that field and changes nothing", async () => {
    const user = await activeUser();
    const cookie = await sessionCookie(String(user._id));
    const result = await changePasswordAction({
      request: post("/change-password", { currPassword: "Wrong#Password1", newPassword: NEW, confirmPass: NEW }, { Cookie: cookie }),
      params: {},
      context: {},
    });
    expect(errorsOf(result)).toEqual({ currPassword: ["Current password is incorrect"] });
    const stored = await User.findById(user._id).select("+passwordHash").lean();
    expect(await verifyPassword(OLD, stored?.passwordHash)).toBe(true);
  });

  test("success ends the other sessions and keeps this one until /logout", async () => {
    const user = await activeUser();
    const other = await sessionCookie(String(user._id));
    const mine = await sessionCookie(String(user._id));
    const result = (await changePasswordAction({
      request: post("/change-password", { currPassword: OLD, newPassword: NEW, confirmPass: NEW, [JS_FIELD]: "1" }, { Cookie: mine }),
      params: {},
      context: {},
    })) as { done: boolean };
    expect(result.done).toBe(true);
    expect(await getUser(new Request("http://localhost/", { headers: { Cookie: other } }))).toBeNull();
    expect((await getUser(new Request("http://localhost/", { headers: { Cookie: mine } })))?.email).toBe(user.email);
    expect(await Session.countDocuments({ user: user._id })).toBe(1);
  });

  test("without JavaScript it signs out and redirects to /logout", async () => {
    const user = await activeUser();
    const mine = await sessionCookie(String(user._id));
    const thrown = await changePasswordAction({
      request: post("/change-password", { currPassword: OLD, newPassword: NEW, confirmPass: NEW }, { Cookie: mine }),
      params: {},
      context: {},
    }).catch((e: unknown) => e);
    expect((thrown as Response).headers.get("Location")).toBe("/logout");
    expect(await Session.countDocuments({ user: user._id })).toBe(0);
  });
});

describe("rate limits", () => {
  test("login attempts past the limit answer 429 with a clear message, even with the right password", async () => {
    const user = await activeUser();
    const context = ctx();
    for (let i = 0; i < RATE_LIMITS.login.perAccount; i++) {
      await loginAction({ request: post("/login", { email: user.email, password: "Wrong#Password1" }), params: {}, context });
    }
    const blocked = await loginAction({ request: post("/login", { email: user.email, password: OLD }), params: {}, context });
    expect(httpStatusOf(blocked)).toBe(429);
    expect(errorsOf({ data: { result: (blocked as { data: unknown }).data } })[""][0]).toMatch(
      /^Too many attempts\. Please try again in \d+ minutes?\.$/,
    );
    // Another address is not affected.
    const elsewhere = (await loginAction({
      request: post("/login", { email: user.email, password: OLD }),
      params: {},
      context: ctx(),
    })) as Response;
    expect(elsewhere.status).toBe(302);
  });

  test("wrong current passwords of Change Password are limited per account like sign-in: then even the right one is refused, from any address", async () => {
    const user = await activeUser();
    const cookie = await sessionCookie(String(user._id));
    const change = (currPassword: string, context = ctx()) =>
      changePasswordAction({
        request: post("/change-password", { currPassword, newPassword: NEW, confirmPass: NEW, [JS_FIELD]: "1" }, { Cookie: cookie }),
        params: {},
        context,
      });
    for (let i = 0; i < RATE_LIMITS.changePassword.perAccount; i++) {
      expect(errorsOf(await change(`Wrong#Password${i}`))).toEqual({ currPassword: ["Current password is incorrect"] });
    }
    for (const password of ["Wrong#Password99", OLD]) {
      const blocked = await change(password);
      expect(httpStatusOf(blocked)).toBe(429);
      expect(errorsOf(blocked)[""]![0]).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    }
    const stored = await User.findById(user._id).select("+passwordHash").lean();
    expect(await verifyPassword(OLD, stored?.passwordHash)).toBe(true);
    // Once the window ends, the right password changes it.
    await RateLimit.updateOne({ _id: `changePassword|account|${String(user._id)}` }, { $set: { resetAt: new Date(Date.now() - 1000) } });
    expect(((await change(OLD)) as { done: boolean }).done).toBe(true);
  });

  test("a right current password is no guess: it gives its attempt back", async () => {
    const user = await activeUser();
    const cookie = await sessionCookie(String(user._id));
    const context = ctx();
    for (let i = 0; i < RATE_LIMITS.changePassword.perAccount + 2; i++) {
      // The right current password with new passwords that do not match: refused for that, not counted as a guess.
      const result = await changePasswordAction({
        request: post("/change-password", { currPassword: OLD, newPassword: NEW, confirmPass: "Other#Password3" }, { Cookie: cookie }),
        params: {},
        context,
      });
      expect(errorsOf(result)).toEqual({ confirmPass: ["Passwords must match"] });
    }
  });

  test("forgot-password is limited per account and address", async () => {
    const user = await activeUser();
    const context = ctx();
    for (let i = 0; i < RATE_LIMITS.forgotPassword.perAccount; i++) {
      await forgotAction({ request: post("/forgot-password", { email: user.email }), params: {}, context });
    }
    const blocked = await forgotAction({ request: post("/forgot-password", { email: user.email }), params: {}, context });
    expect(httpStatusOf(blocked)).toBe(429);
    expect(smtp.mailsTo(user.email)).toHaveLength(RATE_LIMITS.forgotPassword.perAccount);
  });
});
