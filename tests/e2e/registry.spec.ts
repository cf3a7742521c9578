import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";

import { connectDb, trusted } from "#db/connection.server";
import { Client, Disease, RegistrySync, TherapeuticArea, Trial } from "#db/models/index.server";

import { CTGOV_PORT, E2E_STUDIES } from "./registry-fixtures";
import { expect, hydrated, test, toast } from "./utils";

// Importing trials from ClinicalTrials.gov (issue 15), with JavaScript and without: an editor files two studies by NCT
// ID under a disease of theirs and reads the report. The registry is the fake one started by the global setup.

/** A client of its own per test (so the two projects' imports never meet), removed afterwards with what it holds. */
async function registryWorld() {
  await connectDb(process.env.E2E_MONGODB_URI);
  const client = await Client.create({ name: `Registry Client ${randomUUID().slice(0, 8)}` });
  const area = await TherapeuticArea.create({ name: "Neurology", client: client._id });
  const disease = await Disease.create({ name: "Alzheimer's disease", therapeuticArea: area._id, client: client._id });
  return {
    client,
    disease,
    async remove() {
      await Promise.all([
        Trial.deleteMany({ client: client._id }),
        RegistrySync.deleteMany({ client: client._id }),
        Disease.deleteMany({ client: client._id }),
        TherapeuticArea.deleteMany({ client: client._id }),
      ]);
      await Client.deleteOne({ _id: client._id });
    },
  };
}

/** Chooses the world's client, Neurology and Alzheimer's disease in the import form ('Choose' after each without JS). */
async function chooseDisease(page: Page, js: boolean, client: string) {
  for (const [index, [label, option]] of (
    [
      ["Client", client],
      ["Therapeutic area", "Neurology"],
      ["Disease", "Alzheimer's disease"],
    ] as const
  ).entries()) {
    const select = page.getByLabel(label, { exact: true });
    await expect(select.locator("option", { hasText: option })).toHaveCount(1);
    await select.selectOption({ label: option });
    if (!js) await page.getByRole("button", { name: "Choose" }).nth(index).click();
  }
}

test("an editor imports two trials by NCT ID and the report lists them", async ({ page, js, createUser, login }) => {
  const world = await registryWorld();
  try {
    const editor = await createUser({ role: "editor", clients: [String(world.client._id)] });
    await login(editor.email);
    await page.goto("/administration/trials/import");
    await hydrated(page, js);
    await expect(page.getByRole("heading", { name: "Import Trials from ClinicalTrials.gov", level: 1 })).toBeVisible();
    await chooseDisease(page, js, world.client.name);
    await expect(page.getByRole("radio", { name: "By NCT IDs" })).toBeChecked();
    // A typo is caught before anything is asked of the registry.
    await page.getByRole("textbox", { name: "NCT IDs" }).fill("NCT0176731");
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByText("Not an NCT ID: NCT0176731 (NCT and 8 digits, e.g. NCT01234567).")).toBeVisible();
    await page.getByRole("textbox", { name: "NCT IDs" }).fill(E2E_STUDIES.map((s) => s.nctId).join("\n"));
    await page.getByRole("button", { name: "Import", exact: true }).click();

    await expect(toast(page, "Trials imported from ClinicalTrials.gov.")).toBeVisible();
    await expect(page).toHaveURL(/\/administration\/trials\/import\/[0-9a-f]{24}$/);
    await expect(page.getByRole("heading", { name: "ClinicalTrials.gov Import", level: 1 })).toBeVisible();
    await expect(page.getByText("Created 2, updated 0, unchanged 0, failed 0.")).toBeVisible();
    for (const s of E2E_STUDIES) {
      const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: s.nctId }) });
      await expect(row.getByRole("cell", { name: s.title })).toBeVisible();
      await expect(row.getByRole("cell", { name: "Created" })).toBeVisible();
    }
    await expect(page.getByText(`${world.client.name} › Neurology › Alzheimer's disease`)).toBeVisible();

    // Synced again: the registry has no study updated since, and nothing is duplicated.
    await page.getByRole("button", { name: "Sync now" }).click();
    await expect(toast(page, "Synced with ClinicalTrials.gov.")).toBeVisible();
    await expect(page.getByText("Created 0, updated 0, unchanged 0, failed 0.")).toBeVisible();
    await expect(page.getByText("ClinicalTrials.gov reported no studies updated since the sync before.")).toBeVisible();
    expect(
      await Trial.countDocuments({ client: world.client._id, trialIdentifier: trusted({ $in: E2E_STUDIES.map((s) => s.nctId) }) }),
    ).toBe(2);
  } finally {
    await world.remove();
  }
});

test("while a search is imported the form shows how far it got, page by page", async ({ page, js, createUser, login }) => {
  test.skip(!js, "Without JavaScript the browser shows its own loading; the import is the same (the test above).");
  const world = await registryWorld();
  // The fake registry keeps this search's pages (one study each) back until the test lets each through.
  const gate = (path: string, method = "POST") =>
    fetch(`http://127.0.0.1:${CTGOV_PORT}${path}?cond=${encodeURIComponent("Alzheimer Disease")}&pageSize=1`, { method });
  await gate("/__gate");
  try {
    const editor = await createUser({ role: "editor", clients: [String(world.client._id)] });
    await login(editor.email);
    await page.goto("/administration/trials/import");
    await hydrated(page, js);
    await chooseDisease(page, js, world.client.name);
    await page.getByRole("radio", { name: "By a search" }).check();
    await page.getByRole("textbox", { name: "Condition or disease" }).fill("Alzheimer Disease");
    await page.getByRole("button", { name: "Import", exact: true }).click();

    const bar = page.locator("progress");
    const status = page.getByRole("status").filter({ has: bar });
    await expect(status).toHaveText("Asking ClinicalTrials.gov…");
    await gate("/__step");
    await expect(status).toHaveText("Reading studies from ClinicalTrials.gov… 1 of 2");
    await expect(page.getByRole("progressbar", { name: "Reading studies from ClinicalTrials.gov… 1 of 2" })).toHaveAttribute("value", "1");
    await gate("/__step");
    await expect(toast(page, "Trials imported from ClinicalTrials.gov.")).toBeVisible();
    await expect(page.getByText("Created 2, updated 0, unchanged 0, failed 0.")).toBeVisible();
  } finally {
    await gate("/__gate", "DELETE");
    await world.remove();
  }
});
