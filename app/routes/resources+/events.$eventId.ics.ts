import type { LoaderFunctionArgs } from "@remix-run/node";

import { findPermittedEvent } from "~/models/event.server";
import { requireApiUser } from "~/services/auth.server";
import { eventDownload } from "~/utils/ics.server";

/** 'Add to calendar' (issue #12): one event as an .ics file, for a user who may see it; any other id is a 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const event = await findPermittedEvent({ user, id: params.eventId });
  if (!event) throw new Response("Not found", { status: 404 });
  return eventDownload(event);
}
