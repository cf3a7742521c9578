import type { ActionFunctionArgs } from "@remix-run/node";

import { setEventStatus } from "~/models/event.server";
import { switchStatus } from "~/services/console/status-switch.server";
import { EVENTS_LIST } from "~/utils/administration";

import { requireManagedEvent } from "./__managed-event.server";

/** The row menu's status switch: 'Event active!' or 'Event inactive!' (admin-console §4's 'Event {status}!'). */
export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, event } = await requireManagedEvent(request, params.eventId);
  return switchStatus(request, { entity: "Event", list: EVENTS_LIST, set: (status) => setEventStatus({ actor, event, status }) });
}
