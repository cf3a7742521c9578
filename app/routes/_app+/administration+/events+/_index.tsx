import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { EVENTS_LOAD_FAILED } from "#common/messages";
import { statusColumn, type Column } from "~/components/console/data-table";
import { deleteQuestion } from "~/components/console/dialog";
import { ListPage } from "~/components/console/list-page";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { listManagedEventsPage, managedEventRows } from "~/models/event.server";
import { requireUserWith } from "~/services/auth.server";
import { searchedPage } from "~/services/console/list-query.server";
import { EVENTS_LIST } from "~/utils/administration";
import { formatUtcDateTime } from "~/utils/dates";
import { titled } from "~/utils/meta";

// 'Events List' (admin-console §1, §2, §9): the events of the diseases the user holds, by title, with a search by words
// of the title (through the token index), pages of 5, 10 or 25 read with the forward token, times in UTC
// (DD-MM-YYYY HH:mm:ss), and per row Edit, the status switch and Delete (with its confirmation: a dialog with
// JavaScript, a page without). All of it in the URL.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, "event:manage");
  return searchedPage(
    request,
    ({ q, place }) => listManagedEventsPage({ user, search: q, page: place }),
    (items) => managedEventRows(items, user),
  );
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
  statusColumn(),
];

export default function EventsPage() {
  const listed = useLoaderData<typeof loader>();
  return (
    <ListPage
      title="Events List"
      links={[{ to: `${EVENTS_LIST}/add`, label: "Add Event", primary: true }]}
      search="Search by title"
      label="Events"
      pagesLabel="Event pages"
      listed={listed}
      columns={COLUMNS}
      records={{ list: EVENTS_LIST, confirmDelete: { title: "Delete Event", question: (e) => deleteQuestion("event", e.title) } }}
    />
  );
}

export const meta = titled("Events List");

export function ErrorBoundary() {
  return <GeneralErrorBoundary failed={EVENTS_LOAD_FAILED} />;
}
