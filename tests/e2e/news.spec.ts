// The news feed in the browser, with JavaScript and without (issue 12): filters, dates, words and pages all travel in
// the address, and what the page shows follows them.
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { connectDb } from "#db/connection.server";
import { Client } from "#db/models/client.server";
import { Disease } from "#db/models/disease.server";
import { News } from "#db/models/news.server";
import { DEMO, expect, hydrated, test } from "./utils";

const cards = (page: Page) => page.locator(".news-feed .news-card");
const applyFilters = (page: Page) => page.locator(".news-filter-groups").getByRole("button", { name: "Apply" });

/** This year's range, the way the page offers it: the picker's preset with JavaScript, the preset link without. */
async function thisYear(page: Page, js: boolean) {
  if (js) {
    await page.getByRole("button", { name: "Calendar" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "This Year" }).click();
    await page.locator(".news-filter-row").getByRole("button", { name: "Apply" }).click();
  } else {
    await page.getByRole("navigation", { name: "Date ranges" }).getByRole("link", { name: "This Year" }).click();
  }
  const year = new Date().getUTCFullYear();
  await expect(page).toHaveURL(new RegExp(`from=${year}-01-01.*to=${year}-12-31`));
}

test("an analyst filters, searches and pages the feed of their client", async ({ page, js, signIn, visit }) => {
  await signIn(DEMO.analyst);
  await visit("/news");
  await hydrated(page, js);
  await expect(page.getByRole("heading", { name: "News", level: 1 })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();

  await thisYear(page, js);
  await hydrated(page, js);
  await expect(cards(page)).toHaveCount(10);
  const first = await cards(page).first().locator("h3").innerText();
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page.getByText(/Rows 11–/)).toBeVisible();
  await expect(cards(page).first().locator("h3")).not.toHaveText(first);
  await page.getByRole("link", { name: "Previous" }).click();
  await expect(cards(page).first().locator("h3")).toHaveText(first);

  await page.locator(".news-filter-groups > summary").click();
  await page.getByRole("group", { name: "Categories" }).getByLabel("Regulatory").check();
  await applyFilters(page).click();
  await expect(page).toHaveURL(/category=Regulatory/);
  await expect(cards(page).first()).toBeVisible();
  // Every card kept has the category (an item may have several; the filter matches any of them).
  const count = await cards(page).count();
  await expect(cards(page).filter({ has: page.locator(".news-meta .chip", { hasText: /^Regulatory$/ }) })).toHaveCount(count);

  // A word of the first card's title finds it.
  const title = await cards(page).first().locator("h3").innerText();
  const word = title.split(/\s+/).find((w) => w.length > 5)!;
  await page.getByRole("searchbox", { name: "Search" }).fill(word);
  await page.locator(".news-filter-row").getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(word)}`));
  await expect(cards(page).filter({ hasText: title }).first()).toBeVisible();

  // Words no item has: the spec's message.
  await page.getByRole("searchbox", { name: "Search" }).fill("zzzqqqxxx");
  await page.locator(".news-filter-row").getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("No news found with current filters!")).toBeVisible();

  // With a filter chosen the filters stay open.
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/news$/);
  await expect(cards(page).first()).toBeVisible();
});

test("Download News saves the feed with its filters as News.pptx", async ({ page, js, signIn, visit }) => {
  await signIn(DEMO.analyst);
  await visit("/news?category=Regulatory");
  await hydrated(page, js);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download News" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("News.pptx");
  expect(file.url()).toContain("category=Regulatory");
  const bytes = readFileSync((await file.path())!);
  expect(bytes.subarray(0, 2).toString()).toBe("PK"); // a zip, as every .pptx
});

test("an admin publishes a draft from the drafts list and deletes it from the feed", async ({ page, js, signIn, visit }) => {
  await connectDb(process.env.E2E_MONGODB_URI);
  const helix = (await Client.findOne({ name: "Helix Therapeutics" }).lean())!;
  const title = `Draft to publish ${crypto.randomUUID().slice(0, 8)}`;
  const disease = (await Disease.findOne({ client: helix._id, name: "Alzheimer's disease" }).lean())!;
  await News.create({ title, client: helix._id, therapeuticArea: disease.therapeuticArea, disease: disease._id, status: "draft", analystCommentary: "<p>Written for the e2e test.</p>" });
  await signIn(DEMO.admin);
  await visit(`/news/drafts?q=${encodeURIComponent(title.split(" ").at(-1)!)}`);
  await hydrated(page, js);
  await expect(page.getByRole("heading", { name: "Drafts list" })).toBeVisible();
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: title }) });
  if (js) {
    await row.getByRole("button", { name: `Actions for ${title}` }).click();
    await page.getByRole("menuitem", { name: "Publish" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Publish" }).click();
  } else {
    await row.getByLabel(`Actions for ${title}`).click();
    await row.getByRole("link", { name: "Publish" }).click();
    await page.getByRole("button", { name: "Publish" }).click();
  }
  await expect(page.getByRole("region", { name: "Notifications" }).getByText("News Updated!")).toBeVisible();
  await expect(page).toHaveURL(/\/news\/drafts\?q=/);
  await expect(page.getByText("No Draft News found")).toBeVisible();

  // The admin holds two clients: the feed is of the one picked on the dashboard.
  await visit("/dashboard");
  await page.getByRole("button", { name: "Helix Therapeutics" }).click();
  await expect(page).toHaveURL(/therapeuticAreas/);
  await visit(`/news?q=${encodeURIComponent(title.split(" ").at(-1)!)}`);
  await hydrated(page, js);
  const card = page.locator(".news-card", { hasText: title });
  await card.getByLabel(`Actions for ${title}`).click();
  await card.getByRole("link", { name: "Delete" }).click();
  // The confirmation: a dialog over the feed with JavaScript, a page of its own without.
  await (js ? page.getByRole("dialog") : page).getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByRole("region", { name: "Notifications" }).getByText("News Deleted")).toBeVisible();
  await expect(page).toHaveURL(/\/news\?q=/);
  await expect(page.getByText("No news found with current filters!")).toBeVisible();
});
