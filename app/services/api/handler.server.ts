import { createHash } from "node:crypto";
import { z } from "zod";

import { apiCaller, type ApiCaller } from "~/models/api-token.server";
import { appOrigin } from "~/utils/email.server";
import { env } from "~/utils/env.server";
import { can } from "~/utils/permissions";
import { countRequest } from "~/utils/rate-limit.server";

import type { AnyEndpoint } from "./endpoint.server";
import { ApiProblem, problemResponse, type FieldError } from "./problem.server";

// The integration API's dispatcher (issue 29, docs/decisions/022-integration-api.md). Every request: a bearer token,
// never a cookie (a browser's session does not reach the API, which is why the request guard leaves /api/ without the
// pages' Origin check); the token's owner, read afresh; a rate limit per token kept in the database; the endpoint its
// method and path name; the token's scope and the owner's permission; the path, query and body read by the endpoint's
// schemas. Reads carry an ETag and answer If-None-Match with 304. Every refusal is problem+json with a message.

export const API_BASE = "/api/v1";
const RATE_WINDOW_SECONDS = 60;

const compiled = new WeakMap<AnyEndpoint, RegExp>();
function patternOf(e: AnyEndpoint) {
  let pattern = compiled.get(e);
  if (!pattern) {
    pattern = new RegExp(`^${e.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{(\w+)\}/g, "(?<$1>[^/]+)")}$`);
    compiled.set(e, pattern);
  }
  return pattern;
}

/** The endpoint and path parameters of a request, or the problem: no such path (404), another method (405). */
function route(endpoints: AnyEndpoint[], method: string, path: string) {
  const matching = endpoints.flatMap((e) => {
    const match = patternOf(e).exec(path);
    return match ? [{ endpoint: e, params: { ...match.groups } }] : [];
  });
  if (!matching.length) throw new ApiProblem(404, "There is no such API endpoint.");
  const found = matching.find((m) => m.endpoint.method === (method === "HEAD" ? "GET" : method));
  if (!found) {
    const allow = [...new Set(matching.map((m) => m.endpoint.method))].join(", ");
    throw new ApiProblem(405, `This endpoint takes ${allow}.`, { headers: { Allow: allow } });
  }
  return found;
}

/** The caller of a bearer request: its token and the token's owner, read afresh. */
export async function authenticate(request: Request): Promise<ApiCaller> {
  const [kind, secret] = (request.headers.get("Authorization") ?? "").trim().split(/\s+/, 2);
  const challenge = { "WWW-Authenticate": 'Bearer realm="Pharmascope API"' };
  if (kind?.toLowerCase() !== "bearer" || !secret)
    throw new ApiProblem(401, "Send an API token as 'Authorization: Bearer <token>' (make one under API Tokens in the account menu).", {
      headers: challenge,
    });
  const caller = await apiCaller(secret);
  if (caller.status === "unknown")
    throw new ApiProblem(401, "The token is unknown, expired or revoked.", {
      headers: { "WWW-Authenticate": `${challenge["WWW-Authenticate"]}, error="invalid_token"` },
    });
  if (caller.status === "inactive-owner") throw new ApiProblem(403, "The token's owner is not an active user.");
  return caller;
}

/** The headers of a rate-limited answer (draft-ietf-httpapi-ratelimit-headers), and the 429 past the limit. */
export async function rateLimit(caller: ApiCaller) {
  const limit = env().API_RATE_LIMIT_PER_MINUTE;
  const count = await countRequest(`api|${caller.token.id}`, { limit, windowSeconds: RATE_WINDOW_SECONDS });
  const headers = {
    "RateLimit-Policy": `"per-token";q=${limit};w=${RATE_WINDOW_SECONDS}`,
    RateLimit: `"per-token";r=${count.remaining};t=${count.resetSeconds}`,
  };
  if (count.over)
    throw new ApiProblem(429, `This token made more than ${limit} requests this minute: try again in ${count.resetSeconds} s.`, {
      headers: { ...headers, "Retry-After": String(count.resetSeconds) },
    });
  return headers;
}

/** zod's issues as the problem's field errors. */
function fieldErrors(where: string, error: z.core.$ZodError): FieldError[] {
  return error.issues.map((issue) => ({ pointer: [where, ...issue.path.map(String)].join("."), detail: issue.message }));
}

function parsePart<S extends z.core.$ZodType>(schema: S | undefined, value: unknown, where: string): z.output<S> {
  if (!schema) return undefined as z.output<S>;
  const parsed = z.safeParse(schema, value);
  if (!parsed.success)
    throw new ApiProblem(400, "The request could not be read: see errors.", { errors: fieldErrors(where, parsed.error) });
  return parsed.data;
}

