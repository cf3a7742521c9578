// Saved searches and their digests in the browser, with JavaScript and without (issue 16): save the feed's search,
// receive its digest in the outbox, and stop it from the mail's link while signed out.
import { DIGEST_OFF, SEARCH_SAVED } from "#common/messages";
import { connectDb } from "#db/connection.server";
import { Client } from "#db/models/client.server";
import { Disease } from "#db/models/disease.server";
import { News } from "#db/models/news.server";
import { SavedSearch } from "#db/models/saved-search.server";

import { decodedMail } from "../setup/smtp";
import { actAsE2eServer, latestMailTo } from "./outbox";
import { expect, hydrated, test } from "./utils";

test("a saved search's digest arrives by e-mail and its link turns it off without signing in", async ({
  page,
  browser,
  baseURL,
  js,
  login,
  createUser,
  visit,
}) => {
  await connectDb(process.env.E2E_MONGODB_URI);
  const helix = (await Client.findOne({ name: "Helix Therapeutics" }).select("_id").lean())!;
  const user = await createUser({ clients: [String(helix._id)] });
  const name = `Regulatory watch ${user.id.slice(-6)}`;
  // Something new for the search: published after it will be saved (an hour ahead), so whichever digest run claims it
  // first — this test's or the other project's, running at the same time — finds the item.
  const disease = (await Disease.findOne({ client: helix._id }).select("client therapeuticArea").lean())!;
  const title = `Digest probe ${user.id.slice(-6)}`;
  const item = await News.create({
    title,
    client: helix._id,
    therapeuticArea: disease.therapeuticArea,
    disease: disease._id,
    status: "published",
    categories: ["Regulatory"],
    publishedAt: new Date(Date.now() + 3_600_000),
  });
  try {
    await login(user.email);

    await visit("/news?category=Regulatory");
    await page.getByText("Save this search").click();
    await page.getByLabel("Name of the search").fill(name);
    await page.getByLabel("E-mail").selectOption({ label: "Daily digest" });
    await page.getByRole("button", { name: "Save search" }).click();
    // Back on the feed with its filters (a search saved with dates keeps them: digests.test.ts).
    await expect(page.getByText(SEARCH_SAVED)).toBeVisible();
    await expect(page).toHaveURL(/\/news\?category=Regulatory$/);
    await page.getByRole("link", { name: "Saved searches" }).click();
    await hydrated(page, js);
    await expect(page.getByRole("heading", { name, level: 2 })).toBeVisible();

    // The digest run (as `npm run digests` would, a day on). The other project's run may claim this search first: either
    // sends it, with the item in it.
    actAsE2eServer(baseURL);
    const { sendDueDigests } = await import("~/services/digests.server");
    await sendDueDigests(new Date(Date.now() + 2 * 86_400_000));
    const mail = decodedMail(await latestMailTo(user.email));
    expect(mail).toMatch(new RegExp(`Subject: ${name}: \\d+ new items?`));
    expect(mail).toContain(title);
    expect(mail).toContain(`${baseURL}/news/${String(item._id)}`);
    const link = mail.match(/https?:\/\/\S+\/resources\/unsubscribe\/[\w.-]+/)![0];

    // Signed out, in a browser of its own; opening the link changes nothing, the button does.
    const context = await browser.newContext({ baseURL, javaScriptEnabled: js });
    try {
      const mailPage = await context.newPage();
      await mailPage.goto(new URL(link).pathname);
      await expect(mailPage.getByText(`Stop the e-mail digest of your saved search “${name}”?`)).toBeVisible();
      expect((await SavedSearch.findOne({ user: user.id }).lean())?.frequency).toBe("daily");
      await hydrated(mailPage, js);
      await mailPage.getByRole("button", { name: "Unsubscribe" }).click();
      await expect(mailPage.getByText(DIGEST_OFF)).toBeVisible();
      expect((await SavedSearch.findOne({ user: user.id }).lean())?.frequency).toBe("off");
    } finally {
      await context.close();
    }
  } finally {
    await News.deleteOne({ _id: item._id });
    await SavedSearch.deleteMany({ user: user.id });
  }
});
