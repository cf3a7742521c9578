// The integration API and the MCP endpoint against the built app (issue 29): a token made on the API Tokens page, with
// JavaScript and without; then, with that token alone, what docs/api.md's first script does — list a client's diseases,
// download a report's model and the news deck, write a draft, be refused another client's disease — and an MCP client
// (the official SDK's) listing the tools and answering from them.
import { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Page } from "@playwright/test";

import { connectDb } from "#db/connection.server";
import { Client, Company, Compound, Disease, User } from "#db/models/index.server";
import { createApiToken } from "~/models/api-token.server";

import { DEMO, expect, hydrated, openAccountMenu, test, userInfo } from "./utils";

/** Makes a token on the API Tokens page, reached from the account menu; the secret the page shows once. */
async function makeToken(page: Page, js: boolean, email: string, { name, scope }: { name: string; scope: "Read" | "Read and write" }) {
  await openAccountMenu(page, (await userInfo(email)).fullName);
  await page.getByRole("link", { name: "API Tokens" }).click();
  await expect(page.getByRole("heading", { name: "API Tokens", level: 1 })).toBeVisible();
  await hydrated(page, js);
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Expires after").selectOption({ label: "30 days" });
  await page
    .getByLabel("Scope")
    .selectOption({ label: scope === "Read" ? "Read: what you may see" : "Read and write: also what you may change" });
  await page.getByRole("button", { name: "Create token" }).click();
  await expect(page.getByText("Copy it now: it is shown only once.")).toBeVisible();
  if (js) await expect(page.getByRole("button", { name: "Copy token" })).toBeVisible();
  const secret = await page.getByLabel("Token", { exact: true }).inputValue();
  expect(secret).toMatch(/^psk_[\w-]{43}$/);
  return secret;
}

test("a user makes an API token on its page, a program uses it with no cookie, and revoking it ends it", async ({
  page,
  js,
  signIn,
  visit,
  request,
}) => {
  await signIn(DEMO.analyst);
  await visit("/about");
  const name = `Intranet ${js ? "js" : "no-js"} ${Date.now()}`;
  const secret = await makeToken(page, js, DEMO.analyst, { name, scope: "Read" });
  const bearer = { Authorization: `Bearer ${secret}` };

  const me = await request.get("/api/v1/me", { headers: bearer });
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ email: DEMO.analyst, token: { name, scope: "read" } });
  // The browser's own session is no way into the API.
  const cookies = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const withCookie = await request.get("/api/v1/me", { headers: { Cookie: cookies } });
  expect(withCookie.status()).toBe(401);
  expect(withCookie.headers()["content-type"]).toBe("application/problem+json");

  // Listed by its start only; revoked, it stops at once.
  await visit("/api-tokens");
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });
  await expect(row).toContainText(secret.slice(0, 10));
  await expect(row).not.toContainText(secret);
  await expect(page.getByLabel("Token", { exact: true })).toHaveCount(0);
  await row.getByRole("button", { name: `Revoke ${name}` }).click();
  await expect(page.getByText("API token revoked. It no longer works.")).toBeVisible();
  await expect(row).toContainText("Revoked");
  expect((await request.get("/api/v1/me", { headers: bearer })).status()).toBe(401);
});

