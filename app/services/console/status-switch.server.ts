import { ACTIVE_STATUSES } from "#common/constants";
import { STATUS_CHANGE_FAILED, statusChanged } from "#common/messages";
import { readFormData } from "~/utils/request.server";
import { redirectAfter } from "~/utils/toast.server";
import { returnTo } from "~/utils/url";

/**
 * A list row's status switch (admin-console §4) for clients, companies and keywords: the posted status applied by
 * `set`, then back to the list view it was used from with '{Entity} active!' or '{Entity} inactive!'.
 */
export async function switchStatus(
  request: Request,
  { entity, list, set }: { entity: string; list: string; set: (status: (typeof ACTIVE_STATUSES)[number]) => Promise<unknown> },
) {
  const form = await readFormData(request);
  const status = ACTIVE_STATUSES.find((s) => s === form.get("status"));
  if (!status) throw new Response("Choose active or inactive.", { status: 400 });
  return redirectAfter(request, returnTo(form, list), () => set(status), {
    done: statusChanged(entity, status),
    failed: STATUS_CHANGE_FAILED,
  });
}
