// Trials in the administration console in the browser, with JavaScript and without (issue 15): a trial created
// through the seven steps (each step checked before the next, the draft surviving a reload), found in the list,
// edited, switched off and deleted.
import type { Page } from "@playwright/test";

import { chooseScope, dateShown, DEMO, expect, fillDate, hydrated, rowAction, test, toast } from "./utils";

const tag = () => crypto.randomUUID().slice(0, 8);
/** The step shown (the others are hidden). */
const shown = (page: Page) => page.locator("section.trial-step:visible");

/** Types a chip list: entries with Enter as chips with JavaScript, one comma-separated text without. */
async function chips(page: Page, js: boolean, label: string, entries: string[]) {
  const input = shown(page).getByLabel(label, { exact: true });
  if (!js) return input.fill(entries.join(", "));
  for (const entry of entries) {
    await input.fill(entry);
    await input.press("Enter");
    await expect(
      shown(page)
        .getByRole("list", { name: `${label}: entries` })
        .getByRole("button", { name: `Remove ${entry}` }),
    ).toBeVisible();
  }
}

async function richText(page: Page, js: boolean, label: string, text: string) {
  if (js) {
    const editor = shown(page).getByRole("textbox", { name: label });
    await editor.click();
    await editor.pressSequentially(text);
  } else await shown(page).getByLabel(label).fill(`<p>${text}</p>`);
}

async function next(page: Page, step: number, name: string) {
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page.getByRole("heading", { name: `Step ${step} of 7: ${name}` })).toBeVisible();
}

