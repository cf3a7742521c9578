import { parseDate, type CalendarDate } from "@internationalized/date";
import { useState } from "react";
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

import { useHydrated } from "~/utils/use-hydrated";

// A date range in a GET filter form (the news and events feeds, user-app §2): without JavaScript, and until the
// scripts start, two date inputs; with it, react-aria's DateRangePicker (DD/MM/YYYY) with the presets beside the
// calendar. Either way the form sends `from` and `to` as YYYY-MM-DD, and `max` bounds the latest day. Nothing applies
// until the form is submitted (Apply), on any screen: the reading taken of "on mobile applies only on Apply".

type Range = { from: string; to: string };
type Preset = Range & { label: string };

export function DateRangeField({ range, max, presets }: { range: Range; max?: string; presets: Preset[] }) {
  const hydrated = useHydrated();
  const [value, setValue] = useState<{ start: CalendarDate; end: CalendarDate }>(() => ({
    start: parseDate(range.from),
    end: parseDate(range.to),
  }));
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
      <input type="hidden" name="from" value={value.start.toString()} />
      <input type="hidden" name="to" value={value.end.toString()} />
      <DateRangePicker
        className="field date-range"
        value={value}
        onChange={(v) => v && setValue(v)}
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
