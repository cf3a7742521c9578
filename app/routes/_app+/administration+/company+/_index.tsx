import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";

import { COMPANIES_LOAD_FAILED, NO_DATA } from "#common/messages";
import { DataTable, ListSearch, recordActions, type Column } from "~/components/console/data-table";
import { TokenPager } from "~/components/console/pager";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { companyRows, listCompaniesPage } from "~/models/company.server";
import { requireUserWith } from "~/services/auth.server";
import { COMPANIES_LIST, COMPANY_LOGOS } from "~/utils/administration";
import { PAGE_SIZES, placeServed, tokenPlaceOf } from "~/utils/paging";

// 'Company List' (admin-console §1, §2): every company by name, searched by words of the name or alias (through the
// token index), pages of 5, 10 or 25 read with the forward token; per row Edit, the status switch and Delete.

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWith(request, "company:manage");
  const search = new URL(request.url).searchParams;
  const q = (search.get("q") ?? "").slice(0, 100);
  const place = tokenPlaceOf(search, PAGE_SIZES.lists);
  const page = await listCompaniesPage({ search: q, page: place });
  return { rows: await companyRows(page.items), next: page.next, place: placeServed(place, page), q };
}

type Row = Awaited<ReturnType<typeof loader>>["rows"][number];

const COLUMNS: Column<Row>[] = [
  { key: "name", header: "Name", cell: (c) => c.name },
  {
    key: "logo",
    header: "Logo",
    cell: (c) => (c.thumbnail ? <img src={c.thumbnail} alt="" width={40} height={40} className="table-logo" /> : "—"),
  },
  { key: "type", header: "Type", cell: (c) => c.type },
  { key: "parent", header: "Parent company", cell: (c) => c.parent || "—" },
  {
    key: "website",
    header: "Website",
    cell: (c) =>
      c.website ? (
        <a href={c.website} target="_blank" rel="noopener noreferrer">
          {new URL(c.website).hostname}
        </a>
      ) : (
        "—"
      ),
  },
  { key: "status", header: "Status", cell: (c) => <span className={`status status-${c.status}`}>{c.status}</span> },
];

export default function CompaniesPage() {
  const { rows, next, place, q } = useLoaderData<typeof loader>();
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const actionsOf = (c: Row) => recordActions(COMPANIES_LIST, c, { here });
  return (
    <section>
      <header className="page-header">
        <h1 className="page-title">Company List</h1>
        <Link className="button" to={COMPANY_LOGOS}>
          Company logos
        </Link>
        <Link className="button primary" to={`${COMPANIES_LIST}/add`}>
          Add Company
        </Link>
      </header>
      <div className="list-toolbar">
        <ListSearch label="Search by name" defaultValue={q} />
      </div>
      <DataTable
        label="Companies"
        rows={rows}
        columns={COLUMNS}
        rowKey={(c) => c.id}
        rowLabel={(c) => c.name}
        actions={actionsOf}
        empty={NO_DATA}
      />
      <TokenPager place={place} shown={rows.length} next={next} label="Company pages" sizes={PAGE_SIZES.lists} />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Company List | Pharmascope" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary failed={COMPANIES_LOAD_FAILED} />;
}
