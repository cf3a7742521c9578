// Shared Playwright fixtures for the browser tests. They run against the built app started by playwright.config.ts
// and the database seeded by scripts/seed/index.ts (E2E_MONGODB_URI). Demo logins are for read-only checks; tests that
// change state (selected client, drawer cookie, logout) use a throwaway user from `createUser`.
import { randomUUID } from "node:crypto";
import { test as base, expect, type BrowserContext, type Locator, type Page } from "@playwright/test";

import type { Role, UserStatus } from "#common/constants";
import { connectDb, disconnectDb, trusted } from "#db/connection.server";
import { Client } from "#db/models/client.server";
import { Disease } from "#db/models/disease.server";
import { Session } from "#db/models/session.server";
import { TherapeuticArea } from "#db/models/therapeutic-area.server";
import { User } from "#db/models/user.server";
import { hashPassword } from "~/utils/password.server";

import { DEMO_PASSWORD } from "../../scripts/seed/demo-logins";

export { DEMO_PASSWORD, expect };

export const DEMO = {
  owner: "owner@pharmascope.test",
  admin: "admin@pharmascope.test",
  editor: "editor@pharmascope.test",
  analyst: "analyst@pharmascope.test",
  multi: "multi@pharmascope.test",
  pending: "pending@pharmascope.test",
} as const;

export interface ClientInfo {
  id: string;
  name: string;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  fullName: string;
  clients: ClientInfo[];
}

export interface CreateUserOptions {
  role?: Role;
  status?: UserStatus;
  /** Client ids to grant: every therapeutic area of each (with all its diseases). */
  clients?: string[];
  /** Exactly these permission entries instead (ids of a client, an area of it and diseases of that area). */
  permissions?: Array<{ client: string; therapeuticArea: string; diseases: string[] }>;
  isTopAdmin?: boolean;
}

function mongoUri() {
  const uri = process.env.E2E_MONGODB_URI;
  if (!uri) throw new Error("E2E_MONGODB_URI is not set: run the browser tests through scripts/test");
  return uri;
}

async function db() {
  return connectDb(mongoUri());
}

/** Active clients as a top-level admin sees them on the dashboard (sorted by name). */
export async function activeClients(): Promise<ClientInfo[]> {
  await db();
  const clients = await Client.find({ status: "active" }).select("name").sort({ name: 1 }).lean();
  return clients.map((c) => ({ id: String(c._id), name: c.name }));
}

/** A user as stored: full name and the active clients of their permission list (sorted by name). */
export async function userInfo(email: string): Promise<Omit<TestUser, "password">> {
  await db();
  const user = await User.findOne({ email }).lean();
  if (!user) throw new Error(`no user ${email} in the e2e database: was it seeded?`);
  const ids = (user.clients ?? []).map(String);
  const clients = (await activeClients()).filter((c) => ids.includes(c.id));
  return { id: String(user._id), email, fullName: `${user.name?.first ?? ""} ${user.name?.last ?? ""}`.trim(), clients };
}

let passwordHash: Promise<string> | undefined;

