import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";

import { NO_DATA } from "#common/messages";
import { PAGE_SIZES, type ListTotal, type Sorting, type TokenPlace } from "~/utils/paging";

import { DataTable, ListSearch, recordActions, type Column, type RowAction } from "./data-table";
import { ConfirmDialog, useDialog } from "./dialog";
import { TokenPager } from "./pager";

// The page of every console list (admin-console §1, §2): the title with its buttons (Add the primary one),
// the toolbar (filters, the search box), the table with its row menus, the pager, and a record's delete confirmation
// in a dialog over the list (with JavaScript; its page without). Every state is in the URL.

/** The list's view as the address has it (search, filters and page kept), for the row actions to return to. */
export function useListView() {
  const { pathname, search } = useLocation();
  return `${pathname}${search}`;
}

/** The row menu of a console record (Edit, the status switch, Delete) and, with `confirmDelete`, the dialog Delete
 *  opens over the list; `adjust` changes a row's actions (an extra one, a link that returns to this view). */
export type RecordMenu<Row> = {
  list: string;
  confirmDelete?: { title: string; question: (row: Row) => string };
  adjust?: (actions: RowAction[], row: Row) => RowAction[];
};

/** A row's own words for its menu's label: its name or, for news and events, its title. */
type Named = { name: string } | { title: string };
const nameOf = (row: object) => String("name" in row ? row.name : "title" in row ? row.title : "");

export function ListPage<Row extends { id: string; status: string }>({
  title,
  links = [],
  subtitle,
  before,
  search,
  filters,
  below,
  after,
  className,
  label,
  listed,
  columns,
  rowLabel,
  sorting,
  empty = NO_DATA,
  loading,
  records,
  actions,
  pagesLabel,
  pager,
}: {
  title: string;
  /** The header's buttons (Add: `primary`). */
  links?: ReadonlyArray<{ to: string; label: string; primary?: boolean }>;
  subtitle?: ReactNode;
  /** Between the header and the toolbar (an introduction, a form of the page's own). */
  before?: ReactNode;
  /** The search box's label (the words searched are `listed.q`). */
  search?: string;
  /** The toolbar's filters, before the search box. */
  filters?: ReactNode;
  /** Between the toolbar and the table (a filter form). */
  below?: ReactNode;
  /** After the pager (the page's other forms). */
  after?: ReactNode;
  className?: string;
  /** The table's accessible name, e.g. "Keywords". */
  label: string;
  /** What the page's loader listed (`listPageOf`): the rows, the words searched and, for a list read a page at a time
   *  with the forward token, where it stands (`place`, `next`, maybe `total`), which the token pager shows. */
  listed: { rows: readonly Row[]; q?: string; place?: TokenPlace; next?: string | null; total?: ListTotal };
  columns: ReadonlyArray<Column<Row>>;
  sorting?: Sorting;
  empty?: string;
  /** Shown instead of the table while the next view loads. */
  loading?: ReactNode;
  records?: RecordMenu<Row>;
  /** A row menu of the list's own, instead of a record's. */
  actions?: (row: Row) => RowAction[];
  /** The pager's accessible name, e.g. "Keyword pages". */
  pagesLabel?: string;
  /** A pager of the list's own, instead of the token pager of `listed`. */
  pager?: ReactNode;
} & (Row extends Named ? { rowLabel?: (row: Row) => string } : { rowLabel: (row: Row) => string })) {
  const here = useListView();
  const { dialog, close, opener } = useDialog<Row>();
  const menuOf = records
    ? (row: Row) => {
        const menu = recordActions(records.list, row, { here, open: records.confirmDelete ? opener(row) : undefined });
        return records.adjust ? records.adjust(menu, row) : menu;
      }
    : actions;
  return (
    <section className={className}>
      <header className="page-header">
        {subtitle}
        <h1 className="page-title">{title}</h1>
        {links.map((link) => (
          <Link key={link.to} className={link.primary ? "button primary" : "button"} to={link.to}>
            {link.label}
          </Link>
        ))}
      </header>
      {before}
      {search || filters ? (
        <div className="list-toolbar">
          {filters}
          {search ? <ListSearch label={search} defaultValue={listed.q ?? ""} /> : null}
        </div>
      ) : null}
      {below}
      {loading ?? (
        <DataTable
          label={label}
          rows={listed.rows}
          columns={columns}
          rowKey={(row) => row.id}
          rowLabel={rowLabel ?? nameOf}
          actions={menuOf}
          sorting={sorting}
          empty={empty}
        />
      )}
      {pager ??
        (listed.place ? (
          <TokenPager
            place={listed.place}
            shown={listed.rows.length}
            next={listed.next ?? null}
            total={listed.total}
            label={pagesLabel ?? `${label} pages`}
            sizes={PAGE_SIZES.lists}
          />
        ) : null)}
      {after}
      {dialog && records?.confirmDelete ? (
        <ConfirmDialog
          title={records.confirmDelete.title}
          question={records.confirmDelete.question(dialog)}
          here={here}
          action={`${records.list}/${dialog.id}/delete`}
          onClose={close}
        />
      ) : null}
    </section>
  );
}
