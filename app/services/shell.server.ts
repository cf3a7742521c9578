import { createCookie } from "@remix-run/node";

import type { PermittedClient } from "~/models/permitted";
import { listPermittedClients } from "~/models/permitted-client.server";
import { permissionsOf } from "~/utils/permissions";
import type { SessionUser } from "~/utils/session.server";
import { SHELL_PERMISSIONS, type ShellData } from "~/utils/shell";

// The drawer's open state lives in a cookie so the server renders the shell as the user left it.
export const drawerCookie = createCookie("drawer", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 31_536_000 });

export async function isDrawerOpen(request: Request) {
  const value = await drawerCookie.parse(request.headers.get("Cookie"));
  return value !== "closed";
}

/**
 * The clients a user may open and the one currently selected: the client of the page being viewed
 * (/clients/{id}/…), else the one picked on the dashboard, else the only one when there is exactly one. Read-only:
 * the choice is stored only by the dashboard's POST, never as a side effect of a GET.
 */
export async function clientContext(
  user: SessionUser,
  request?: Request,
): Promise<{
  clients: PermittedClient[];
  selected: PermittedClient | null;
}> {
  const clients = await listPermittedClients({ user });
  const fromUrl = request ? new URL(request.url).pathname.split("/") : [];
  const find = (id: unknown) => (id ? clients.find((c) => c.id === String(id).toLowerCase()) : undefined);
  const selected =
    (fromUrl[1] === "clients" ? find(fromUrl[2]) : undefined) ?? find(user.selectedClient) ?? (clients.length === 1 ? clients[0] : null);
  return { clients, selected };
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
