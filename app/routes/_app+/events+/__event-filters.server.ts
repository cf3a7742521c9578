import { EVENT_TYPES } from "#common/constants";
import { isObjectId } from "#common/ids";
import { dayBound } from "~/utils/dates";

// The events feed's filters as they travel in the URL; values that cannot be read are dropped (a shared link keeps
// working when the options change), dates that cannot be used say so.

export function readEventFilters(search: URLSearchParams) {
  const id = (name: string) => {
    const value = search.get(name) ?? "";
    return isObjectId(value) ? value.toLowerCase() : "";
  };
  const type: (typeof EVENT_TYPES)[number] | "" = (EVENT_TYPES as readonly string[]).includes(search.get("type") ?? "")
    ? (search.get("type") as (typeof EVENT_TYPES)[number])
    : "";
  const values: { area: string; disease: string; compound: string; type: typeof type; from: string; to: string } = {
    area: id("area"),
    disease: id("disease"),
    compound: id("compound"),
    type,
    from: search.get("from") ?? "",
    to: search.get("to") ?? "",
  };
  const [from, to] = [dayBound(values.from), dayBound(values.to, true)];
  const problem =
    (values.from && !from) || (values.to && !to)
      ? "Dates must be real days (YYYY-MM-DD)."
      : from && to && from > to
        ? "The start date must not be after the end date."
        : null;
  return { values, from: problem ? undefined : (from ?? undefined), to: problem ? undefined : (to ?? undefined), problem };
}
