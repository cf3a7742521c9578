import { Ajv2020 } from "ajv/dist/2020.js";
import createClient from "openapi-fetch";
import { expect } from "vitest";

import * as apiRoute from "~/routes/api+/v1.$";
import { API_BASE } from "~/services/api/handler.server";

import { document } from "./document";
import type { paths } from "./schema";

// The integration API as a program calls it: through a client generated from the OpenAPI document (openapi-typescript
// writes ./schema.d.ts from it; openapi-fetch is typed by it), every answer checked against that document's schema for
// its operation and status (Ajv, JSON Schema 2020-12). Requests go to the route module itself, with the real database.

const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema(document(), "openapi");
const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

/** The document's operation for a request: its path template and method. */
function operationOf(method: string, path: string) {
  const doc = document();
  for (const template of Object.keys(doc.paths)) {
    const pattern = new RegExp(`^${template.replace(/\{\w+\}/g, "[^/]+")}$`);
    if (pattern.test(path) && doc.paths[template]![method.toLowerCase()]) return template;
  }
  return null;
}

/** Checks an answer against the document: a status it lists, and a body its schema for that status accepts. */
export async function expectDocumented(request: Request, response: Response) {
  const path = new URL(request.url).pathname.slice(API_BASE.length);
  const template = operationOf(request.method, path);
  if (!template || response.status === 405) return; // no such operation: the 404/405 problem is checked by its test
  const responses = (document().paths[template]![request.method.toLowerCase()] as { responses: Record<string, { content?: object }> })
    .responses;
  expect(Object.keys(responses), `${request.method} ${path} answered ${response.status}, which the document does not list`).toContain(
    String(response.status),
  );
  const type = (response.headers.get("Content-Type") ?? "").split(";")[0]!;
  const described = responses[String(response.status)]!.content as Record<string, unknown> | undefined;
  if (!described) return;
  expect(Object.keys(described), `${request.method} ${path}: the media type`).toContain(type);
  if (!type.endsWith("json")) return;
  const validate = ajv.getSchema(
    `openapi#/${pointer("paths", template, request.method.toLowerCase(), "responses", String(response.status), "content", type, "schema")}`,
  )!;
  const body: unknown = await response.clone().json();
  expect(validate(body) ? [] : validate.errors, `${request.method} ${path} ${response.status}: the body against the document`).toEqual([]);
}

/** Hands a request to /api/v1 as the server would hand it to the route. */
export async function route(request: Request): Promise<Response> {
  const params = { "*": new URL(request.url).pathname.slice(`${API_BASE}/`.length) };
  const args = { request, params, context: {} } as never;
  return request.method === "GET" || request.method === "HEAD" ? apiRoute.loader(args) : apiRoute.action(args);
}

/** Sends a request to /api/v1 (route) and checks the answer against the document. */
export async function send(request: Request): Promise<Response> {
  const response = await route(request);
  await expectDocumented(request, response);
  return response;
}

/** The generated client, with `token` as its bearer (none: no Authorization header). */
export function apiClient(token?: string, headers: Record<string, string> = {}) {
  return createClient<paths>({
    baseUrl: `http://localhost${API_BASE}`,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
    fetch: send,
  });
}