async function insertUser(options: CreateUserOptions, label: string): Promise<TestUser> {
  await db();
  const clientIds = options.permissions ? [...new Set(options.permissions.map((p) => p.client))] : (options.clients ?? []);
  const permissions: Array<{ client: unknown; therapeuticArea: unknown; diseases: unknown[] }> = [...(options.permissions ?? [])];
  for (const client of options.permissions ? [] : clientIds) {
    const areas = await TherapeuticArea.find({ client }).select("_id").lean();
    if (areas.length === 0) throw new Error(`client ${client} has no therapeutic areas to grant`);
    for (const area of areas) {
      const diseases = await Disease.find({ therapeuticArea: area._id }).select("_id").lean();
      permissions.push({ client, therapeuticArea: area._id, diseases: diseases.map((d) => d._id) });
    }
  }
  const suffix = randomUUID().slice(0, 8);
  const email = `e2e-${label}-${suffix}@pharmascope.test`;
  passwordHash ??= hashPassword(DEMO_PASSWORD);
  const user = await User.create({
    name: { first: "Test", last: `User ${suffix}` },
    email,
    passwordHash: await passwordHash,
    role: options.role ?? "external",
    status: options.status ?? "active",
    isTopAdmin: options.isTopAdmin ?? false,
    permissions,
  });
  const names = new Map((await activeClients()).map((c) => [c.id, c.name]));
  return {
    id: String(user._id),
    email,
    password: DEMO_PASSWORD,
    fullName: `Test User ${suffix}`,
    clients: clientIds
      .filter((id) => names.has(id))
      .map((id) => ({ id, name: names.get(id)! }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

async function fillLoginForm(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * With JavaScript on, waits until React has hydrated the page, so interactions test the hydrated app and do not
 * race it (e.g. the user popover is closed by an effect on mount). In the shell the menu button gains aria-controls
 * only once hydrated; elsewhere React has tagged <body> when its whole tree is hydrated. Without JavaScript there
 * is nothing to wait for.
 */
export async function hydrated(page: Page, js: boolean) {
  if (!js) return;
  await page.waitForFunction(() => {
    if (document.querySelector("button[aria-controls='app-drawer']")) return true;
    if (document.querySelector("#app-drawer")) return false;
    return Object.keys(document.body).some((key) => key.startsWith("__reactProps$"));
  });
}

type Fixtures = {
  /** Signs in through the /login form (a real form POST without JavaScript) and waits to leave /login. */
  login: (email: string, password?: string) => Promise<void>;
  /** Fills and submits the /login form without waiting for anything (for refused sign-ins). */
  submitLogin: (email: string, password: string) => Promise<void>;
  /** Inserts a user straight into the database; it is deleted (with its sessions) after the test. */
  createUser: (options?: CreateUserOptions) => Promise<TestUser>;
  /** True in the project that runs with JavaScript enabled. */
  js: boolean;
  /** page.goto, then (with JavaScript) wait for hydration. */
  visit: (path: string) => Promise<void>;
  /**
   * Puts a session of this account into the page's browser context without going through the form: each worker signs
   * in once per account (a POST of the /login form, as a browser without JavaScript sends it, from a request context
   * of its own) and reuses that session. For read-only checks with the demo logins; signing in through the page is
   * `login`'s, and tests of it use it. Never use it for a test that logs out.
   */
  signIn: (email: string, password?: string) => Promise<void>;
};

type Cookies = Awaited<ReturnType<BrowserContext["cookies"]>>;
type WorkerFixtures = { database: void; sessionCache: Map<string, Promise<Cookies>> };

export const test = base.extend<Fixtures, WorkerFixtures>({
  database: [
    async ({}, use) => {
      await use();
      await disconnectDb();
    },
    { scope: "worker", auto: true },
  ],
  sessionCache: [
    async ({}, use) => {
      await use(new Map());
    },
    { scope: "worker" },
  ],
  // A failing test's pages, photographed into test-results/ (playwright.config.ts says why not by Playwright).
  page: async ({ page }, use, testInfo) => {
    await use(page);
    if (testInfo.status === testInfo.expectedStatus) return;
    for (const [index, shown] of page.context().pages().entries()) {
      const path = testInfo.outputPath(`test-failed-${index + 1}.png`);
      if (await shown.screenshot({ path, timeout: 5_000 }).catch(() => undefined))
        testInfo.attachments.push({ name: "screenshot", path, contentType: "image/png" });
    }
  },
  signIn: async ({ page, playwright, baseURL, sessionCache }, use) => {
    await use(async (email, password = DEMO_PASSWORD) => {
      let cookies = sessionCache.get(email);
      if (!cookies) {
        cookies = (async () => {
          const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
          try {
            const answer = await api.post("/login", { form: { email, password }, maxRedirects: 0 });
            expect(answer.status(), `signing in as ${email}`).toBe(302);
            const session = (await api.storageState()).cookies.filter((cookie) => cookie.name === "__session");
            expect(session, `the session cookie of ${email}`).toHaveLength(1);
            return session;
          } finally {
            await api.dispose();
          }
        })();
        sessionCache.set(email, cookies);
        cookies.catch(() => sessionCache.delete(email));
      }
      await page.context().addCookies(await cookies);
    });
  },
  js: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false);
  },
  visit: async ({ page, js }, use) => {
    await use(async (path) => {
      await page.goto(path);
      await hydrated(page, js);
    });
  },
  submitLogin: async ({ page, js }, use) => {
    await use(async (email, password) => {
      if (new URL(page.url(), "http://x").pathname !== "/login") await page.goto("/login");
      await hydrated(page, js);
      await fillLoginForm(page, email, password);
    });
  },
  login: async ({ page, js, submitLogin }, use) => {
    await use(async (email, password = DEMO_PASSWORD) => {
      await submitLogin(email, password);
      await page.waitForURL((url) => url.pathname !== "/login");
      await hydrated(page, js);
    });
  },
  createUser: async ({}, use, testInfo) => {
    const created: string[] = [];
    const label = `${testInfo.project.name}-w${testInfo.workerIndex}`;
    await use(async (options = {}) => {
      const user = await insertUser(options, label);
      created.push(user.id);
      return user;
    });
    if (created.length) {
      await db();
      await Session.deleteMany({ user: trusted({ $in: created }) });
      await User.deleteMany({ _id: trusted({ $in: created }) });
    }
  },
});

/** Opens the user popover (a native <details>, so it works without JavaScript). */
export async function openAccountMenu(page: Page, fullName: string) {
  const summary = page.getByLabel(`Account of ${fullName}`);
  await summary.click();
  await expect(page.getByRole("button", { name: "Log Out" })).toBeVisible();
}

/** The left drawer (nav "Main"). */
export function drawer(page: Page) {
  return page.getByRole("navigation", { name: "Main" });
}

/** Client → area → disease in a record's form (the shared cascade): with JavaScript each choice loads the next in
 *  place; without, 'Choose' sends the form back with the next options. The demo's Helix › Neurology › Alzheimer's. */
export async function chooseScope(page: Page, js: boolean) {
  const steps: Array<[string, string]> = [
    ["Client", "Helix Therapeutics"],
    ["Therapeutic area", "Neurology"],
    ["Disease", "Alzheimer's disease"],
  ];
  for (const [index, [label, option]] of steps.entries()) {
    const select = page.getByLabel(label, { exact: true });
    await expect(select.locator("option", { hasText: option })).toHaveCount(1);
    await select.selectOption({ label: option });
    if (!js) await page.getByRole("button", { name: "Choose" }).nth(index).click();
  }
}

/** Runs a console list row's menu action: the react-aria menu with JavaScript, the <details> popover without. The row
 *  is found by its header cell: all of it, or (`exact: false`) text in it — a trial's also shows its NCT id. */
export async function rowAction(page: Page, js: boolean, rowName: string, action: string, { exact = true } = {}) {
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: rowName, exact }) });
  if (js) {
    await row.getByRole("button", { name: `Actions for ${rowName}` }).click();
    await page.getByRole("menuitem", { name: action, exact: true }).click();
  } else {
    await row.getByLabel(`Actions for ${rowName}`).click();
    await row
      .getByRole("link", { name: action, exact: true })
      .or(row.getByRole("button", { name: action, exact: true }))
      .click();
  }
}