test("with a token alone: a client's diseases, a report's model, the news deck, a draft written, another client's disease refused; an MCP client answers from the tools", async ({
  page,
  js,
  signIn,
  visit,
  request,
  baseURL,
}) => {
  test.skip(!js, "the page is the previous test's; this one is a program's, the same without JavaScript");
  await signIn(DEMO.admin);
  await visit("/about");
  const secret = await makeToken(page, js, DEMO.admin, { name: `Script ${Date.now()}`, scope: "Read and write" });
  const headers = { Authorization: `Bearer ${secret}` };
  const get = async (path: string) => {
    const answer = await request.get(`/api/v1${path}`, { headers });
    expect(answer.status(), path).toBe(200);
    return answer.json();
  };

  const permissions = (await get("/users/user-permissions")) as Array<{
    _id: string;
    name: string;
    permissions: Array<{ therapeuticArea: { _id: string; name: string }; diseases: Array<{ _id: string; name: string }> }>;
  }>;
  const helix = permissions.find((c) => c.name === "Helix Therapeutics")!;
  const neurology = helix.permissions.find((p) => p.therapeuticArea.name === "Neurology")!;
  const { diseases } = await get(`/clients/${helix._id}/therapeutic-areas/${neurology.therapeuticArea._id}/diseases`);
  const alzheimers = (diseases as Array<{ _id: string; name: string }>).find((d) => d.name === "Alzheimer's disease")!;
  const report = await get(`/diseases/${alzheimers._id}/reports/landscape-type-1`);
  expect(report.model.stats.shownRecords).toBeGreaterThan(0);
  expect(report.link).toBe(
    `${baseURL}/clients/${helix._id}/therapeuticAreas/${neurology.therapeuticArea._id}/diseases/${alzheimers._id}/reports?type=landscape-type-1`,
  );

  const deck = await request.post("/api/v1/news/export", { headers, data: { filters: { client: helix._id } } });
  expect(deck.status()).toBe(200);
  expect(deck.headers()["content-disposition"]).toBe('attachment; filename="News.pptx"');
  expect((await deck.body()).subarray(0, 2).toString()).toBe("PK");

  // Another client's disease: as if it did not exist.
  await connectDb();
  const aurora = await Client.findOne({ name: "Aurora Biosciences" }).lean();
  const foreign = await Disease.findOne({ client: aurora!._id }).lean();
  const refused = await request.get(`/api/v1/diseases/${String(foreign!._id)}`, { headers });
  expect(refused.status()).toBe(404);
  expect(await refused.json()).toMatchObject({ status: 404, detail: "Invalid ID" });

  // A draft, checked as the editor checks it, then deleted again.
  const company = await Company.findOne({ status: "active" }).lean();
  const compound = await Compound.findOne({ disease: alzheimers._id, status: "active" }).lean();
  const written = await request.post("/api/v1/news", {
    headers,
    data: {
      client: helix._id,
      therapeuticArea: neurology.therapeuticArea._id,
      disease: alzheimers._id,
      companies: [String(company!._id)],
      compounds: [String(compound!._id)],
      categories: ["Regulatory"],
      priority: 3,
      title: "A draft from a script",
      content: "<p>Written with a token.</p>",
      status: "draft",
    },
  });
  expect(written.status()).toBe(201);
  const { news } = await written.json();
  expect(news).toMatchObject({ title: "A draft from a script", status: "draft" });
  expect((await request.delete(`/api/v1/news/${news._id}`, { headers })).status()).toBe(200);

  // The MCP endpoint, with the official SDK's client.
  const transport = new StreamableHTTPClientTransport(new URL(`${baseURL}/api/mcp`), { requestInit: { headers } });
  const mcp = new McpClient({ name: "e2e", version: "1.0.0" });
  await mcp.connect(transport);
  const { tools } = await mcp.listTools();
  expect(tools.map((t) => t.name)).toContain("get_landscape");
  const answer = (await mcp.callTool({ name: "get_landscape", arguments: { diseaseId: alzheimers._id, report: "landscape-type-1" } })) as {
    content: Array<{ text: string }>;
  };
  expect(JSON.parse(answer.content[0]!.text)).toMatchObject({ report: "Pipeline by phase" });
  await mcp.close();
});

test("an admin revokes the API token of a user they manage, from the user's edit page", async ({ page, js, signIn, visit, createUser }) => {
  const helix = (await userInfo(DEMO.analyst)).clients[0]!;
  const user = await createUser({ role: "external", clients: [helix.id] });
  await connectDb();
  const owner = await User.findById(user.id).lean();
  const { secret } = await createApiToken({ user: owner!, name: "Left behind", days: 30, scope: "read" });
  await signIn(DEMO.admin);
  await visit(`/administration/users/edit/${user.id}`);
  await page.getByRole("link", { name: "API tokens of this user" }).click();
  await expect(page.getByRole("heading", { name: /^API Tokens of / })).toBeVisible();
  await hydrated(page, js);
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Left behind" }) });
  await expect(row).toContainText(secret.slice(0, 10));
  await row.getByRole("button", { name: "Revoke Left behind" }).click();
  await expect(page.getByText("API token revoked.")).toBeVisible();
  await expect(row).toContainText("Revoked");
});
