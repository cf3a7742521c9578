import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PlainTable } from "~/components/plain-table";
import { openApiDocument } from "~/services/api/openapi.server";
import { V1_ENDPOINTS } from "~/services/api/v1.server";
import { requireUser } from "~/services/auth.server";
import { titled } from "~/utils/meta";

// The API reference (issue 29): the OpenAPI document of /api/v1 drawn as a page of the app — every operation, its
// parameters, its body and its answer, from the same document programs read at /api/v1/openapi.json (no outside
// script or CDN; the page works without JavaScript).

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const document = openApiDocument(V1_ENDPOINTS);
  // The document's operations, in its order (its paths are written by openapi.server.ts, of this shape).
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods as Record<string, Operation>).map(([method, operation]) => ({ path, method, operation })),
  );
  return { info: document.info, base: document.servers[0]!.url, openapi: document.openapi, operations };
}

export const meta = titled("API Reference");

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  description?: string;
  additionalProperties?: Schema | boolean;
  $ref?: string;
};

/** One line of a schema's type: "string", "integer (1 to 100, default 10)", "one of: a, b", "array of …". */
function typeOf(schema: Schema): string {
  if (schema.$ref) return schema.$ref.split("/").at(-1)!;
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return `one of ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}`;
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(" or ");
  const base = [schema.type ?? "any"].flat().join(" or ");
  const limits = [
    schema.minimum !== undefined && schema.maximum !== undefined ? `${schema.minimum} to ${schema.maximum}` : null,
    schema.default !== undefined ? `default ${JSON.stringify(schema.default)}` : null,
  ].filter(Boolean);
  if (base === "array" && schema.items) return `array of ${typeOf(schema.items)}`;
  return limits.length ? `${base} (${limits.join(", ")})` : base;
}

/** A schema as a nested list of its fields. */
function SchemaOutline({ schema }: { schema: Schema }): ReactNode {
  const object = schema.type === "array" ? schema.items : schema;
  if (!object?.properties) return <code>{typeOf(schema)}</code>;
  return (
    <>
      {schema.type === "array" ? <code>array of</code> : null}
      <ul className="schema-outline">
        {Object.entries(object.properties).map(([name, property]) => (
          <li key={name}>
            <code>
              {name}
              {object.required?.includes(name) ? "" : "?"}
            </code>
            : {property.properties || property.items?.properties ? <SchemaOutline schema={property} /> : <code>{typeOf(property)}</code>}
            {property.description ? <span className="muted"> — {property.description}</span> : null}
          </li>
        ))}
      </ul>
    </>
  );
}

type Operation = {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  "x-scope"?: string;
  parameters: Array<{ name: string; in: string; required: boolean; schema: Schema }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
};

export default function ApiDocsPage() {
  const { info, base, openapi, operations } = useLoaderData<typeof loader>();
  const tags = [...new Set(operations.map((o) => o.operation.tags[0]!))];
  return (
    <section className="page api-docs">
      <h1 className="page-title">API Reference</h1>
      <p>{info.description}</p>
      <p>
        Base address: <code>{base}</code>. Machine-readable: <a href="/api/v1/openapi.json">openapi.json</a> (OpenAPI {openapi}). Tokens:{" "}
        <Link to="/api-tokens">API Tokens</Link>.
      </p>
      <nav aria-label="Operations">
        <ul>
          {operations.map(({ method, path, operation }) => (
            <li key={operation.operationId}>
              <a href={`#${operation.operationId}`}>
                <code>
                  {method.toUpperCase()} {path}
                </code>
              </a>{" "}
              {operation.summary}
            </li>
          ))}
        </ul>
      </nav>
      {tags.map((tag) => (
        <section key={tag} aria-labelledby={`tag-${tag}`}>
          <h2 id={`tag-${tag}`}>{tag}</h2>
          {operations
            .filter((o) => o.operation.tags[0] === tag)
            .map(({ method, path, operation }) => {
              const body = operation.requestBody?.content["application/json"]?.schema;
              const [okStatus, ok] = Object.entries(operation.responses).find(([status]) => status.startsWith("2"))!;
              const problems = Object.entries(operation.responses).filter(([status]) => !status.startsWith("2"));
              return (
                <article key={operation.operationId} id={operation.operationId} className="form-card api-operation">
                  <h3>
                    <code>
                      {method.toUpperCase()} {path}
                    </code>
                  </h3>
                  <p>
                    {operation.summary}
                    {operation["x-scope"] ? " (needs a token of scope 'Read and write')" : ""}.
                  </p>
                  {operation.description ? <p className="muted">{operation.description}</p> : null}
                  {operation.parameters.length ? (
                    <PlainTable caption="Parameters" columns={["Name", "In", "Required", "Type"]}>
                      {operation.parameters.map((p) => (
                        <tr key={`${p.in}-${p.name}`}>
                          <th scope="row">
                            <code>{p.name}</code>
                          </th>
                          <td>{p.in}</td>
                          <td>{p.required ? "Yes" : "No"}</td>
                          <td>
                            <code>{typeOf(p.schema)}</code>
                          </td>
                        </tr>
                      ))}
                    </PlainTable>
                  ) : null}
                  {body ? (
                    <>
                      <h4>Body (JSON)</h4>
                      <SchemaOutline schema={body} />
                    </>
                  ) : null}
                  <h4>
                    Answer {okStatus}: {ok.description}
                  </h4>
                  {ok.content?.["application/json"] ? <SchemaOutline schema={ok.content["application/json"].schema} /> : null}
                  <h4>Other answers</h4>
                  <ul>
                    {problems.map(([status, answer]) => (
                      <li key={status}>
                        <code>{status}</code> {answer.description}
                      </li>
                    ))}
                  </ul>
                </article>
              );
            })}
        </section>
      ))}
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
