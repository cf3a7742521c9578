import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { COMPANIES_LOAD_FAILED } from "#common/messages";
import { statusColumn, type Column } from "~/components/console/data-table";
import { ListPage } from "~/components/console/list-page";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { companyRows, listCompaniesPage } from "~/models/company.server";
import { requireUserWith } from "~/services/auth.server";
import { searchedPage } from "~/services/console/list-query.server";
import { COMPANIES_LIST, COMPANY_LOGOS } from "~/utils/administration";
import { titled } from "~/utils/meta";

// 'Company List' (admin-console §1, §2): every company by name, searched by words of the name or alias (through the
// token index), pages of 5, 10 or 25 read with the forward token; per row Edit, the status switch and Delete.

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWith(request, "company:manage");
  return searchedPage(request, ({ q, place }) => listCompaniesPage({ search: q, page: place }), companyRows);
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
  statusColumn(),
];

export default function CompaniesPage() {
  const listed = useLoaderData<typeof loader>();
  return (
    <ListPage
      title="Company List"
      links={[
        { to: COMPANY_LOGOS, label: "Company logos" },
        { to: `${COMPANIES_LIST}/add`, label: "Add Company", primary: true },
      ]}
      search="Search by name"
      label="Companies"
      pagesLabel="Company pages"
      listed={listed}
      columns={COLUMNS}
      records={{ list: COMPANIES_LIST }}
    />
  );
}

export const meta = titled("Company List");

export function ErrorBoundary() {
  return <GeneralErrorBoundary failed={COMPANIES_LOAD_FAILED} />;
}