test("an editor creates a trial through the seven steps, edits it, switches it off and deletes it", async ({ page, js, signIn, visit }) => {
  test.setTimeout(90_000);
  const title = `TRIAL-${tag()} extension study`;
  await signIn(DEMO.editor);
  await visit("/administration/trials");
  await expect(page.getByRole("heading", { name: "Trials List" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Trial pages" })).toContainText(/Rows 1–10 of \d+/);
  await page.getByRole("link", { name: "Add Trial" }).click();
  await expect(page.getByRole("heading", { name: "Add Trial" })).toBeVisible();
  await hydrated(page, js);

  // 1: the cascade down to the compound.
  await expect(page.getByRole("heading", { name: "Step 1 of 7: Client & TA & Disease" })).toBeVisible();
  await chooseScope(page, js);
  await page.getByLabel("Compound", { exact: true }).selectOption({ label: "lecanemab" });
  await next(page, 2, "Trial Information Part 1");

  // 2: strict — Next with the required fields empty stays, with 'Field Required' and the step marked.
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(shown(page).getByText("Field Required").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Step 2 of 7: Trial Information Part 1" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Trial form steps" }).getByRole("button", { name: /Trial Information Part 1 \(has errors\)/ }),
  ).toBeVisible();
  const step = shown(page);
  await step.getByLabel("Title", { exact: true }).fill(title);
  await step.getByLabel("Trial status").selectOption("Recruiting");
  await step.getByLabel("Trial identifier").fill("NCT09999999");
  // Dates read DD/MM/YYYY: typed into the picker's segments, or into a text field without JavaScript.
  await fillDate(step, js, "Start date", "15/03/2026");
  await step.getByLabel("Start date type").selectOption("Actual");
  await step.getByLabel("Patient segment by age & sex").fill("Adults, Male & Female");
  await step.getByLabel("Number enrolled").fill("1200");
  await step.getByLabel("Enrollment type").selectOption("Anticipated");
  await next(page, 3, "Trial Information Part 2");

  // 3
  await shown(page).getByLabel("Phase", { exact: true }).selectOption("Phase 3");
  await richText(page, js, "Dosage being evaluated", "10 mg/kg every two weeks");
  await shown(page).getByLabel("Primary drugs").fill("lecanemab");
  await chips(page, js, "Other drugs", ["Placebo"]);
  await shown(page).getByLabel("Route of administration").fill("IV");
  await shown(page).getByLabel("Biomarkers").fill("Amyloid PET");
  await shown(page).getByLabel("Diagnostic test").fill("PET");
  await shown(page).getByLabel("Therapy type").selectOption("Monotherapy");
  await fillDate(shown(page), js, "Primary completion date", "30/09/2028");
  await next(page, 4, "Trial Information Part 3");

  // 4
  await chips(page, js, "Sponsors", ["Eisai", "Biogen"]);
  await chips(page, js, "Collaborators", ["None"]);
  await chips(page, js, "Countries", ["United States", "Japan"]);
  await chips(page, js, "Regions", ["North America"]);
  await shown(page).getByLabel("Priority").selectOption({ label: "High" });
  await expect(shown(page).getByRole("checkbox", { name: /Status: active/ })).toBeChecked();
  await shown(page).getByLabel("Details").fill("Registry record");
  await next(page, 5, "Trial Detail Part 1");

  // 5: an arm, one primary endpoint.
  await shown(page).getByLabel("Arm details").fill("lecanemab 10 mg/kg");
  const primary = shown(page).getByRole("group", { name: "Primary endpoint group 1" });
  await primary.getByLabel("Group", { exact: true }).fill("Efficacy");
  await primary.getByLabel("Subgroup").fill("Overall population");
  await primary.getByLabel("Primary endpoint", { exact: true }).fill("CDR-SB at 18 months");
  await next(page, 6, "Trial Detail Part 2");

  // 6
  await chips(page, js, "Study keywords", ["lecanemab", "Alzheimer's"]);
  await next(page, 7, "Trial Results");

  // 7: the draft survives a reload (the address names it), then Create.
  await shown(page).getByLabel("Results Met?").check();
  await expect(page).toHaveURL(/draft=[0-9a-f]{24}&step=6/);
  // With JavaScript the move saved the draft in the background: the page says when it has landed.
  if (js) await expect(page.getByRole("status").filter({ hasText: "Draft saved" })).toBeVisible();
  await page.reload();
  await hydrated(page, js);
  await expect(page.getByRole("heading", { name: "Step 7 of 7: Trial Results" })).toBeVisible();
  await page
    .getByRole("navigation", { name: "Trial form steps" })
    .getByRole("button", { name: /Trial Information Part 1/ })
    .click();
  await expect(shown(page).getByLabel("Title", { exact: true })).toHaveValue(title);
  expect(await dateShown(shown(page), js, "Start date")).toBe("15/03/2026");
  await page
    .getByRole("navigation", { name: "Trial form steps" })
    .getByRole("button", { name: /Trial Results/ })
    .click();
  await expect(page.getByRole("heading", { name: "Step 7 of 7: Trial Results" })).toBeVisible();
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(toast(page, "Trial Added!")).toBeVisible();
  await expect(page).toHaveURL(/\/administration\/trials$/);

  // In the list, found by a word of its title.
  await page.getByRole("searchbox", { name: "Search by title, acronym or NCT id" }).fill(title.split(" ")[0]!);
  await page.getByRole("searchbox", { name: "Search by title, acronym or NCT id" }).press("Enter");
  // (The new trial is on the list's first page anyway: wait for the search itself, whose view Edit returns to.)
  await expect(page).toHaveURL(/\/administration\/trials\?q=TRIAL-/);
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: title }) });
  await expect(row.getByRole("cell", { name: "lecanemab" })).toBeVisible();
  await expect(row.getByRole("cell", { name: "Alzheimer's disease" })).toBeVisible();

  // Edit: 'Update Trial', moved to the last step by the stepper, Update returns to this view of the list.
  await rowAction(page, js, title, "Edit", { exact: false });
  await expect(page.getByRole("heading", { name: "Update Trial" })).toBeVisible();
  await hydrated(page, js);
  await page
    .getByRole("navigation", { name: "Trial form steps" })
    .getByRole("button", { name: /Trial Information Part 1/ })
    .click();
  await shown(page).getByLabel("Title", { exact: true }).fill(`${title} updated`);
  // The saved dates come back as DD/MM/YYYY.
  expect(await dateShown(shown(page), js, "Start date")).toBe("15/03/2026");
  await page
    .getByRole("navigation", { name: "Trial form steps" })
    .getByRole("button", { name: /Trial Information Part 2/ })
    .click();
  expect(await dateShown(shown(page), js, "Primary completion date")).toBe("30/09/2028");
  await page
    .getByRole("navigation", { name: "Trial form steps" })
    .getByRole("button", { name: /Trial Results/ })
    .click();
  await expect(page.getByRole("heading", { name: "Step 7 of 7: Trial Results" })).toBeVisible();
  await page.getByRole("button", { name: "Update", exact: true }).click();
  await expect(toast(page, "Trial Updated!")).toBeVisible();
  await expect(page).toHaveURL(/\/administration\/trials\?q=TRIAL-/);
  const updated = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: `${title} updated` }) });
  await expect(updated).toBeVisible();

  // The status switch ('Event {status}!') and Delete ('Delete Trail').
  await rowAction(page, js, `${title} updated`, "Deactivate", { exact: false });
  await expect(toast(page, "Event inactive!")).toBeVisible();
  await expect(updated.getByText("inactive")).toBeVisible();
  await rowAction(page, js, `${title} updated`, "Delete", { exact: false });
  const confirm = js ? page.getByRole("dialog") : page;
  await expect(confirm.getByRole("heading", { name: "Delete Trail" })).toBeVisible();
  await expect(confirm.getByText("Are you sure you want to delete this trial?")).toBeVisible();
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(toast(page, "Trial Deleted")).toBeVisible();
  await expect(page.getByText("No data yet")).toBeVisible();
});

