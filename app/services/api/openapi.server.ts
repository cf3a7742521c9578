import { z } from "zod";

import { appOrigin } from "~/utils/email.server";

import type { AnyEndpoint } from "./endpoint.server";
import { API_BASE } from "./handler.server";

// The OpenAPI 3.1 document of /api/v1, written from the endpoints' own zod schemas (z.toJSONSchema, JSON Schema
// 2020-12 as OpenAPI 3.1 takes it): what validates a request is what the document says, never a second copy.

type Json = Record<string, unknown>;

/** A schema as JSON Schema, without the `$schema` line a document's parts do not carry. */
function jsonSchema(schema: z.core.$ZodType, io: "input" | "output"): Json {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Json;
  return rest;
}

const PROBLEM: Json = {
  type: "object",
  required: ["type", "title", "status", "detail"],
  properties: {
    type: { type: "string" },
    title: { type: "string" },
    status: { type: "integer" },
    detail: { type: "string" },
    errors: {
      type: "array",
      items: { type: "object", required: ["pointer", "detail"], properties: { pointer: { type: "string" }, detail: { type: "string" } } },
    },
  },
};

const problem = (description: string) => ({
  description,
  content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
});

/** The parameters of a path or query schema (an object's properties), as OpenAPI lists them. */
function parametersOf(schema: z.core.$ZodType | undefined, where: "path" | "query") {
  if (!schema) return [];
  const object = jsonSchema(schema, "input") as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === "path" || (object.required ?? []).includes(name),
    schema: property,
  }));
}

function operationOf(e: AnyEndpoint) {
  const ok = e.file
    ? { description: "The file", content: { [e.file]: { schema: { type: "string", contentMediaType: e.file } } } }
    : { description: "OK", content: { "application/json": { schema: jsonSchema(e.response, "output") } } };
  return {
    operationId: e.operationId,
    tags: [e.tag],
    summary: e.summary,
    ...(e.description ? { description: e.description } : {}),
    ...(e.access === "write" ? { "x-scope": "read+write" } : {}),
    parameters: [...parametersOf(e.params, "path"), ...parametersOf(e.query, "query")],
    ...(e.body ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(e.body, "input") } } } } : {}),
    responses: {
      [e.method === "POST" && e.access === "write" ? "201" : "200"]: ok,
      ...(e.method === "GET" ? { "304": { description: "Not modified: the ETag sent in If-None-Match is current" } } : {}),
      "400": problem("The request could not be read (see errors)"),
      "401": problem("No token, or one unknown, expired or revoked"),
      "403": problem("The owner is not active, or the token or owner may not do this"),
      "404": problem("Nothing the owner may see has this address (another client's record is not there either)"),
      ...(e.body
        ? { "413": problem("The body is larger than 1 MB"), "415": problem("The body is not JSON (Content-Type: application/json)") }
        : {}),
      "429": problem("Over the token's rate limit: wait Retry-After seconds"),
      ...Object.fromEntries(Object.entries(e.problems ?? {}).map(([status, when]) => [status, problem(when)])),
    },
  };
}

const written = new WeakMap<AnyEndpoint[], { origin: string; document: ReturnType<typeof writeDocument> }>();

/** The document, for `endpoints` served under APP_URL/api/v1: written once (the endpoints and APP_URL do not change
 *  while the server runs) rather than at every request for it or for the reference page. */
export function openApiDocument(endpoints: AnyEndpoint[]) {
  const origin = appOrigin();
  let cached = written.get(endpoints);
  if (cached?.origin !== origin) {
    cached = { origin, document: writeDocument(endpoints) };
    written.set(endpoints, cached);
  }
  return cached.document;
}

function writeDocument(endpoints: AnyEndpoint[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of endpoints) (paths[e.path] ??= {})[e.method.toLowerCase()] = operationOf(e);
  return {
    openapi: "3.1.0",
    info: {
      title: "Pharmascope API",
      version: "1.0.0",
      license: { name: "Proprietary: for Pharmascope's clients under their agreement", url: `${appOrigin()}/api-docs` },
      description:
        "The landscape, news and events a Pharmascope user may see, for their own programs. Every request carries a personal token " +
        "(account menu › API Tokens) as 'Authorization: Bearer <token>' and acts with its owner's current access. Errors are " +
        "RFC 9457 problem details; reads carry an ETag; each token may make a limited number of requests a minute (RateLimit headers).",
    },
    servers: [{ url: `${appOrigin()}${API_BASE}` }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "A personal API token (psk_…)" } },
      schemas: { Problem: PROBLEM },
    },
  };
}
