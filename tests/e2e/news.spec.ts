// The news feed in the browser, with JavaScript and without (issue 12): filters, dates, words and pages all travel in
// the address, and what the page shows follows them.
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";

import { connectDb } from "#db/connection.server";
import { Client } from "#db/models/client.server";
import { Disease } from "#db/models/disease.server";
import { Keyword } from "#db/models/keyword.server";
import { News } from "#db/models/news.server";
import { TherapeuticArea } from "#db/models/therapeutic-area.server";
import { defaultNewsWindow, formatDay } from "~/utils/dates";

import { chooseInPicker, chooseScope, dateShown, DEMO, expect, fillDate, hydrated, test } from "./utils";

const cards = (page: Page) => page.locator(".news-feed .news-card");
const applyFilters = (page: Page) => page.locator(".news-filter-groups").getByRole("button", { name: "Apply" });

/** A preset of the date picker (with JavaScript). */
async function pickPreset(page: Page, label: string) {
  await page.getByRole("button", { name: "Calendar" }).click();
  await page.getByRole("dialog").getByRole("button", { name: label }).click();
}

/** This year's range, the way the page offers it: the picker's preset with JavaScript (applied at once on this wide
 *  screen), the preset link without. */
async function thisYear(page: Page, js: boolean) {
  if (js) {
    await pickPreset(page, "This Year");
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
  // Paged over days that have passed: other tests publish into this client's feed today, at its top, meanwhile.
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  await visit(`/news?from=${day(365)}&to=${day(1)}`);
  await expect(cards(page)).toHaveCount(10);
  const first = await cards(page).first().locator("h3").innerText();
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page.getByText(/Rows 11–/)).toBeVisible();
  await expect(cards(page).first().locator("h3")).not.toHaveText(first);
  await page.getByRole("link", { name: "Previous" }).click();
  await expect(cards(page).first().locator("h3")).toHaveText(first);

  await page.locator(".news-filter-groups > summary").click();
  await page.getByRole("group", { name: "Categories" }).getByLabel("Regulatory").check();
  // With JavaScript on this wide screen a box ticked applies at once; without, Apply sends the form.
  if (!js) await applyFilters(page).click();
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
  // The page drawn for the search (its Download link carries it) before typing again: with JavaScript the address can
  // change before the new page is drawn, and the search box drawn then shows the words searched, not those typed since.
  await expect(page.getByRole("link", { name: "Download News" })).toHaveAttribute("href", new RegExp(`q=${encodeURIComponent(word)}`));
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

test("a range picked on a wide screen applies at once; on a phone only on Apply", async ({ page, js, signIn, visit }) => {
  test.skip(!js, "without JavaScript the presets are links, and Apply sends the dates typed");
  const last = String(new Date().getUTCFullYear() - 1);
  const lastYear = new RegExp(`from=${last}-01-01&to=${last}-12-31`);
  /** The years the cards are dated in. */
  const years = () =>
    cards(page)
      .locator("time")
      .evaluateAll((times) => [...new Set(times.map((t) => t.getAttribute("datetime")!.slice(0, 4)))]);
  await signIn(DEMO.analyst);

  await page.setViewportSize({ width: 1366, height: 800 });
  await visit("/news");
  await expect(cards(page).first()).toBeVisible();
  await pickPreset(page, "Last Year");
  await expect(page).toHaveURL(lastYear);
  await expect.poll(years).toEqual([last]);

  // A phone: the picker holds the range, and the feed stays as it is until Apply.
  await page.setViewportSize({ width: 390, height: 844 });
  await visit("/news");
  await expect(cards(page).first()).toBeVisible();
  const shown = await years();
  expect(shown).not.toContain(last);
  const loads: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("from=")) loads.push(request.url());
  });
  await pickPreset(page, "Last Year");
  await expect(page.locator("input[name=from]")).toHaveValue(`${last}-01-01`);
  // A submission would have left by the next frame (the picker submits as it closes).
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))));
  expect(loads).toEqual([]);
  await expect(page).toHaveURL(/\/news$/);
  expect(await years()).toEqual(shown);
  await page.locator(".news-filter-row").getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(lastYear);
  await expect.poll(years).toEqual([last]);
});