test("the trials list filters by the cascade, status and phase, and pages on with Next", async ({ page, js, signIn, visit }) => {
  await signIn(DEMO.owner);
  await visit("/administration/trials?size=5");
  const pager = page.getByRole("navigation", { name: "Trial pages" });
  await expect(pager).toContainText(/Rows 1–5 of \d+/);
  const firstTitle = await page.getByRole("rowheader").first().innerText();
  await pager.getByRole("link", { name: "Next" }).click();
  await expect(pager).toContainText(/Rows 6–10 of \d+/);
  await expect(page.getByRole("rowheader").first()).not.toHaveText(firstTitle);
  await pager.getByRole("link", { name: "Previous" }).click();
  await expect(pager).toContainText(/Rows 1–5 of/);

  const filters = page.getByRole("form", { name: "Filter trials" });
  const apply = async () => {
    if (!js) await filters.getByRole("button", { name: "Filter" }).click();
  };
  await filters.getByLabel("Client").selectOption({ label: "Helix Therapeutics" });
  await apply();
  await expect(page).toHaveURL(/client=/);
  await filters.getByLabel("Therapeutic area").selectOption({ label: "Neurology" });
  await apply();
  await expect(page).toHaveURL(/area=/);
  await filters.getByLabel("Disease").selectOption({ label: "Alzheimer's disease" });
  await apply();
  await expect(page).toHaveURL(/disease=/);
  await filters.getByLabel("Phase").selectOption("Phase 3");
  await apply();
  await expect(page).toHaveURL(/phase=Phase\+3/);
  await expect(page.getByRole("row").nth(1).getByRole("cell", { name: "Alzheimer's disease" })).toBeVisible();
  const rows = page.getByRole("row");
  const count = await rows.count();
  await expect(rows.filter({ has: page.getByRole("cell", { name: "Alzheimer's disease" }) })).toHaveCount(count - 1);
  await filters.getByLabel("Status").selectOption("inactive");
  await apply();
  await expect(page.getByText("No data yet")).toBeVisible();
});
