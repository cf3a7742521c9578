import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";

import { EVENTS_LOAD_FAILED, NO_DATA } from "#common/messages";
import { DataTable, ListSearch, recordActions, type Column } from "~/components/data-table";
import { ConfirmDelete, FormDialog, useDialog } from "~/components/dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { TokenPager } from "~/components/pager";
import { listManagedEventsPage, managedEventRows } from "~/models/event.server";
import { requireUserWith } from "~/services/auth.server";
import { EVENTS_LIST } from "~/utils/administration";
import { formatUtcDateTime } from "~/utils/dates";
import { PAGE_SIZES, placeServed, tokenPlaceOf } from "~/utils/paging";

// 'Events List' (admin-console §1, §2, §9): the events of the diseases the user holds, by title, with a search by words
// of the title (through the token index), pages of 5, 10 or 25 read with the forward token, times in UTC
// (DD-MM-YYYY HH:mm:ss), and per row Edit, the status switch and Delete (with its confirmation: a dialog with
// JavaScript, a page without). All of it in the URL.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, "event:manage");
  const search = new URL(request.url).searchParams;
  const q = (search.get("q") ?? "").slice(0, 100);
  const place = tokenPlaceOf(search, PAGE_SIZES.lists);
  const page = await listManagedEventsPage({ user, search: q, page: place });
  return { rows: await managedEventRows(page.items, user), next: page.next, place: placeServed(place, page), q };
}

type Row = Awaited<ReturnType<typeof loader>>["rows"][number];

const COLUMNS: Column<Row>[] = [
  { key: "title", header: "Title", cell: (e) => e.title },
  { key: "type", header: "Type", cell: (e) => e.type },
  { key: "client", header: "Client", cell: (e) => e.client || "—" },
  { key: "area", header: "Therapeutic Area", cell: (e) => e.area || "—" },
  { key: "disease", header: "Disease", cell: (e) => e.disease || "—" },
  { key: "compound", header: "Compound", cell: (e) => e.compound || "—" },
  { key: "start", header: "Start (UTC)", cell: (e) => <time dateTime={e.start}>{formatUtcDateTime(e.start)}</time> },
  { key: "end", header: "End (UTC)", cell: (e) => <time dateTime={e.end}>{formatUtcDateTime(e.end)}</time> },
  { key: "status", header: "Status", cell: (e) => <span className={`status status-${e.status}`}>{e.status}</span> },
];

export default function EventsPage() {
  const { rows, next, place, q } = useLoaderData<typeof loader>();
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const { dialog, close, opener } = useDialog<Row>();
  const actionsOf = (e: Row) => recordActions(EVENTS_LIST, e, { here, open: opener(e) });
  return (
    <section>
      <header className="page-header">
        <h1 className="page-title">Events List</h1>
        <Link className="button primary" to={`${EVENTS_LIST}/add`}>
          Add Event
        </Link>
      </header>
      <div className="list-toolbar">
        <ListSearch label="Search by title" defaultValue={q} />
      </div>
      <DataTable
        label="Events"
        rows={rows}
        columns={COLUMNS}
        rowKey={(e) => e.id}
        rowLabel={(e) => e.title}
        actions={actionsOf}
        empty={NO_DATA}
      />
      <TokenPager place={place} shown={rows.length} next={next} label="Event pages" sizes={PAGE_SIZES.lists} />
      {dialog ? (
        <FormDialog title="Delete Event" onClose={close}>
          <ConfirmDelete
            title="Delete Event"
            question={`Delete the event "${dialog.title}"? This cannot be undone.`}
            redirectTo={here}
            inDialog={{ action: `${EVENTS_LIST}/${dialog.id}/delete`, onClose: close }}
          />
        </FormDialog>
      ) : null}
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Events List | Pharmascope" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary failed={EVENTS_LOAD_FAILED} />;
}
