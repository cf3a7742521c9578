import { lazy, Suspense } from "react";

import { DATE_PICKER_BREAKPOINT } from "#common/constants";
import { shownDate } from "~/utils/dates";
import { useHydrated } from "~/utils/use-hydrated";
import { useMediaQuery } from "~/utils/use-media-query";

import { dateTextProps } from "./date-field";

// A date range in a GET filter form (the news and events feeds, user-app §2): without JavaScript, and until the
// scripts start, two text inputs showing DD/MM/YYYY (as every date field: app/components/date-field.tsx); with it,
// react-aria's DateRangePicker (DD/MM/YYYY) with the presets beside the calendar, sending `from` and `to` as YYYY-MM-DD.
// The server reads both with readDate; `max` bounds the latest day the picker offers (the server checks it either way). With
// `applyAtOnce` a range chosen in the picker (a preset, or two days of the calendar) submits the form as the picker
// closes; dates typed into the fields wait for Apply, as every range does without it. The picker
// (./date-range-picker.tsx) is loaded once the page has hydrated, the text inputs standing in meanwhile.

/**
 * Whether a feed's filter form applies a choice at once (user-app §2 news: the picker "on mobile applies only on
 * Apply"): with JavaScript, on a screen wider than the date picker's mobile breakpoint (§9, 600 px). The form is still
 * submitted as a GET, so the address holds the filters either way.
 */
export const useAppliesAtOnce = () => useMediaQuery(`(min-width: ${DATE_PICKER_BREAKPOINT + 1}px)`);

type Range = { from: string; to: string };
type Preset = Range & { label: string };
export type DateRangeProps = { range: Range; max?: string; presets: Preset[]; applyAtOnce?: boolean };

const DateRangePickerFor = lazy(() => import("./date-range-picker"));

export function DateRangeField({ range, max, presets, applyAtOnce = false }: DateRangeProps) {
  const hydrated = useHydrated();
  const texts = (
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
  if (!hydrated) return texts;
  return (
    <Suspense fallback={texts}>
      <DateRangePickerFor range={range} max={max} presets={presets} applyAtOnce={applyAtOnce} />
    </Suspense>
  );
}
