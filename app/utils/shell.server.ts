import { createCookie } from "@remix-run/node";

import { listPermittedClients, type PermittedClient } from "~/models/client.server";

import type { SessionUser } from "./session.server";

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