async function readBody(request: Request): Promise<unknown> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") throw new ApiProblem(415, "Send the body as JSON (Content-Type: application/json).");
  let text: string;
  try {
    text = await request.text();
  } catch {
    // The server stops reading a body past its cap (server/remix.js).
    throw new ApiProblem(413, "The body is too large (1 MB at most).");
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiProblem(400, "The body is not valid JSON.");
  }
}

/** The query string as an object: a name given once is a string, given more than once a list. */
function queryOf(url: URL) {
  const query: Record<string, string | string[]> = {};
  for (const name of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(name);
    query[name] = values.length === 1 ? values[0]! : values;
  }
  return query;
}

const etagOf = (body: string) => `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;

/** What an endpoint asks of its caller beyond a valid token: a read-and-write token for a write, the role's permission. */
function authorise(endpoint: AnyEndpoint, caller: ApiCaller) {
  if (endpoint.access === "write" && caller.token.scope !== "read+write")
    throw new ApiProblem(403, "This token may only read: make a token with the scope 'Read and write'.");
  if (endpoint.permission && !can(caller.user, endpoint.permission)) throw new ApiProblem(403, "You don't have permission to do this.");
}

/**
 * Calls an endpoint for `caller` from inside the app (the MCP tools): its checks and its input's schemas as a request to
 * it would meet them. What it answers, or its ApiProblem thrown.
 */
export async function callEndpoint(
  endpoint: AnyEndpoint,
  caller: ApiCaller,
  input: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown },
) {
  authorise(endpoint, caller);
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(input.params?.[name] ?? ""));
  const url = new URL(`${API_BASE}${path}?${new URLSearchParams(input.query ?? {})}`, appOrigin());
  return endpoint.handle({
    caller,
    params: parsePart(endpoint.params, input.params ?? {}, "path"),
    query: parsePart(endpoint.query, input.query ?? {}, "query"),
    body: parsePart(endpoint.body, input.body, "body"),
    request: new Request(url, { method: endpoint.method }),
  });
}

const JSON_HEADERS = { "Content-Type": "application/json", "Cache-Control": "private, no-cache" };
const isRead = (request: Request) => request.method === "GET" || request.method === "HEAD";
/** Whether the client's If-None-Match names `etag`. */
const holds = (request: Request, etag: string) =>
  request.headers
    .get("If-None-Match")
    ?.split(",")
    .some((tag) => tag.trim() === etag || tag.trim() === "*") ?? false;

/** A JSON answer; a read's with its ETag, or a 304 when the client holds it already. */
export function jsonAnswer(request: Request, value: unknown, headers: Record<string, string> = {}, status = 200) {
  const body = JSON.stringify(value);
  const all: Record<string, string> = { ...JSON_HEADERS, ...headers };
  if (isRead(request)) {
    all.ETag = etagOf(body);
    if (holds(request, all.ETag)) return new Response(null, { status: 304, headers: all });
  }
  return new Response(body, { status, headers: all });
}

/** A JSON read whose identity is known before its body is made (`identity`: what the body follows from): a client that
 *  holds it gets its 304 and the body is never made. */
export async function taggedAnswer(request: Request, identity: string, make: () => Promise<Uint8Array<ArrayBuffer>>) {
  const headers = { ...JSON_HEADERS, ETag: etagOf(identity) };
  if (holds(request, headers.ETag)) return new Response(null, { status: 304, headers });
  return new Response(await make(), { headers });
}

/** Answers one request to /api/v1/… from `endpoints`. */
export async function handleApi(request: Request, endpoints: AnyEndpoint[]): Promise<Response> {
  let headers: Record<string, string> = {};
  try {
    // Who asks comes first: without a valid token nothing is told, not even which addresses exist.
    const caller = await authenticate(request);
    headers = await rateLimit(caller);
    const url = new URL(request.url);
    const found = route(endpoints, request.method, url.pathname.slice(API_BASE.length) || "/");
    const { endpoint } = found;
    authorise(endpoint, caller);
    const params = parsePart(endpoint.params, found.params, "path");
    const query = parsePart(endpoint.query, queryOf(url), "query");
    const body = endpoint.body ? parsePart(endpoint.body, await readBody(request), "body") : undefined;
    const result = await endpoint.handle({ caller, params, query, body, request });
    if (result instanceof Response) {
      for (const [name, value] of Object.entries(headers)) result.headers.set(name, value);
      return result;
    }
    return jsonAnswer(request, result, headers, request.method === "POST" && endpoint.access === "write" ? 201 : 200);
  } catch (error) {
    if (error instanceof ApiProblem) return problemResponse(error, headers);
    // A database that cannot be reached answers 503 (db/connection.server.ts); say so as a problem.
    if (error instanceof Response)
      return problemResponse(new ApiProblem(error.status, (await error.text()) || "The request failed."), headers);
    console.error("api: unexpected failure", error);
    return problemResponse(new ApiProblem(500, "Unexpected error occurred!"), headers);
  }
}
