import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";

import { KEYWORD_LOAD_FAILED, NO_DATA } from "#common/messages";
import { DataTable, ListSearch, recordActions, type Column } from "~/components/data-table";
import { ConfirmDelete, FormDialog, useDialog } from "~/components/dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { TokenPager } from "~/components/pager";
import { keywordRows, listKeywordsPage } from "~/models/keyword.server";
import { requireUserWith } from "~/services/auth.server";
import { KEYWORDS_LIST } from "~/utils/administration";
import { PAGE_SIZES, placeServed, tokenPlaceOf } from "~/utils/paging";

// 'Keyword List' (admin-console §1, §2): the keywords of the diseases the user holds, by name, with a search by words
// of the name (through the token index), pages of 5, 10 or 25 read with the forward token, and per row Edit, the
// status switch and Delete (with its confirmation: a dialog with JavaScript, a page without). All of it in the URL.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, "keyword:manage");
  const search = new URL(request.url).searchParams;
  const q = (search.get("q") ?? "").slice(0, 100);
  const place = tokenPlaceOf(search, PAGE_SIZES.lists);
  const page = await listKeywordsPage({ user, search: q, page: place });
  return { rows: await keywordRows(page.items, user), next: page.next, place: placeServed(place, page), q };
}

type Row = Awaited<ReturnType<typeof loader>>["rows"][number];

const COLUMNS: Column<Row>[] = [
  { key: "name", header: "Name", cell: (k) => k.name },
  { key: "client", header: "Client", cell: (k) => k.client || "—" },
  { key: "area", header: "Therapeutic Area", cell: (k) => k.area || "—" },
  { key: "disease", header: "Disease", cell: (k) => k.disease || "—" },
  { key: "priority", header: "Priority", cell: (k) => k.priority || "—" },
  { key: "status", header: "Status", cell: (k) => <span className={`status status-${k.status}`}>{k.status}</span> },
];

export default function KeywordsPage() {
  const { rows, next, place, q } = useLoaderData<typeof loader>();
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const { dialog, close, opener } = useDialog<Row>();
  const actionsOf = (k: Row) => recordActions(KEYWORDS_LIST, k, { here, open: opener(k) });
  return (
    <section>
      <header className="page-header">
        <h1 className="page-title">Keyword List</h1>
        <Link className="button" to={`${KEYWORDS_LIST}/import`}>
          Import
        </Link>
        <Link className="button primary" to={`${KEYWORDS_LIST}/add`}>
          Add Keyword
        </Link>
      </header>
      <div className="list-toolbar">
        <ListSearch label="Search by name" defaultValue={q} />
      </div>
      <DataTable
        label="Keywords"
        rows={rows}
        columns={COLUMNS}
        rowKey={(k) => k.id}
        rowLabel={(k) => k.name}
        actions={actionsOf}
        empty={NO_DATA}
      />
      <TokenPager place={place} shown={rows.length} next={next} label="Keyword pages" sizes={PAGE_SIZES.lists} />
      {dialog ? (
        <FormDialog title="Delete Keyword" onClose={close}>
          <ConfirmDelete
            title="Delete Keyword"
            question={`Delete the keyword "${dialog.name}"? This cannot be undone.`}
            redirectTo={here}
            inDialog={{ action: `${KEYWORDS_LIST}/${dialog.id}/delete`, onClose: close }}
          />
        </FormDialog>
      ) : null}
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Keyword List | Pharmascope" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary failed={KEYWORD_LOAD_FAILED} />;
}
