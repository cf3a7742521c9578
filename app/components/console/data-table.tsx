import { Form, Link, useLocation, useNavigate, useSubmit } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button } from "react-aria-components/Button";
import { Menu, MenuItem, MenuTrigger } from "react-aria-components/Menu";
import { Popover } from "react-aria-components/Popover";

import { CardMenu, type MenuAction } from "~/components/card-menu";
import type { Sorting } from "~/utils/paging";
import { useHydrated } from "~/utils/use-hydrated";

// The table of every administration list (admin-console §1): sortable column headers, a per-row action menu and the
// empty text. It is a native <table> whose state lives in the URL — sorting is a link — so it works without
// JavaScript; the row menu is a <details> popover of links and small POST forms until the page runs JavaScript, then a
// react-aria Menu (keyboard navigation, focus return). react-aria's Table is not used: its rows need JavaScript.

export interface Column<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** The `sort` value that orders the list by this column; absent: not sortable. */
  sort?: string;
}

/** The status column of a console list: the record's status as its coloured label; `sort` when the list sorts by it. */
export const statusColumn = <Row extends { status: string }>(sort?: string): Column<Row> => ({
  key: "status",
  header: "Status",
  ...(sort ? { sort } : {}),
  cell: (row) => <span className={`status status-${row.status}`}>{row.status}</span>,
});

/** A row action: a link (to a page, or a dialog in place with `open`), or a POST to `post` with hidden `fields`. */
export type RowAction = MenuAction;

/**
 * The row menu of a console record (admin-console §1, §4): Edit, the status switch (Activate or Deactivate) and Delete
 * — its confirmation as a page that returns to `here`, the list's view, or with `open` a dialog over the list.
 */
export function recordActions(
  list: string,
  row: { id: string; status: string },
  { here, open }: { here?: string; open?: () => void } = {},
): RowAction[] {
  const active = row.status === "active";
  return [
    { label: "Edit", to: `${list}/edit/${row.id}` },
    { label: active ? "Deactivate" : "Activate", post: `${list}/${row.id}/status`, fields: { status: active ? "inactive" : "active" } },
    { label: "Delete", to: `${list}/${row.id}/delete${here ? `?redirectTo=${encodeURIComponent(here)}` : ""}`, open },
  ];
}

export function DataTable<Row>({
  label,
  rows,
  columns,
  rowKey,
  rowLabel,
  actions,
  sorting,
  empty = "No data yet",
}: {
  /** The table's accessible name, e.g. "Users". */
  label: string;
  rows: readonly Row[];
  columns: ReadonlyArray<Column<Row>>;
  rowKey: (row: Row) => string;
  /** Names the row in its menu button ("Actions for Ada Lovelace"). */
  rowLabel: (row: Row) => string;
  actions?: (row: Row) => RowAction[];
  sorting?: Sorting;
  empty?: string;
}) {
  if (rows.length === 0) return <p className="empty">{empty}</p>;
  return (
    <div className="table-scroll">
      <table className="data-table" aria-label={label}>
        <thead>
          <tr>
            {columns.map((column) => (
              <SortHeader key={column.key} column={column} sorting={sorting} />
            ))}
            {actions ? (
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column, i) =>
                i === 0 ? (
                  <th scope="row" key={column.key}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.key}>{column.cell(row)}</td>
                ),
              )}
              {actions ? (
                <td className="row-actions">
                  <RowMenu label={rowLabel(row)} items={actions(row)} />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A column header; a sortable one is a link that sorts by it, ascending first, then toggles (first page again). */
function SortHeader<Row>({ column, sorting }: { column: Column<Row>; sorting?: Sorting }) {
  const { pathname, search } = useLocation();
  if (!column.sort || !sorting) return <th scope="col">{column.header}</th>;
  const active = sorting.by === column.sort;
  const params = new URLSearchParams(search);
  for (const name of ["after", "trail", "page"]) params.delete(name);
  params.set("sort", column.sort);
  params.set("dir", active && sorting.dir === "asc" ? "desc" : "asc");
  return (
    <th scope="col" aria-sort={active ? (sorting.dir === "asc" ? "ascending" : "descending") : "none"}>
      <Link to={`${pathname}?${params}`} className="sort-link" preventScrollReset>
        {column.header}
        <span aria-hidden="true" className="sort-mark">
          {active ? (sorting.dir === "asc" ? "▲" : "▼") : "↕"}
        </span>
      </Link>
    </th>
  );
}

/** A POST from the row menu carries the list view it came from (`redirectTo`), so the answer returns to it. */
function RowMenu({ label, items }: { label: string; items: RowAction[] }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const submit = useSubmit();
  const { pathname, search } = useLocation();
  const back = { redirectTo: pathname + search };
  if (items.length === 0) return null;
  if (!hydrated) return <CardMenu label={label} items={items} className="row-menu" fields={back} />;
  const run = (item: RowAction) => {
    if ("post" in item) submit({ ...item.fields, ...back }, { method: "post", action: item.post, preventScrollReset: true });
    else if (item.open) item.open();
    else navigate(item.to);
  };
  return (
    <MenuTrigger>
      <Button className="menu-trigger" aria-label={`Actions for ${label}`}>
        <span aria-hidden="true">⋮</span>
      </Button>
      <Popover className="menu-popover" placement="bottom end">
        <Menu className="menu" onAction={(key) => run(items[Number(key)]!)}>
          {items.map((item, i) => (
            <MenuItem key={item.label} id={i} className="menu-item" textValue={item.label}>
              {item.label}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

/** Filters as a row of links (e.g. the user statuses), the current one marked; choosing one starts at the first page. */
export function FilterLinks({
  label,
  param,
  options,
  current,
}: {
  label: string;
  param: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  current: string;
}) {
  const { pathname, search } = useLocation();
  const href = (value: string) => {
    const params = new URLSearchParams(search);
    for (const name of ["after", "trail", "page", param]) params.delete(name);
    if (value) params.set(param, value);
    return `${pathname}${params.size ? `?${params}` : ""}`;
  };
  return (
    <nav className="filter-links" aria-label={label}>
      {options.map((option) => (
        <Link key={option.value} to={href(option.value)} aria-current={option.value === current ? "true" : undefined} preventScrollReset>
          {option.label}
        </Link>
      ))}
    </nav>
  );
}

/** A list's search box: a GET form that keeps the list's other parameters and starts again at the first page. */
export function ListSearch({ label, defaultValue, children }: { label: string; defaultValue: string; children?: ReactNode }) {
  const { search } = useLocation();
  const kept = [...new URLSearchParams(search)].filter(([name]) => !["q", "after", "trail", "page"].includes(name));
  return (
    <Form method="get" className="list-search" role="search" preventScrollReset>
      {kept.map(([name, value], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
      <label className="sr-only" htmlFor="list-search">
        {label}
      </label>
      <input id="list-search" type="search" name="q" defaultValue={defaultValue} placeholder={label} key={defaultValue} />
      <button type="submit" className="button">
        Search
      </button>
      {children}
    </Form>
  );
}