/** A toast as the notifications region shows it. */
export const toast = (page: Page, text: string) => page.getByRole("region", { name: "Notifications" }).getByText(text, { exact: true });

/**
 * Chooses `option` in a picker (app/components/multi-picker.tsx): with JavaScript the combo box is focused, typed into
 * (`typed`, else the option's first letters) and the option taken by keyboard, as a user typing would (a click makes
 * Playwright scroll the page to an option below the fold, and react-aria closes the popover on scroll: a test failed that
 * way once in CI). Without it, a single picker's text field gets `typed` (else the option's whole name), which the
 * action reads as the one option it names or is part of (the browser's own suggestions are out of a test's reach);
 * a multiple picker is a native select.
 */
export async function chooseInPicker(page: Page, js: boolean, label: string, option: string, typed?: string) {
  if (!js) {
    const field = page.getByLabel(label, { exact: true });
    if (await field.evaluate((control) => control instanceof HTMLSelectElement && control.multiple))
      return void (await field.selectOption({ label: option }));
    return void (await field.fill(typed ?? option));
  }
  const box = page.getByRole("combobox", { name: label });
  await box.click();
  await box.pressSequentially(typed ?? option.slice(0, 4));
  const wanted = page.getByRole("option", { name: option, exact: true });
  await expect(wanted).toBeVisible();
  let presses = 0;
  for (; presses < 50 && (await wanted.getAttribute("data-focused")) !== "true"; presses++) await box.press("ArrowDown");
  await box.press("Enter");
  try {
    await expect(page.getByRole("list", { name: `${label}: chosen` }).getByText(option)).toBeVisible();
  } catch (error) {
    // The picker once failed this way in CI only, never here: the failure says what the page showed.
    const shown = await page.evaluate(() => ({
      url: location.pathname + location.search,
      focused: `${document.activeElement?.tagName} ${document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.id ?? ""}`,
      combobox: [...document.querySelectorAll("[role=combobox]")].map(
        (c) => `${c.getAttribute("aria-label") ?? c.id}=${(c as HTMLInputElement).value} expanded=${c.getAttribute("aria-expanded")}`,
      ),
      options: [...document.querySelectorAll("[role=option]")]
        .slice(0, 5)
        .map((o) => `${o.textContent} focused=${o.getAttribute("data-focused")}`),
      chips: [...document.querySelectorAll(".chips")].map((c) => `${c.getAttribute("aria-label")}: ${c.textContent}`),
      errors: [...document.querySelectorAll("[role=alert], .notice, .field-error, [id$=-error]")].map((e) => e.textContent).filter(Boolean),
      scrollY: window.scrollY,
    }));
    throw new Error(`${(error as Error).message}\nArrowDown pressed ${presses} times; the page showed ${JSON.stringify(shown)}`);
  }
}

