import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams, type ShouldRevalidateFunction } from "@remix-run/react";

import { NO_DATA } from "#common/messages";
import { DataTable, ListSearch, recordActions, sortingOf, type Column } from "~/components/console/data-table";
import { Pager } from "~/components/console/pager";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { listAllClients } from "~/models/client.server";
import { requireUserWith } from "~/services/auth.server";
import { CLIENTS_LIST } from "~/utils/administration";
import { PAGE_SIZES, pageSizeOf, slicePage } from "~/utils/paging";

// 'Clients List' (top-level admin; admin-console §1, §2): every client is loaded once, and the search — "name
// contains", case-insensitive — sorting and paging run over those rows, from the URL, on the server's first render and
// in the browser alike; changing them does not ask the server again (shouldRevalidate).

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWith(request, "client:manage");
  return { clients: await listAllClients() };
}

/** Only search, sort and paging changed: the loaded rows still hold. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  formMethod === undefined && currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

type Row = Awaited<ReturnType<typeof loader>>["clients"][number];

const COLUMNS: Column<Row>[] = [
  { key: "name", header: "Name", sort: "name", cell: (c) => c.name },
  {
    key: "logo",
    header: "Logo",
    cell: (c) => (c.thumbnail ? <img src={c.thumbnail} alt="" width={40} height={40} className="table-logo" /> : "—"),
  },
  { key: "status", header: "Status", sort: "status", cell: (c) => <span className={`status status-${c.status}`}>{c.status}</span> },
  { key: "contacts", header: "Contacts", cell: (c) => c.contacts },
];

export default function ClientsPage() {
  const { clients } = useLoaderData<typeof loader>();
  const [search] = useSearchParams();
  const q = search.get("q") ?? "";
  const sorting = sortingOf(search, ["name", "status"], { by: "name", dir: "asc" });
  const needle = q.trim().toLowerCase();
  const matching = clients
    .filter((c) => c.name.toLowerCase().includes(needle))
    .sort(
      (a, b) =>
        (sorting.dir === "asc" ? 1 : -1) *
        (a[sorting.by as "name" | "status"].localeCompare(b[sorting.by as "name" | "status"]) || a.name.localeCompare(b.name)),
    );
  const { page, items } = slicePage(matching, search, pageSizeOf(search, PAGE_SIZES.lists));
  return (
    <section>
      <header className="page-header">
        <h1 className="page-title">Clients List</h1>
        <Link className="button primary" to="/administration/client/add">
          Add Client
        </Link>
      </header>
      <div className="list-toolbar">
        <ListSearch label="Search by name" defaultValue={q} />
      </div>
      <DataTable
        label="Clients"
        rows={items}
        columns={COLUMNS}
        rowKey={(c) => c.id}
        rowLabel={(c) => c.name}
        sorting={sorting}
        empty={NO_DATA}
        actions={(c) => recordActions(CLIENTS_LIST, c)}
      />
      <Pager page={page} label="Clients pages" sizes={PAGE_SIZES.lists} />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Clients List | Pharmascope" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
