import { connectDb, trusted } from "#db/connection.server";
import { Client } from "#db/models/client.server";
import type { SessionUser } from "./session.server";

// The single place that decides what a user may reach. The top-level admin reaches every client; everyone
// else exactly the clients, areas and diseases of their permission list (user-app §6).

export function isAdmin(user: SessionUser) {
  return user.role === "admin" || user.isTopAdmin;
}
export function isEditorOrAdmin(user: SessionUser) {
  return isAdmin(user) || user.role === "editor";
}

/** Active clients the user may open, sorted by name. */
export async function permittedClients(user: SessionUser) {
  await connectDb();
  const clients = await Client.find(
    user.isTopAdmin ? { status: "active" as const } : { _id: trusted({ $in: user.clients ?? [] }), status: "active" as const },
  ).select("name logo").sort({ name: 1 }).lean();
  return clients.map((c) => ({ id: String(c._id), name: c.name, logo: c.logo ?? null }));
}
export type PermittedClient = Awaited<ReturnType<typeof permittedClients>>[number];
