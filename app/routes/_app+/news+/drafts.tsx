import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";

import { NO_DRAFT_NEWS } from "#common/messages";
import { DataTable, FilterLinks, ListSearch, type Column, type RowAction } from "~/components/console/data-table";
import { ConfirmDelete, FormDialog, useDialog } from "~/components/console/dialog";
import { TokenPager } from "~/components/console/pager";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { draftRows, listDraftsPage } from "~/models/news.server";
import { requireUserWith } from "~/services/auth.server";
import { formatDay } from "~/utils/dates";
import { PAGE_SIZES, placeServed, tokenPlaceOf } from "~/utils/paging";

import { NEWS_FEED } from "./__managed-news.server";

// 'Drafts list' (admin-console "News drafts list", user-app §2 "News drafts"): drafts or fetched items of the admin's
// diseases, newest first, with a search box, pages of 5/10/25 by token, and per row Publish and Delete (each with its
// confirmation: a dialog with JavaScript, a page without). Fetched items are completed in the news editor.

const VIEWS = [
  { value: "", label: "Drafts" },
  { value: "fetch", label: "Fetch" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, "news:manage");
  const search = new URL(request.url).searchParams;
  const view = search.get("view") === "fetch" ? "fetch" : "draft";
  const q = (search.get("q") ?? "").slice(0, 100);
  const place = tokenPlaceOf(search, PAGE_SIZES.lists);
  const page = await listDraftsPage({ user, status: view, search: q, page: place });
  return { rows: await draftRows(page.items), next: page.next, place: placeServed(place, page), view, q };
}

type Row = Awaited<ReturnType<typeof loader>>["rows"][number];

const COLUMNS: Column<Row>[] = [
  { key: "title", header: "Title", cell: (n) => <Link to={`/news/edit/${n.id}`}>{n.title}</Link> },
  { key: "createdAt", header: "Created", cell: (n) => (n.createdAt ? <time dateTime={n.createdAt}>{formatDay(n.createdAt)}</time> : "—") },
  { key: "user", header: "User", cell: (n) => n.user || "—" },
  { key: "client", header: "Client", cell: (n) => n.client || "—" },
];

export default function DraftsPage() {
  const { rows, next, place, view, q } = useLoaderData<typeof loader>();
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  const here = `${pathname}${search}`;
  const { dialog, close, opener } = useDialog<{ kind: "publish" | "delete"; row: Row }>();
  const loading = navigation.state === "loading" && navigation.location.pathname === pathname;
  const actionsOf = (n: Row): RowAction[] => {
    const back = `?redirectTo=${encodeURIComponent(here)}`;
    // A fetched item is completed in the editor before it can be published.
    return [
      ...(n.status === "fetch"
        ? []
        : [
            {
              label: n.status === "published" ? "Unpublish" : "Publish",
              to: `/news/${n.id}/publish${back}`,
              open: opener({ kind: "publish", row: n }),
            },
          ]),
      { label: n.status === "fetch" ? "Complete" : "Edit", to: `/news/edit/${n.id}` },
      { label: "Delete", to: `/news/${n.id}/delete${back}`, open: opener({ kind: "delete", row: n }) },
    ];
  };
  return (
    <section className="page">
      <header className="page-header">
        <p className="page-subtitle">
          <Link to={NEWS_FEED}>← News</Link>
        </p>
        <h1 className="page-title">Drafts list</h1>
        <Link className="button primary" to="/news/add">
          Add News
        </Link>
      </header>
      <div className="list-toolbar">
        <FilterLinks label="View" param="view" options={VIEWS} current={view === "fetch" ? "fetch" : ""} />
        <ListSearch label="Search drafts" defaultValue={q} />
      </div>
      {loading ? (
        <SkeletonRows count={place.size} />
      ) : (
        <DataTable
          label="Drafts"
          rows={rows}
          columns={COLUMNS}
          rowKey={(n) => n.id}
          rowLabel={(n) => n.title}
          actions={actionsOf}
          empty={NO_DRAFT_NEWS}
        />
      )}
      <TokenPager place={place} shown={rows.length} next={next} label="Drafts pages" sizes={PAGE_SIZES.lists} />
      {dialog ? (
        <FormDialog title={dialog.kind === "publish" ? "Publish" : "Delete News"} onClose={close}>
          <ConfirmDelete
            title={dialog.kind === "publish" ? "Publish" : "Delete News"}
            question={
              dialog.kind === "publish"
                ? `Publish "${dialog.row.title}" to the news feed?`
                : `Delete "${dialog.row.title}"? This cannot be undone.`
            }
            confirm={dialog.kind === "publish" ? "Publish" : "Delete"}
            redirectTo={here}
            inDialog={{ action: `/news/${dialog.row.id}/${dialog.kind}`, onClose: close }}
          />
        </FormDialog>
      ) : null}
    </section>
  );
}

/** Placeholder rows while the next view loads (admin-console: "skeleton rows while loading"). */
function SkeletonRows({ count }: { count: number }) {
  return (
    <div className="table-scroll" role="status">
      <span className="sr-only">Loading drafts…</span>
      <table className="data-table skeleton" aria-hidden="true">
        <tbody>
          {Array.from({ length: count }, (_, i) => (
            <tr key={i}>
              {COLUMNS.map((c) => (
                <td key={c.key}>
                  <span className="skeleton-bar" />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Drafts list | Pharmascope" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
