// Factories for integration tests: records in the test file's own database (tests/setup/per-file-db.ts), signed-in
// requests, and readers of what loaders and actions answer. Names carry a random tag, so tests in one file never
// see each other's records.
import type { Types } from "mongoose";

import type { Role, UserStatus } from "#common/constants";
import { Client, Disease, TherapeuticArea, User } from "#db/models/index.server";
import { hashPassword } from "~/utils/password.server";
import { createUserSession } from "~/utils/session.server";
import { getToasts } from "~/utils/toast.server";

export const uniqueTag = () => crypto.randomUUID().slice(0, 8);

export function createClient(fields: { name?: string; status?: "active" | "inactive"; logo?: string } = {}) {
  return Client.create({ name: `Client ${uniqueTag()}`, ...fields });
}

export function createArea(client: { _id: Types.ObjectId }, fields: { name?: string } = {}) {
  return TherapeuticArea.create({ name: `Area ${uniqueTag()}`, client: client._id, ...fields });
}

export function createDisease(area: { _id: Types.ObjectId; client: Types.ObjectId; name?: string }, fields: Record<string, unknown> = {}) {
  return Disease.create({ name: `Disease ${uniqueTag()}`, therapeuticArea: area._id, areaName: area.name, client: area.client, ...fields });
}

type DiseaseRef = { _id: Types.ObjectId; therapeuticArea: Types.ObjectId; client: Types.ObjectId };

/** Permission entries granting exactly these diseases (one entry per area, admin-console §3). */
export function grantsFor(diseases: DiseaseRef[]) {
  const byArea = new Map<string, { client: Types.ObjectId; therapeuticArea: Types.ObjectId; diseases: Types.ObjectId[] }>();
  for (const d of diseases) {
    const entry = byArea.get(String(d.therapeuticArea)) ?? { client: d.client, therapeuticArea: d.therapeuticArea, diseases: [] };
    entry.diseases.push(d._id);
    byArea.set(String(d.therapeuticArea), entry);
  }
  return [...byArea.values()];
}

export interface UserOptions {
  role?: Role;
  isTopAdmin?: boolean;
  status?: UserStatus;
  email?: string;
  /** Hashed and stored, so the user can sign in through the login action. */
  password?: string;
  permissions?: ReturnType<typeof grantsFor>;
  name?: { first: string; last: string };
}

export async function createUser({ password, ...options }: UserOptions = {}) {
  return User.create({
    name: { first: "Test", last: "User" },
    email: `${uniqueTag()}@example.test`,
    role: "external",
    status: "active",
    ...options,
    ...(password ? { passwordHash: await hashPassword(password) } : {}),
  });
}

/** The cookie of a new session of the user, as a browser would send it. */
export async function sessionCookie(userId: unknown) {
  return (await createUserSession(new Request("http://x/login"), String(userId))).split(";")[0]!;
}

/** A request signed in as the user (anonymous with null); a `form` makes it a POST of that form. */
export async function makeRequest(
  url: string,
  { user, form, headers = {} }: { user?: unknown; form?: Record<string, string | string[]>; headers?: Record<string, string> } = {},
) {
  const all = new Headers(headers);
  if (user) all.set("Cookie", [all.get("Cookie"), await sessionCookie(user)].filter(Boolean).join("; "));
  let body: URLSearchParams | undefined;
  if (form) {
    body = new URLSearchParams();
    for (const [key, value] of Object.entries(form)) for (const v of [value].flat()) body.append(key, v);
  }
  return new Request(new URL(url, "http://x"), { method: form ? "POST" : "GET", headers: all, body });
}

type Doc<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;
type Fields = Record<string, string | string[]>;

/** What a test world declares: clients (a name gets the scene's tag appended; fields are taken as they are), their
 *  therapeutic areas and diseases (fields passed to the model), and users with the diseases they are granted. */
export interface SceneSpec<C extends string, A extends string, D extends string, U extends string> {
  clients: Record<C, string | Parameters<typeof createClient>[0]>;
  areas?: Record<A, { client: NoInfer<C>; name?: string }>;
  diseases?: Record<D, { area: NoInfer<A>; name?: string; [field: string]: unknown }>;
  users?: Record<U, Omit<UserOptions, "permissions"> & { grants?: NoInfer<D>[] }>;
}

/** The client → area → disease tree and the users a test needs, created in the order declared; each record under
 *  its key, with the random `tag` of its client names. */
export async function scene<C extends string, A extends string = never, D extends string = never, U extends string = never>(
  spec: SceneSpec<C, A, D, U>,
) {
  const tag = uniqueTag();
  const clients = {} as Record<C, Doc<typeof createClient>>;
  const areas = {} as Record<A, Doc<typeof createArea>>;
  const diseases = {} as Record<D, Doc<typeof createDisease>>;
  const users = {} as Record<U, Doc<typeof createUser>>;
  for (const [key, fields] of entries(spec.clients))
    clients[key] = await createClient(typeof fields === "string" ? { name: `${fields} ${tag}` } : fields);
  for (const [key, { client, ...fields }] of entries(spec.areas)) areas[key] = await createArea(clients[client], fields);
  for (const [key, { area, ...fields }] of entries(spec.diseases)) diseases[key] = await createDisease(areas[area], fields);
  for (const [key, { grants, ...options }] of entries(spec.users))
    users[key] = await createUser({ ...options, ...(grants ? { permissions: grantsFor(grants.map((d) => diseases[d])) } : {}) });
  return { tag, ...clients, ...areas, ...diseases, ...users };
}

