import type { DateValue } from "#workers/engine/model";

/** A sheet date for display: a full date as DD/MM/YYYY (spec §9), a period ('2027', 'Q3 2026', '2028+') as written. */
export function displayDate(value: DateValue | null | undefined): string {
  if (!value) return "";
  if (value.precision !== "day") return value.label;
  const [year, month, day] = value.iso.split("-");
  return `${day}/${month}/${year}`;
}
