// Automated accessibility checks (axe-core): no violation of impact "serious" or "critical" on the main screens.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import type axe from "axe-core";
import type { ImpactValue } from "axe-core";
import ExcelJS from "exceljs";

import { connectDb } from "#db/connection.server";
import { Client } from "#db/models/client.server";
import { Disease } from "#db/models/disease.server";
import { SavedSearch } from "#db/models/saved-search.server";
import { TherapeuticArea } from "#db/models/therapeutic-area.server";
import { unsubscribeToken } from "~/utils/digest-token.server";

import { actAsE2eServer } from "./outbox";
import { test as base, chooseInPicker, DEMO, expect, hydrated, userInfo } from "./utils";

// axe runs inside the page, which a context with JavaScript disabled does not allow. In the no-js project the
// pages are therefore loaded with JavaScript on but the app's bundles and workers never delivered: what is checked is
// exactly the server-rendered markup a browser without JavaScript gets. (`js` still says which project this is.)
const test = base.extend({
  js: async ({}, use, testInfo) => {
    await use(testInfo.project.use.javaScriptEnabled !== false);
  },
  context: async ({ context, js }, use) => {
    if (!js) await context.route(/\/(build|workers)\/.+\.js(\?.*)?$/, (route) => route.abort());
    await use(context);
  },
});
test.use({ javaScriptEnabled: true });

// axe-core itself, put into each page once (its document keeps it until the next navigation) and run there: the
// Playwright wrapper sent its half-megabyte source twice for every check and returned every result to filter here,
// about 0.2 s a check. No page has frames, so there is nothing to inject axe into but the page.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const BLOCKING: ImpactValue[] = ["serious", "critical"];

