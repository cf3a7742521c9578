import { parseDate, type CalendarDate } from "@internationalized/date";
import { useEffect, useRef, useState } from "react";
import { DateInput, DateRangePicker, DateSegment } from "react-aria-components/DateRangePicker";
import { Dialog } from "react-aria-components/Dialog";
import { Group } from "react-aria-components/Group";
import { I18nProvider } from "react-aria-components/I18nProvider";
import { Label } from "react-aria-components/Label";
import { Popover } from "react-aria-components/Popover";
import { RangeCalendar } from "react-aria-components/RangeCalendar";

import { CalendarButton, CalendarMonth } from "./calendar-parts";
import type { DateRangeProps } from "./date-range";

// A date range filter's picker: DateRangeField (./date-range.tsx) loads this module once the page has hydrated.

export default function DateRangePickerFor({ range, max, presets, applyAtOnce = false }: DateRangeProps) {
  const [value, setValue] = useState<{ start: CalendarDate; end: CalendarDate }>(() => ({
    start: parseDate(range.from),
    end: parseDate(range.to),
  }));
  const from = useRef<HTMLInputElement>(null);
  // Set as the picker closes; submitted once the hidden fields hold the range chosen (after that render).
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    if (!closed) return;
    setClosed(false);
    if (applyAtOnce && (value.start.toString() !== range.from || value.end.toString() !== range.to)) from.current?.form?.requestSubmit();
  }, [closed, applyAtOnce, value, range]);
  return (
    <I18nProvider locale="en-GB">
      <input type="hidden" name="from" value={value.start.toString()} ref={from} />
      <input type="hidden" name="to" value={value.end.toString()} />
      <DateRangePicker
        className="field date-range"
        value={value}
        onChange={(v) => v && setValue(v)}
        onOpenChange={(open) => setClosed(!open)}
        maxValue={max ? parseDate(max) : undefined}
      >
        <Label>Dates</Label>
        <Group className="date-group">
          <DateInput slot="start" className="date-input">
            {(segment) => <DateSegment segment={segment} className="date-segment" />}
          </DateInput>
          <span aria-hidden="true">–</span>
          <DateInput slot="end" className="date-input">
            {(segment) => <DateSegment segment={segment} className="date-segment" />}
          </DateInput>
          <CalendarButton />
        </Group>
        <Popover className="date-popover" placement="bottom start">
          <Dialog className="date-dialog" aria-label="Choose dates">
            {({ close }) => (
              <div className="date-range-body">
                <ul className="date-range-presets" aria-label="Ranges">
                  {presets.map((p) => (
                    <li key={p.label}>
                      <button
                        type="button"
                        className="button"
                        onClick={() => {
                          setValue({ start: parseDate(p.from), end: parseDate(p.to) });
                          close();
                        }}
                      >
                        {p.label}
                      </button>
                    </li>
                  ))}
                </ul>
                <RangeCalendar className="calendar">
                  <CalendarMonth />
                </RangeCalendar>
              </div>
            )}
          </Dialog>
        </Popover>
      </DateRangePicker>
    </I18nProvider>
  );
}
