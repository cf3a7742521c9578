// Keyword monitoring in the browser, with JavaScript and without (issue 16): an admin adds a feed source (the form
// refuses one without an address), the app server's scheduler checks it on its own, the list shows what it found, the
// matching item waits in the fetch queue; Check now, the editors' digest setting and Delete.
import { feedTitle, SOURCES_PORT } from "./registry-fixtures";
import { DEMO, expect, hydrated, rowAction, test, toast } from "./utils";

test("an admin adds a feed; it fills the fetch queue without anyone looking", async ({ page, js, signIn, visit }) => {
  const project = js ? "js" : "no-js";
  const name = `Neurology wire ${project} ${Date.now()}`;
  await signIn(DEMO.owner);
  await visit("/administration/monitoring");
  await expect(page.getByRole("heading", { name: "Monitoring", level: 1 })).toBeVisible();
  await expect(page.getByRole("rowheader", { name: "PubMed", exact: true })).toBeVisible();

  await page.getByRole("link", { name: "Add Source" }).click();
  await expect(page.getByRole("heading", { name: "Add Source", level: 1 })).toBeVisible();
  await hydrated(page, js);
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Type").selectOption({ label: "RSS/Atom feed" });
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByText("Enter the feed's address (http:// or https://).")).toBeVisible();
  await expect(page).toHaveURL(/\/administration\/monitoring\/add$/);

  await page.getByLabel("Feed address").fill(`http://127.0.0.1:${SOURCES_PORT}/feeds/${project}`);
  await page.getByLabel("Checked").selectOption({ label: "Every hour" });
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(toast(page, "Source Added!")).toBeVisible();
  await expect(page).toHaveURL(/\/administration\/monitoring$/);

  // The scheduler checks the new source within a few seconds; the list says what that brought.
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });
  await expect(async () => {
    await visit("/administration/monitoring");
    await expect(row.getByRole("cell").nth(3)).not.toHaveText("—", { timeout: 500 });
  }).toPass({ timeout: 20_000 });
  const found = Number(await row.getByRole("cell").nth(3).innerText());
  expect(found).toBeGreaterThan(0);
  await expect(row.getByRole("cell").nth(2)).toContainText("UTC");

  // The item waits in the fetch queue, credited to the source.
  await page.getByRole("link", { name: "Fetch queue" }).click();
  await expect(page.getByRole("heading", { name: "Drafts list" })).toBeVisible();
  await page.getByRole("searchbox").fill(`amyloid ${project}`);
  await page.getByRole("searchbox").press("Enter");
  await expect(page.getByRole("link", { name: feedTitle(project) }).first()).toBeVisible();
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: feedTitle(project) })
      .first(),
  ).toContainText(name);

  await visit("/administration/monitoring");
  await hydrated(page, js);
  await rowAction(page, js, name, "Check now");
  await expect(toast(page, "The source will be checked within a minute or two; reload this page to see what it found.")).toBeVisible();

  await page.getByLabel("E-mail").selectOption({ label: "Daily" });
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page, "Fetch-queue digest setting saved.")).toBeVisible();
  await expect(page.getByLabel("E-mail")).toHaveValue("daily");
  // Each admin may stop it for themselves (the two projects share the owner: set it back at the end).
  await page.getByRole("button", { name: "Stop it for me" }).click();
  await expect(toast(page, "You will no longer receive the fetch-queue digest.")).toBeVisible();
  await page.getByRole("button", { name: "Send it to me again" }).click();
  await expect(toast(page, "You will receive the fetch-queue digest.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Stop it for me" })).toBeVisible();

  await hydrated(page, js);
  await rowAction(page, js, name, "Delete");
  await (js ? page.getByRole("dialog") : page).getByRole("button", { name: "Delete", exact: true }).click();
  await expect(toast(page, "Source Deleted")).toBeVisible();
  await expect(page.getByRole("rowheader", { name, exact: true })).toHaveCount(0);
});

test("editors do not see monitoring", async ({ page, signIn, visit }) => {
  await signIn(DEMO.editor);
  await visit("/administration/keyword");
  await expect(page.getByRole("link", { name: "Monitoring" })).toHaveCount(0);
  const response = await page.goto("/administration/monitoring");
  expect(response?.status()).toBe(403);
});
