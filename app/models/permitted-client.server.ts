import { connectDb, trusted } from "#db/connection.server";
import { Client } from "#db/models/client.server";
import { oncePerRequest } from "~/utils/request-scope.server";
import type { SessionUser } from "~/utils/session.server";

import type { PermittedClient } from "./permitted";

// The clients a user may open, at the bottom of the client → area → disease models (each of them checks a record's
// client against this list), so that none of them imports another's module for it.

/** The clients the user may open (user-app §6), sorted by name: the top-level admin any active client, everyone else
 *  the active clients of their permission list. Read once a request. */
export function listPermittedClients({ user }: { user: SessionUser }): Promise<PermittedClient[]> {
  return oncePerRequest(`clients ${user._id}`, async () => {
    await connectDb();
    const clients = await Client.find(
      user.isTopAdmin ? { status: "active" as const } : { _id: trusted({ $in: user.clients ?? [] }), status: "active" as const },
    )
      .select("name logo thumbnails.w200")
      .sort({ name: 1, _id: 1 })
      .lean();
    return clients.map((c) => ({ id: String(c._id), name: c.name, logo: c.thumbnails?.w200 ?? c.logo ?? null }));
  });
}

export async function findPermittedClient({ user, id }: { user: SessionUser; id: string | undefined }) {
  return clientIn(await listPermittedClients({ user }), id);
}

/** The client of `id` (as an address may spell it) among clients the user may open, or null. */
export const clientIn = (clients: PermittedClient[], id: string | undefined) =>
  id ? (clients.find((c) => c.id === id.toLowerCase()) ?? null) : null;
