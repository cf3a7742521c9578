// The administration console in the browser, with JavaScript and without (issue 11): a sign-up request accepted end
// to end, a rejection with its e-mail, the permissions picker, delete and Undo, clients added, edited and deleted, and
// the users list's paging, page size and search.
import type { Locator, Page } from "@playwright/test";
import ExcelJS from "exceljs";
import sharp from "sharp";

import { PAGE_RESTARTED } from "#common/messages";
import { connectDb } from "#db/connection.server";
import { Client } from "#db/models/client.server";
import { Company } from "#db/models/company.server";
import { Disease } from "#db/models/disease.server";
import { TherapeuticArea } from "#db/models/therapeutic-area.server";
import { User } from "#db/models/user.server";

import { latestMailTo, resetPathFromMail } from "./outbox";
import { chooseInPicker, chooseScope, dateShown, DEMO, expect, fillDate, hydrated, rowAction, test, toast } from "./utils";

const tag = () => crypto.randomUUID().slice(0, 8);
const NEW_PASSWORD = "Console#Accept42";

/** Runs a row's action: the react-aria menu with JavaScript, the <details> popover of links and forms without. */
/** The picker's section of a client, and an area in it (opened). */
async function openArea(page: Page, client: string, area: string): Promise<Locator> {
  const section = page.getByRole("region", { name: client, exact: true });
  const group = section.locator(".picker-area").filter({ has: page.locator("summary", { hasText: area }) });
  const details = group.locator("details");
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await group.locator("summary").click();
  return group;
}

async function helix() {
  await connectDb(process.env.E2E_MONGODB_URI);
  const client = await Client.findOne({ name: "Helix Therapeutics" }).lean();
  const area = await TherapeuticArea.findOne({ client: client!._id, name: "Neurology" }).lean();
  const diseases = await Disease.find({ therapeuticArea: area!._id }).select("name").sort({ name: 1 }).lean();
  return { client: client!, area: area!, diseases };
}

