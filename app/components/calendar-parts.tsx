import { Button } from "react-aria-components/Button";
import { CalendarCell, CalendarGrid } from "react-aria-components/Calendar";
import { Heading } from "react-aria-components/Heading";

// What a date field's picker (./date-picker.tsx) and the date range picker (./date-range-picker.tsx) draw alike.

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
