import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useSearchParams, type ShouldRevalidateFunction } from "@remix-run/react";

import { statusColumn, type Column } from "~/components/console/data-table";
import { ListPage } from "~/components/console/list-page";
import { Pager } from "~/components/console/pager";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { listAllClients } from "~/models/client.server";
import { requireUserWith } from "~/services/auth.server";
import { CLIENTS_LIST } from "~/utils/administration";
import { titled } from "~/utils/meta";
import { PAGE_SIZES, pageSizeOf, slicePage, sortingOf } from "~/utils/paging";

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
  statusColumn("status"),
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
    <ListPage
      title="Clients List"
      links={[{ to: "/administration/client/add", label: "Add Client", primary: true }]}
      search="Search by name"
      label="Clients"
      listed={{ rows: items, q }}
      columns={COLUMNS}
      sorting={sorting}
      records={{ list: CLIENTS_LIST }}
      pager={<Pager page={page} label="Clients pages" sizes={PAGE_SIZES.lists} />}
    />
  );
}

export const meta = titled("Clients List");

export const ErrorBoundary = GeneralErrorBoundary;
