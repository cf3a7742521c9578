import { INVALID_ID } from "#common/messages";
import { findManagedKeyword } from "~/models/keyword.server";
import { requireUserWith } from "~/services/auth.server";
import { KEYWORDS_LIST } from "~/utils/administration";
import { redirectWithToast } from "~/utils/toast.server";

/** An editor or admin and a keyword of a disease they hold; any other id → the list with 'Invalid ID'. */
export async function requireManagedKeyword(request: Request, id: string | undefined) {
  const actor = await requireUserWith(request, "keyword:manage");
  const keyword = await findManagedKeyword({ user: actor, id });
  if (!keyword) throw await redirectWithToast(request, KEYWORDS_LIST, { type: "error", message: INVALID_ID });
  return { actor, keyword };
}
