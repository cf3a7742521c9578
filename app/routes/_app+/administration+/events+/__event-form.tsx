import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import * as z from "zod/mini";

import { ACTIVE_STATUSES, EVENT_TYPES } from "#common/constants";
import { EVENT_END_BEFORE_START, EVENT_TIMEZONE_REQUIRED, FIELD_REQUIRED } from "#common/messages";
import { plainText } from "#common/plain-text";
import { RecordFormFooter, StatusField, useRecordForm, type RecordFormProps } from "~/components/console/record-form";
import { CompoundSelect, ScopeSelects, useScope, type ScopeChoices } from "~/components/console/scope-selects";
import { DateFor } from "~/components/date-field";
import { CheckboxFor, DefaultSubmit, InputFor, SelectFor } from "~/components/forms";
import { MultiPicker } from "~/components/multi-picker";
import { RichTextFor } from "~/components/rich-text";
import { EVENTS_LIST } from "~/utils/administration";
import { dateField } from "~/utils/date-schema";
import { readDate } from "~/utils/dates";
import type { FormValuesOf } from "~/utils/form-schema";
import type { SelectOption } from "~/utils/options";
import { isTimeZone, timeZoneOption, wallClockKey } from "~/utils/time-zones";
import { requiredText } from "~/utils/user-validation";

// The event form (admin-console §2, §3, §5): title, type, description (rich text), client → therapeutic area → disease
// (the shared cascade, limited to what the user holds) → compound (optional), start and end as wall-clock times in the
// event's time zone (date fields to the minute: DD/MM/YYYY HH:mm, a text input without JavaScript), the zone from the
// full IANA list (searchable with JavaScript), isImportant and status.

export const EventSchema = z
  .object({
    title: requiredText(300),
    type: z.enum(EVENT_TYPES, { error: FIELD_REQUIRED }),
    description: z.string({ error: FIELD_REQUIRED }).check(
      z.maxLength(100_000, "The description is too long (at most 100,000 characters of HTML)."),
      z.refine((html) => plainText(html).length > 0, FIELD_REQUIRED),
    ),
    client: z.string({ error: FIELD_REQUIRED }),
    therapeuticArea: z.string({ error: FIELD_REQUIRED }),
    disease: z.string({ error: FIELD_REQUIRED }),
    compound: z.optional(z.string()),
    startDateTime: dateField("minute"),
    endDateTime: dateField("minute"),
    timezone: z.string({ error: EVENT_TIMEZONE_REQUIRED }).check(z.refine(isTimeZone, EVENT_TIMEZONE_REQUIRED)),
    isImportant: z.optional(z.boolean()),
    status: z.enum(ACTIVE_STATUSES, { error: FIELD_REQUIRED }),
  })
  .check(
    z.refine((v) => wallClockKey(v.endDateTime) >= wallClockKey(v.startDateTime), {
      path: ["endDateTime"],
      message: EVENT_END_BEFORE_START,
    }),
  );

export type EventFormValues = FormValuesOf<typeof EventSchema>;
type EventOptions = ScopeChoices & { compounds: SelectOption[] };

/** The hidden fields naming the start and end the form was rendered with: without JavaScript, the server tells by them
 *  which of the two the user moved (see `keepTimesInOrder`). */
export const SHOWN_TIMES = { startDateTime: "shownStart", endDateTime: "shownEnd" } as const;

/** Loaded: the values, the cascade's options and the full list of time zones. Sent back over it: the options chosen,
 *  and what the server did to the form before showing it again (the times put in order). */
export function EventForm({
  mode,
  loaded,
  sent,
}: RecordFormProps<
  { defaultValue: EventFormValues; options: EventOptions; timeZones: string[] },
  { options: EventOptions; notice: string }
>) {
  const { defaultValue, timeZones } = loaded;
  const options = sent?.options ?? loaded.options;
  const lastResult = sent?.result;
  const notice = sent?.notice;
  const [form, fields] = useRecordForm(EventSchema, { id: `event-${mode}`, lastResult, defaultValue });
  const initial = (lastResult?.initialValue as Partial<EventFormValues> | undefined) ?? defaultValue;
  const scope = useScope({ initial, options, compounds: true });
  // admin-console §4: moving the start past the end moves the end to it; moving the end before the start moves the start.
  // As focus leaves the time changed (while one types its parts, a day typed before its month is not yet the time
  // meant), the other time read from its input (conform's copy of a value can lag behind the input's).
  const keepInOrder = (changed: "startDateTime" | "endDateTime") => (input: HTMLInputElement) => {
    const other = changed === "startDateTime" ? fields.endDateTime : fields.startDateTime;
    const value = readDate(input.value, "minute");
    const otherValue = readDate((input.form?.elements.namedItem(other.name) as HTMLInputElement | null)?.value, "minute");
    if (!value || !otherValue) return;
    const [start, end] = changed === "startDateTime" ? [value, otherValue] : [otherValue, value];
    if (wallClockKey(end) < wallClockKey(start)) form.update({ name: other.name, value });
  };
  return (
    <Form method="post" className="form-card wide" {...getFormProps(form)}>
      <DefaultSubmit />
      <h1 className="page-title">{mode === "add" ? "Add Event" : "Edit Event"}</h1>
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}
      <InputFor meta={fields.title} label="Title" />
      <SelectFor meta={fields.type} label="Type" options={EVENT_TYPES.map((t) => ({ value: t, label: t }))} placeholder="Choose…" />
      <RichTextFor meta={fields.description} label="Description" defaultValue={initial.description ?? ""} />
      <ScopeSelects fields={fields} scope={scope} />
      <CompoundSelect field={fields.compound} scope={scope} initial={initial} />
      {(["startDateTime", "endDateTime"] as const).map((name) => (
        <input key={name} type="hidden" name={SHOWN_TIMES[name]} value={initial[name] ?? ""} />
      ))}
      <DateFor meta={fields.startDateTime} label="Start" granularity="minute" onLeave={keepInOrder("startDateTime")} />
      <DateFor
        meta={fields.endDateTime}
        label="End"
        granularity="minute"
        min={fields.startDateTime.value}
        onLeave={keepInOrder("endDateTime")}
      />
      <MultiPicker
        single
        id={fields.timezone.id}
        name={fields.timezone.name}
        label="Time zone"
        options={timeZones.map(timeZoneOption)}
        defaultValue={initial.timezone ? [initial.timezone] : []}
        errors={fields.timezone.errors}
        placeholder="Type to find a time zone (a city or region)"
      />
      <CheckboxFor meta={fields.isImportant} label="Important" />
      <StatusField meta={fields.status} />
      <RecordFormFooter form={form} mode={mode} cancelTo={EVENTS_LIST} />
    </Form>
  );
}
