import { INVALID_ID } from "#common/messages";
import { findManagedCompany } from "~/models/company.server";
import { requireUserWith } from "~/services/auth.server";
import { COMPANIES_LIST } from "~/utils/administration";
import { redirectWithToast } from "~/utils/toast.server";

/** An editor or admin and the company the address names (any status); no such company → the list with 'Invalid ID'. */
export async function requireManagedCompany(request: Request, id: string | undefined) {
  const actor = await requireUserWith(request, "company:manage");
  const company = await findManagedCompany(id);
  if (!company) throw await redirectWithToast(request, COMPANIES_LIST, { type: "error", message: INVALID_ID });
  return { actor, company };
}
