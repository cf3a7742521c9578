import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { z } from "zod";

import { APP_VERSION, REPORT_TYPE_IDS } from "#common/constants";
import { plainText } from "#common/plain-text";
import type { ApiCaller } from "~/models/api-token.server";

import { authenticate, callEndpoint, rateLimit } from "./handler.server";
import { ApiProblem, problemResponse } from "./problem.server";
import { V1_ENDPOINTS } from "./v1.server";
import { reportOf, unmade } from "./v1/landscape.server";

// The MCP endpoint (/api/mcp, issue 29): the Model Context Protocol over Streamable HTTP (the official SDK's transport,
// stateless: every request stands alone, so any app server answers it), authorised by the API's bearer tokens and rate
// limit. Its tools are read-only and call the API's own endpoints for the token's owner: an assistant sees exactly what
// the owner may see, through the same checks, with links back to the app's pages.

const endpointOf = (operationId: string) => V1_ENDPOINTS.find((e) => e.operationId === operationId)!;
const call = (caller: ApiCaller, operationId: string, input: Parameters<typeof callEndpoint>[2] = {}) =>
  callEndpoint(endpointOf(operationId), caller, input) as Promise<Record<string, unknown>>;

const text = (value: unknown) => ({ content: [{ type: "text" as const, text: JSON.stringify(value, null, 2) }] });

/** A tool's work, its refusals (another client's disease, bad input) answered as the tool's error in words. */
async function answer(work: () => Promise<unknown>) {
  try {
    return text(await work());
  } catch (error) {
    if (!(error instanceof ApiProblem)) throw error;
    const details = error.options.errors?.map((e) => `${e.pointer}: ${e.detail}`).join("; ");
    return { isError: true, content: [{ type: "text" as const, text: details ? `${error.detail} (${details})` : error.detail }] };
  }
}

/** A report as an assistant reads it: its tables as the page's no-JavaScript view has them, cut to their first rows,
 *  and the rows left out (app/reports/outputs.server.ts), made as the API's model endpoint makes its answer. */
async function summaryOf(caller: ApiCaller, diseaseId: string, type: string) {
  const report = await reportOf(caller.user, diseaseId, type, new URLSearchParams());
  const made = await report.make({
    as: "summary",
    wrap: { disease: report.wrap.disease, report: report.wrap.name, link: report.wrap.link },
  });
  if (!made.ok) throw unmade(made);
  return made.value;
}

// The inputs several tools take, described once.
const CLIENT_ID = z.string().describe("The client's id (from list_landscape)");
const DISEASE_ID = z.string().optional().describe("A disease's id");
/** A window of days and how many items at most (search_news, list_events). */
const DAYS = {
  startDate: z.string().optional(),
  endDate: z.string().optional(),
  limit: z.number().int().min(1).max(50).optional(),
};

