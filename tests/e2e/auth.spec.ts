// Sign-in, sign-out and the session guard (user-app §2 public routes, §4, §5 login validation).
import { STATUS_MESSAGES } from "~/services/auth.server";

import { DEMO, DEMO_PASSWORD, drawer, expect, openAccountMenu, test } from "./utils";

test.describe("sign-in", () => {
  test("an anonymous visit to /about goes to /login and, after signing in, back to /about", async ({ page, login }) => {
    await page.goto("/about");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fabout$/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();

    await login(DEMO.editor);
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { name: "About Pharmascope" })).toBeVisible();
  });

  test("a wrong password shows the server's message under the form and marks both fields invalid", async ({
    page,
    submitLogin,
    createUser,
  }) => {
    const user = await createUser({ role: "external" });
    await submitLogin(user.email, "Wrong#Password1");

    const form = page.locator("form#login");
    await expect(form.getByText("Invalid email or password!", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
    // The email is kept for another try.
    await expect(page.getByLabel("Email")).toHaveValue(user.email);
  });

  test("an empty submit is refused with 'Required' under both fields", async ({ page, js, visit }) => {
    await visit("/login");
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Required", { exact: true })).toHaveCount(2);
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    // With JavaScript the form validates in the browser; without it the server answers with the same messages.
    if (js) expect(posts).toEqual([]);
    else expect(posts).toHaveLength(1);
  });

  test("a pending account is told it awaits approval and stays signed out", async ({ page, submitLogin, createUser }) => {
    const user = await createUser({ role: "external", status: "pending" });
    await submitLogin(user.email, user.password);
    await expect(page.locator("form#login").getByText(STATUS_MESSAGES.pending, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
  });

  test("the demo pending sign-up cannot sign in", async ({ page, submitLogin }) => {
    await submitLogin(DEMO.pending, DEMO_PASSWORD);
    await expect(page.locator("form#login").getByRole("listitem")).toHaveText(STATUS_MESSAGES.pending);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  });

  test("a signed-in visit to /login goes to the home page", async ({ page, signIn }) => {
    await signIn(DEMO.owner);
    await page.goto("/login");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Please Select a Client to continue" })).toBeVisible();
  });
});

test.describe("sign-out", () => {
  test("Log Out in the user popover shows 'Loging Out....', ends on /login and closes the session", async ({
    page,
    js,
    login,
    createUser,
  }) => {
    const user = await createUser({ role: "external" });
    await login(user.email);
    await expect(drawer(page)).toBeVisible();

    await openAccountMenu(page, user.fullName);
    // Without JavaScript the page shows for a second before its refresh: read the document the browser got, so a
    // slow machine cannot miss it.
    const logoutPage = js ? null : page.waitForResponse((r) => r.request().method() === "GET" && new URL(r.url()).pathname === "/logout");
    await page.getByRole("button", { name: "Log Out" }).click();
    if (js) await expect(page.getByRole("heading", { name: "Loging Out...." })).toBeVisible();
    else expect(await (await logoutPage)!.text()).toMatch(/<h1[^>]*>Loging Out\.\.\.\.<\/h1>/);
    await page.waitForURL(/\/login$/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();

    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  });

  test("opening /logout by address signs nobody out: it asks, and only its POST signs out", async ({ page, login, createUser }) => {
    const user = await createUser({ role: "external" });
    await login(user.email);
    await page.goto("/logout");
    await expect(page.getByRole("heading", { name: "Log Out" })).toBeVisible();
    await page.goto("/about");
    await expect(page).toHaveURL(/\/about$/);

    await page.goto("/logout");
    await page.getByRole("button", { name: "Log Out" }).click();
    await page.waitForURL(/\/login$/);
    await page.goto("/about");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fabout$/);
  });

  test("signing in again after logging out works", async ({ page, login, createUser }) => {
    const user = await createUser({ role: "external" });
    await login(user.email);
    await openAccountMenu(page, user.fullName);
    await page.getByRole("button", { name: "Log Out" }).click();
    await page.waitForURL(/\/login$/);
    await login(user.email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByLabel(`Account of ${user.fullName}`)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Please Select a Client to continue" })).toBeVisible();
  });
});
