import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";

import type { UserStatus } from "#common/constants";
import { INVALID_CLIENT_ID, INVALID_ID, SELECT_CLIENT_FIRST } from "#common/messages";
import { findPermittedDisease } from "~/models/disease.server";
import type { PermittedArea, PermittedClient, PermittedDisease } from "~/models/permitted";
import { clientIn, listPermittedClients } from "~/models/permitted-client.server";
import { findPermittedArea } from "~/models/therapeutic-area.server";
import { verifyLogin } from "~/models/user.server";
import { selectClient } from "~/services/shell.server";
import { can, isAdmin, isTopAdmin, type Permission } from "~/utils/permissions";
import { clearedCookieHeaders, getUser, type SessionUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { CredentialsSchema } from "~/utils/user-validation";

// Sign-in and the guards. Every loader and action calls the guard it needs itself — a parent layout's loader does not
// protect a child's action — and a refused request never gets data: anonymous → /login (401 JSON for resource
// routes), a missing role → 403, a client, area or disease outside the user's permissions → the spec's redirect home
// with 'Invalid Client ID' or 'Invalid ID'.

export const INVALID_CREDENTIALS = "Invalid email or password!";

// Shown only after the password matched, so they reveal nothing to someone guessing emails.
export const STATUS_MESSAGES: Record<Exclude<UserStatus, "active">, string> = {
  pending: "Your account is waiting for an administrator's approval.",
  inactive: "Your account is inactive. Please contact your administrator.",
  terminated: "Your account has been terminated.",
  blocked: "Your account is blocked. Please contact your administrator.",
};

/** A sign-in refusal whose message is safe to show under the form. */
export class LoginError extends Error {}

/** remix-auth keeps no session itself: it returns the user id, and session.server.ts stores the session. */
export const authenticator = new Authenticator<string>();

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const parsed = CredentialsSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) throw new LoginError(INVALID_CREDENTIALS);
    const user = await verifyLogin(parsed.data);
    if (!user) throw new LoginError(INVALID_CREDENTIALS);
    if (user.status !== "active") throw new LoginError(STATUS_MESSAGES[user.status]);
    return user.id;
  }),
  "form",
);

/** The signed-in user; anyone else is sent to /login, which brings them back here afterwards. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (user) return user;
  const url = new URL(request.url);
  const origin = url.pathname + url.search;
  const params = origin === "/" ? "" : `?${new URLSearchParams({ redirectTo: origin })}`;
  throw redirect(`/login${params}`, { headers: await clearedCookieHeaders(request) });
}

/** Public screens that make no sense signed in (sign-in, sign-up, recovery) send a signed-in user home. */
export async function requireAnonymous(request: Request) {
  if (await getUser(request)) throw redirect("/");
}

/** For resource routes fetched by scripts: a JSON 401 instead of a redirect. */
export async function requireApiUser(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (!user) throw Response.json({ error: "Sign in first." }, { status: 401, headers: { "Cache-Control": "private, no-store" } });
  return user;
}

const forbidden = () => new Response("You don't have permission to do this.", { status: 403 });

/** Throws a 403 unless the user has the permission (user-app §6). */
export function requirePermission(user: SessionUser, permission: Permission) {
  if (!can(user, permission)) throw forbidden();
}

/** The signed-in user, who must have `permission` (403 otherwise): the administration console's guard. */
export async function requireUserWith(request: Request, permission: Permission) {
  const user = await requireUser(request);
  requirePermission(user, permission);
  return user;
}

export async function requireAdmin(request: Request) {
  const user = await requireUser(request);
  if (!isAdmin(user)) throw forbidden();
  return user;
}

export async function requireTopAdmin(request: Request) {
  const user = await requireUser(request);
  if (!isTopAdmin(user)) throw forbidden();
  return user;
}

/** What a page is about, from its address; `permission`, when given, is the role the page or action needs. */
interface Scope {
  clientId: string | undefined;
  taId?: string | undefined;
  diseaseId?: string | undefined;
  permission?: Permission;
}
type Permitted<S extends Scope> = { user: SessionUser; client: PermittedClient } & ("taId" extends keyof S
  ? { area: PermittedArea }
  : unknown) &
  ("diseaseId" extends keyof S ? { disease: PermittedDisease } : unknown);

/**
 * The signed-in user with the client, area and disease of the address, each one they may see and each inside the
 * one before; then the permission, if any. Refusals follow user-app §2: no client → 'Please, select a client first!',
 * a client outside the permissions → 'Invalid Client ID' (on an area or disease page: 'Invalid ID'), an area or
 * disease outside them (or of another client or area) → 'Invalid ID', each back to / with a toast; a missing role → 403.
 * A download (`refusal: "not-found"`) answers those refusals with a 404 instead: the file is not there for this user.
 */
export async function requirePermitted<S extends Scope>(
  request: Request,
  scope: S,
  { refusal = "home" }: { refusal?: "home" | "not-found" } = {},
): Promise<Permitted<S>> {
  const user = await requireUser(request);
  const refuse = async (message: string): Promise<never> => {
    if (refusal === "not-found") throw new Response("Not found", { status: 404 });
    throw await redirectWithToast(request, "/", { type: "error", message });
  };
  if (!scope.clientId) return refuse(SELECT_CLIENT_FIRST);
  const deeper = "taId" in scope;
  const clients = await listPermittedClients({ user });
  const client = clientIn(clients, scope.clientId) ?? (await refuse(deeper ? INVALID_ID : INVALID_CLIENT_ID));
  // Opening any page of a client selects it for this session (News, Events and Saved searches follow it).
  await selectClient(user, client.id, clients);
  const found: { user: SessionUser; client: PermittedClient; area?: PermittedArea; disease?: PermittedDisease } = { user, client };
  if ("diseaseId" in scope) {
    // The disease first: it names its area (findPermittedDisease), so most disease pages read no area.
    const disease = await findPermittedDisease({ user, id: scope.diseaseId, clients });
    if (disease.status !== "ok" || disease.disease.clientId !== client.id || disease.disease.areaId !== scope.taId?.toLowerCase())
      return refuse(INVALID_ID);
    found.area = disease.area ?? (await findPermittedArea({ user, client, id: scope.taId })) ?? (await refuse(INVALID_ID));
    found.disease = disease.disease;
  } else if (deeper) found.area = (await findPermittedArea({ user, client, id: scope.taId })) ?? (await refuse(INVALID_ID));
  if (scope.permission) requirePermission(user, scope.permission);
  return found as Permitted<S>;
}
