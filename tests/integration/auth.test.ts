import { describe, expect, test } from "vitest";

import type { UserStatus } from "#common/constants";
import { RateLimit } from "#db/models/rate-limit.server";
import { Session } from "#db/models/session.server";
import { User } from "#db/models/user.server";
import { action as loginAction } from "~/routes/_auth+/login";
import { INVALID_CREDENTIALS, requireAdmin, requireTopAdmin, requireUser, STATUS_MESSAGES } from "~/services/auth.server";
import { RATE_LIMITS } from "~/utils/rate-limit.server";
import { endOtherSessions, getUser } from "~/utils/session.server";

import { createUser as createTestUser, makeRequest, settle } from "../db-utils";

const PASSWORD = "Correct#Horse9";

const createUser = (email: string, status: UserStatus = "active") => createTestUser({ email, status, password: PASSWORD });

function loginRequest(fields: Record<string, string>, cookie?: string) {
  return new Request("http://localhost/login", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: cookie ? { Cookie: cookie } : {},
  });
}

async function login(fields: Record<string, string>) {
  const result = await loginAction({ request: loginRequest(fields), params: {}, context: {} });
  return result as unknown;
}

function cookieOf(response: Response) {
  return response.headers.get("Set-Cookie")!.split(";")[0];
}

describe("sign-in", () => {
  test("a good login creates a server-side session and follows redirectTo", async () => {
    const user = await createUser("good@example.test");
    const response = (await login({ email: "GOOD@example.test", password: PASSWORD, redirectTo: "/about" })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/about");
    expect(response.headers.get("Set-Cookie")).toMatch(/HttpOnly/i);
    expect(response.headers.get("Set-Cookie")).toMatch(/SameSite=Lax/i);
    expect(await Session.countDocuments({ user: user._id })).toBe(1);
    const signedIn = await getUser(new Request("http://localhost/", { headers: { Cookie: cookieOf(response) } }));
    expect(signedIn?.email).toBe("good@example.test");
  });

  test.each(["//evil.test/x", "/\t/evil.example", "/\\evil.example", "https://evil.example/"])(
    "an outside redirectTo (%j) falls back to /",
    async (redirectTo) => {
      const email = `redirect-${crypto.randomUUID().slice(0, 6)}@example.test`;
      await createUser(email);
      const response = (await login({ email, password: PASSWORD, redirectTo })) as Response;
      expect(response.headers.get("Location")).toBe("/");
    },
  );

  test("an over-long email is refused at once, before any lookup or rate-limit counter", async () => {
    const before = await RateLimit.countDocuments({});
    const result = (await login({ email: `${"a".repeat(1024 * 1024)}@example.test`, password: PASSWORD })) as {
      data: { error: Record<string, string[]> };
      init: { status: number };
    };
    expect(result.init.status).toBe(400);
    expect(result.data.error.email).toEqual(["Maximum 254 characters"]);
    expect(await RateLimit.countDocuments({})).toBe(before);
  });

  test("only failed sign-ins count toward the limit: an admin may sign in again and again", async () => {
    await createUser("frequent@example.test");
    for (let i = 0; i < RATE_LIMITS.login.perAccount + 5; i++) {
      const response = (await login({ email: "frequent@example.test", password: PASSWORD })) as Response;
      expect(response.status, `sign-in ${i + 1}`).toBe(302);
    }
    for (let i = 0; i < RATE_LIMITS.login.perAccount; i++) {
      expect(
        ((await login({ email: "frequent@example.test", password: "Wrong#Pass1234" })) as { init: { status: number } }).init.status,
      ).toBe(401);
    }
    const limited = (await login({ email: "frequent@example.test", password: PASSWORD })) as { init: { status: number } };
    expect(limited.init.status).toBe(429);
  });

  test("wrong password and unknown email get the same message", async () => {
    await createUser("known@example.test");
    const wrong = (await login({ email: "known@example.test", password: "Wrong#Pass1234" })) as {
      data: { error: Record<string, string[]> };
      init: { status: number };
    };
    const unknown = (await login({ email: "nobody@example.test", password: "Wrong#Pass1234" })) as typeof wrong;
    expect(wrong.init.status).toBe(401);
    expect(wrong.data.error[""]).toEqual([INVALID_CREDENTIALS]);
    expect(unknown.data.error[""]).toEqual([INVALID_CREDENTIALS]);
  });

  test("missing fields are reported per field", async () => {
    const result = (await login({ email: "", password: "" })) as { data: { error: Record<string, string[]> }; init: { status: number } };
    expect(result.init.status).toBe(400);
    expect(result.data.error.email).toEqual(["Required"]);
    expect(result.data.error.password).toEqual(["Required"]);
  });

  test.each(["pending", "blocked", "inactive", "terminated"] as const)("a %s user cannot sign in", async (status) => {
    const user = await createUser(`${status}@example.test`, status);
    const result = (await login({ email: `${status}@example.test`, password: PASSWORD })) as { data: { error: Record<string, string[]> } };
    expect(result.data.error[""]).toEqual([STATUS_MESSAGES[status]]);
    expect(await Session.countDocuments({ user: user._id })).toBe(0);
  });

  test("injection payloads in the email never match a user", async () => {
    await createUser("victim@example.test");
    const body = new URLSearchParams({ "email[$ne]": "x", password: PASSWORD });
    const result = (await loginAction({
      request: new Request("http://localhost/login", { method: "POST", body }),
      params: {},
      context: {},
    })) as { init: { status: number } };
    expect(result.init.status).toBe(400);
  });
});

describe("sessions", () => {
  test("every login starts a new session id, and revoking others keeps only the current one", async () => {
    const user = await createUser("multi-device@example.test");
    const first = (await login({ email: "multi-device@example.test", password: PASSWORD })) as Response;
    const second = (await login({ email: "multi-device@example.test", password: PASSWORD })) as Response;
    expect(cookieOf(first)).not.toBe(cookieOf(second));
    const current = new Request("http://localhost/", { headers: { Cookie: cookieOf(second) } });
    await endOtherSessions(String(user._id), current);
    expect(await getUser(new Request("http://localhost/", { headers: { Cookie: cookieOf(first) } }))).toBeNull();
    expect((await getUser(current))?.email).toBe("multi-device@example.test");
  });

  test("an expired session counts as signed out and requireUser remembers the origin", async () => {
    const user = await createUser("expired@example.test");
    const response = (await login({ email: "expired@example.test", password: PASSWORD })) as Response;
    await Session.updateMany({ user: user._id }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const request = new Request("http://localhost/about?x=1", { headers: { Cookie: cookieOf(response) } });
    const thrown = await requireUser(request).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/about?x=1")}`);
  });

  test("a user who is blocked after signing in is signed out", async () => {
    const user = await createUser("later-blocked@example.test");
    const response = (await login({ email: "later-blocked@example.test", password: PASSWORD })) as Response;
    await User.updateOne({ _id: user._id }, { $set: { status: "blocked" } });
    expect(await getUser(new Request("http://localhost/", { headers: { Cookie: cookieOf(response) } }))).toBeNull();
  });
});

describe("role guards", () => {
  test("requireAdmin and requireTopAdmin: anonymous to sign in, a missing role 403, the role passes", async () => {
    const users = {
      external: await createTestUser({ role: "external" }),
      editor: await createTestUser({ role: "editor" }),
      admin: await createTestUser({ role: "admin" }),
      top: await createTestUser({ role: "admin", isTopAdmin: true }),
    };
    const outcome = async (guard: (request: Request) => Promise<unknown>, user: unknown) => {
      const result = await settle(guard(await makeRequest("/administration", { user })));
      return result instanceof Response ? (result.headers.get("Location")?.startsWith("/login") ? "login" : result.status) : "ok";
    };
    for (const [guard, allowed] of [
      [requireAdmin, ["admin", "top"]],
      [requireTopAdmin, ["top"]],
    ] as const) {
      expect(await outcome(guard, null)).toBe("login");
      for (const [role, user] of Object.entries(users)) {
        expect(await outcome(guard, user._id), `${guard.name} as ${role}`).toBe((allowed as readonly string[]).includes(role) ? "ok" : 403);
      }
    }
  });
});