test.describe("users", () => {
  test("a sign-up request accepted end to end: welcome mail, password, and exactly the granted disease", async ({
    page,
    js,
    signIn,
    visit,
    login,
  }) => {
    const email = `accept-${tag()}@example.test`;
    await page.goto("/sign-up");
    await hydrated(page, js);
    await page.getByLabel("First name").fill("Rita");
    await page.getByLabel("Last name").fill("Levi");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByRole("status")).toBeVisible();

    await signIn(DEMO.owner);
    await visit(`/administration/users?status=pending&q=${encodeURIComponent(email)}`);
    await rowAction(page, js, "Rita Levi", "Accept");
    await expect(page.getByRole("heading", { name: "Accept User" })).toBeVisible();
    await hydrated(page, js);
    await page.getByLabel("Role").selectOption("external");
    const area = await openArea(page, "Helix Therapeutics", "Neurology");
    await area.getByLabel("Alzheimer's disease").check();
    await page.getByRole("button", { name: "Accept", exact: true }).click();
    await expect(toast(page, "User Accepted!")).toBeVisible();
    await expect(page).toHaveURL(/\/administration\/users$/);

    await page.context().clearCookies();
    await page.goto(await resetPathFromMail(email));
    await hydrated(page, js);
    await page.getByLabel("New password").fill(NEW_PASSWORD);
    await page.getByLabel("Confirm password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Set Password" }).click();
    await page.waitForURL(/\/login/);
    await login(email, NEW_PASSWORD);
    const { client } = await helix();
    await expect(page).toHaveURL(new RegExp(`/clients/${client._id}/therapeuticAreas$`));
    const cards = page.locator(".card-grid").getByRole("listitem");
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText("Neurology");
    await cards.getByRole("link").first().click();
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText("Alzheimer's disease");
    await User.deleteOne({ email });
  });

  test("rejecting a request with the e-mail", async ({ page, js, signIn, visit, createUser }) => {
    const pending = await createUser({ status: "pending", role: "" });
    await signIn(DEMO.admin);
    await visit(`/administration/users?status=pending&q=${encodeURIComponent(pending.email)}`);
    await rowAction(page, js, pending.fullName, "Reject");
    await page.getByRole("button", { name: "Reject", exact: true }).click();
    await expect(page.getByText("Field Required", { exact: true })).toBeVisible();
    await page.getByLabel("Reason").fill("Please ask through your company's administrator.");
    await expect(page.getByLabel("Send a rejection e-mail")).toBeChecked();
    await page.getByRole("button", { name: "Reject", exact: true }).click();
    await expect(toast(page, "User rejected successfully!")).toBeVisible();
    expect(await latestMailTo(pending.email)).toContain("Please ask through your company's administrator.");
    await expect.poll(async () => (await User.findById(pending.id).lean())?.status).toBe("terminated");
  });

  test("the permissions picker: Grant All, Reset, Select All, then saved", async ({ page, signIn, visit, createUser }) => {
    const target = await createUser({ role: "external" });
    await signIn(DEMO.admin);
    await visit(`/administration/users/edit/${target.id}`);
    const summary = page.locator("#picker-summary");
    const total = Number((await summary.innerText()).match(/of (\d+) diseases/)![1]);
    expect(total).toBeGreaterThan(3);
    await page.getByRole("button", { name: "Grant All" }).click();
    await expect(summary).toContainText(`${total} of ${total} diseases selected`);
    await expect(summary).toContainText("Clients: Helix Therapeutics, Northbridge Pharma");
    await page.getByRole("button", { name: "Reset" }).click();
    await expect(summary).toContainText(`0 of ${total} diseases selected`);
    const { diseases } = await helix();
    await page
      .getByRole("region", { name: "Helix Therapeutics", exact: true })
      .getByRole("button", { name: "Select All in Neurology" })
      .click();
    await expect(summary).toContainText(`${diseases.length} of ${total} diseases selected`);
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await expect(toast(page, "User Updated!")).toBeVisible();
    const saved = await User.findById(target.id).lean();
    expect(saved!.permissions.flatMap((p) => p.diseases.map(String)).sort()).toEqual(diseases.map((d) => String(d._id)).sort());
  });

  test("Enter in a field of the user form saves it; typed in the picker's filter, it filters", async ({
    page,
    signIn,
    visit,
    createUser,
  }) => {
    const target = await createUser({ role: "external" });
    await signIn(DEMO.admin);
    await visit(`/administration/users/edit/${target.id}`);
    // The filter and Enter: the areas narrow (as one types with JavaScript; on Enter without), nothing is saved.
    await page.getByRole("searchbox", { name: "Filter areas and diseases" }).fill("Alzheimer");
    await page.getByRole("searchbox", { name: "Filter areas and diseases" }).press("Enter");
    const helixAreas = page.getByRole("region", { name: "Helix Therapeutics", exact: true }).locator(".picker-area");
    await expect(helixAreas.filter({ hasText: "Neurology" })).toBeVisible();
    await expect(helixAreas.filter({ hasText: "Rare Diseases" })).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/administration/users/edit/${target.id}$`));
    // Enter in a text field: the user is saved (without JavaScript no longer the picker's 'Filter').
    await page.getByLabel("Last name").fill("Entered");
    await page.getByLabel("Last name").press("Enter");
    await expect(toast(page, "User Updated!")).toBeVisible();
    await expect(page).toHaveURL(/\/administration\/users$/);
    expect((await User.findById(target.id).lean())!.name?.last).toBe("Entered");
  });

  test("delete, then Undo brings the user back", async ({ page, js, signIn, visit, createUser }) => {
    const target = await createUser({ role: "external" });
    await signIn(DEMO.owner);
    const list = `/administration/users?q=${encodeURIComponent(target.email)}`;
    await visit(list);
    await rowAction(page, js, target.fullName, "Delete");
    // It asks first, as every delete does (a dialog with JavaScript, a page without).
    const confirmation = js ? page.getByRole("dialog") : page;
    await expect(confirmation.getByText(`Delete the user "${target.fullName}"?`)).toBeVisible();
    await confirmation.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(toast(page, "User Deleted")).toBeVisible();
    await expect(page.getByText("No data yet")).toBeVisible();
    await page.getByRole("region", { name: "Notifications" }).getByRole("button", { name: "Undo" }).click();
    await expect(toast(page, "User restored.")).toBeVisible();
    await visit(list);
    await expect(page.getByRole("rowheader", { name: target.fullName })).toBeVisible();
  });

  test("the list: pages by the forward token, page size, search and status filter", async ({ page, js, signIn, visit }) => {
    await signIn(DEMO.owner);
    await visit("/administration/users");
    const rows = page.getByRole("table", { name: "Users" }).getByRole("rowheader");
    await expect(rows).toHaveCount(10);
    const first = await rows.first().innerText();
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/after=/);
    await expect(page.getByText(/Rows 11–/)).toBeVisible();
    await expect(rows.first()).not.toHaveText(first);
    await page.getByRole("link", { name: "Previous" }).click();
    await expect(page.getByText(/Rows 1–10/)).toBeVisible();
    await expect(rows.first()).toHaveText(first);
    // A forged page token: the first page, and the pager says why.
    await visit(`/administration/users?after=${Buffer.from(JSON.stringify([1e308, "0123456789abcdef01234567"])).toString("base64url")}`);
    await expect(page.getByText(PAGE_RESTARTED)).toBeVisible();
    await expect(page.getByText(/Rows 1–10/)).toBeVisible();
    await expect(rows.first()).toHaveText(first);

    await hydrated(page, js);
    await page.getByLabel("Rows per page").selectOption("5");
    if (!js) await page.getByRole("button", { name: "Apply" }).click();
    await expect(rows).toHaveCount(5);
    await expect(page).toHaveURL(/size=5/);

    await page.getByRole("link", { name: "Pending", exact: true }).click();
    await expect(page.getByRole("table", { name: "Users" }).getByRole("cell", { name: "pending" }).first()).toBeVisible();
    await expect(page.getByRole("table", { name: "Users" }).getByRole("cell", { name: "active", exact: true })).toHaveCount(0);
    await page.getByRole("link", { name: "All", exact: true }).click();
    // The search form keeps the list's other parameters: wait until the list is All, or it would search the pending.
    await expect(page).not.toHaveURL(/status=/);
    await page.getByRole("searchbox", { name: "Search by name or email" }).fill("editor@pharmascope");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(rows).toHaveText(["Elena Varga"]);
    await page.getByRole("link", { name: /^Email/ }).click();
    await expect(page).toHaveURL(/sort=email&dir=asc/);
  });
});

test.describe("clients", () => {
  test("add with a logo and a contact, edit, deactivate, delete", async ({ page, js, signIn, visit }) => {
    const name = `Vega Bio ${tag()}`;
    await signIn(DEMO.owner);
    await visit("/administration/client");
    await page.getByRole("link", { name: "Add Client" }).click();
    await hydrated(page, js);
    await page.getByRole("button", { name: "Add contact" }).click();
    await page.getByLabel("Contact name").fill("Ines Duarte");
    await page.getByLabel("Contact email").fill("ines@vega.example");
    await page.getByLabel("Contact title").fill("Head of Strategy");
    await page.getByLabel("Name", { exact: true }).fill(name);
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#8e24aa" } })
      .png()
      .toBuffer();
    await page.getByLabel("Logo").setInputFiles({ name: "vega.png", mimeType: "image/png", buffer: png });
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(toast(page, "Client Added!")).toBeVisible();

    await page.getByRole("searchbox", { name: "Search by name" }).fill(name.toLowerCase());
    await page.getByRole("button", { name: "Search" }).click();
    const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: name, exact: true }) });
    await expect(row).toContainText("active");
    await expect(row.locator("img.table-logo")).toBeVisible();

    await rowAction(page, js, name, "Edit");
    await expect(page.getByLabel("Contact name")).toHaveValue("Ines Duarte");
    await hydrated(page, js);
    await page.getByLabel("Name", { exact: true }).fill(`${name} Renamed`);
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await expect(toast(page, "Client updated!")).toBeVisible();

    await visit(`/administration/client?q=${encodeURIComponent(name)}`);
    await rowAction(page, js, `${name} Renamed`, "Deactivate");
    await expect(toast(page, "Client inactive!")).toBeVisible();
    await rowAction(page, js, `${name} Renamed`, "Delete");
    await expect(page.getByText(/This will delete .* with 0 therapeutic areas/)).toBeVisible();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(toast(page, "Client Deleted")).toBeVisible();
    await visit(`/administration/client?q=${encodeURIComponent(name)}`);
    await expect(page.getByText("No data yet")).toBeVisible();
  });

  test("the clients list: 'name contains' in any case, sorted both ways, in pages of the size chosen", async ({
    page,
    js,
    signIn,
    visit,
  }) => {
    await signIn(DEMO.owner);
    await visit("/administration/client");
    await hydrated(page, js);
    await page.getByRole("searchbox", { name: "Search by name" }).fill("HERAPEUT");
    await page.getByRole("button", { name: "Search" }).click();
    // Helix is on the unsearched list too: wait for the list to be the search's (every name matching), then check it.
    const rowNames = () => page.getByRole("rowheader").allTextContents();
    await expect.poll(async () => (await rowNames()).every((name) => name.toLowerCase().includes("herapeut"))).toBe(true);
    expect(await rowNames()).toEqual(expect.arrayContaining(["Helix Therapeutics"]));

    await visit("/administration/client?size=5");
    await page.getByRole("link", { name: /^Name/ }).click();
    await expect(page).toHaveURL(/sort=name&dir=desc/);
    await expect
      .poll(async () => {
        const names = await rowNames();
        return names.length > 1 && names.length <= 5 && names.join("|") === [...names].sort((a, b) => b.localeCompare(a)).join("|");
      })
      .toBe(true);
  });

  test("the console is refused to a user without the role", async ({ page, signIn, visit }) => {
    await signIn(DEMO.analyst);
    await visit("/administration/users");
    await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
    await signIn(DEMO.editor);
    await visit("/administration/client");
    await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
  });
});

test("an editor adds a keyword through the cascade, switches it off and deletes it", async ({ page, js, signIn, visit }) => {
  const name = `tau PET ${tag()}`;
  await signIn(DEMO.editor);
  await visit("/administration/keyword");
  await hydrated(page, js);
  await expect(page.getByRole("heading", { name: "Keyword List" })).toBeVisible();
  await page.getByRole("link", { name: "Add Keyword" }).click();
  await expect(page.getByRole("heading", { name: "Add Keyword" })).toBeVisible();
  await hydrated(page, js);
  await page.getByLabel("Name").fill(name);
  await chooseScope(page, js);
  await expect(page.getByLabel("Name")).toHaveValue(name);
  await page.getByLabel("Priority").selectOption({ label: "High" });
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(toast(page, "Keyword Added!")).toBeVisible();
  await expect(page).toHaveURL(/\/administration\/keyword$/);

  await page.getByRole("searchbox", { name: "Search by name" }).fill(name);
  await page.getByRole("searchbox", { name: "Search by name" }).press("Enter");
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });
  await expect(row.getByRole("cell", { name: "Alzheimer's disease" })).toBeVisible();
  await expect(row.getByRole("cell", { name: "High" })).toBeVisible();
  await rowAction(page, js, name, "Deactivate");
  await expect(toast(page, "Keyword inactive!")).toBeVisible();
  await expect(row.getByText("inactive")).toBeVisible();
  await rowAction(page, js, name, "Delete");
  await (js ? page.getByRole("dialog") : page).getByRole("button", { name: "Delete", exact: true }).click();
  await expect(toast(page, "Keyword Deleted")).toBeVisible();
  await expect(page.getByText("No data yet")).toBeVisible();
});

test("an editor adds an event at 09:00 Berlin time, finds it on Alzheimer's events report, switches it off and deletes it", async ({
  page,
  js,
  signIn,
  visit,
}) => {
  const title = `Tau imaging symposium ${tag()}`;
  // January of next year: Berlin is on winter time (UTC+1), and the event is always in the event calendar's months or
  // beyond them (its months run from two months back to five ahead).
  const year = new Date().getUTCFullYear() + 1;
  await signIn(DEMO.editor);
  await visit("/administration/events");
  await expect(page.getByRole("heading", { name: "Events List" })).toBeVisible();
  await page.getByRole("link", { name: "Add Event" }).click();
  await expect(page.getByRole("heading", { name: "Add Event" })).toBeVisible();
  await hydrated(page, js);
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Type").selectOption({ label: "Conference" });
  if (js) {
    await page.getByRole("textbox", { name: "Description" }).click();
    await page.getByRole("textbox", { name: "Description" }).pressSequentially("Tau PET readouts from three sponsors.");
  } else {
    await page.getByLabel("Description").fill("<p>Tau PET readouts from three sponsors.</p>");
  }
  await chooseScope(page, js);
  await page.getByLabel("Compound", { exact: true }).selectOption({ label: "lecanemab" });
  // admin-console §4: an end before the start. With JavaScript the start follows the end at once; without, the
  // server puts them in order, says so and saves nothing.
  // The times read DD/MM/YYYY HH:mm, typed into the picker's segments or, without JavaScript, into a text field.
  await fillDate(page, js, "Start", `14/01/${year} 09:00`);
  await fillDate(page, js, "End", `13/01/${year} 17:30`);
  // The zone found by part of its name: in the combo box with JavaScript, in a text field without (issue 28).
  await chooseInPicker(page, js, "Time zone", "Europe/Berlin", "Berl");
  if (js) {
    await expect.poll(() => dateShown(page, js, "Start")).toBe(`13/01/${year} 17:30`);
  } else {
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByText("The end was before the start, so it was moved to the start.", { exact: false })).toBeVisible();
    await expect(page.getByText("End date must be greater than start date")).toBeVisible();
    expect(await dateShown(page, js, "End")).toBe(`14/01/${year} 09:00`);
    await expect(page.getByLabel("Time zone", { exact: true })).toHaveValue("Europe/Berlin");
  }
  await fillDate(page, js, "Start", `14/01/${year} 09:00`);
  // With JavaScript a start moved past the end takes the end with it.
  if (js) await expect.poll(() => dateShown(page, js, "End")).toBe(`14/01/${year} 09:00`);
  await fillDate(page, js, "End", `14/01/${year} 17:30`);
  await page.getByLabel("Important").check();
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(toast(page, "Event Added!")).toBeVisible();
  await expect(page).toHaveURL(/\/administration\/events$/);

  await page.getByRole("searchbox", { name: "Search by title" }).fill(title);
  await page.getByRole("searchbox", { name: "Search by title" }).press("Enter");
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: title, exact: true }) });
  // Listed in UTC: 09:00 in Berlin in January is 08:00Z.
  await expect(row.getByRole("cell", { name: `14-01-${year} 08:00:00` })).toBeVisible();
  await expect(row.getByRole("cell", { name: "lecanemab" })).toBeVisible();
  // The edit form shows the Berlin wall clock again.
  await rowAction(page, js, title, "Edit");
  await expect(page.getByRole("heading", { name: "Edit Event" })).toBeVisible();
  await hydrated(page, js);
  expect([await dateShown(page, js, "Start"), await dateShown(page, js, "End")]).toEqual([`14/01/${year} 09:00`, `14/01/${year} 17:30`]);

  // The disease's events report shows it (drawn with JavaScript, a table without).
  await connectDb(process.env.E2E_MONGODB_URI);
  const ad = (await Disease.findOne({ name: "Alzheimer's disease" }).lean())!;
  await visit(`/clients/${ad.client}/therapeuticAreas/${ad.therapeuticArea}/diseases/${ad._id}/reports?type=events-2`);
  await expect(
    js ? page.locator(`.rt-event-card[data-title="${title}"]`) : page.getByRole("cell", { name: title, exact: true }),
  ).toBeVisible();
  // And the event calendar, on its conference row (in January's column, or beyond the calendar's months).
  await visit(`/clients/${ad.client}/therapeuticAreas/${ad.therapeuticArea}/diseases/${ad._id}/reports?type=event-calendar`);
  const conferences = js
    ? page.locator(".rt-conference-row")
    : page.getByRole("row").filter({ has: page.getByRole("cell", { name: "Conferences", exact: true }) });
  await expect(conferences.getByText(`${title}, Conference`)).toBeVisible();

  await visit("/administration/events");
  await page.getByRole("searchbox", { name: "Search by title" }).fill(title);
  await page.getByRole("searchbox", { name: "Search by title" }).press("Enter");
  await rowAction(page, js, title, "Deactivate");
  await expect(toast(page, "Event inactive!")).toBeVisible();
  await expect(row.getByText("inactive")).toBeVisible();
  await rowAction(page, js, title, "Delete");
  await (js ? page.getByRole("dialog") : page).getByRole("button", { name: "Delete", exact: true }).click();
  await expect(toast(page, "Event Deleted")).toBeVisible();
  await expect(page.getByText("No data yet")).toBeVisible();
});

test("an editor adds a company with a logo and a parent, switches it off and deletes it", async ({ page, js, signIn, visit }) => {
  const name = `Helix Biologics ${tag()}`;
  const logo = await sharp({ create: { width: 120, height: 60, channels: 3, background: "#2e7d32" } })
    .png()
    .toBuffer();
  await signIn(DEMO.editor);
  await visit("/administration/company/add");
  await hydrated(page, js);
  await expect(page.getByRole("heading", { name: "Add Company" })).toBeVisible();
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Type").selectOption({ label: "Biotech" });
  await page.getByLabel("Website").fill("https://helix-biologics.example");
  if (!js) {
    // Without JavaScript the parent is typed: a part of several names says which, and nothing is saved.
    await chooseInPicker(page, js, "Parent company", "Roche", "roch");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(
      page.getByText(/^'roch' is part of \d+ names: (.*, )?Roche, Roche Diagnostics.*Type more of the one you mean\.$/),
    ).toBeVisible();
  }
  await chooseInPicker(page, js, "Parent company", "Roche");
  await page.getByLabel("Logo").setInputFiles({ name: "helix.png", mimeType: "image/png", buffer: logo });
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(toast(page, "Company Added!")).toBeVisible();

  await page.getByRole("searchbox", { name: "Search by name" }).fill(name);
  await page.getByRole("searchbox", { name: "Search by name" }).press("Enter");
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });
  await expect(row.getByRole("cell", { name: "Roche" })).toBeVisible();
  await expect(row.locator("img.table-logo")).toHaveAttribute("src", /^\/resources\/files\/[0-9a-f]{24}$/);
  await rowAction(page, js, name, "Deactivate");
  await expect(toast(page, "Company inactive!")).toBeVisible();
  await rowAction(page, js, name, "Delete");
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(toast(page, "Company Deleted")).toBeVisible();
  await expect(page.getByText("No data yet")).toBeVisible();
});

test.describe("logo fields", () => {
  const LOGO_TOO_LARGE = "Maximum allowed file size is 5MB!";
  const huge = { name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(6 * 1024 * 1024) };
  /** The Logo field: its label, input, hint and errors. */
  const logoField = (page: Page) => page.locator(".field", { has: page.getByLabel("Logo", { exact: true }) });

  test("a logo over 5 MB is refused at the Logo field of every logo form: as it is chosen with JavaScript, by the server without", async ({
    page,
    js,
    signIn,
    visit,
  }) => {
    test.slow(); // four forms, a 6 MB file each
    await signIn(DEMO.owner);
    for (const path of [
      "/administration/client/add",
      "/administration/company/add",
      "/administration/compound/add",
      "/manage-company-logos",
    ]) {
      await visit(path);
      await page.getByLabel("Logo", { exact: true }).setInputFiles(huge);
      // With JavaScript the message is there at once and the input emptied: the form has no file to send.
      if (js) await expect(page.getByLabel("Logo", { exact: true })).toHaveJSProperty("value", "");
      else await page.getByRole("button", { name: "Add", exact: true }).click();
      await expect(logoField(page).getByText(LOGO_TOO_LARGE, { exact: true }), path).toBeVisible();
      await expect(page.getByLabel("Logo", { exact: true })).toHaveAttribute("aria-invalid", "true");
    }
  });

  test("an edit with a logo over 5 MB never stores it: with JavaScript the rest is saved without it, without JavaScript nothing changes", async ({
    page,
    js,
    signIn,
    visit,
  }) => {
    await connectDb(process.env.E2E_MONGODB_URI);
    const name = `Oversized Logo Bio ${tag()}`;
    const company = await Company.create({ name, type: "Biotech" });
    try {
      await signIn(DEMO.editor);
      await visit(`/administration/company/edit/${company._id}`);
      await page.getByLabel("Name", { exact: true }).fill(`${name} renamed`);
      await page.getByLabel("Logo", { exact: true }).setInputFiles(huge);
      if (js) {
        await expect(logoField(page).getByText(LOGO_TOO_LARGE, { exact: true })).toBeVisible();
        await expect(page.getByLabel("Logo", { exact: true })).toHaveJSProperty("value", "");
      }
      await page.getByRole("button", { name: "Update", exact: true }).click();
      if (js) {
        // The rest of the form is saved, without the file.
        await expect(toast(page, "Company updated!")).toBeVisible();
      } else {
        await expect(logoField(page).getByText(LOGO_TOO_LARGE, { exact: true })).toBeVisible();
        await expect(page.getByRole("heading", { name: "Edit Company" })).toBeVisible();
      }
      const stored = (await Company.findById(company._id).lean())!;
      expect([stored.name, stored.logo]).toEqual([js ? `${name} renamed` : name, undefined]);
    } finally {
      await Company.deleteOne({ _id: company._id });
    }
  });

  test("a form sent back asks again for the logo it lost without JavaScript; with JavaScript the file stays chosen", async ({
    page,
    js,
    signIn,
    visit,
  }) => {
    await signIn(DEMO.editor);
    await visit("/administration/company/add");
    await page.getByLabel("Name", { exact: true }).fill(`Refused Logo Bio ${tag()}`);
    await page.getByLabel("Type").selectOption({ label: "Biotech" });
    // Not an image, whatever its name: refused by the server, after the round trip.
    await page
      .getByLabel("Logo", { exact: true })
      .setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("<html></html>") });
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(logoField(page).getByText("Choose a PNG, JPEG, GIF or WebP image.", { exact: true })).toBeVisible();
    const again = logoField(page).getByText('Choose the logo again: "fake.png" was not kept when the form came back.');
    if (js) {
      await expect(again).toHaveCount(0);
      expect(await page.getByLabel("Logo", { exact: true }).evaluate((input: HTMLInputElement) => input.files?.[0]?.name)).toBe("fake.png");
    } else {
      await expect(again).toBeVisible();
      await expect(page.getByLabel("Logo", { exact: true })).toHaveJSProperty("value", "");
    }
  });
});

test("the company logos manager adds a logo by company name and removes it", async ({ page, js, signIn, visit }) => {
  const name = `Logo Bio ${tag()}`;
  const logo = await sharp({ create: { width: 90, height: 40, channels: 3, background: "#6a1b9a" } })
    .png()
    .toBuffer();
  await signIn(DEMO.editor);
  await visit("/administration/company");
  await page.getByRole("link", { name: "Company logos" }).click();
  await expect(page.getByRole("heading", { name: "Company logos", level: 1 })).toBeVisible();
  await hydrated(page, js);
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByText("Company Name or Logo can't be blank!").first()).toBeVisible();
  await page.getByLabel("Company name").fill(name);
  await page.getByLabel("Logo", { exact: true }).setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(toast(page, "Company Added!")).toBeVisible();
  await page.getByRole("searchbox", { name: "Search by name" }).fill(name);
  await page.getByRole("searchbox", { name: "Search by name" }).press("Enter");
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });
  await expect(row.locator("img.table-logo")).toBeVisible();
  await rowAction(page, js, name, "Delete logo");
  // It asks first, as every delete does (a dialog with JavaScript, a page without).
  const confirmation = js ? page.getByRole("dialog") : page;
  await expect(confirmation.getByText(`Delete the logo of "${name}"?`)).toBeVisible();
  await confirmation.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(toast(page, "Logo Deleted..")).toBeVisible();
  await expect(page.getByText("No data yet")).toBeVisible();
});

test("an editor adds a compound with a licensee, meets the Phase 2 rule, finds it by a code name and deletes it", async ({
  page,
  js,
  signIn,
  visit,
}) => {
  const id = tag();
  const name = `zunsemetinib ${id}`;
  await signIn(DEMO.editor);
  await visit("/administration/compound");
  await expect(page.getByRole("heading", { name: "Compounds List" })).toBeVisible();
  await page.getByRole("link", { name: "Add Compound" }).click();
  await expect(page.getByRole("heading", { name: "Add Compound" })).toBeVisible();
  await hydrated(page, js);
  await page.getByLabel("Generic name").fill(name);
  await page.getByRole("textbox", { name: "Other names" }).fill(`ZN-${id}`);
  await chooseScope(page, js);
  await chooseInPicker(page, js, "Originator company", "Eisai");
  // A licensee: a row of the list (added in place with JavaScript, by the server without).
  await page.getByRole("button", { name: "Add licensee" }).click();
  const licensee = page.getByRole("group", { name: "Licensee 1" });
  await licensee.getByLabel("Region").selectOption("Japan");
  await chooseInPicker(page, js, "Companies", "Biogen");
  await page.getByLabel("Development phase").selectOption("Phase 2");
  await page.getByLabel("Therapeutic modality").selectOption("Small Molecule");
  await page.getByLabel("Priority").selectOption({ label: "High" });
  await page.getByRole("button", { name: "Add", exact: true }).click();
  // Phase 2 needs the mechanism of action and the route of administration.
  await expect(page.locator("#compound-add-mechanismOfAction-error")).toHaveText("Field Required");
  await page.getByLabel("Mechanism of action").fill("MK2 inhibitor");
  await page.getByLabel("Route of administration").fill("Oral");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(toast(page, "Compound Added")).toBeVisible();
  await expect(page).toHaveURL(/\/administration\/compound$/);

  await page.getByRole("searchbox", { name: "Search by any name" }).fill(`zn-${id}`);
  await page.getByRole("searchbox", { name: "Search by any name" }).press("Enter");
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });
  await expect(row.getByRole("cell", { name: "Eisai", exact: true })).toBeVisible();
  await expect(row.getByRole("cell", { name: "Phase 2", exact: true })).toBeVisible();
  await rowAction(page, js, name, "Edit");
  await expect(page.getByRole("heading", { name: "Edit Compound" })).toBeVisible();
  await expect(page.getByRole("group", { name: "Licensee 1" }).getByLabel("Region")).toHaveValue("Japan");
  await page.goBack();
  await rowAction(page, js, name, "Deactivate");
  await expect(toast(page, "Compound inactive!")).toBeVisible();
  await rowAction(page, js, name, "Delete");
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(toast(page, "Compound Deleted")).toBeVisible();
  await expect(page.getByText("No data yet")).toBeVisible();
});

test("importing the compound template filled with 3 good rows and 1 bad: the preview, then the import and its report", async ({
  page,
  js,
  signIn,
  visit,
}) => {
  const id = tag();
  await signIn(DEMO.editor);
  await visit("/administration/compound");
  await page.getByRole("link", { name: "Import", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Import Compounds" })).toBeVisible();
  await hydrated(page, js);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download the template (.xlsm)" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("compounds-import-template.xlsm");
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path())!);
  const sheet = workbook.getWorksheet("Compounds")!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const scope = { Client: "Helix Therapeutics", "Therapeutic Area": "Neurology", Disease: "Alzheimer's disease" };
  const row = (generic: string, extra: Record<string, string> = {}) => ({
    "Generic Name": `${generic} ${id}`,
    ...scope,
    Originator: "Eisai",
    "Therapeutic Modality": "mAb",
    Priority: "Medium",
    "Development Phase": "Phase 3",
    ...extra,
  });
  for (const values of [
    row("alphamab"),
    row("betamab", { Licensees: "US: Biogen" }),
    row("gammamab", { "Brand Name": `Gammaxa ${id}` }),
    row("deltamab", { Originator: "Nobody Pharma" }),
  ]) {
    sheet.addRow(headers.map((h) => values[h as keyof typeof values] ?? ""));
  }
  await page.getByLabel("The compounds file (.xlsm)").setInputFiles({
    name: "pipeline.xlsm",
    mimeType: "application/vnd.ms-excel.sheet.macroEnabled.12",
    buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
  });
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByText("Importing would create 3, update 0 and leave 0 unchanged; 1 row is refused.")).toBeVisible();
  const refused = page.getByRole("row").filter({ hasText: `deltamab ${id}` });
  await expect(refused.getByRole("cell", { name: "Refused" })).toBeVisible();
  await expect(refused.getByText('Originator: No company "Nobody Pharma" in the Company List.')).toBeVisible();
  await page.getByRole("button", { name: "Import 3 rows" }).click();
  await expect(toast(page, "Compounds Imported.")).toBeVisible();
  await expect(page.getByText("Imported: 3 created, 0 updated, 0 unchanged, 1 refused.")).toBeVisible();
  await page.getByRole("link", { name: "Back to the list" }).first().click();
  await page.getByRole("searchbox", { name: "Search by any name" }).fill(`gammaxa ${id}`);
  await page.getByRole("searchbox", { name: "Search by any name" }).press("Enter");
  await expect(page.getByRole("rowheader", { name: new RegExp(`gammamab ${id}`) })).toBeVisible();
});