const entries = <K extends string, V>(record: Record<K, V> | undefined) => Object.entries(record ?? {}) as [K, V][];

/** Where a record of the disease lives: its client, area and disease ids. */
export const placeOf = (d: DiseaseRef) => ({ client: d.client, therapeuticArea: d.therapeuticArea, disease: d._id });

/** The client → area → disease picker's fields as a console form posts them for the disease (with the shown ones). */
export const cascadeFields = (d: DiseaseRef) => ({
  client: String(d.client),
  shownClient: String(d.client),
  therapeuticArea: String(d.therapeuticArea),
  shownArea: String(d.therapeuticArea),
  disease: String(d._id),
  shownDisease: String(d._id),
});

/** The route params of the disease's pages. */
export const diseaseParams = (d: DiseaseRef) => ({ clientId: String(d.client), taId: String(d.therapeuticArea), diseaseId: String(d._id) });

type Handler = (args: never) => unknown;
/** How a test calls a route: as `user` (a user, its id, or nobody), at `url`, with the route's `params`. */
export interface Call {
  user?: unknown;
  url?: string;
  params?: Record<string, string>;
  headers?: Record<string, string>;
}

const idOf = (user: unknown) => (user && typeof user === "object" && "_id" in user ? user._id : user);

/** What the route's loader gives `call`'s GET (a thrown Response included). */
export async function callLoader<R extends { loader: Handler }>(route: R, { user, url = "/x", params = {}, headers }: Call = {}) {
  const request = await makeRequest(url, { user: idOf(user), headers });
  return settle(Promise.resolve(route.loader({ request, params, context: {} } as never) as Awaited<ReturnType<R["loader"]>>));
}

/** What the route's action gives `call`'s POST of `form` (URL-encoded; multipart when there are `files`, by field). */
export async function callAction<R extends { action: Handler }>(
  route: R,
  { user, url = "/x", params = {}, headers, form = {}, files }: Call & { form?: Fields; files?: Record<string, File | File[]> },
) {
  const request = files
    ? await formRequest(idOf(user), form, files, { url, headers })
    : await makeRequest(url, { user: idOf(user), form, headers });
  return settle(Promise.resolve(route.action({ request, params, context: {} } as never) as Awaited<ReturnType<R["action"]>>));
}

/** A multipart POST to a route's action, as a form with a file input sends it; `files` by field name. */
export const postForm = (
  route: { action: Handler },
  user: unknown,
  form: Fields,
  params: Record<string, string> = {},
  files: Record<string, File | File[]> = {},
) => callAction(route, { user, form, params, files });

/** `user`'s POST of a form: its fields and files (multipart/form-data). */
export async function formRequest(
  user: unknown,
  fields: Fields,
  files: Record<string, File | File[]> = {},
  { url = "/x", headers = {} }: { url?: string; headers?: Record<string, string> } = {},
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
  for (const [name, list] of Object.entries(files)) for (const file of [list].flat()) body.append(name, file);
  const all = new Headers(headers);
  if (user) all.set("Cookie", [all.get("Cookie"), await sessionCookie(user)].filter(Boolean).join("; "));
  return new Request(new URL(url, "http://x"), { method: "POST", headers: all, body });
}

/** What a loader or action gave, thrown Responses included. */
export async function settle<T>(result: Promise<T>): Promise<T | Response> {
  try {
    return await result;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** HTTP status of a loader's or action's result: a Response's, `data(…, { status })`'s, or 200 for plain data. */
export function httpStatusOf(result: unknown) {
  if (result instanceof Response) return result.status;
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    return (result as { init: { status?: number } | null }).init?.status ?? 200;
  }
  return 200;
}

export function locationOf(result: unknown) {
  return result instanceof Response ? result.headers.get("Location") : null;
}

/** The toasts a response's flash cookie carries, as the next page would show them. */
export async function toastsOf(response: Response) {
  const cookie = response.headers.get("Set-Cookie")?.split(";")[0] ?? "";
  const { toasts } = await getToasts(new Request("http://x/", { headers: { Cookie: cookie } }));
  return toasts.map((t) => t.message);
}

/** A form's nested values as the fields a browser sends, named as conform names them ("a.b", "list[0].c"); empty
 *  lists and missing values send nothing. */
export function formFields(values: unknown, prefix = ""): Record<string, string> {
  if (values === null || values === undefined) return {};
  if (Array.isArray(values)) return Object.assign({}, ...values.map((v, i) => formFields(v, `${prefix}[${i}]`)));
  if (typeof values === "object")
    return Object.assign({}, ...Object.entries(values).map(([k, v]) => formFields(v, prefix ? `${prefix}.${k}` : k)));
  return { [prefix]: String(values) };
}
