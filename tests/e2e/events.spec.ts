// The events feed in the browser, with JavaScript and without (issue 12): filters in the address, the type colours,
// and 'Add to calendar' downloading an .ics file.
import { readFileSync } from "node:fs";

import { DEMO, expect, hydrated, test } from "./utils";

test("an analyst filters the events of their client and adds one to a calendar", async ({ page, js, signIn, visit }) => {
  await signIn(DEMO.analyst);
  await visit("/events");
  await hydrated(page, js);
  await expect(page.getByRole("heading", { name: "Events", level: 1 })).toBeVisible();
  const cards = page.locator(".event-card");
  await expect(cards.first()).toBeVisible();

  await page.getByLabel("Type").selectOption("Conference");
  await page.getByRole("button", { name: "Apply" }).first().click();
  await expect(page).toHaveURL(/type=Conference/);
  await expect(cards.first()).toBeVisible();
  // Every card shown is a conference. (Asked as "no card of another type", which waits for the list to be replaced: a
  // count read at one moment could still be the unfiltered list's, while the address already has the filter.)
  await expect(cards.filter({ hasNot: page.locator(".chip", { hasText: /^Conference$/ }) })).toHaveCount(0);
  // §9: conferences are tan.
  await expect(cards.first().locator(".chip", { hasText: /^Conference$/ })).toHaveCSS("background-color", "rgb(210, 180, 140)");

  const title = await cards.first().locator("h3").innerText();
  const download = page.waitForEvent("download");
  await cards.first().getByRole("link", { name: "Add to calendar" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.ics$/);
  const text = readFileSync((await file.path())!, "utf8").replace(/\r\n /g, "");
  expect(text).toContain("BEGIN:VEVENT");
  expect(text).toContain(`SUMMARY:${title.replace(/([,;])/g, "\\$1")}`);

  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/events$/);
});
