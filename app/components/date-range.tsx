import { parseDate, type CalendarDate } from "@internationalized/date";
import { useEffect, useRef, useState } from "react";
import { DateInput, DateRangePicker, DateSegment } from "react-aria-components/DateRangePicker";
import { Dialog } from "react-aria-components/Dialog";
import { Group } from "react-aria-components/Group";
import { I18nProvider } from "react-aria-components/I18nProvider";
import { Label } from "react-aria-components/Label";
import { Popover } from "react-aria-components/Popover";
import { RangeCalendar } from "react-aria-components/RangeCalendar";

import { DATE_PICKER_BREAKPOINT } from "#common/constants";
import { shownDate } from "~/utils/dates";
import { useHydrated } from "~/utils/use-hydrated";
import { useMediaQuery } from "~/utils/use-media-query";

import { CalendarButton, CalendarMonth, dateTextProps } from "./date-field";

// A date range in a GET filter form (the news and events feeds, user-app §2): without JavaScript, and until the
// scripts start, two text inputs showing DD/MM/YYYY (as every date field: app/components/date-field.tsx); with it,
// react-aria's DateRangePicker (DD/MM/YYYY) with the presets beside the calendar, sending `from` and `to` as YYYY-MM-DD.
// The server reads both with readDate; `max` bounds the latest day the picker offers (the server checks it either way). With
// `applyAtOnce` a range chosen in the picker (a preset, or two days of the calendar) submits the form as the picker
// closes; dates typed into the fields wait for Apply, as every range does without it.

/**
 * Whether a feed's filter form applies a choice at once (user-app §2 news: the picker "on mobile applies only on
 * Apply"): with JavaScript, on a screen wider than the date picker's mobile breakpoint (§9, 600 px). The form is still
 * submitted as a GET, so the address holds the filters either way.
 */
export const useAppliesAtOnce = () => useMediaQuery(`(min-width: ${DATE_PICKER_BREAKPOINT + 1}px)`);

type Range = { from: string; to: string };
type Preset = Range & { label: string };

export function DateRangeField({
  range,
  max,
  presets,
  applyAtOnce = false,
}: {
  range: Range;
  max?: string;
  presets: Preset[];
  applyAtOnce?: boolean;
}) {
  const hydrated = useHydrated();
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
  if (!hydrated) {
    return (
      <>
        <label className="field">
          <span>From</span>
          <input {...dateTextProps("day")} name="from" defaultValue={shownDate(range.from)} />
        </label>
        <label className="field">
          <span>To</span>
          <input {...dateTextProps("day")} name="to" defaultValue={shownDate(range.to)} />
        </label>
      </>
    );
  }
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
