import type { z } from "zod";

import type { ApiCaller } from "~/models/api-token.server";
import type { Permission } from "~/utils/permissions";

// One endpoint of the integration API: where it is, what it reads (each part a zod schema that both validates the
// request and, through z.toJSONSchema, writes the OpenAPI document), what it answers, and the code between.

/** "read" endpoints take any live token; "write" ones a token of scope read+write (and the owner's own rights). */
export type Access = "read" | "write";

/** Any zod schema, classic or zod/mini (the forms' schemas are mini: the browser loads them). */
type Schema = z.core.$ZodType;

export interface Endpoint<P extends Schema, Q extends Schema, B extends Schema, R extends Schema> {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** OpenAPI's template, under /api/v1: "/diseases/{diseaseId}". */
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  /** The role's permission the owner needs (user-app §6), checked before the request is read. */
  permission?: Permission;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** Refusals of its own besides every endpoint's (status → when). */
  problems?: Record<number, string>;
  /** A file rather than JSON (its media type). */
  file?: string;
  handle(input: {
    caller: ApiCaller;
    params: z.output<P>;
    query: z.output<Q>;
    body: z.output<B>;
    request: Request;
  }): Promise<z.input<R> | Response>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table holds endpoints of every shape
export type AnyEndpoint = Endpoint<any, any, any, any>;

/** An endpoint, its handler's input and output typed from its schemas. */
export const endpoint = <P extends Schema, Q extends Schema, B extends Schema, R extends Schema>(e: Endpoint<P, Q, B, R>) =>
  e as unknown as AnyEndpoint;
