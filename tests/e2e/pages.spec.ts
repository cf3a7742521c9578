// Every main page as every demo role, in one page object per role (issue 28): with JavaScript, no page may fail to
// hydrate (React's #418/#423/#425 — markup the browser's parser rebuilt, e.g. a <details> inside a <p> — make React
// throw the server's HTML away and render the page again); on a phone, no console list nor Add News may widen the page.
import type { Page } from "@playwright/test";

import { ADMINISTRATION_TABS, DRAFTS_LIST } from "~/utils/administration";

import { activeClients, DEMO, expect, hydrated, test, userInfo } from "./utils";

const HYDRATION = /hydrat|Minified React error #(418|423|425)\b/i;

/** Collects what the page reports: uncaught errors, and console errors about hydration. */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" && HYDRATION.test(message.text())) errors.push(`${page.url()}: ${message.text()}`);
  });
  return errors;
}

/** The address of the first link on the page matching `pattern`, if any. */
async function firstLink(page: Page, pattern: RegExp) {
  const hrefs = await page.locator("a[href]").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  return hrefs.find((href) => pattern.test(href));
}

const ROLES = ["owner", "admin", "editor", "analyst", "multi"] as const;

test.describe("hydration", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "hydration exists only with JavaScript");

  for (const role of ROLES) {
    test(`every main page hydrates without an error as ${role}`, async ({ page, signIn, js }) => {
      test.setTimeout(120_000);
      const email = DEMO[role];
      const client = role === "owner" ? (await activeClients())[0] : (await userInfo(email)).clients[0];
      expect(client, `a client of ${role}`).toBeDefined();
      await signIn(email);
      const errors = watchErrors(page);
      const open = async (path: string | undefined) => {
        expect(path, "a page to open").toBeDefined();
        await page.goto(path!);
        await hydrated(page, js);
        // Recoverable hydration errors are reported after the first commit: give React a moment to report them.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
      };
      await open("/dashboard");
      // A user with several clients picks one (a user with one lands on its areas).
      const card = page.locator(".client-card").filter({ hasText: client.name });
      if (await card.count()) {
        await card.click();
        await page.waitForURL(`**/clients/${client.id}/therapeuticAreas`);
      }
      await open(`/clients/${client.id}/therapeuticAreas`);
      await open(await firstLink(page, /\/therapeuticAreas\/[0-9a-f]{24}\/diseases$/));
      await open(await firstLink(page, /\/diseases\/[0-9a-f]{24}\/reports$/));
      await open("/news");
      const item = await firstLink(page, /^\/news\/[0-9a-f]{24}$/);
      if (item) await open(item);
      for (const path of ["/events", "/news/saved", "/calendar-feeds", "/change-password", "/about"]) await open(path);
      if (role !== "analyst" && role !== "multi") {
        for (const path of [DRAFTS_LIST, "/news/add", ...ADMINISTRATION_TABS.map((tab) => tab.to)]) await open(path);
      }
      expect(errors).toEqual([]);
    });
  }
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("console lists and Add News never widen the page past the screen", async ({ page, signIn, visit }) => {
    test.setTimeout(90_000);
    const owner = await userInfo(DEMO.owner);
    await signIn(DEMO.owner);
    const widths: Record<string, number> = {};
    for (const path of [...ADMINISTRATION_TABS.map((tab) => tab.to), DRAFTS_LIST, "/news/add"]) {
      await visit(path);
      widths[path] = await page.evaluate(() => document.documentElement.scrollWidth);
      const account = await page.getByLabel(`Account of ${owner.fullName}`).boundingBox();
      expect(account, `the account menu on ${path}`).not.toBeNull();
      expect(account!.x + account!.width, `the account menu's right edge on ${path}`).toBeLessThanOrEqual(390);
    }
    expect(Object.entries(widths).filter(([, width]) => width > 390)).toEqual([]);
  });
});
