import { createCookie } from "@remix-run/node";
import { connectDb } from "#db/connection.server";
import { User } from "#db/models/user.server";
import { permittedClients, type PermittedClient } from "./permissions.server";
import type { SessionUser } from "./session.server";

// The drawer's open state lives in a cookie so the server renders the shell as the user left it.
export const drawerCookie = createCookie("drawer", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 31_536_000 });

export async function isDrawerOpen(request: Request) {
  const value = await drawerCookie.parse(request.headers.get("Cookie"));
  return value !== "closed";
}

/**
 * The clients a user may open and the one currently selected. A user with exactly one permitted client has it
 * selected automatically; a remembered selection that is no longer permitted is dropped.
 */
export async function clientContext(user: SessionUser): Promise<{
  clients: PermittedClient[];
  selected: PermittedClient | null;
}> {
  const clients = await permittedClients(user);
  const remembered = clients.find((c) => c.id === String(user.selectedClient ?? ""));
  const selected = remembered ?? (clients.length === 1 ? clients[0] : null);
  if ((selected?.id ?? null) !== (user.selectedClient ? String(user.selectedClient) : null)) {
    await selectClient(user, selected?.id ?? null);
  }
  return { clients, selected };
}

export async function selectClient(user: SessionUser, clientId: string | null) {
  await connectDb();
  await User.updateOne({ _id: user._id }, clientId ? { $set: { selectedClient: clientId } } : { $unset: { selectedClient: 1 } });
}
