import type { ActionFunctionArgs } from "@remix-run/node";

import { setEventStatus } from "~/models/event.server";
import { EVENTS, requireManagedRecord } from "~/services/console/managed.server";
import { switchStatus } from "~/services/console/status-switch.server";

/** The row menu's status switch: 'Event active!' or 'Event inactive!' (admin-console §4's 'Event {status}!'). */
export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, record: event } = await requireManagedRecord(request, params.eventId, EVENTS);
  return switchStatus(request, EVENTS, (status) => setEventStatus({ actor, event, status }));
}
