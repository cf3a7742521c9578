import { INVALID_ID } from "#common/messages";
import { findManagedClient } from "~/models/client.server";
import { requireUserWith } from "~/services/auth.server";
import { CLIENTS_LIST } from "~/utils/administration";
import { redirectWithToast } from "~/utils/toast.server";

/** The top-level admin and the client the address names (any status); no such client → the list with 'Invalid ID'. */
export async function requireAdminClient(request: Request, clientId: string | undefined) {
  const actor = await requireUserWith(request, "client:manage");
  const client = await findManagedClient(clientId);
  if (!client) throw await redirectWithToast(request, CLIENTS_LIST, { type: "error", message: INVALID_ID });
  return { actor, client };
}
