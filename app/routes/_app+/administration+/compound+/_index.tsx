import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { COMPOUNDS_LOAD_FAILED } from "#common/messages";
import { statusColumn, type Column } from "~/components/console/data-table";
import { ListPage } from "~/components/console/list-page";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { compoundRows, listCompoundsPage } from "~/models/compound.server";
import { requireUserWith } from "~/services/auth.server";
import { searchedPage } from "~/services/console/list-query.server";
import { COMPOUNDS_LIST } from "~/utils/administration";
import { titled } from "~/utils/meta";

// 'Compounds List' (admin-console §1, §2): the compounds of the diseases the user holds, by generic name, searched by
// words of any of their names (brand, generic, scientific, other — through the token index), pages of 5, 10 or 25
// read with the forward token; per row Edit, the status switch and Delete. Add and Import above it.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, "compound:manage");
  return searchedPage(
    request,
    ({ q, place }) => listCompoundsPage({ user, search: q, page: place }),
    (items) => compoundRows(items, user),
  );
}

type Row = Awaited<ReturnType<typeof loader>>["rows"][number];

const COLUMNS: Column<Row>[] = [
  { key: "name", header: "Name", cell: (c) => c.name || "—" },
  { key: "otherNames", header: "Other names", cell: (c) => c.otherNames.join(", ") || "—" },
  { key: "disease", header: "Disease", cell: (c) => (c.disease ? `${c.disease} (${c.client})` : "—") },
  { key: "originator", header: "Originator", cell: (c) => c.originator || "—" },
  { key: "phase", header: "Phase", cell: (c) => c.phase || "—" },
  { key: "priority", header: "Priority", cell: (c) => c.priority || "—" },
  statusColumn(),
];

export default function CompoundsPage() {
  const listed = useLoaderData<typeof loader>();
  return (
    <ListPage
      title="Compounds List"
      links={[
        { to: `${COMPOUNDS_LIST}/import`, label: "Import" },
        { to: `${COMPOUNDS_LIST}/add`, label: "Add Compound", primary: true },
      ]}
      search="Search by any name"
      label="Compounds"
      pagesLabel="Compound pages"
      listed={listed}
      columns={COLUMNS}
      records={{ list: COMPOUNDS_LIST }}
    />
  );
}

export const meta = titled("Compounds List");

export function ErrorBoundary() {
  return <GeneralErrorBoundary failed={COMPOUNDS_LOAD_FAILED} />;
}
