import { unstable_useControl as useControl } from "@conform-to/react";
import { parseDate, parseDateTime, type CalendarDate, type CalendarDateTime, type DateValue } from "@internationalized/date";
import { useRef } from "react";
import { Calendar } from "react-aria-components/Calendar";
import { DateInput, DatePicker, DateSegment } from "react-aria-components/DatePicker";
import { Dialog } from "react-aria-components/Dialog";
import { Group } from "react-aria-components/Group";
import { I18nProvider } from "react-aria-components/I18nProvider";
import { Label } from "react-aria-components/Label";
import { Popover } from "react-aria-components/Popover";

import { readDate, type DateGranularity } from "~/utils/dates";

import { CalendarButton, CalendarMonth } from "./calendar-parts";
import type { DateForProps } from "./date-field";
import { ErrorList } from "./forms";

// A date field's picker: DateFor (./date-field.tsx) loads this module once the page has hydrated.

/** The picker's value for a field's text (none when it cannot be read). */
function pickerValue(text: string | undefined, granularity: DateGranularity): CalendarDate | CalendarDateTime | null {
  const value = readDate(text, granularity);
  return value ? (granularity === "day" ? parseDate(value) : parseDateTime(value)) : null;
}

export default function DatePickerFor({ meta, label, granularity, min, onLeave }: DateForProps & { granularity: DateGranularity }) {
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
