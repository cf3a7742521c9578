// Account flows in the browser, with JavaScript on and off: sign-up, forgot → mail → reset → sign in, change
// password, and the sign-in rate limit.
import { SIGN_UP_MESSAGE } from "~/routes/_auth+/sign-up";
import { RATE_LIMITS } from "~/utils/rate-limit.server";

import { resetPathFromMail } from "./outbox";
import { expect, hydrated, openAccountMenu, test } from "./utils";

const NEW_PASSWORD = "Brand#NewPass42";

test.describe("account flows", () => {
  test("a sign-up request is confirmed in place of the form", async ({ page, js }) => {
    await page.goto("/login");
    await hydrated(page, js);
    await page.getByRole("link", { name: "Request an account" }).click();
    await expect(page).toHaveURL(/\/sign-up$/);
    await hydrated(page, js);
    await page.getByLabel("First name").fill("Rosalind");
    await page.getByLabel("Last name").fill("Franklin");
    await page.getByLabel("Email").fill(`signup-${crypto.randomUUID().slice(0, 8)}@example.test`);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByRole("status")).toHaveText(SIGN_UP_MESSAGE);
    await expect(page.getByLabel("First name")).toHaveCount(0);
  });

  test("forgot password → mail → reset → sign in with the new password", async ({ page, js, createUser, login }) => {
    const user = await createUser();
    await page.goto("/forgot-password");
    await hydrated(page, js);
    await page.getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(page.getByRole("status")).toContainText(`An email has been sent to ${user.email}`);
    await expect(page.getByRole("button", { name: "Send Again" })).toBeVisible();

    await page.goto(await resetPathFromMail(user.email));
    await hydrated(page, js);
    await page.getByLabel("New password").fill("weak");
    await page.getByLabel("Confirm password").fill("different");
    await page.getByRole("button", { name: "Set Password" }).click();
    for (const message of [
      "At least One Number",
      "At least One Upper Case letter",
      "Must Contain one of #$@!%&*?.^()-_,{}",
      "Minimum 10 character long!",
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByText("Passwords must match", { exact: true })).toBeVisible();

    await page.getByLabel("New password").fill(NEW_PASSWORD);
    await page.getByLabel("Confirm password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Set Password" }).click();
    // With JavaScript the message shows, then the page moves on after 2 s; without, a redirect carries it as a toast.
    await expect(page.getByRole("status").filter({ hasText: "Password set successfully" })).toBeVisible();
    await page.waitForURL(/\/login/);

    await login(user.email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("a reset link without a token says 'No Token!'", async ({ page, js }) => {
    await page.goto("/reset");
    await hydrated(page, js);
    await expect(page.getByRole("alert").filter({ hasText: "No Token!" })).toBeVisible();
  });

  test("an unknown reset link goes back to /forgot-password with the reason", async ({ page }) => {
    await page.goto("/reset/this-token-does-not-exist-0123456789");
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole("alert").filter({ hasText: "invalid, was already used or has expired" })).toBeVisible();
  });

  test("change password: wrong current password, then success and sign-out", async ({ page, js, createUser, login }) => {
    const user = await createUser();
    await login(user.email);
    await openAccountMenu(page, user.fullName);
    await page.getByRole("link", { name: "Change Password" }).click();
    await expect(page).toHaveURL(/\/change-password$/);
    await hydrated(page, js);
    await page.getByLabel("Current password").fill("Not#TheRight1");
    await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByText("Current password is incorrect")).toBeVisible();

    await page.getByLabel("Current password").fill(user.password);
    await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Change Password" }).click();
    // With JavaScript the message shows on the page for a second before /logout; without, the redirect through
    // /logout carries it as a toast that stays on the sign-in page.
    if (js) await expect(page.getByRole("status").filter({ hasText: "Password changed successfully" })).toBeVisible();
    await page.waitForURL(/\/login/, { timeout: 15_000 });
    if (!js) await expect(page.getByRole("status").filter({ hasText: "Password changed successfully" })).toBeVisible();

    await login(user.email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("too many sign-in attempts are refused with a clear message", async ({ page, createUser, submitLogin }) => {
    const user = await createUser();
    const loginPost = () => page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/login"));
    for (let i = 0; i < RATE_LIMITS.login.perAccount; i++) {
      await Promise.all([loginPost(), submitLogin(user.email, "Wrong#Password1")]);
      await expect(page.getByText("Invalid email or password!")).toBeVisible();
    }
    await submitLogin(user.email, user.password);
    await expect(page.getByText(/^Too many attempts\. Please try again in \d+ minutes?\.$/)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});
