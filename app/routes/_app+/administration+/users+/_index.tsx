import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { USER_STATUSES } from "#common/constants";
import { userDeleteQuestion } from "#common/messages";
import { FilterLinks, statusColumn, type Column, type RowAction } from "~/components/console/data-table";
import { ConfirmDialog, useDialog } from "~/components/console/dialog";
import { ListPage, useListView } from "~/components/console/list-page";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { clientNamesOf } from "~/models/client.server";
import { listUsersPage, purgeDeletedUsers, USER_SORTS, userFullName, type UserSort } from "~/models/user.server";
import { requireUserWith } from "~/services/auth.server";
import { listPageOf, readListQuery } from "~/services/console/list-query.server";
import { titled } from "~/utils/meta";
import { sortingOf } from "~/utils/paging";
import { userActionsOf } from "~/utils/permissions";

import { RejectDialog } from "./__reject-form";
import { PermissionsDialog } from "./__user-permissions";

// 'User management' (admin-console §2, §6): status filters, search by name or email, sortable columns, pages of 5, 10
// or 25 read with the forward token, and per row the actions the viewer may take. All of it is in the URL.

const STATUS_FILTERS = [{ value: "", label: "All" }, ...USER_STATUSES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }))];

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireUserWith(request, "administration:view");
  await purgeDeletedUsers();
  const query = readListQuery(request, { choices: { status: USER_STATUSES } });
  const { status } = query.chosen;
  const sorting = sortingOf(query.search, Object.keys(USER_SORTS), { by: "name", dir: "asc" });
  // Only the users the actor may manage are listed (decision 018), so every client a row names is one the actor holds.
  const page = await listUsersPage({
    actor,
    status,
    search: query.q,
    sort: sorting.by as UserSort,
    direction: sorting.dir === "asc" ? 1 : -1,
    page: query.place,
  });
  const names = await clientNamesOf(page.items.flatMap((u) => u.clients ?? []));
  const me = { ...actor, id: String(actor._id) };
  const rows = page.items.map((u) => {
    const row = { id: String(u._id), role: u.role ?? "", status: u.status, isTopAdmin: Boolean(u.isTopAdmin) };
    return {
      ...row,
      name: userFullName(u),
      email: u.email,
      clients: (u.clients ?? []).flatMap((c) => names.get(String(c)) ?? []).sort(),
      actions: userActionsOf(me, { ...row, permissions: u.permissions }),
    };
  });
  return { ...listPageOf(query, page, rows), status: status ?? "", sorting };
}

type Row = Awaited<ReturnType<typeof loader>>["rows"][number];

const COLUMNS: Column<Row>[] = [
  { key: "name", header: "Name", sort: "name", cell: (u) => u.name },
  { key: "email", header: "Email", sort: "email", cell: (u) => u.email },
  { key: "role", header: "Role", cell: (u) => (u.isTopAdmin ? "admin (top-level)" : u.role || "—") },
  statusColumn(),
  { key: "clients", header: "Clients", cell: (u) => u.clients.join(", ") || "—" },
];

export default function UsersPage() {
  const listed = useLoaderData<typeof loader>();
  const { status, sorting } = listed;
  const { dialog, close, opener } = useDialog<{ kind: "permissions" | "reject" | "delete"; user: Row }>();
  const here = useListView();
  const actionsOf = (u: Row): RowAction[] => {
    const base = `/administration/users/${u.id}`;
    return [
      { label: "Permissions", to: `${base}/permissions`, open: opener({ kind: "permissions", user: u }) },
      ...(u.actions.edit ? [{ label: "Edit", to: `/administration/users/edit/${u.id}` }] : []),
      ...(u.actions.accept ? [{ label: "Accept", to: `/administration/users/edit/${u.id}` }] : []),
      ...(u.actions.reject ? [{ label: "Reject", to: `${base}/reject`, open: opener({ kind: "reject", user: u }) }] : []),
      ...(u.actions.unblock ? [{ label: "Unblock", post: `${base}/unblock` }] : []),
      ...(u.actions.delete
        ? [{ label: "Delete", to: `${base}/delete?redirectTo=${encodeURIComponent(here)}`, open: opener({ kind: "delete", user: u }) }]
        : []),
    ];
  };
  return (
    <ListPage
      title="User management"
      links={[{ to: "/administration/users/add", label: "Add User", primary: true }]}
      filters={<FilterLinks label="Status" param="status" options={STATUS_FILTERS} current={status} />}
      search="Search by name or email"
      label="Users"
      listed={listed}
      columns={COLUMNS}
      actions={actionsOf}
      sorting={sorting}
      after={
        <>
          {dialog?.kind === "permissions" ? <PermissionsDialog userId={dialog.user.id} name={dialog.user.name} onClose={close} /> : null}
          {dialog?.kind === "reject" ? <RejectDialog userId={dialog.user.id} name={dialog.user.name} onClose={close} /> : null}
          {dialog?.kind === "delete" ? (
            <ConfirmDialog
              title="Delete User"
              question={userDeleteQuestion(dialog.user.name)}
              here={here}
              action={`/administration/users/${dialog.user.id}/delete`}
              onClose={close}
            />
          ) : null}
        </>
      }
    />
  );
}

export const meta = titled("User management");

export const ErrorBoundary = GeneralErrorBoundary;
