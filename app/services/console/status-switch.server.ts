import { ACTIVE_STATUSES } from "#common/constants";
import { STATUS_CHANGE_FAILED, statusChanged } from "#common/messages";
import { readFormData } from "~/utils/request.server";
import { redirectAfter } from "~/utils/toast.server";
import { returnTo } from "~/utils/url";

import type { ManagedKind } from "./managed.server";

/**
 * A list row's status switch (admin-console §4): the posted status applied by `set`, then back to the list view it was
 * used from with '{name} active!' or '{name} inactive!' (the kind's name).
 */
export async function switchStatus(
  request: Request,
  kind: Pick<ManagedKind<unknown>, "name" | "list">,
  set: (status: (typeof ACTIVE_STATUSES)[number]) => Promise<unknown>,
) {
  const form = await readFormData(request);
  const status = ACTIVE_STATUSES.find((s) => s === form.get("status"));
  if (!status) throw new Response("Choose active or inactive.", { status: 400 });
  return redirectAfter(request, returnTo(form, kind.list), () => set(status), {
    done: statusChanged(kind.name, status),
    failed: STATUS_CHANGE_FAILED,
  });
}
