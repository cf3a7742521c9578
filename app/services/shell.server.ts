import { createCookie } from "@remix-run/node";

import type { PermittedClient } from "~/models/permitted";
import { listPermittedClients } from "~/models/permitted-client.server";
import { permissionsOf } from "~/utils/permissions";
import { selectSessionClient, type SessionUser } from "~/utils/session.server";
import { clientOfAddress, SHELL_PERMISSIONS, type ShellData } from "~/utils/shell";

// The drawer's open state lives in a cookie so the server renders the shell as the user left it.
export const drawerCookie = createCookie("drawer", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 31_536_000 });

export async function isDrawerOpen(request: Request) {
  const value = await drawerCookie.parse(request.headers.get("Cookie"));
  return value !== "closed";
}

/**
 * The clients a user may open and the one currently selected: the client the address names (a client's page, or a link
 * the app sent with ?client=), which the session then keeps; else the session's (user-app keeps the choice per browser,
 * so two people sharing an account do not switch each other's); else the only one when there is exactly one. Every
 * candidate is checked against the clients the user may open now.
 */
export async function clientContext(
  user: SessionUser,
  request: Request,
): Promise<{
  clients: PermittedClient[];
  selected: PermittedClient | null;
}> {
  const clients = await listPermittedClients({ user });
  const named = clients.find((c) => c.id === clientOfAddress(new URL(request.url)));
  if (named) await selectClient(user, named.id, clients);
  return { clients, selected: named ?? sessionChoice(user, clients) };
}

/** The session's client, when the user may still open it; else the only one when there is exactly one. */
const sessionChoice = (user: SessionUser, clients: PermittedClient[]) =>
  clients.find((c) => c.id === user.session?.selectedClient) ?? (clients.length === 1 ? clients[0]! : null);

/** Makes a client the user may open (the caller checked) the one their session works in; written only when that
 *  changes what is selected (a user with one client has it selected without a write). `clients`: the clients the user
 *  may open, when the caller has read them (an action has no request scope to read them once). */
export async function selectClient(user: SessionUser, clientId: string, clients?: PermittedClient[]) {
  if (sessionChoice(user, clients ?? (await listPermittedClients({ user })))?.id !== clientId) await selectSessionClient(user, clientId);
}

/** What the shell shows a signed-in user on the page `request` asks for. */
export async function shellOf(user: SessionUser, request: Request): Promise<ShellData> {
  const { clients, selected } = await clientContext(user, request);
  return {
    user: { id: String(user._id), fullName: `${user.name?.first ?? ""} ${user.name?.last ?? ""}`.trim(), email: user.email },
    can: permissionsOf(user, ...SHELL_PERMISSIONS),
    clientCount: clients.length,
    selectedClient: selected ? { id: selected.id, name: selected.name } : null,
    drawerOpen: await isDrawerOpen(request),
  };
}
