import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";

import { COMPOUNDS_LOAD_FAILED, NO_DATA } from "#common/messages";
import { DataTable, ListSearch, recordActions, type Column } from "~/components/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { TokenPager } from "~/components/pager";
import { compoundRows, listCompoundsPage } from "~/models/compound.server";
import { requireUserWith } from "~/services/auth.server";
import { COMPOUNDS_LIST } from "~/utils/administration";
import { PAGE_SIZES, placeServed, tokenPlaceOf } from "~/utils/paging";

// 'Compounds List' (admin-console §1, §2): the compounds of the diseases the user holds, by generic name, searched by
// words of any of their names (brand, generic, scientific, other — through the token index), pages of 5, 10 or 25
// read with the forward token; per row Edit, the status switch and Delete. Add and Import above it.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, "compound:manage");
  const search = new URL(request.url).searchParams;
  const q = (search.get("q") ?? "").slice(0, 100);
  const place = tokenPlaceOf(search, PAGE_SIZES.lists);
  const page = await listCompoundsPage({ user, search: q, page: place });
  return { rows: await compoundRows(page.items, user), next: page.next, place: placeServed(place, page), q };
}

type Row = Awaited<ReturnType<typeof loader>>["rows"][number];

const COLUMNS: Column<Row>[] = [
  { key: "name", header: "Name", cell: (c) => c.name || "—" },
  { key: "otherNames", header: "Other names", cell: (c) => c.otherNames.join(", ") || "—" },
  { key: "disease", header: "Disease", cell: (c) => (c.disease ? `${c.disease} (${c.client})` : "—") },
  { key: "originator", header: "Originator", cell: (c) => c.originator || "—" },
  { key: "phase", header: "Phase", cell: (c) => c.phase || "—" },
  { key: "priority", header: "Priority", cell: (c) => c.priority || "—" },
  { key: "status", header: "Status", cell: (c) => <span className={`status status-${c.status}`}>{c.status}</span> },
];

export default function CompoundsPage() {
  const { rows, next, place, q } = useLoaderData<typeof loader>();
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const actionsOf = (c: Row) => recordActions(COMPOUNDS_LIST, c, { here });
  return (
    <section>
      <header className="page-header">
        <h1 className="page-title">Compounds List</h1>
        <Link className="button" to={`${COMPOUNDS_LIST}/import`}>
          Import
        </Link>
        <Link className="button primary" to={`${COMPOUNDS_LIST}/add`}>
          Add Compound
        </Link>
      </header>
      <div className="list-toolbar">
        <ListSearch label="Search by any name" defaultValue={q} />
      </div>
      <DataTable
        label="Compounds"
        rows={rows}
        columns={COLUMNS}
        rowKey={(c) => c.id}
        rowLabel={(c) => c.name}
        actions={actionsOf}
        empty={NO_DATA}
      />
      <TokenPager place={place} shown={rows.length} next={next} label="Compound pages" sizes={PAGE_SIZES.lists} />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Compounds List | Pharmascope" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary failed={COMPOUNDS_LOAD_FAILED} />;
}
