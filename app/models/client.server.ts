import { connectDb, trusted } from "#db/connection.server";
import { Client } from "#db/models/client.server";
import type { SessionUser } from "~/utils/session.server";

/** A client the user may open (user-app §6): the top-level admin any active client, everyone else the active
 *  clients of their permission list. */
export interface PermittedClient {
  id: string;
  name: string;
  logo: string | null;
}

/** Active clients the user may open, sorted by name. */
export async function listPermittedClients({ user }: { user: SessionUser }): Promise<PermittedClient[]> {
  await connectDb();
  const clients = await Client.find(
    user.isTopAdmin ? { status: "active" as const } : { _id: trusted({ $in: user.clients ?? [] }), status: "active" as const },
  )
    .select("name logo")
    .sort({ name: 1, _id: 1 })
    .lean();
  return clients.map((c) => ({ id: String(c._id), name: c.name, logo: c.logo ?? null }));
}

export async function findPermittedClient({ user, id }: { user: SessionUser; id: string | undefined }) {
  return id ? ((await listPermittedClients({ user })).find((c) => c.id === id.toLowerCase()) ?? null) : null;
}
