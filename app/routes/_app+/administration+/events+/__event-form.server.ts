import { data } from "@remix-run/node";

import { EVENT_ADDED, EVENT_CREATE_FAILED, EVENT_END_BEFORE_START, EVENT_UPDATE_FAILED, EVENT_UPDATED } from "#common/messages";
import { createEvent, updateEvent, type EventValues, type ManagedEvent } from "~/models/event.server";
import { cascadeResult, compoundCascadeOptions, readCompoundCascade } from "~/services/console/cascade.server";
import { confirmedDeleteRoutes } from "~/services/console/confirm.server";
import { EVENTS } from "~/services/console/managed.server";
import { recordFormRoutes, saveRecordForm } from "~/services/console/record-form.server";
import { EVENTS_LIST } from "~/utils/administration";
import { readDate } from "~/utils/dates";
import { parseForm } from "~/utils/form-schema";
import { readPicked } from "~/utils/options";
import { readFormData } from "~/utils/request.server";
import type { SessionUser } from "~/utils/session.server";
import { instantIn, isTimeZone, timeZoneNames, timeZoneOption, wallClockIn, wallClockKey } from "~/utils/time-zones";

import { EventSchema, SHOWN_TIMES, type EventFormValues } from "./__event-form";

/** The form's values for an event (empty for Add: active, not important), its times on the wall clock of its zone. */
export function eventFormValues(event?: ManagedEvent | null): EventFormValues {
  const zone = event && isTimeZone(event.timezone) ? event.timezone : "UTC";
  return {
    title: event?.title ?? "",
    type: event?.type ?? "",
    description: event?.description ?? "",
    client: event?.client ? String(event.client) : "",
    therapeuticArea: event?.therapeuticArea ? String(event.therapeuticArea) : "",
    disease: event?.disease ? String(event.disease) : "",
    compound: event?.compound ? String(event.compound) : "",
    startDateTime: event ? wallClockIn(event.startDateTime, zone) : "",
    endDateTime: event ? wallClockIn(event.endDateTime, zone) : "",
    timezone: event?.timezone ?? "",
    isImportant: Boolean(event?.isImportant),
    status: event?.status ?? "active",
  };
}

/** What the Add and Edit pages load: the event's values (Add's without one), their cascade's options and the full list
 *  of time zones. */
export async function eventFormPage(user: SessionUser, event?: ManagedEvent) {
  const defaultValue = eventFormValues(event);
  return { defaultValue, options: await compoundCascadeOptions(user, defaultValue), timeZones: timeZoneNames() };
}

const TIMES_MOVED = {
  endDateTime: "The end was before the start, so it was moved to the start. Check the times and save again.",
  startDateTime: "The end was moved before the start, so the start was moved to it. Check the times and save again.",
} as const;

/**
 * admin-console §4 keeps start and end in order as they change: moving the start past the end moves the end, moving the
 * end before the start moves the start. The page does it as focus leaves a time; without JavaScript it cannot, so the server
 * applies the same rule to a form whose end is before its start — the field the user changed (told by the values the
 * form was rendered with) stays, the other moves to it — and shows the form again saying so, rather than saving times
 * the user has not seen (docs/decisions/010). Which field moved, or null when the times were in order.
 */
function keepTimesInOrder(form: FormData): keyof typeof SHOWN_TIMES | null {
  // Read as the schema reads them: a time typed as DD/MM/YYYY HH:mm is the one shown as YYYY-MM-DDTHH:mm.
  const time = (name: string) => readDate(String(form.get(name) ?? ""), "minute");
  const [start, end] = [time("startDateTime"), time("endDateTime")];
  const shown = { start: time(SHOWN_TIMES.startDateTime), end: time(SHOWN_TIMES.endDateTime) };
  for (const name of Object.values(SHOWN_TIMES)) form.delete(name);
  if (!start || !end || !(wallClockKey(end) < wallClockKey(start))) return null;
  if (end !== shown.end && start === shown.start) {
    form.set("startDateTime", end);
    return "startDateTime";
  }
  form.set("endDateTime", start);
  return "endDateTime";
}

/**
 * The event form's action for Add and Edit (of `event`): 'Choose' re-renders the form with its new options; a client or area
 * outside the user's permissions gets the spec's message and is cleared with what depends on it (user-app §4 "goes
 * back"); a compound must be one of the disease's; times out of order are put in order and shown again; field errors
 * and a failed write stay on the form; success goes to the list with the spec's message.
 */
export async function submitEventForm(request: Request, user: SessionUser, event?: ManagedEvent) {
  const form = await readFormData(request);
  const { cascade, options, problem } = await readCompoundCascade(form, user);
  const moved = cascade ? null : keepTimesInOrder(form);
  const timeZones = timeZoneNames();
  const zone = readPicked(form, "timezone", timeZones.map(timeZoneOption));
  const submission = parseForm(form, { schema: EventSchema });
  if (cascade) return data({ result: cascadeResult(submission.reply().initialValue, problem), options, timeZones, notice: null });
  return saveRecordForm(request, submission, {
    extra: { options, timeZones, notice: moved ? TIMES_MOVED[moved] : null },
    fieldErrors: {
      ...(problem ? { [problem.field]: [problem.message] } : {}),
      ...(moved ? { endDateTime: [EVENT_END_BEFORE_START] } : {}),
      ...(zone ? { timezone: zone } : {}),
    },
    save: (value): Promise<unknown> => {
      const values: EventValues = {
        title: value.title,
        type: value.type,
        description: value.description,
        client: value.client,
        therapeuticArea: value.therapeuticArea,
        disease: value.disease,
        compound: value.compound ?? null,
        // Both are real times (the schema) in a real zone: the instants exist ("compatible" reads DST gaps and folds).
        startDateTime: instantIn(value.startDateTime, value.timezone)!,
        endDateTime: instantIn(value.endDateTime, value.timezone)!,
        timezone: value.timezone,
        isImportant: value.isImportant ?? false,
        status: value.status,
      };
      return event ? updateEvent({ actor: user, event, values }) : createEvent({ actor: user, values });
    },
    to: EVENTS_LIST,
    ...(event ? { done: EVENT_UPDATED, failed: EVENT_UPDATE_FAILED } : { done: EVENT_ADDED, failed: EVENT_CREATE_FAILED }),
  });
}

/** Add's loader, Edit's and the action of both, each calling the guard first (`recordFormRoutes`). */
export const { addLoader, editLoader, action } = recordFormRoutes(EVENTS, {
  page: ({ actor, record }) => eventFormPage(actor, record),
  submit: submitEventForm,
});

/** The Delete route's loader and action, each calling the guard first (`confirmedDeleteRoutes`): the kind's `deletion`. */
export const { deleteLoader, deleteAction } = confirmedDeleteRoutes(EVENTS, (event) => ({ title: event.title }));