/** A date field (app/components/date-field.tsx, and the feeds' range without JavaScript): the picker's group with
 *  JavaScript, the text input without. */
const dateField = (scope: Page | Locator, js: boolean, label: string) =>
  js ? scope.getByRole("group", { name: label, exact: true }) : scope.getByLabel(label, { exact: true });

/**
 * Enters `shown` (DD/MM/YYYY, or DD/MM/YYYY HH:mm) into a date field as a user would: typed into the text input
 * without JavaScript; with it, its digits typed into the picker's segments from the day on (each segment moves on to the
 * next when full), then focus leaves the field.
 */
export async function fillDate(scope: Page | Locator, js: boolean, label: string, shown: string) {
  const field = dateField(scope, js, label);
  if (!js) return void (await field.fill(shown));
  await field.getByRole("spinbutton").first().click();
  await field.page().keyboard.type(shown.replace(/\D/g, ""));
  await field.page().evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/** What a date field shows, as DD/MM/YYYY (HH:mm): the text input's value, or the picker's segments read as one text
 *  (without the bidi isolates and the comma en-GB puts before a time). */
export async function dateShown(scope: Page | Locator, js: boolean, label: string) {
  const field = dateField(scope, js, label);
  if (!js) return field.inputValue();
  const text = (await field.locator(".date-input").first().textContent()) ?? "";
  return text.replace(/[\u2066-\u2069]/g, "").replace(", ", " ");
}