test("the feed's dates read DD/MM/YYYY, and a range typed so without JavaScript applies", async ({ page, js, signIn, visit }) => {
  const last = String(new Date().getUTCFullYear() - 1);
  /** The range the page shows: the picker's two fields with JavaScript, the From and To text fields without. */
  const shownRange = async () =>
    js
      ? (await page.locator(".date-range .date-input").allTextContents()).map((t) => t.replace(/[\u2066-\u2069]/g, ""))
      : [await page.getByLabel("From", { exact: true }).inputValue(), await page.getByLabel("To", { exact: true }).inputValue()];
  await signIn(DEMO.analyst);
  await visit("/news");
  const window = defaultNewsWindow();
  // With JavaScript the picker replaces the text fields once its script has come (after hydration).
  await expect.poll(shownRange).toEqual([formatDay(window.from), formatDay(window.to)]);
  if (js) {
    await visit(`/news?from=${last}-01-01&to=${last}-12-31`);
    await expect.poll(shownRange).toEqual([`01/01/${last}`, `31/12/${last}`]);
    return;
  }
  await page.getByLabel("From", { exact: true }).fill(`01/01/${last}`);
  await page.getByLabel("To", { exact: true }).fill(`31/12/${last}`);
  await page.locator(".news-filter-row").getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`from=01%2F01%2F${last}&to=31%2F12%2F${last}`));
  expect(await shownRange()).toEqual([`01/01/${last}`, `31/12/${last}`]);
  await expect(cards(page).first()).toBeVisible();
  const years = await cards(page)
    .locator("time")
    .evaluateAll((times) => [...new Set(times.map((t) => t.getAttribute("datetime")!.slice(0, 4)))]);
  expect(years).toEqual([last]);
});