async function expectNoSeriousViolations(page: Page) {
  // Colours are checked as they end up: a dialog still fading in (500 ms) has lighter text than it will have. So the
  // page's animations and transitions finish first (not a spinner's, which never ends).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const blocking = await page.evaluate(async (impacts) => {
    const { violations } = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ["violations"] });
    return violations
      .filter((v) => impacts.includes(v.impact!))
      .map(({ id, impact, help, helpUrl, nodes }) => ({
        id,
        impact,
        help,
        helpUrl,
        nodes: nodes.map(({ target, failureSummary, html }) => ({ target: target.join(" "), failureSummary, html })),
      }));
  }, BLOCKING);
  const report = blocking
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${v.nodes.map((n) => `    ${n.target}: ${n.failureSummary?.replace(/\s*\n\s*/g, " ")}\n      ${n.html}`).join("\n")}`,
    )
    .join("\n");
  expect(
    blocking.map((v) => `${v.impact}: ${v.id}`),
    `serious or critical accessibility violations on ${page.url()}:\n${report}\n`,
  ).toEqual([]);
}

test.describe("accessibility", () => {
  test("/login", async ({ page, js }) => {
    await page.goto("/login");
    await hydrated(page, js);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("/login with a refused sign-in", async ({ page, submitLogin, createUser }) => {
    const user = await createUser({ role: "external" });
    await submitLogin(user.email, "Wrong#Password1");
    await expect(page.getByText("Invalid email or password!")).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("/not-found", async ({ page, js }) => {
    await page.goto("/not-found");
    await hydrated(page, js);
    await expect(page.getByRole("heading", { name: "Are you lost?" })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("/dashboard of the top-level admin", async ({ page, signIn, visit }) => {
    await signIn(DEMO.owner);
    await visit("/dashboard");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Please Select a Client to continue" })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("/dashboard with the user popover open", async ({ page, signIn, visit }) => {
    const owner = await userInfo(DEMO.owner);
    await signIn(DEMO.owner);
    await visit("/dashboard");
    await page.getByLabel(`Account of ${owner.fullName}`).click();
    await expect(page.getByRole("button", { name: "Log Out" })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("/calendar-feeds", async ({ page, signIn, visit }) => {
    await signIn(DEMO.analyst);
    await visit("/calendar-feeds");
    await expect(page.getByRole("heading", { name: "Calendar Feeds", level: 1 })).toBeVisible();
    await expect(page.getByLabel("Events of")).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("/about", async ({ page, signIn, visit }) => {
    await signIn(DEMO.owner);
    await visit("/about");
    await expect(page.getByRole("heading", { name: "About Pharmascope" })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("a therapeutic-areas page", async ({ page, signIn, visit }) => {
    const [client] = (await userInfo(DEMO.analyst)).clients;
    await signIn(DEMO.analyst);
    await visit("/");
    await expect(page).toHaveURL(new RegExp(`/clients/${client.id}/therapeuticAreas$`));
    await expect(page.getByRole("heading", { name: "Therapeutic Areas", level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});

test.describe("accessibility of the account pages", () => {
  for (const [path, heading] of [
    ["/sign-up", "Request an account"],
    ["/forgot-password", "Forgot password"],
    ["/reset", "Set a new password"],
  ] as const) {
    test(path, async ({ page, js }) => {
      await page.goto(path);
      await hydrated(page, js);
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
      await expectNoSeriousViolations(page);
    });
  }

  test("/change-password", async ({ page, signIn, visit }) => {
    await signIn(DEMO.owner);
    await visit("/change-password");
    await expect(page.getByRole("heading", { name: "Change Password", level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("/api-tokens with a token just made, and the API reference", async ({ page, signIn, visit }) => {
    await signIn(DEMO.analyst);
    await visit("/api-tokens");
    await page.getByLabel("Name").fill("Accessibility check");
    await page.getByRole("button", { name: "Create token" }).click();
    await expect(page.getByText("Copy it now: it is shown only once.")).toBeVisible();
    await expectNoSeriousViolations(page);
    await visit("/api-docs");
    await expect(page.getByRole("heading", { name: "API Reference", level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});

test.describe("accessibility of the catalogue pages", () => {
  // The first seeded area of the analyst's client, seen by the top-level admin (who has every control).
  async function firstArea() {
    const [client] = (await userInfo(DEMO.analyst)).clients;
    await connectDb(process.env.E2E_MONGODB_URI);
    const area = await TherapeuticArea.findOne({ client: client.id }).sort({ name: 1 }).select("_id").lean();
    return `/clients/${client.id}/therapeuticAreas/${String(area!._id)}`;
  }

  test("the disease form with the upload source chosen and its errors shown", async ({ page, signIn, visit }) => {
    await signIn(DEMO.owner);
    await visit(`${await firstArea()}/diseases/add`);
    await page.getByRole("radio", { name: "Uploaded workbook" }).check();
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByText("Choose the workbook to upload (.xlsx or .csv)")).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  for (const [suffix, heading] of [
    ["/diseases", null],
    ["/diseases/add", null],
    ["/edit", "Edit"],
  ] as const) {
    test(`area page ${suffix}`, async ({ page, signIn, visit }) => {
      await signIn(DEMO.owner);
      await visit(`${await firstArea()}${suffix}`);
      await expect(page).toHaveURL(new RegExp(`${suffix}$`));
      if (heading) await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
      await expectNoSeriousViolations(page);
    });
  }
});

test.describe("accessibility of the administration console", () => {
  async function userIdOf(email: string) {
    return (await userInfo(email)).id;
  }
  async function clientIdOf(name: string) {
    await connectDb(process.env.E2E_MONGODB_URI);
    return String((await Client.findOne({ name }).select("_id").lean())!._id);
  }
  for (const [name, path, heading] of [
    ["users list", async () => "/administration/users", "User management"],
    ["add user", async () => "/administration/users/add", "Add User"],
    ["accept user", async () => `/administration/users/edit/${await userIdOf(DEMO.pending)}`, "Accept User"],
    ["edit user", async () => `/administration/users/edit/${await userIdOf(DEMO.analyst)}`, "Edit User"],
    ["user permissions", async () => `/administration/users/${await userIdOf(DEMO.analyst)}/permissions`, /Permissions of/],
    ["reject user", async () => `/administration/users/${await userIdOf(DEMO.pending)}/reject`, /Reject/],
    ["clients list", async () => "/administration/client", "Clients List"],
    ["add client", async () => "/administration/client/add", "Add Client"],
    ["edit client", async () => `/administration/client/edit/${await clientIdOf("Helix Therapeutics")}`, "Edit Client"],
    ["delete client", async () => `/administration/client/${await clientIdOf("Helix Therapeutics")}/delete`, /Delete Helix/],
    ["change log", async () => "/administration/history", "Change log"],
    ["trial import", async () => "/administration/trials/import", "Import Trials from ClinicalTrials.gov"],
    ["monitoring", async () => "/administration/monitoring", "Monitoring"],
    ["add source", async () => "/administration/monitoring/add", "Add Source"],
  ] as const) {
    test(name, async ({ page, signIn, visit }) => {
      await signIn(DEMO.owner);
      await visit(await path());
      await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
      await expectNoSeriousViolations(page);
    });
  }

  test("the row menu and the permissions dialog", async ({ page, signIn, visit, js }) => {
    test.skip(!js, "a menu and a dialog only with JavaScript; without, a <details> popover and a page (checked above)");
    const analyst = await userInfo(DEMO.analyst);
    await signIn(DEMO.owner);
    await visit(`/administration/users?q=${encodeURIComponent(DEMO.analyst)}`);
    await page.getByRole("button", { name: `Actions for ${analyst.fullName}` }).click();
    await expect(page.getByRole("menu")).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByRole("menuitem", { name: "Permissions" }).click();
    await expect(page.getByRole("dialog", { name: `Permissions of ${analyst.fullName}` })).toBeVisible();
    await expect(page.getByRole("heading", { name: `Permissions of ${analyst.fullName}` })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});

test("the news feed, its filters and date picker", async ({ page, signIn, visit, js }) => {
  await signIn(DEMO.analyst);
  await visit("/news");
  await hydrated(page, js);
  await page.locator(".news-filter-groups > summary").click();
  await expect(page.getByRole("group", { name: "Categories" })).toBeVisible();
  await expectNoSeriousViolations(page);
  if (!js) return;
  await page.getByRole("button", { name: "Calendar" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("the drafts list", async ({ page, signIn, visit, js }) => {
  await signIn(DEMO.admin);
  await visit("/news/drafts");
  await hydrated(page, js);
  await expect(page.getByRole("heading", { name: "Drafts list" })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("the news editor, with its errors, chosen companies and the rich text editor", async ({ page, signIn, visit, js }) => {
  await signIn(DEMO.admin);
  await visit("/news/add");
  await hydrated(page, js);
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByText("Content is required!")).toBeVisible();
  await expectNoSeriousViolations(page);
  if (!js) return;
  // With JavaScript: the formatting toolbar and the chosen companies as chips. (While a picker's list is open, react-aria
  // hides the rest of the page from assistive technology with aria-hidden, as a combo box should; axe reads that
  // moment as hidden focusable content, so the check is made with the list closed.)
  await expect(page.getByRole("toolbar", { name: "Formatting" })).toBeVisible();
  await chooseInPicker(page, js, "Companies", "Eisai");
  await expectNoSeriousViolations(page);
});

test("the keyword list and form", async ({ page, signIn, visit, js }) => {
  await signIn(DEMO.editor);
  await visit("/administration/keyword");
  await hydrated(page, js);
  await expect(page.getByRole("heading", { name: "Keyword List" })).toBeVisible();
  await expectNoSeriousViolations(page);
  await visit("/administration/keyword/add");
  await hydrated(page, js);
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByText("Field Required").first()).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("the events list and form", async ({ page, signIn, visit, js }) => {
  await signIn(DEMO.editor);
  await visit("/administration/events");
  await hydrated(page, js);
  await expect(page.getByRole("heading", { name: "Events List" })).toBeVisible();
  await expectNoSeriousViolations(page);
  await visit("/administration/events/add");
  await hydrated(page, js);
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByText("The Event must have a Timezone!")).toBeVisible();
  await expectNoSeriousViolations(page);
  // An event's edit page: its times in its zone, the zone chosen, its History.
  await visit("/administration/events");
  await hydrated(page, js);
  await page
    .getByRole("row")
    .nth(1)
    .getByLabel(/^Actions for /)
    .click();
  await page.getByRole(js ? "menuitem" : "link", { name: "Edit", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Edit Event" })).toBeVisible();
  await hydrated(page, js);
  await expectNoSeriousViolations(page);
});

test("the trials list and form", async ({ page, signIn, visit, js }) => {
  await signIn(DEMO.editor);
  await visit("/administration/trials");
  await hydrated(page, js);
  await expect(page.getByRole("heading", { name: "Trials List" })).toBeVisible();
  await expectNoSeriousViolations(page);
  // A step sent on with its required fields empty: its errors and the stepper marking it.
  await visit("/administration/trials/add?step=1");
  await hydrated(page, js);
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page.getByText("Field Required").first()).toBeVisible();
  await expectNoSeriousViolations(page);
  // A trial's edit page: every step filled from the seed, its History.
  await visit("/administration/trials");
  await hydrated(page, js);
  await page
    .getByRole("row")
    .nth(1)
    .getByLabel(/^Actions for /)
    .click();
  await page.getByRole(js ? "menuitem" : "link", { name: "Edit", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Update Trial" })).toBeVisible();
  await hydrated(page, js);
  for (const step of ["Trial Information Part 2", "Trial Detail Part 1"]) {
    await page
      .getByRole("navigation", { name: "Trial form steps" })
      .getByRole("button", { name: new RegExp(step) })
      .click();
    await expect(page.getByRole("heading", { name: new RegExp(`: ${step}$`) })).toBeVisible();
    await expectNoSeriousViolations(page);
  }
});

test("the company list, form and logos manager", async ({ page, signIn, visit, js }) => {
  await signIn(DEMO.editor);
  await visit("/administration/company");
  await hydrated(page, js);
  await expect(page.getByRole("heading", { name: "Company List" })).toBeVisible();
  await expectNoSeriousViolations(page);
  await visit("/administration/company/add");
  await hydrated(page, js);
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByText("Field Required").first()).toBeVisible();
  await expectNoSeriousViolations(page);
  await visit("/manage-company-logos");
  await hydrated(page, js);
  await expect(page.locator("img.table-logo").first()).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("the compound list, form and import", async ({ page, signIn, visit, js }) => {
  await signIn(DEMO.editor);
  await visit("/administration/compound");
  await hydrated(page, js);
  await expect(page.getByRole("heading", { name: "Compounds List" })).toBeVisible();
  await expectNoSeriousViolations(page);
  await visit("/administration/compound/add");
  await hydrated(page, js);
  await page.getByRole("button", { name: "Add licensee" }).click();
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByText("Compound must have at least one name!")).toBeVisible();
  await expectNoSeriousViolations(page);
  await visit("/administration/compound/import");
  await hydrated(page, js);
  await expect(page.getByRole("heading", { name: "Import Compounds" })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("the console's edit pages and delete confirmations", async ({ page, signIn, visit, js }) => {
  await signIn(DEMO.editor);
  for (const [list, heading] of [
    ["/administration/company", "Edit Company"],
    ["/administration/compound", "Edit Compound"],
    ["/administration/keyword", "Edit Keyword"],
  ] as const) {
    await visit(list);
    await hydrated(page, js);
    await page
      .getByRole("row")
      .nth(1)
      .getByLabel(/^Actions for /)
      .click();
    await page.getByRole(js ? "menuitem" : "link", { name: "Edit", exact: true }).click();
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    await hydrated(page, js);
    await expectNoSeriousViolations(page);
    // The confirmation as a page of its own (what a browser without JavaScript gets; with it, a dialog over the list).
    const id = new URL(page.url()).pathname.split("/").pop();
    await visit(`${list}/${id}/delete`);
    await expect(page.getByRole("heading", { name: /^Delete /, level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page);
  }
});

test("a keyword import: the upload page, the preview and the report", async ({ page, signIn, visit, js }) => {
  await signIn(DEMO.editor);
  await visit("/administration/keyword/import");
  await hydrated(page, js);
  await expect(page.getByRole("heading", { name: "Import Keywords" })).toBeVisible();
  await expectNoSeriousViolations(page);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Keywords");
  sheet.addRow(["Name", "Client", "Therapeutic Area", "Disease", "Priority", "Status"]);
  const name = `a11y amyloid ${Date.now().toString(36)}-${js ? "js" : "nojs"}`;
  sheet.addRow([name, "Helix Therapeutics", "Neurology", "Alzheimer's disease", "High", "Active"]);
  sheet.addRow([`${name} bad`, "Nobody Inc", "Neurology", "Alzheimer's disease", "Urgent", ""]);
  await page.getByLabel("The keywords file (.xlsx)").setInputFiles({
    name: "keywords.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
  });
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByText("Importing would create 1, update 0 and leave 0 unchanged; 1 row is refused.")).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole("button", { name: "Import 1 row" }).click();
  await expect(page.getByText("Imported: 1 created, 0 updated, 0 unchanged, 1 refused.")).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("a news item's own page", async ({ page, signIn, visit, js }) => {
  await signIn(DEMO.analyst);
  await visit("/news");
  await hydrated(page, js);
  await page.locator(".news-card .news-title a").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("the events feed", async ({ page, signIn, visit, js }) => {
  await signIn(DEMO.analyst);
  await visit("/events");
  await hydrated(page, js);
  await expect(page.locator(".event-card").first()).toBeVisible();
  await expectNoSeriousViolations(page);
});

test.describe("accessibility of the report viewer", () => {
  for (const type of ["landscape-type-1", "timeline-chart", "event-calendar", "landscape-type-3", "events-2", "list"] as const) {
    test(`report ${type}`, async ({ page, signIn, visit, js }) => {
      await connectDb(process.env.E2E_MONGODB_URI);
      const disease = await Disease.findOne({ name: "Alzheimer's disease" }).lean();
      await signIn(DEMO.analyst);
      await visit(
        `/clients/${disease!.client}/therapeuticAreas/${disease!.therapeuticArea}/diseases/${disease!._id}/reports?type=${type}&invalid=true`,
      );
      if (js && type !== "list")
        await expect(page.locator(`.report-host[data-report="${type}"][data-ready="true"]`)).toBeVisible({ timeout: 20_000 });
      if (type !== "list") await expect(page.getByRole("heading", { name: "Invalid Records", exact: false })).toBeVisible();
      else await expect(page.locator(".news-card").first()).toBeVisible();
      await expectNoSeriousViolations(page);
    });
  }
});

test("the New area dialog", async ({ page, signIn, visit, js }) => {
  test.skip(!js, "a dialog only with JavaScript; without it /new is a page (checked above)");
  const [client] = (await userInfo(DEMO.analyst)).clients;
  await signIn(DEMO.owner);
  await visit(`/clients/${client!.id}/therapeuticAreas`);
  await page.getByRole("link", { name: "Add New Area" }).click();
  await expect(page.getByRole("dialog", { name: "New" })).toBeVisible();
  await expect(page.getByLabel("Area name")).toBeFocused();
  await expectNoSeriousViolations(page);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("saved searches: the feed's save form, the list and a digest's unsubscribe page", async ({
  page,
  signIn,
  visit,
  js,
  createUser,
  baseURL,
}) => {
  await connectDb(process.env.E2E_MONGODB_URI);
  const helix = (await Client.findOne({ name: "Helix Therapeutics" }).select("_id").lean())!;
  const user = await createUser({ clients: [String(helix._id)] });
  const saved = await SavedSearch.create({
    user: user.id,
    client: helix._id,
    name: "Amyloid watch",
    query: "q=amyloid",
    frequency: "weekly",
    lastSentAt: new Date(),
  });
  try {
    await signIn(user.email);
    await visit("/news");
    await page.getByText("Save this search").click();
    await expect(page.getByLabel("Name of the search")).toBeVisible();
    await expectNoSeriousViolations(page);
    await visit("/news/saved");
    await expect(page.getByRole("heading", { name: "Amyloid watch", level: 2 })).toBeVisible();
    await expectNoSeriousViolations(page);
    actAsE2eServer(baseURL);
    await page.goto(`/resources/unsubscribe/${unsubscribeToken(String(saved._id))}`);
    await hydrated(page, js);
    await expect(page.getByRole("button", { name: "Unsubscribe" })).toBeVisible();
    await expectNoSeriousViolations(page);
  } finally {
    await SavedSearch.deleteOne({ _id: saved._id });
  }
});
