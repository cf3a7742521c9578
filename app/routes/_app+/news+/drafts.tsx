import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";

import { NO_DRAFT_NEWS } from "#common/messages";
import { FilterLinks, type Column, type RowAction } from "~/components/console/data-table";
import { ConfirmDialog, useDialog } from "~/components/console/dialog";
import { ListPage, useListView } from "~/components/console/list-page";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { draftRows, listDraftsPage } from "~/models/news.server";
import { requireUserWith } from "~/services/auth.server";
import { listPageOf, readListQuery } from "~/services/console/list-query.server";
import { NEWS_FEED, publishConfirmation } from "~/utils/administration";
import { formatDay } from "~/utils/dates";
import { titled } from "~/utils/meta";

// 'Drafts list' (admin-console "News drafts list", user-app §2 "News drafts"): drafts or fetched items of the admin's
// diseases, newest first, with a search box, pages of 5/10/25 by token, and per row Publish and Delete (each with its
// confirmation: a dialog with JavaScript, a page without). Fetched items are completed in the news editor.

const VIEWS = [
  { value: "", label: "Drafts" },
  { value: "fetch", label: "Fetch" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, "news:manage");
  const query = readListQuery(request, { choices: { view: ["fetch"] as const } });
  const view = query.chosen.view ?? "draft";
  const page = await listDraftsPage({ user, status: view, search: query.q, page: query.place });
  return { ...listPageOf(query, page, await draftRows(page.items)), view };
}

type Row = Awaited<ReturnType<typeof loader>>["rows"][number];

const COLUMNS: Column<Row>[] = [
  { key: "title", header: "Title", cell: (n) => <Link to={`/news/edit/${n.id}`}>{n.title}</Link> },
  { key: "createdAt", header: "Created", cell: (n) => (n.createdAt ? <time dateTime={n.createdAt}>{formatDay(n.createdAt)}</time> : "—") },
  { key: "user", header: "User", cell: (n) => n.user || "—" },
  { key: "client", header: "Client", cell: (n) => n.client || "—" },
];

export default function DraftsPage() {
  const listed = useLoaderData<typeof loader>();
  const { view } = listed;
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const here = useListView();
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
    <ListPage
      className="page"
      subtitle={
        <p className="page-subtitle">
          <Link to={NEWS_FEED}>← News</Link>
        </p>
      }
      title="Drafts list"
      links={[{ to: "/news/add", label: "Add News", primary: true }]}
      filters={<FilterLinks label="View" param="view" options={VIEWS} current={view === "fetch" ? "fetch" : ""} />}
      search="Search drafts"
      label="Drafts"
      listed={listed}
      columns={COLUMNS}
      actions={actionsOf}
      empty={NO_DRAFT_NEWS}
      loading={loading ? <SkeletonRows count={listed.place.size} /> : undefined}
      after={
        dialog ? (
          <ConfirmDialog
            {...(dialog.kind === "publish"
              ? publishConfirmation(dialog.row.title, dialog.row.status === "published")
              : { title: "Delete News", question: `Delete "${dialog.row.title}"? This cannot be undone.`, confirm: "Delete" })}
            here={here}
            action={`/news/${dialog.row.id}/${dialog.kind}`}
            onClose={close}
          />
        ) : null
      }
    />
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

export const meta = titled("Drafts list");

export const ErrorBoundary = GeneralErrorBoundary;
