import { randomUUID } from "node:crypto";

import { connectDb, trusted } from "#db/connection.server";
import { Client, Disease, RegistrySync, TherapeuticArea, Trial } from "#db/models/index.server";

import { E2E_STUDIES } from "./registry-fixtures";
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

test("an editor imports two trials by NCT ID and the report lists them", async ({ page, js, createUser, login }) => {
  const world = await registryWorld();
  try {
    const editor = await createUser({ role: "editor", clients: [String(world.client._id)] });
    await login(editor.email);
    await page.goto("/administration/trials/import");
    await hydrated(page, js);
    await expect(page.getByRole("heading", { name: "Import Trials from ClinicalTrials.gov", level: 1 })).toBeVisible();
    for (const [index, [label, option]] of (
      [
        ["Client", world.client.name],
        ["Therapeutic area", "Neurology"],
        ["Disease", "Alzheimer's disease"],
      ] as const
    ).entries()) {
      const select = page.getByLabel(label, { exact: true });
      await expect(select.locator("option", { hasText: option })).toHaveCount(1);
      await select.selectOption({ label: option });
      if (!js) await page.getByRole("button", { name: "Choose" }).nth(index).click();
    }
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
