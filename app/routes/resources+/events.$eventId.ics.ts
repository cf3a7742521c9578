import type { LoaderFunctionArgs } from "@remix-run/node";

import { findPermittedEvent } from "~/models/event.server";
import { requireApiUser } from "~/services/auth.server";
import { eventCalendar } from "~/utils/ics.server";

/** 'Add to calendar' (issue #12): one event as an .ics file, for a user who may see it; any other id is a 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const event = await findPermittedEvent({ user, id: params.eventId });
  if (!event) throw new Response("Not found", { status: 404 });
  const body = eventCalendar({
    id: String(event._id),
    title: event.title,
    type: event.type,
    description: event.description ?? "",
    start: event.startDateTime,
    end: event.endDateTime,
    timezone: event.timezone,
  });
  const name =
    event.title
      .replace(/[^\w.-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "event";
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}.ics"`,
      "Cache-Control": "private, no-store",
    },
  });
}