test("a client with 100+ terms: 'Find a term' narrows the boxes shown, ticked boxes stay in sight, every tick is sent", async ({
  page,
  js,
  createUser,
  signIn,
  visit,
}) => {
  test.skip(!js, "without JavaScript every term is listed (the feed's other tests)");
  await connectDb(process.env.E2E_MONGODB_URI);
  const client = await Client.create({ name: `Zz Terms ${crypto.randomUUID().slice(0, 8)}` });
  const area = await TherapeuticArea.create({ name: "Neurology", client: client._id });
  const disease = await Disease.create({ name: "Alzheimer's disease", therapeuticArea: area._id, client: client._id });
  const names = [...Array.from({ length: 120 }, (_, i) => `Term ${String(i + 1).padStart(3, "0")}`), "Lecanemab", "Donanemab"];
  await Keyword.insertMany(names.map((name) => ({ name, client: client._id, therapeuticArea: area._id, disease: disease._id })));
  try {
    const user = await createUser({ clients: [String(client._id)] });
    await signIn(user.email);
    // A phone: ticked boxes wait for Apply, so the form holds them all until then.
    await page.setViewportSize({ width: 390, height: 844 });
    await visit("/news");
    await page.locator(".news-filter-groups > summary").click();
    const terms = page.getByRole("group", { name: "Terms" });
    const shown = terms.locator(".checkbox:visible");
    await expect(shown).toHaveCount(122);
    const find = terms.getByRole("searchbox", { name: "Find a term" });
    await terms.getByLabel("Term 003", { exact: true }).check();
    await find.fill("nemab");
    await expect(terms.getByRole("status")).toHaveText("2 of 122 match");
    // The ticked box stays in sight among the matches.
    await expect(shown).toHaveText(["Donanemab", "Lecanemab", "Term 003"]);
    await terms.getByLabel("Donanemab", { exact: true }).check();
    await find.fill("term 01");
    await expect(shown).toHaveCount(12);
    await expect(terms.getByLabel("Lecanemab", { exact: true })).toBeHidden();
    await expect(terms.getByLabel("Donanemab", { exact: true })).toBeChecked();
    // Enter in the find box narrows only; Apply sends every tick, hidden or not.
    await find.press("Enter");
    await expect(page).toHaveURL(/\/news$/);
    await find.fill("");
    await expect(shown).toHaveCount(122);
    await find.fill("Lecanemab");
    await page.locator(".news-filter-groups").getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/term=Donanemab&term=Term\+003/);
    await expect(terms.getByLabel("Donanemab", { exact: true })).toBeChecked();
    await expect(terms.getByLabel("Term 003", { exact: true })).toBeChecked();
  } finally {
    await Keyword.deleteMany({ client: client._id });
    await Disease.deleteMany({ client: client._id });
    await TherapeuticArea.deleteMany({ client: client._id });
    await Client.deleteOne({ _id: client._id });
  }
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
  await News.create({
    title,
    client: helix._id,
    therapeuticArea: disease.therapeuticArea,
    disease: disease._id,
    status: "draft",
    analystCommentary: "<p>Written for the e2e test.</p>",
  });
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
    await row.getByRole("link", { name: "Publish", exact: true }).click();
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

test("an admin unpublishes an item from the feed's card menu and publishes it again from its own page", async ({
  page,
  js,
  signIn,
  visit,
}) => {
  await connectDb(process.env.E2E_MONGODB_URI);
  const helix = (await Client.findOne({ name: "Helix Therapeutics" }).lean())!;
  const title = `Item to withdraw ${crypto.randomUUID().slice(0, 8)}`;
  const disease = (await Disease.findOne({ client: helix._id, name: "Alzheimer's disease" }).lean())!;
  const item = await News.create({
    title,
    client: helix._id,
    therapeuticArea: disease.therapeuticArea,
    disease: disease._id,
    status: "published",
    publishedAt: new Date(),
    analystCommentary: "<p>Written for the e2e test.</p>",
  });
  await signIn(DEMO.admin);
  // The feed of Helix: opening one of its pages selects it.
  await visit(`/clients/${String(helix._id)}/therapeuticAreas`);
  const search = `/news?q=${encodeURIComponent(title.split(" ").at(-1)!)}`;
  await visit(search);
  const card = page.locator(".news-card", { hasText: title });
  await card.getByLabel(`Actions for ${title}`).click();
  await card.getByRole("link", { name: "Unpublish", exact: true }).click();
  // The confirmation: a dialog over the feed with JavaScript, a page of its own without.
  await expect((js ? page.getByRole("dialog") : page).getByText(`Move "${title}" back to the drafts?`)).toBeVisible();
  await (js ? page.getByRole("dialog") : page).getByRole("button", { name: "Unpublish", exact: true }).click();
  await expect(page.getByRole("region", { name: "Notifications" }).getByText("News Updated!")).toBeVisible();
  await expect(page).toHaveURL(/\/news\?q=/);
  await expect(page.getByText("No news found with current filters!")).toBeVisible();
  expect((await News.findById(item._id).lean())!.status).toBe("draft");

  // Its own page offers Publish (a confirmation page), and comes back to it.
  await visit(`/news/${String(item._id)}`);
  await expect(page.getByText("Draft: not published.")).toBeVisible();
  await page.getByRole("link", { name: "Publish", exact: true }).click();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("region", { name: "Notifications" }).getByText("News Updated!")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/news/${String(item._id)}$`));
  await expect(page.getByText("Draft: not published.")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Unpublish", exact: true })).toBeVisible();
  await News.deleteOne({ _id: item._id });
});

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

test("an admin writes news with an attachment; readers see it whole, with nothing of the script it carried", async ({
  page,
  js,
  signIn,
  visit,
}) => {
  const title = `Leqembi maintenance label ${crypto.randomUUID().slice(0, 8)}`;
  await signIn(DEMO.admin);
  await visit("/news/add");
  await hydrated(page, js);
  await expect(page.getByRole("heading", { name: "Add News" })).toBeVisible();
  // The content editor is 400 px high (admin-console §9); without JavaScript its plain field is too.
  if (js) await expect(page.getByRole("toolbar", { name: "Formatting" })).toBeVisible();
  expect((await page.getByRole("textbox", { name: "Content" }).boundingBox())?.height).toBe(400);

  // Saving an empty form: the spec's messages, nothing saved.
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByText("Content is required!")).toBeVisible();
  await expect(page.getByText("Companies is required!")).toBeVisible();
  await expect(page.getByText("Compounds is required!")).toBeVisible();

  await chooseScope(page, js);
  await chooseInPicker(page, js, "Companies", "Eisai");
  await chooseInPicker(page, js, "Compounds", "lecanemab", "lecan");
  await page.getByRole("group", { name: "Categories" }).getByLabel("Regulatory").check();
  await page.getByLabel("Priority").selectOption({ label: "High" });
  await page.getByLabel("Title").fill(title);
  if (js) {
    const editor = page.getByRole("textbox", { name: "Content" });
    await editor.click();
    await page.getByRole("button", { name: "Bold" }).click();
    await editor.pressSequentially("Maintenance dosing");
    await page.getByRole("button", { name: "Bold" }).click();
    await editor.pressSequentially(" is now on the label.");
  } else {
    await page
      .getByLabel("Content")
      .fill(
        '<p><strong>Maintenance dosing</strong> is now on the label.</p><img src=x onerror="window.__xss=1"><script>window.__xss=2</script>',
      );
  }
  // 'Published on' reads DD/MM/YYYY: today's by default (also on the form sent back with errors); yesterday typed.
  const ddmmyyyy = (daysAgo: number) =>
    new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10).split("-").reverse().join("/");
  expect(await dateShown(page, js, "Published on")).toBe(ddmmyyyy(0));
  await fillDate(page, js, "Published on", ddmmyyyy(1));
  await page.getByLabel("Summary").fill("Eisai & Biogen add monthly maintenance dosing.");
  if (js) await expect(page.getByText("46/1000 characters")).toBeVisible();
  await page.getByLabel("Status").selectOption({ label: "Published" });
  await page.getByRole("button", { name: "Add source" }).click();
  await page.getByLabel("Source name").fill("Eisai press release");
  await page.getByLabel("Source link").fill("https://www.eisai.com/news/maintenance");
  await page.getByLabel("Add files").setInputFiles({ name: "Label deck.pdf", mimeType: "application/pdf", buffer: PDF });
  // With JavaScript the file is uploaded at once and listed; without, it goes with the form.
  if (js) await expect(page.getByLabel("Attachment name")).toHaveValue("Label deck.pdf");
  await page.getByRole("button", { name: "Add", exact: true }).click();

  await expect(page.getByRole("region", { name: "Notifications" }).getByText("News Added!")).toBeVisible();
  // It opens on its own page; the analyst of Helix finds it in the feed.
  await expect(page).toHaveURL(/\/news\/[0-9a-f]{24}$/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await signIn(DEMO.analyst);
  await visit(`/news?q=${encodeURIComponent(title.split(" ").at(-1)!)}`);
  await hydrated(page, js);
  const card = page.locator(".news-card", { hasText: title });
  await expect(card.getByText("High")).toBeVisible();
  await expect(card.locator("time")).toHaveText(ddmmyyyy(1));
  // The card names its disease (issue 28), as its own page does.
  await expect(card.locator(".chip.disease")).toHaveText("Disease: Alzheimer's disease");
  await expect(card.getByRole("link", { name: "Eisai press release" })).toHaveAttribute("href", "https://www.eisai.com/news/maintenance");
  const attachment = card.getByRole("link", { name: "Label deck.pdf" });
  const href = (await attachment.getAttribute("href"))!;
  const file = await page.request.get(href);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("application/pdf");

  await card.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.locator(".news-content strong")).toHaveText("Maintenance dosing");
  await expect(page.locator(".news-item .chip.disease")).toHaveText("Disease: Alzheimer's disease");
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.locator(".news-content img, .news-content script")).toHaveCount(0);
});

test("an admin completes a fetched item in the editor and publishes it", async ({ page, js, signIn, visit }) => {
  await connectDb(process.env.E2E_MONGODB_URI);
  const helix = (await Client.findOne({ name: "Helix Therapeutics" }).lean())!;
  const disease = (await Disease.findOne({ client: helix._id, name: "Alzheimer's disease" }).lean())!;
  const title = `Fetched item ${crypto.randomUUID().slice(0, 8)}`;
  await News.create({
    title,
    client: helix._id,
    therapeuticArea: disease.therapeuticArea,
    disease: disease._id,
    status: "fetch",
    content: "<p>Picked up by the monitor.</p>",
    createdByName: "Monitor",
  });
  await signIn(DEMO.admin);
  await visit(`/news/drafts?view=fetch&q=${encodeURIComponent(title.split(" ").at(-1)!)}`);
  await hydrated(page, js);
  await page.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { name: "Edit News" })).toBeVisible();
  await expect(page.getByText("Fetched automatically")).toBeVisible();
  await hydrated(page, js);
  await chooseInPicker(page, js, "Companies", "Eisai");
  await chooseInPicker(page, js, "Compounds", "lecanemab", "lecan");
  await page.getByRole("group", { name: "Categories" }).getByLabel("Trial Results").check();
  await page.getByLabel("Priority").selectOption({ label: "Medium" });
  await page.getByLabel("Status").selectOption({ label: "Published" });
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByRole("region", { name: "Notifications" }).getByText("News Updated!")).toBeVisible();
  await connectDb(process.env.E2E_MONGODB_URI);
  expect(await News.findOne({ title }).lean()).toMatchObject({ status: "published", categories: ["Trial Results"], priority: 3 });
});
