import { unstable_useControl as useControl, type FieldMetadata } from "@conform-to/react";
import { parseDate, parseDateTime, type CalendarDate, type CalendarDateTime, type DateValue } from "@internationalized/date";
import { useRef, type InputHTMLAttributes } from "react";
import { Button } from "react-aria-components/Button";
import { Calendar, CalendarCell, CalendarGrid } from "react-aria-components/Calendar";
import { DateInput, DatePicker, DateSegment } from "react-aria-components/DatePicker";
import { Dialog } from "react-aria-components/Dialog";
import { Group } from "react-aria-components/Group";
import { Heading } from "react-aria-components/Heading";
import { I18nProvider } from "react-aria-components/I18nProvider";
import { Label } from "react-aria-components/Label";
import { Popover } from "react-aria-components/Popover";

import { DATE_FORMAT, datePattern, readDate, shownDate, type DateGranularity } from "~/utils/dates";
import { useHydrated } from "~/utils/use-hydrated";

import { ErrorList, Field } from "./forms";

// The one date entry of every form (user-app §9: dates read DD/MM/YYYY). Without JavaScript, and until the scripts
// start, a text input showing DD/MM/YYYY (HH:mm for a time); with it, react-aria's DatePicker in British English —
// segments DD/MM/YYYY (HH:mm), a calendar beside them — sending YYYY-MM-DD (THH:mm), what date inputs sent before.
// The server reads either with readDate (app/utils/dates.ts), through the schemas' dateField.

/** A text input's attributes for a date typed as DD/MM/YYYY (HH:mm): the format as placeholder and pattern, a keypad
 *  with '.' for a day on a phone. */
export const dateTextProps = (granularity: DateGranularity) =>
  ({
    type: "text",
    placeholder: DATE_FORMAT[granularity],
    title: DATE_FORMAT[granularity],
    pattern: datePattern(granularity),
    inputMode: granularity === "day" ? "decimal" : undefined,
    autoComplete: "off",
  }) satisfies InputHTMLAttributes<HTMLInputElement>;

/** The picker's value for a field's text (none when it cannot be read). */
function pickerValue(text: string | undefined, granularity: DateGranularity): CalendarDate | CalendarDateTime | null {
  const value = readDate(text, granularity);
  return value ? (granularity === "day" ? parseDate(value) : parseDateTime(value)) : null;
}

/** The calendar icon button that opens a date picker's popover (react-aria names it "Calendar"). */
export function CalendarButton() {
  return (
    <Button className="button date-open">
      <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5">
        <rect x="1.75" y="2.75" width="12.5" height="11.5" rx="1.5" />
        <path d="M1.75 6.25h12.5M5 1v3.5M11 1v3.5" />
      </svg>
    </Button>
  );
}

/** A calendar's month (a date's or a range's): its heading between the previous and next buttons, over its days. */
export function CalendarMonth() {
  return (
    <>
      <header>
        <Button slot="previous" className="button" aria-label="Previous month">
          ‹
        </Button>
        <Heading />
        <Button slot="next" className="button" aria-label="Next month">
          ›
        </Button>
      </header>
      <CalendarGrid>{(date) => <CalendarCell date={date} className="calendar-cell" />}</CalendarGrid>
    </>
  );
}

type DateForProps = {
  meta: FieldMetadata<string | undefined>;
  label: string;
  granularity?: DateGranularity;
  min?: string;
  onLeave?: (input: HTMLInputElement) => void;
};

/** A date (or a date and time) for a conform field. `min`: the earliest value the calendar offers (a field's text);
 *  `onLeave`: called with the field's input (the value it sends) as focus leaves the picker. */
export function DateFor({ meta, label, granularity = "day", min, onLeave }: DateForProps) {
  const hydrated = useHydrated();
  if (!hydrated)
    return (
      <Field
        label={label}
        inputProps={{
          ...dateTextProps(granularity),
          id: meta.id,
          name: meta.name,
          form: meta.formId,
          defaultValue: shownDate(meta.initialValue, granularity),
        }}
        errors={meta.errors}
      />
    );
  return <DatePickerFor meta={meta} label={label} granularity={granularity} min={min} onLeave={onLeave} />;
}

function DatePickerFor({ meta, label, granularity, min, onLeave }: DateForProps & { granularity: DateGranularity }) {
  // The input the form sends, its value kept by conform (so `form.update` and a reset reach the picker). A text input
  // kept out of sight, not type="hidden": React writes a changed defaultValue into a hidden input's value, which would
  // undo what was picked since.
  const control = useControl(meta);
  const input = useRef<HTMLInputElement | null>(null);
  const invalid = Boolean(meta.errors?.length);
  const minValue = pickerValue(min, granularity);
  return (
    <div className={`field date-field${invalid ? " field-invalid" : ""}`}>
      <input
        hidden
        name={meta.name}
        defaultValue={meta.initialValue}
        ref={(element) => {
          control.register(element);
          input.current = element;
        }}
      />
      <I18nProvider locale="en-GB">
        <DatePicker
          value={pickerValue(control.value, granularity)}
          onChange={(value: DateValue | null) => control.change(value ? (readDate(value.toString(), granularity) ?? "") : "")}
          onBlur={() => input.current && onLeave?.(input.current)}
          granularity={granularity}
          hourCycle={24}
          shouldForceLeadingZeros
          minValue={minValue ?? undefined}
          isInvalid={invalid}
          validationBehavior="aria"
          aria-describedby={invalid ? meta.errorId : undefined}
        >
          <Label className="date-label">{label}</Label>
          <Group className="date-group">
            <DateInput className="date-input">{(segment) => <DateSegment segment={segment} className="date-segment" />}</DateInput>
            <CalendarButton />
          </Group>
          <Popover className="date-popover" placement="bottom start">
            <Dialog className="date-dialog" aria-label={`Choose the ${label.toLowerCase()}`}>
              <Calendar className="calendar">
                <CalendarMonth />
              </Calendar>
            </Dialog>
          </Popover>
        </DatePicker>
      </I18nProvider>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
