import { z } from "zod";
import * as zm from "zod/mini";

import { INVALID_CLIENT_ID, INVALID_ID } from "#common/messages";
import { scopeOptions, scopeProblem } from "~/models/cascade.server";
import { findPermittedDisease } from "~/models/disease.server";
import { findPermittedClient } from "~/models/permitted-client.server";
import { appOrigin } from "~/utils/email.server";
import type { Permission } from "~/utils/permissions";
import type { SessionUser } from "~/utils/session.server";

import { endpoint } from "../endpoint.server";
import { ApiProblem } from "../problem.server";

// What the endpoints of /api/v1 share: ids and days as they are read, links back to the app's pages, the caller's
// client and disease (a 404 with the page's message beyond them), and the console's lists and the writes to one record
// (PUT, DELETE) as one pattern each.

export const Id = z.string().regex(/^[0-9a-f]{24}$/i, "Not an id (24 hexadecimal characters)");

export const Ref = z.object({ _id: z.string(), name: z.string() });

export const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "A day as YYYY-MM-DD");

/** The app's page of a record, for links back from a program or an assistant. */
export const page = (path: string) => `${appOrigin()}${path}`;

export const diseasePage = (d: { clientId: string; areaId: string; id: string }) =>
  page(`/clients/${d.clientId}/therapeuticAreas/${d.areaId}/diseases/${d.id}/reports`);

export async function clientOf(user: SessionUser, id: string) {
  const client = await findPermittedClient({ user, id });
  if (!client) throw new ApiProblem(404, INVALID_CLIENT_ID);
  return client;
}

export async function diseaseOf(user: SessionUser, id: string) {
  const found = await findPermittedDisease({ user, id });
  if (found.status !== "ok") throw new ApiProblem(404, INVALID_ID);
  return found.disease;
}

/** A console list's query (admin-console §1: by name, more rows by forward token). */
export const ListQuery = z.object({
  name: z.string().trim().max(200).optional(),
  forwardToken: z.string().min(1).max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

/** Where a record lies, by name, as the console's lists show it. */
export const Place = { client: z.string(), area: z.string(), disease: z.string() };

/**
 * A console list as an endpoint (admin-console §1 `GET /{collection}?name&forwardToken`): the records the owner manages
 * (those of the diseases they hold; all for the top-level admin), by name, a page at a time — the list page's own
 * query and rows, ids as `_id`.
 */
export function consoleList<R extends z.ZodObject>({
  path,
  key,
  summary,
  permission,
  row,
  read,
}: {
  path: string;
  key: string;
  summary: string;
  permission: Permission;
  row: R;
  read: (
    user: SessionUser,
    name: string | undefined,
    page: { size: number; after: string | null },
  ) => Promise<{
    rows: Array<{ id: string } & Omit<z.input<R>, "_id">>;
    next: string | null;
    restarted: boolean;
  }>;
}) {
  return endpoint({
    method: "GET",
    path,
    operationId: `list${key[0]!.toUpperCase()}${key.slice(1)}`,
    tag: "Reference data",
    summary,
    description: "Follow nextPage (as forwardToken) for the next page.",
    access: "read",
    permission,
    query: ListQuery,
    response: z.object({ [key]: z.array(row), nextPage: z.string().nullable() }),
    handle: async ({ caller: { user }, query }) => {
      const found = await read(user, query.name, { size: query.limit, after: query.forwardToken ?? null });
      if (found.restarted) throw new ApiProblem(400, "The forwardToken cannot be used: start again from the first page.");
      // (Typed by `read` row by row; a computed key is beyond what TypeScript follows.)
      return { [key]: found.rows.map(({ id, ...rest }) => ({ _id: id, ...rest })), nextPage: found.next } as never;
    },
  });
}

/** What a write to one record the owner manages says of itself, and how it finds the record: by its id, the path's
 *  `param`; a 404 with `missing` when there is no such record. */
interface OneRecord<T> {
  path: string;
  param: string;
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  permission: Permission;
  problems?: Record<number, string>;
  find: (user: SessionUser, id: string) => Promise<T | null>;
  missing: string;
}

/** The endpoint's parts a write to one record shares (its description, write access, the path's id), and the record a
 *  request's path names. */
function oneRecord<T>({ find, missing, param, ...operation }: OneRecord<T>) {
  return {
    parts: { ...operation, access: "write" as const, params: z.object({ [param]: Id }) },
    async named(user: SessionUser, params: Record<string, string>) {
      const id = params[param]!;
      const record = await find(user, id);
      if (!record) throw new ApiProblem(404, missing);
      return { record, id };
    },
  };
}

/** A PUT of one record the owner manages: `update` with the fields sent, answering the record as written. */
export function updateOne<T, B extends z.core.$ZodType, R extends z.core.$ZodType>({
  update,
  body,
  response,
  ...one
}: OneRecord<T> & {
  body: B;
  response: R;
  update: (user: SessionUser, record: T, sent: z.output<B>, id: string) => Promise<z.input<R>>;
}) {
  const { parts, named } = oneRecord(one);
  return endpoint({
    method: "PUT",
    ...parts,
    body,
    response,
    handle: async ({ caller: { user }, params, body: sent }) => {
      const { record, id } = await named(user, params);
      return update(user, record, sent, id);
    },
  });
}

/** A DELETE of one record the owner manages: `remove` and the deletion's `message`. */
export function deleteOne<T>({
  remove,
  message,
  ...one
}: OneRecord<T> & { remove: (user: SessionUser, record: T) => Promise<unknown>; message: string }) {
  const { parts, named } = oneRecord(one);
  return endpoint({
    method: "DELETE",
    ...parts,
    response: z.object({ message: z.string() }),
    handle: async ({ caller: { user }, params }) => {
      await remove(user, (await named(user, params)).record);
      return { message };
    },
  });
}

/** A console list's page and its rows. */
export const rowsOf = async <I, Row>(
  page: { items: I[]; next: string | null; restarted: boolean },
  rows: (items: I[]) => Promise<Row[]>,
) => ({
  rows: await rows(page.items),
  next: page.next,
  restarted: page.restarted,
});

/** A body's client, area and disease within the owner's own, as the console's cascade checks them (its messages). */
export async function checkScope(user: SessionUser, values: { client: string; therapeuticArea: string; disease: string }) {
  const { options } = await scopeOptions({ user, client: values.client, area: values.therapeuticArea, disease: values.disease });
  const problem = await scopeProblem({ values, options });
  if (problem) throw new ApiProblem(400, problem.message, { errors: [{ pointer: `body.${problem.field}`, detail: problem.message }] });
}

/** A record's form values without the empty ones, as a form sends them (an empty field is no value: conform reads it so). */
export const filled = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ""));

/** A record's values with the fields sent over them, as its whole-record schema (zod/mini, a form's) reads them: the
 *  record as it would be, or a 400 with the schema's issues as the problem's field errors. */
export function withSent<S extends zm.ZodMiniType>(schema: S, values: Record<string, unknown>, sent: object): zm.output<S> {
  const merged = zm.safeParse(schema, { ...values, ...sent });
  if (merged.success) return merged.data;
  throw new ApiProblem(400, "The record would not be valid: see errors.", {
    errors: merged.error.issues.map((i) => ({ pointer: ["body", ...i.path.map(String)].join("."), detail: i.message })),
  });
}
