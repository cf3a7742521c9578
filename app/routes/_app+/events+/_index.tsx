import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";

import { NO_CLIENT_SELECTED } from "#common/messages";
import { TokenPager } from "~/components/console/pager";
import { DateRangeField } from "~/components/date-range";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FilterActions } from "~/components/forms";
import { eventFilterOptions, listEventsPage, type EventCard } from "~/models/event.server";
import { requireUser } from "~/services/auth.server";
import { clientContext } from "~/services/shell.server";
import { dateRangePresets, isoDay } from "~/utils/dates";
import { PAGE_SIZES, placeServed, tokenPlaceOf } from "~/utils/paging";
import { formatRangeIn } from "~/utils/time-zones";
import { redirectWithToast } from "~/utils/toast.server";

import { readEventFilters } from "./__event-filters.server";

// The events feed (issue #12): the selected client's events of the diseases the user may see, soonest first, over the
// coming year unless dates are chosen, filtered by area, disease, compound and type. Every filter is in the URL (one GET
// form). Times are shown in the viewer's time zone once the scripts run (the server cannot know it), with the event's
// own zone beside them; each event downloads as an .ics file.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { selected: client } = await clientContext(user, request);
  if (!client) throw await redirectWithToast(request, "/dashboard", { type: "error", message: NO_CLIENT_SELECTED });
  const search = new URL(request.url).searchParams;
  const { values, from, to, problem } = readEventFilters(search);
  const place = tokenPlaceOf(search, PAGE_SIZES.news);
  // Without dates: the coming year, from the start of today.
  const today = new Date(new Date().setUTCHours(0, 0, 0, 0));
  const window = {
    from: from ?? today,
    to: to ?? new Date(Date.UTC(today.getUTCFullYear() + 1, today.getUTCMonth(), today.getUTCDate(), 23, 59, 59, 999)),
  };
  const filters = {
    areaId: values.area || undefined,
    diseaseId: values.disease || undefined,
    compoundId: values.compound || undefined,
    type: values.type || undefined,
    ...window,
  };
  const [page, options] = await Promise.all([listEventsPage({ user, client, filters, page: place }), eventFilterOptions({ user, client })]);
  return {
    client: { id: client.id, name: client.name },
    events: page.items,
    next: page.next,
    place: placeServed(place, page),
    values,
    range: { from: isoDay(window.from), to: isoDay(window.to) },
    problem,
    options,
    presets: dateRangePresets().presets,
  };
}

export const meta: MetaFunction = () => [{ title: "Events | Pharmascope" }];

export default function EventsFeed() {
  const { client, events, next, place, values, range, problem, options, presets } = useLoaderData<typeof loader>();
  // The disease choices follow the chosen area.
  const diseases = values.area ? options.diseases.filter((d) => d.area === values.area) : options.diseases;
  return (
    <section className="page events-page">
      <header className="page-header">
        <h1 className="page-title">Events</h1>
        <p className="page-subtitle">{client.name}</p>
      </header>
      <Form method="get" className="news-filters" preventScrollReset>
        <input type="hidden" name="size" value={place.size} />
        <div className="news-filter-row">
          <Select label="Therapeutic area" name="area" value={values.area} options={options.areas} />
          <Select label="Disease" name="disease" value={values.disease} options={diseases} />
          <Select label="Compound" name="compound" value={values.compound} options={options.compounds} />
          <Select label="Type" name="type" value={values.type} options={options.types.map((t) => ({ value: t, label: t }))} />
          <DateRangeField range={range} presets={presets} key={`${range.from}-${range.to}`} />
          <FilterActions clear="/events" />
        </div>
        {problem ? (
          <p className="field-error" role="alert">
            {problem}
          </p>
        ) : null}
      </Form>
      {events.length === 0 ? (
        <p className="empty">No events found with current filters!</p>
      ) : (
        <ul className="event-list">
          {events.map((event) => (
            <EventItem key={event.id} event={event} />
          ))}
        </ul>
      )}
      <TokenPager place={place} shown={events.length} next={next} label="Events pages" sizes={PAGE_SIZES.news} />
    </section>
  );
}

function Select({
  label,
  name,
  value,
  options,
}: {
  label: string;
  name: string;
  value: string;
  options: Array<{ value: string; label: string }>;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <select name={name} defaultValue={value} key={value}>
        <option value="">All</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

function EventItem({ event }: { event: EventCard }) {
  // The viewer's zone, known only in the browser: until then the event's own zone is the one shown.
  const [viewerZone, setViewerZone] = useState<string | null>(null);
  useEffect(() => setViewerZone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);
  const zone = viewerZone ?? event.timezone;
  return (
    <li className="event-card">
      <p className="news-meta">
        <span className="chip" style={{ background: event.colour.background, color: event.colour.text }}>
          {event.type}
        </span>
        {event.important ? <span className="chip priority-alert">Important</span> : null}
        {event.disease ? <span>{event.disease}</span> : null}
        {event.compound ? <span className="chip tag">{event.compound}</span> : null}
      </p>
      <h3>{event.title}</h3>
      <p className="event-time">
        <time dateTime={event.start}>{formatRangeIn(event.start, event.end, zone)}</time> (
        {zone === event.timezone ? event.timezone : `your time; ${formatRangeIn(event.start, event.end, event.timezone)} ${event.timezone}`}
        )
      </p>
      {event.summary ? <p>{event.summary}</p> : null}
      <a className="button" href={`/resources/events/${event.id}/ics`} download>
        Add to calendar
      </a>
    </li>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
