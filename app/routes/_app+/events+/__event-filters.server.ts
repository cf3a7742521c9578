import { EVENT_TYPES } from "#common/constants";
import { isObjectId } from "#common/ids";
import { readDate, readDayRange } from "~/utils/dates";

// The events feed's filters as they travel in the URL; values that cannot be read are dropped (a shared link keeps
// working when the options change), dates that cannot be used say so.

export function readEventFilters(search: URLSearchParams) {
  const id = (name: string) => {
    const value = search.get(name) ?? "";
    return isObjectId(value) ? value.toLowerCase() : "";
  };
  // A day as the field sent it (DD/MM/YYYY without JavaScript) is kept as YYYY-MM-DD, as links hold it.
  const day = (name: string) => {
    const value = search.get(name) ?? "";
    return readDate(value) ?? value;
  };
  const type: (typeof EVENT_TYPES)[number] | "" = (EVENT_TYPES as readonly string[]).includes(search.get("type") ?? "")
    ? (search.get("type") as (typeof EVENT_TYPES)[number])
    : "";
  const values: { area: string; disease: string; compound: string; type: typeof type; from: string; to: string } = {
    area: id("area"),
    disease: id("disease"),
    compound: id("compound"),
    type,
    from: day("from"),
    to: day("to"),
  };
  return { values, ...readDayRange(values.from, values.to) };
}
