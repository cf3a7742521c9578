import type { ActionFunctionArgs } from "@remix-run/node";
import { ACTIVE_STATUSES } from "#common/constants";
import { STATUS_CHANGE_FAILED, statusChanged } from "#common/messages";
import { setClientStatus } from "~/models/client.server";
import { CLIENTS_LIST } from "~/utils/administration";
import { returnTo } from "~/utils/url";
import { readFormData } from "~/utils/request.server";
import { redirectAfter } from "~/utils/toast.server";
import { requireAdminClient } from "./__admin-client.server";

/** The row menu's status switch (admin-console §4): 'Client active!' or 'Client inactive!'. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, client } = await requireAdminClient(request, params.clientId);
  const form = await readFormData(request);
  const status = form.get("status");
  if (!ACTIVE_STATUSES.some((s) => s === status)) throw new Response("Choose active or inactive.", { status: 400 });
  const next = status as (typeof ACTIVE_STATUSES)[number];
  return redirectAfter(request, returnTo(form, CLIENTS_LIST), () => setClientStatus({ actor, client, status: next }), { done: statusChanged("Client", next), failed: STATUS_CHANGE_FAILED });
}
