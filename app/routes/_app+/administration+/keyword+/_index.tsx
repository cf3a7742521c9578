import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { KEYWORD_LOAD_FAILED } from "#common/messages";
import { statusColumn, type Column } from "~/components/console/data-table";
import { deleteQuestion } from "~/components/console/dialog";
import { ListPage } from "~/components/console/list-page";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { keywordRows, listKeywordsPage } from "~/models/keyword.server";
import { requireUserWith } from "~/services/auth.server";
import { searchedPage } from "~/services/console/list-query.server";
import { KEYWORDS_LIST } from "~/utils/administration";
import { titled } from "~/utils/meta";

// 'Keyword List' (admin-console §1, §2): the keywords of the diseases the user holds, by name, with a search by words
// of the name (through the token index), pages of 5, 10 or 25 read with the forward token, and per row Edit, the
// status switch and Delete (with its confirmation: a dialog with JavaScript, a page without). All of it in the URL.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, "keyword:manage");
  return searchedPage(
    request,
    ({ q, place }) => listKeywordsPage({ user, search: q, page: place }),
    (items) => keywordRows(items, user),
  );
}

type Row = Awaited<ReturnType<typeof loader>>["rows"][number];

const COLUMNS: Column<Row>[] = [
  { key: "name", header: "Name", cell: (k) => k.name },
  { key: "client", header: "Client", cell: (k) => k.client || "—" },
  { key: "area", header: "Therapeutic Area", cell: (k) => k.area || "—" },
  { key: "disease", header: "Disease", cell: (k) => k.disease || "—" },
  { key: "priority", header: "Priority", cell: (k) => k.priority || "—" },
  statusColumn(),
];

export default function KeywordsPage() {
  const listed = useLoaderData<typeof loader>();
  return (
    <ListPage
      title="Keyword List"
      links={[
        { to: `${KEYWORDS_LIST}/import`, label: "Import" },
        { to: `${KEYWORDS_LIST}/add`, label: "Add Keyword", primary: true },
      ]}
      search="Search by name"
      label="Keywords"
      pagesLabel="Keyword pages"
      listed={listed}
      columns={COLUMNS}
      records={{ list: KEYWORDS_LIST, confirmDelete: { title: "Delete Keyword", question: (k) => deleteQuestion("keyword", k.name) } }}
    />
  );
}

export const meta = titled("Keyword List");

export function ErrorBoundary() {
  return <GeneralErrorBoundary failed={KEYWORD_LOAD_FAILED} />;
}
