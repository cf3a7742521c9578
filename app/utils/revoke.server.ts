import { redirectWithToast } from "./toast.server";

/**
 * A page of secrets' Revoke (calendar feeds, API tokens): the id its form posts in `field`, revoked by `revoke` (false
 * for another's, an unknown id or one already revoked: nothing changes), then back to `page` saying which.
 */
export async function revokeFromForm(
  request: Request,
  form: FormData,
  {
    field,
    page,
    revoke,
    done,
    missing,
  }: { field: string; page: string; revoke: (id: string) => Promise<boolean>; done: string; missing: string },
) {
  const id = form.get(field);
  const revoked = typeof id === "string" && id.length > 0 && (await revoke(id));
  return redirectWithToast(request, page, revoked ? { type: "success", message: done } : { type: "error", message: missing });
}
