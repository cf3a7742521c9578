import { z } from "zod";

import { EVENT_TYPES } from "#common/constants";
import { findPermittedEvent, listEventsPage } from "~/models/event.server";
import { dayBound } from "~/utils/dates";
import { eventDownload } from "~/utils/ics.server";

import { endpoint, type AnyEndpoint } from "../endpoint.server";
import { API_BASE } from "../handler.server";
import { ApiProblem } from "../problem.server";
import { clientOf, Day, Id, page } from "./shared.server";

// /api/v1: a client's events for a reader, each with its .ics.

const EventItem = z.object({
  _id: z.string(),
  title: z.string(),
  type: z.string(),
  /** The description as plain text. */
  summary: z.string(),
  startDateTime: z.string(),
  endDateTime: z.string(),
  /** The zone the event is held in (IANA). */
  timezone: z.string(),
  important: z.boolean(),
  disease: z.string().nullable(),
  compound: z.string().nullable(),
  /** The event as an .ics file (GET, with the same token). */
  ics: z.string(),
});

const EventSearch = z.object({
  limit: z.number().int().min(1).max(100).default(20),
  forwardToken: z.string().min(1).max(500).optional(),
  filters: z.object({
    client: Id,
    therapeuticArea: Id.optional(),
    disease: Id.optional(),
    compound: Id.optional(),
    type: z.enum(EVENT_TYPES).optional(),
    /** From and to, both days included; by default from today on. */
    startDate: Day.optional(),
    endDate: Day.optional(),
    status: z.literal("active").default("active"),
  }),
});

export const EVENTS: AnyEndpoint[] = [
  endpoint({
    method: "POST",
    path: "/events/search",
    operationId: "searchEvents",
    tag: "Events",
    summary: "A client's active events, soonest first, of the diseases the owner may see (user-app §7 /events/search)",
    description: "From today on unless startDate says otherwise. Follow nextPage (as forwardToken) for the next page.",
    access: "read",
    body: EventSearch,
    response: z.object({ events: z.array(EventItem), nextPage: z.string().nullable() }),
    handle: async ({ caller: { user }, body }) => {
      const client = await clientOf(user, body.filters.client);
      const f = body.filters;
      const [from, to] = [dayBound(f.startDate), dayBound(f.endDate, true)];
      if (from && to && from > to) throw new ApiProblem(400, "startDate is after endDate.");
      const filters = {
        areaId: f.therapeuticArea,
        diseaseId: f.disease,
        compoundId: f.compound,
        type: f.type,
        from: from ?? undefined,
        to: to ?? undefined,
      };
      const found = await listEventsPage({ user, client, filters, page: { size: body.limit, after: body.forwardToken ?? null } });
      if (found.restarted) throw new ApiProblem(400, "The forwardToken cannot be used: start again from the first page.");
      return {
        events: found.items.map((e) => ({
          _id: e.id,
          title: e.title,
          type: e.type,
          summary: e.summary,
          startDateTime: e.start,
          endDateTime: e.end,
          timezone: e.timezone,
          important: e.important,
          disease: e.disease,
          compound: e.compound,
          ics: page(`${API_BASE}/events/${e.id}/ics`),
        })),
        nextPage: found.next,
      };
    },
  }),
  endpoint({
    method: "GET",
    path: "/events/{eventId}/ics",
    operationId: "getEventIcs",
    tag: "Events",
    summary: "An event as an .ics file, for Outlook, Google Calendar and the like",
    access: "read",
    file: "text/calendar",
    params: z.object({ eventId: Id }),
    response: z.string(),
    handle: async ({ caller: { user }, params }) => {
      const event = await findPermittedEvent({ user, id: params.eventId });
      if (!event) throw new ApiProblem(404, "No such event.");
      return eventDownload(event);
    },
  }),
];
