import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { describe, expect, test } from "vitest";

import { Compound, Event, News } from "#db/models/index.server";
import * as page from "~/routes/_app+/api-tokens";
import * as mcpRoute from "~/routes/api+/mcp";
import { storeSheetCopy } from "~/utils/sheets/store.server";

import { callAction, placeOf, scene } from "../db-utils";
import { alzheimersSheet } from "../unit/engine/fixtures/alzheimers";

// The MCP endpoint (issue 29) exercised by the SDK's own client over Streamable HTTP, its requests handed to the route
// module against the real database: initialise, list the tools, call each as two users of different clients and
// compare what each gets.

async function world() {
  const reports = ["landscape-type-1", "list"].map((id) => ({ id, name: id }));
  const w = await scene({
    clients: { alpha: "Alpha", beta: "Beta" },
    areas: { neuro: { client: "alpha", name: "Neurology" }, immuno: { client: "beta", name: "Immunology" } },
    diseases: {
      ad: { area: "neuro", name: "Alzheimer's disease", reports, titlePrefix: "Alzheimer's Disease" },
      lupus: { area: "immuno", name: "Lupus", reports },
    },
    users: { analyst: { role: "external", grants: ["ad"] }, rival: { role: "external", grants: ["lupus"] } },
  });
  await storeSheetCopy(w.ad._id, alzheimersSheet());
  await Compound.create({ name: { generic: "lecanemab" }, ...placeOf(w.ad) });
  await Event.create({
    ...placeOf(w.ad),
    title: "CTAD",
    type: "Conference",
    startDateTime: new Date(Date.now() + 7 * 86_400_000),
    endDateTime: new Date(Date.now() + 8 * 86_400_000),
    timezone: "UTC",
  });
  await News.create([
    {
      client: w.alpha._id,
      therapeuticArea: w.neuro._id,
      disease: w.ad._id,
      status: "published",
      title: "Donanemab approved",
      publishedAt: new Date(),
      content: "<p>Approved <b>today</b>.</p>",
    },
    {
      client: w.beta._id,
      therapeuticArea: w.immuno._id,
      disease: w.lupus._id,
      status: "published",
      title: "Lupus readout",
      publishedAt: new Date(),
    },
  ]);
  return w;
}

async function connect(user: { _id: unknown }) {
  const made = await callAction(page, {
    user,
    url: "/api-tokens",
    form: { intent: "create", name: "Assistant", days: "30", scope: "read" },
  });
  const { secret } = (made as { created: { secret: string } }).created;
  const transport = new StreamableHTTPClientTransport(new URL("http://localhost/api/mcp"), {
    requestInit: { headers: { Authorization: `Bearer ${secret}` } },
    fetch: async (url, init) => {
      const request = new Request(url, init);
      const args = { request, params: {}, context: {} } as never;
      return request.method === "GET" ? mcpRoute.loader(args) : mcpRoute.action(args);
    },
  });
  const client = new Client({ name: "pharmascope-test", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

type Text = { content: Array<{ type: string; text: string }>; isError?: boolean };
const json = (result: unknown) => JSON.parse((result as Text).content[0]!.text) as Record<string, unknown>;
const words = (result: unknown) => (result as Text).content[0]!.text;

describe("the MCP endpoint", () => {
  test("the SDK's client lists the tools and each answers with what its token's owner may see, and nothing of another client", async () => {
    const w = await world();
    const [analyst, rival] = [await connect(w.analyst), await connect(w.rival)];
    const { tools } = await analyst.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      "get_landscape",
      "get_news",
      "list_events",
      "list_landscape",
      "search_compounds",
      "search_news",
      "search_trials",
      "trial_history",
    ]);
    expect(tools.every((t) => t.annotations?.readOnlyHint === true)).toBe(true);

    const landscape = json(await analyst.callTool({ name: "list_landscape", arguments: {} })) as unknown as Array<{
      _id: string;
      name: string;
    }>;
    const theirs = json(await rival.callTool({ name: "list_landscape", arguments: {} })) as unknown as Array<{ _id: string; name: string }>;
    expect(landscape.map((c) => c.name)).toEqual([w.alpha.name]);
    expect(theirs.map((c) => c.name)).toEqual([w.beta.name]);

    const disease = json(await analyst.callTool({ name: "get_landscape", arguments: { diseaseId: String(w.ad._id) } }));
    expect(disease).toMatchObject({ name: "Alzheimer's disease", reports: [{ id: "landscape-type-1" }, { id: "list" }] });
    const board = json(
      await analyst.callTool({ name: "get_landscape", arguments: { diseaseId: String(w.ad._id), report: "landscape-type-1" } }),
    );
    expect(board).toMatchObject({
      report: "Pipeline by phase",
      link: expect.stringContaining(`/diseases/${String(w.ad._id)}/reports?type=landscape-type-1`),
    });
    const [table] = board.tables as Array<{ columns: string[]; rows: string[][] }>;
    expect(table!.columns.slice(0, 3)).toEqual(["Phase", "Product", "Company"]);
    expect(table!.rows.length).toBeGreaterThan(0);
    const refused = await rival.callTool({ name: "get_landscape", arguments: { diseaseId: String(w.ad._id), report: "landscape-type-1" } });
    expect(refused).toMatchObject({ isError: true });
    expect(words(refused)).toBe("Invalid ID");

    const news = json(await analyst.callTool({ name: "search_news", arguments: { client: String(w.alpha._id) } }));
    expect((news.news as Array<{ title: string }>).map((n) => n.title)).toEqual(["Donanemab approved"]);
    const [item] = news.news as Array<{ _id: string }>;
    expect(json(await analyst.callTool({ name: "get_news", arguments: { newsId: item!._id } }))).toMatchObject({
      content: "Approved today.",
    });
    expect(words(await rival.callTool({ name: "search_news", arguments: { client: String(w.alpha._id) } }))).toBe("Invalid Client ID");
    expect(words(await rival.callTool({ name: "get_news", arguments: { newsId: item!._id } }))).toBe("No such news item.");

    const events = json(await analyst.callTool({ name: "list_events", arguments: { client: String(w.alpha._id) } }));
    expect((events.events as Array<{ title: string }>).map((e) => e.title)).toEqual(["CTAD"]);
    expect(words(await rival.callTool({ name: "list_events", arguments: { client: String(w.alpha._id) } }))).toBe("Invalid Client ID");
    expect(json(await analyst.callTool({ name: "search_compounds", arguments: { client: String(w.alpha._id), query: "LECA" } }))).toEqual([
      expect.objectContaining({ name: "lecanemab" }),
    ]);
    expect(words(await rival.callTool({ name: "search_compounds", arguments: { client: String(w.alpha._id) } }))).toBe("Invalid Client ID");
    // The console's trials are an editor's: a reader's assistant is told so.
    expect(words(await analyst.callTool({ name: "search_trials", arguments: { query: "clarity" } }))).toBe(
      "You don't have permission to do this.",
    );
  });

  test("without a valid token the endpoint answers 401 before any protocol", async () => {
    const answer = await mcpRoute.action({
      request: new Request("http://localhost/api/mcp", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      }),
      params: {},
      context: {},
    } as never);
    expect(answer.status).toBe(401);
    expect(answer.headers.get("Content-Type")).toBe("application/problem+json");
  });
});