/** The server for one request, its tools acting as `caller`. */
function serverFor(caller: ApiCaller) {
  const server = new McpServer({ name: "pharmascope", version: APP_VERSION });
  const readOnly = { readOnlyHint: true, openWorldHint: false };
  server.registerTool(
    "list_landscape",
    {
      title: "Clients, therapeutic areas and diseases",
      description: "The clients, therapeutic areas and diseases you may see in Pharmascope, with their ids (use them in the other tools).",
      annotations: readOnly,
    },
    () => answer(() => call(caller, "getUserPermissions")),
  );
  server.registerTool(
    "get_landscape",
    {
      title: "A disease's landscape",
      description:
        "A disease's reports, or one report (pipeline by phase, launch timeline, event calendar, line-of-therapy landscapes…) as tables: " +
        "the products, companies, phases, launches and events it shows, the rows it left out and why, and a link to the report page.",
      inputSchema: {
        diseaseId: z.string().describe("The disease's id (from list_landscape)"),
        report: z
          .enum(REPORT_TYPE_IDS.filter((t) => t !== "list") as [string, ...string[]])
          .optional()
          .describe("The report; without it, the disease and the reports it offers"),
      },
      annotations: readOnly,
    },
    ({ diseaseId, report }) =>
      answer(async () => (report ? summaryOf(caller, diseaseId, report) : call(caller, "getDisease", { params: { diseaseId } }))),
  );
  server.registerTool(
    "search_news",
    {
      title: "Search news",
      description:
        "A client's published news, newest first: title, date, disease, companies, compounds, the analyst's summary and a link. " +
        "By default the last month; give startDate and endDate (YYYY-MM-DD) for another window.",
      inputSchema: {
        client: CLIENT_ID,
        query: z.string().optional().describe("Words that must each begin a word of the title or summary"),
        diseases: z.array(z.string()).optional().describe("Disease ids to keep"),
        ...DAYS,
      },
      annotations: readOnly,
    },
    ({ client, query, diseases, startDate, endDate, limit }) =>
      answer(async () => {
        const found = await call(caller, "searchNews", {
          body: { limit: limit ?? 10, filters: { client, search: query ?? "", diseases: diseases ?? [], startDate, endDate } },
        });
        const news = found.news as Array<Record<string, unknown> & { publishedAt: number | null }>;
        return {
          totalCount: found.totalCount,
          news: news.map(({ publishedAt, ...item }) => ({
            ...item,
            publishedAt: publishedAt ? new Date(publishedAt * 1000).toISOString() : null,
          })),
        };
      }),
  );
  server.registerTool(
    "get_news",
    {
      title: "A news item",
      description: "A news item in full, its text as plain text, with its sources and a link.",
      inputSchema: { newsId: z.string().describe("The item's id (from search_news)") },
      annotations: readOnly,
    },
    ({ newsId }) =>
      answer(async () => {
        const { content, ...news } = await call(caller, "getNews", { params: { newsId } });
        return { ...news, content: plainText(String(content)) };
      }),
  );
  server.registerTool(
    "list_events",
    {
      title: "Upcoming events",
      description:
        "A client's events (congresses, regulatory dates, trial readouts, launches), soonest first, from today or from startDate (YYYY-MM-DD), " +
        "optionally of one disease; each with an .ics link.",
      inputSchema: { client: CLIENT_ID, disease: DISEASE_ID, ...DAYS },
      annotations: readOnly,
    },
    ({ client, disease, startDate, endDate, limit }) =>
      answer(() => call(caller, "searchEvents", { body: { limit: limit ?? 20, filters: { client, disease, startDate, endDate } } })),
  );
  server.registerTool(
    "search_compounds",
    {
      title: "Search compounds",
      description:
        "The compounds of a client's diseases you may see, as the reports use them: name, mechanism of action, phase, originator, " +
        "patient segment, modality; optionally of one disease, and whose names contain the words given.",
      inputSchema: {
        client: CLIENT_ID,
        disease: DISEASE_ID,
        query: z.string().optional().describe("Words the compound's name must contain"),
      },
      annotations: readOnly,
    },
    ({ client, disease, query }) =>
      answer(async () => {
        const { compounds } = await call(caller, "searchCompounds", { body: { filters: { client, disease, status: "active" } } });
        const words = (query ?? "").toLowerCase().split(/\s+/).filter(Boolean);
        return (compounds as Array<{ name: string }>).filter((c) => words.every((w) => c.name.toLowerCase().includes(w)));
      }),
  );
  server.registerTool(
    "search_trials",
    {
      title: "Search trials",
      description:
        "The clinical trials of the diseases you manage (title, registry identifier, phase), whose words begin with those given (editors and admins).",
      inputSchema: {
        query: z.string().optional().describe("Words that must each begin a word of the title, acronym or identifier"),
        limit: z.number().int().min(1).max(100).optional(),
      },
      annotations: readOnly,
    },
    ({ query, limit }) =>
      answer(() => call(caller, "listTrials", { query: { ...(query ? { name: query } : {}), limit: String(limit ?? 25) } })),
  );
  server.registerTool(
    "trial_history",
    {
      title: "A trial's registry history",
      description:
        "A trial you manage, with every change ClinicalTrials.gov showed since it was imported (status, dates — primary completion slips — phase, enrollment).",
      inputSchema: { trialId: z.string().describe("The trial's id (from search_trials)") },
      annotations: readOnly,
    },
    ({ trialId }) => answer(() => call(caller, "getTrial", { params: { trialId } })),
  );
  return server;
}

/** Answers one request to /api/mcp. */
export async function handleMcp(request: Request): Promise<Response> {
  let caller: ApiCaller;
  let headers: Record<string, string>;
  try {
    caller = await authenticate(request);
    headers = await rateLimit(caller);
  } catch (error) {
    if (error instanceof ApiProblem) return problemResponse(error);
    throw error;
  }
  const server = serverFor(caller);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    const response = await transport.handleRequest(request);
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  } finally {
    await server.close();
  }
}
