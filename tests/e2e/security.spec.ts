import { DEMO, expect, test } from "./utils";

// What an attacker tries against the running server (server.js and the built app): cross-site posts through every
// kind of route, bodies that are no forms, and redirects off-site. Requests only: one project is enough.

test.beforeEach(({ js }) => test.skip(!js, "plain HTTP requests: the same with and without JavaScript"));

test.describe("cross-site requests", () => {
  const evil = { Origin: "http://evil.example" };

  test("a post from another site is refused with 403 on a page action, its legacy ?_data= form and a resource route", async ({
    request,
    baseURL,
  }) => {
    const own = { Origin: baseURL! };
    const form = { email: "nobody@pharmascope.test", password: "Wrong#Password1" };
    for (const path of ["/login", "/login?_data=routes%2F_auth%2B%2Flogin", "/resources/drawer", "/logout"]) {
      const refused = await request.post(path, { headers: evil, form, maxRedirects: 0 });
      expect(refused.status(), path).toBe(403);
    }
    // Without Origin, a foreign Referer is refused the same way; a request with neither is no page of ours.
    expect(
      (await request.post("/resources/drawer", { headers: { Referer: "http://evil.example/x" }, form: { open: "true" } })).status(),
    ).toBe(403);
    // The same posts from the app's own pages go through.
    expect((await request.post("/resources/drawer", { headers: own, form: { open: "false" } })).status()).toBe(204);
    expect((await request.post("/login", { headers: own, form, maxRedirects: 0 })).status()).toBe(401);
  });

  test("a body that is no form gets 415, a broken form 400: never a 500", async ({ request, baseURL }) => {
    const own = { Origin: baseURL! };
    const json = await request.post("/login", {
      headers: { ...own, "Content-Type": "application/json" },
      data: JSON.stringify({ email: "a@b.c" }),
    });
    expect(json.status()).toBe(415);
    const broken = await request.post("/login", {
      headers: { ...own, "Content-Type": "multipart/form-data; boundary=----nothing" },
      data: "this is not multipart",
    });
    expect(broken.status()).toBe(400);
  });
});

test.describe("issue 24", () => {
  test("a signed-in page, its data and its action answers are never stored; hashed assets keep their year", async ({ page, signIn }) => {
    await signIn(DEMO.analyst);
    const document = await page.request.get("/dashboard");
    expect(document.status()).toBe(200);
    expect(document.headers()["cache-control"]).toBe("no-store");
    for (const path of ["/dashboard.data", "/about.data", "/_root.data"])
      expect((await page.request.get(path)).headers()["cache-control"], path).toBe("no-store");
    const script = (await document.text()).match(/\/build\/[\w./-]+\.js/)![0];
    expect((await page.request.get(script)).headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  test("a forged Host cannot pass the cross-site check; a disagreeing X-Forwarded-Host is a 400, not a 500", async ({
    request,
    baseURL,
  }) => {
    const form = { email: "nobody@pharmascope.test" };
    const forged = await request.post("/forgot-password", {
      headers: { Host: "evil.example", Origin: "http://evil.example" },
      form,
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(403);
    const forwarded = await request.post("/forgot-password", {
      headers: { Origin: baseURL!, "X-Forwarded-Host": "evil.example" },
      form,
      maxRedirects: 0,
    });
    expect(forwarded.status()).toBe(400);
  });

  test("a form over 1 MB is a 413 before any route reads it", async ({ request, baseURL }) => {
    const big = { email: `${"a".repeat(1024 * 1024)}@pharmascope.test` };
    expect((await request.post("/login", { headers: { Origin: baseURL! }, form: big })).status()).toBe(413);
  });
});

test("a redirectTo with a tab in it cannot lead off-site after sign-in", async ({ page, baseURL, createUser, login }) => {
  const user = await createUser();
  await page.goto(`/login?redirectTo=${encodeURIComponent("/\t/evil.example")}`);
  await login(user.email);
  const url = new URL(page.url());
  expect(url.origin).toBe(new URL(baseURL!).origin);
  expect(url.pathname).toBe("/dashboard");
});
