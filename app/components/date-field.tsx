import type { FieldMetadata } from "@conform-to/react";
import { lazy, Suspense, type InputHTMLAttributes } from "react";

import { DATE_FORMAT, datePattern, shownDate, type DateGranularity } from "~/utils/dates";
import { useHydrated } from "~/utils/use-hydrated";

import { Field } from "./forms";

// The one date entry of every form (user-app §9: dates read DD/MM/YYYY). Without JavaScript, and until the scripts
// start, a text input showing DD/MM/YYYY (HH:mm for a time); with it, react-aria's DatePicker in British English —
// segments DD/MM/YYYY (HH:mm), a calendar beside them — sending YYYY-MM-DD (THH:mm), what date inputs sent before.
// The server reads either with readDate (app/utils/dates.ts), through the schemas' dateField. The picker
// (./date-picker.tsx) is loaded once the page has hydrated, the text input standing in meanwhile: with its date
// library it is a fifth of a form page's script, which the page needs only to draw.

const DatePickerFor = lazy(() => import("./date-picker"));

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

export type DateForProps = {
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
  const text = (
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
  if (!hydrated) return text;
  return (
    <Suspense fallback={text}>
      <DatePickerFor meta={meta} label={label} granularity={granularity} min={min} onLeave={onLeave} />
    </Suspense>
  );
}
