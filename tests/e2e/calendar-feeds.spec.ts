// Calendar feeds in the browser, with JavaScript and without (issue 16): an analyst reaches the page from the account
// menu, creates a feed of their client, a calendar program fetching its address gets their events, and once revoked
// the address answers 404.
import { DEMO, expect, hydrated, openAccountMenu, test, userInfo } from "./utils";

test("an analyst creates a calendar feed, fetches it and revokes it", async ({ page, js, signIn, visit, request }) => {
  const analyst = await userInfo(DEMO.analyst);
  await signIn(DEMO.analyst);
  await visit("/events");
  await hydrated(page, js);
  const client = await page.locator(".page-subtitle").innerText();
  const title = await page.locator(".event-card h3").first().innerText();

  await openAccountMenu(page, analyst.fullName);
  await page.getByRole("link", { name: "Calendar Feeds" }).click();
  await expect(page.getByRole("heading", { name: "Calendar Feeds", level: 1 })).toBeVisible();
  await hydrated(page, js);
  const name = `Feed ${js ? "js" : "no-js"} ${Date.now()}`;
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Events of").selectOption({ label: `All of ${client}` });
  await page.getByRole("button", { name: "Create feed" }).click();
  await expect(page.getByText("Copy its address now: it is shown only once.")).toBeVisible();
  if (js) await expect(page.getByRole("button", { name: "Copy address" })).toBeVisible();
  const address = await page.getByLabel("Feed address").inputValue();
  expect(address).toMatch(/\/resources\/calendar\/[\w-]{43}\.ics$/);

  const feed = await request.get(address);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const text = (await feed.text()).replace(/\r\n /g, "");
  expect(text).toContain(`SUMMARY:${title.replace(/([,;])/g, "\\$1")}`);

  // The list shows the feed with only the start of its address, and when it was last fetched.
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });
  await visit("/calendar-feeds");
  await hydrated(page, js);
  await expect(row).toContainText(address.split("/").at(-1)!.slice(0, 6));
  await expect(row).not.toContainText(address.split("/").at(-1)!);
  // Masked in its place: "…/calendar/abcdef….ics", not "…/calendar/.icsabcdef…".
  await expect(row).toContainText(`/resources/calendar/${address.split("/").at(-1)!.slice(0, 6)}….ics`);
  // On a laptop (1366 px) the whole table fits: Status and Revoke are on screen, nothing to scroll sideways.
  await page.setViewportSize({ width: 1366, height: 800 });
  const table = page.getByRole("region", { name: "Your feeds" });
  expect(await table.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);
  const revoke = (await row.getByRole("button", { name: `Revoke ${name}` }).boundingBox())!;
  const shown = (await table.boundingBox())!;
  expect(revoke.x + revoke.width).toBeLessThanOrEqual(Math.min(shown.x + shown.width, 1366));
  await expect(row.getByRole("cell").nth(4)).not.toHaveText("Never");
  await row.getByRole("button", { name: `Revoke ${name}` }).click();
  await expect(page.getByText("Calendar feed revoked. Its address no longer works.")).toBeVisible();
  await expect(row).toContainText("Revoked");
  expect((await request.get(address)).status()).toBe(404);
});
