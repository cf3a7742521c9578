import { COMPOUND_LOAD_FAILED } from "#common/messages";
import { findManagedCompound } from "~/models/compound.server";
import { requireUserWith } from "~/services/auth.server";
import { COMPOUNDS_LIST } from "~/utils/administration";
import { redirectWithToast } from "~/utils/toast.server";

/** An editor or admin and a compound of a disease they hold; any other id → the list with the spec's message for a
 *  compound that cannot be read (admin-console §8). */
export async function requireManagedCompound(request: Request, id: string | undefined) {
  const actor = await requireUserWith(request, "compound:manage");
  const compound = await findManagedCompound({ user: actor, id });
  if (!compound) throw await redirectWithToast(request, COMPOUNDS_LIST, { type: "error", message: COMPOUND_LOAD_FAILED });
  return { actor, compound };
}
