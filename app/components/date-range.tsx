import { parseDate, type CalendarDate } from "@internationalized/date";
import { useEffect, useRef, useState } from "react";
import {
  Button,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DateRangePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  I18nProvider,
  Label,
  Popover,
  RangeCalendar,
} from "react-aria-components";

import { DATE_PICKER_BREAKPOINT } from "#common/constants";
import { useHydrated } from "~/utils/use-hydrated";
import { useMediaQuery } from "~/utils/use-media-query";

// A date range in a GET filter form (the news and events feeds, user-app §2): without JavaScript, and until the
// scripts start, two date inputs; with it, react-aria's DateRangePicker (DD/MM/YYYY) with the presets beside the
// calendar. Either way the form sends `from` and `to` as YYYY-MM-DD, and `max` bounds the latest day. With
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
          <input type="date" name="from" defaultValue={range.from} max={max} />
        </label>
        <label className="field">
          <span>To</span>
          <input type="date" name="to" defaultValue={range.to} max={max} />
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
        <Group className="date-range-group">
          <DateInput slot="start" className="date-input">
            {(segment) => <DateSegment segment={segment} className="date-segment" />}
          </DateInput>
          <span aria-hidden="true">–</span>
          <DateInput slot="end" className="date-input">
            {(segment) => <DateSegment segment={segment} className="date-segment" />}
          </DateInput>
          {/* Named "Calendar" by the picker. */}
          <Button className="button date-range-open">
            <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5">
              <rect x="1.75" y="2.75" width="12.5" height="11.5" rx="1.5" />
              <path d="M1.75 6.25h12.5M5 1v3.5M11 1v3.5" />
            </svg>
          </Button>
        </Group>
        <Popover className="date-range-popover" placement="bottom start">
          <Dialog className="date-range-dialog" aria-label="Choose dates">
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
                <RangeCalendar className="range-calendar">
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
                </RangeCalendar>
              </div>
            )}
          </Dialog>
        </Popover>
      </DateRangePicker>
    </I18nProvider>
  );
}
