// The signed-in shell: client selection home, top bar, user popover, sidebar, drawer, about and not-found
// (user-app §2, §4, §6, §9).
import type { Page } from "@playwright/test";

import { ENGINE_VERSION } from "#workers/engine/version";

import { activeClients, DEMO, drawer, expect, hydrated, openAccountMenu, test, userInfo } from "./utils";

/** The client cards of the dashboard: one submit button per client, named after it. */
const clientCards = (page: Page) => page.locator(".content").getByRole("listitem").getByRole("button");

test.describe("client selection home", () => {
  test("the top-level admin sees every active client and the full Administration menu", async ({ page, signIn, visit }) => {
    const clients = await activeClients();
    expect(clients.length).toBeGreaterThanOrEqual(3);
    await signIn(DEMO.owner);
    await visit("/");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Please Select a Client to continue" })).toBeVisible();
    const cards = clientCards(page);
    await expect(cards).toHaveCount(clients.length);
    await expect(cards).toHaveText(clients.map((c) => new RegExp(escapeRegExp(c.name))));

    const nav = drawer(page);
    await expect(nav.getByRole("link", { name: "Clients", exact: true })).toBeVisible();
    const admin = nav.getByRole("group").filter({ hasText: "Administration" });
    await nav.getByText("Administration", { exact: true }).click();
    // The sections built so far (app/utils/administration.ts); the others join with their screens.
    for (const name of ["Clients", "Trials", "Users", "History"]) {
      await expect(admin.getByRole("link", { name, exact: true })).toBeVisible();
    }
  });

  test("an editor's Administration menu has no Clients sub-link", async ({ page, signIn, visit }) => {
    await signIn(DEMO.editor);
    await visit("/dashboard");
    const nav = drawer(page);
    await nav.getByText("Administration", { exact: true }).click();
    const admin = nav.getByRole("group").filter({ hasText: "Administration" });
    await expect(admin.getByRole("link", { name: "Users", exact: true })).toBeVisible();
    await expect(admin.getByRole("link", { name: "Clients", exact: true })).toHaveCount(0);
    await expect(admin.getByRole("link", { name: "History", exact: true })).toHaveCount(0);
    // The top-level "Clients" entry is still there.
    await expect(nav.getByRole("link", { name: "Clients", exact: true })).toHaveCount(1);
  });

  test("a user with one client lands on its therapeutic areas", async ({ page, login }) => {
    const analyst = await userInfo(DEMO.analyst);
    expect(analyst.clients).toHaveLength(1);
    const [client] = analyst.clients;
    await page.goto("/");
    await expect(page).toHaveURL(/\/login(\?|$)/);
    await login(DEMO.analyst);
    await expect(page).toHaveURL(new RegExp(`/clients/${client.id}/therapeuticAreas$`));
    await expect(page.getByRole("heading", { name: "Therapeutic Areas", level: 1 })).toBeVisible();
    await expect(page.getByText(`Client: ${client.name}`, { exact: true })).toBeVisible();

    const nav = drawer(page);
    await expect(nav.getByRole("link", { name: "Therapeutic Areas", exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Clients", exact: true })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "News", exact: true })).toBeVisible();
    await expect(nav.getByText("Administration")).toHaveCount(0);
  });

  test("choosing a client card opens its therapeutic areas and is remembered", async ({ page, login, createUser }) => {
    const multi = await userInfo(DEMO.multi);
    expect(multi.clients).toHaveLength(2);
    const user = await createUser({ role: "external", clients: multi.clients.map((c) => c.id) });
    await login(user.email);
    await expect(page).toHaveURL(/\/dashboard$/);
    const cards = clientCards(page);
    await expect(cards).toHaveCount(2);
    await expect(cards.filter({ hasText: "Selected" })).toHaveCount(0);
    await expect(page.getByText(/^Client: /)).toHaveCount(0);

    const chosen = user.clients[1];
    await cards.filter({ hasText: chosen.name }).click();
    await expect(page).toHaveURL(new RegExp(`/clients/${chosen.id}/therapeuticAreas$`));
    await expect(page.getByRole("heading", { name: "Therapeutic Areas", level: 1 })).toBeVisible();
    await expect(page.getByText(`Client: ${chosen.name}`, { exact: true })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText(chosen.name);
    await expect(drawer(page).getByRole("link", { name: "News", exact: true })).toBeVisible();

    await page.goto("/dashboard");
    await page.reload();
    const selected = cards.filter({ hasText: chosen.name });
    await expect(selected).toHaveAttribute("aria-current", "true");
    await expect(selected).toContainText("Selected");
    await expect(cards.filter({ hasText: user.clients[0].name })).not.toHaveAttribute("aria-current", "true");
    await expect(page.getByText(`Client: ${chosen.name}`, { exact: true })).toBeVisible();
  });

  test("an unknown client id goes home with 'Invalid Client ID'", async ({ page, signIn }) => {
    await signIn(DEMO.owner);
    await page.goto("/clients/000000000000000000000000/therapeuticAreas");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("region", { name: "Notifications" }).getByText("Invalid Client ID", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Please Select a Client to continue" })).toBeVisible();
  });
});

test.describe("top bar", () => {
  test("the user popover shows the name, email and account links", async ({ page, signIn, visit }) => {
    const editor = await userInfo(DEMO.editor);
    await signIn(DEMO.editor);
    await visit("/dashboard");
    const popover = page.locator("details").filter({ has: page.getByLabel(`Account of ${editor.fullName}`) });
    await expect(popover.getByRole("link", { name: "Change Password" })).toBeHidden();
    await openAccountMenu(page, editor.fullName);
    await expect(popover.getByText(editor.fullName, { exact: true })).toBeVisible();
    await expect(popover.getByText(editor.email, { exact: true })).toBeVisible();
    await expect(popover.getByRole("link", { name: "Change Password" })).toBeVisible();
    await expect(popover.getByRole("link", { name: "Change Password" })).toHaveAttribute("href", "/change-password");
    await expect(popover.getByRole("link", { name: "About" })).toBeVisible();

    await popover.getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { name: "About Pharmascope" })).toBeVisible();
  });

  test("the brand's tooltip names the product and its version", async ({ page, js, signIn, visit }) => {
    await signIn(DEMO.editor);
    await visit("/dashboard");
    const brand = page.locator(".top-bar").getByRole("link", { name: "Pharmascope" });
    if (js) {
      // react-aria's tooltip on hover, which the link then names as its description (and no browser tooltip besides).
      // The mouse is moved on the page first, as a hand moves it: react-aria takes a hover for a mouse's only then.
      await page.mouse.move(600, 400);
      await brand.hover();
      await expect(page.getByRole("tooltip")).toHaveText("Pharmascope, version 3.2.1");
      await expect(brand).toHaveAccessibleDescription("Pharmascope, version 3.2.1");
      await expect(brand).not.toHaveAttribute("title");
    } else {
      await expect(brand).toHaveAttribute("title", "Pharmascope, version 3.2.1");
    }
  });

  test("/about shows the version and, with JavaScript, the report engine's status", async ({ page, signIn, js }) => {
    await signIn(DEMO.editor);
    await page.goto("/about");
    await expect(page.getByText("Version:")).toBeVisible();
    await expect(page.getByText("Version:")).toContainText("3.2.1");
    const engine = page.getByTestId("engine-status");
    if (js) await expect(engine).toHaveText(`Report engine: ready (engine ${ENGINE_VERSION})`);
    else await expect(engine).toHaveText("Report engine: needs JavaScript");
  });
});

test.describe("not found", () => {
  test("an unknown path ends on /not-found and Take Me Home goes to the dashboard", async ({ page, signIn }) => {
    await signIn(DEMO.owner);
    await page.goto("/no/such/page");
    await expect(page).toHaveURL(/\/not-found$/);
    await expect(page.getByRole("heading", { name: "Are you lost?" })).toBeVisible();
    await page.getByRole("link", { name: "Take Me Home" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Please Select a Client to continue" })).toBeVisible();
  });

  test("an unknown path without a session also ends on /not-found", async ({ page }) => {
    await page.goto("/no/such/page");
    await expect(page).toHaveURL(/\/not-found$/);
    await expect(page.getByRole("heading", { name: "Are you lost?" })).toBeVisible();
  });
});

test.describe("drawer", () => {
  test("on a desktop the toggle hides the drawer and the state survives a reload", async ({ page, login, createUser, js }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const user = await createUser({ role: "editor" });
    await login(user.email);
    const nav = drawer(page);
    const toggle = page.getByRole("button", { name: "Toggle menu" });
    await expect(nav).toBeVisible();

    // Clicks the toggle and waits until the server has stored the new state in the cookie.
    const toggleAndSave = () =>
      Promise.all([
        page.waitForResponse((r) => /^\/resources\/drawer(\.data)?$/.test(new URL(r.url()).pathname) && r.request().method() === "POST"),
        toggle.click(),
      ]);
    await toggleAndSave();
    await expect(nav).toBeHidden();
    if (js) await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await page.reload();
    await hydrated(page, js);
    await expect(page.getByRole("heading", { name: "Please Select a Client to continue" })).toBeVisible();
    await expect(nav).toBeHidden();

    await toggleAndSave();
    await expect(nav).toBeVisible();
    await page.reload();
    await expect(nav).toBeVisible();
    await expect(nav.getByRole("link", { name: "Clients", exact: true })).toBeVisible();
  });

  test("on a narrow screen the drawer is hidden until the menu opens it, and closes after following a link", async ({
    page,
    login,
    createUser,
    js,
    visit,
  }) => {
    await page.setViewportSize({ width: 600, height: 900 });
    const user = await createUser({ role: "external" });
    await login(user.email);
    await visit("/about");
    const nav = drawer(page);
    await expect(page.getByRole("heading", { name: "About Pharmascope" })).toBeVisible();
    await expect(nav).toBeHidden();

    const menu = js ? page.getByRole("button", { name: "Toggle menu" }) : page.getByRole("link", { name: "Open menu" });
    await menu.click();
    await expect(nav).toBeVisible();
    if (js) await expect(menu).toHaveAttribute("aria-expanded", "true");

    await nav.getByRole("link", { name: "Clients", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Please Select a Client to continue" })).toBeVisible();
    await expect(nav).toBeHidden();

    // Also when the link leads back to the page already shown ("/" redirects to /dashboard).
    await menu.click();
    await expect(nav).toBeVisible();
    await nav.getByRole("link", { name: "Clients", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(nav).toBeHidden();
  });

  test("on a narrow screen the drawer's close control hides it again", async ({ page, signIn, visit }) => {
    await page.setViewportSize({ width: 600, height: 900 });
    await signIn(DEMO.editor);
    await visit("/dashboard");
    const nav = drawer(page);
    await expect(nav).toBeHidden();
    await page
      .getByRole("button", { name: "Toggle menu" })
      .or(page.getByRole("link", { name: "Open menu" }))
      .click();
    await expect(nav).toBeVisible();
    await nav.getByRole("link", { name: "Close menu" }).click();
    await expect(nav).toBeHidden();
  });
});

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
