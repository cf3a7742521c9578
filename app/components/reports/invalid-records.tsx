import type { ReactNode } from "react";

import type { InvalidRecord, RowWarning } from "#workers/engine/model";
import type { Cell } from "#workers/engine/sheet";
import { PlainTable } from "~/components/plain-table";

import { TableScroll } from "./report-parts";

const cellText = (cell: Cell) => (cell === null || cell === undefined ? "" : String(cell));

/**
 * The Invalid Records table (user-app §2): sheet row number, reason, and the row's cells as written (dates as dates).
 * Then the values that could not be read on rows the report still shows (flagged there with a warning marker).
 */
export function InvalidRecordsTable({
  records,
  total,
  warnings,
  footer,
}: {
  records: InvalidRecord[];
  total: number;
  /** A page of the warnings (a 50,000-row sheet has thousands: all at once held the page for 0.2 s), of `total`. */
  warnings: { rows: RowWarning[]; total: number; footer?: ReactNode };
  footer?: ReactNode;
}) {
  return (
    <section className="invalid-records" aria-labelledby="invalid-records-title">
      <h2 id="invalid-records-title">Invalid Records ({total})</h2>
      {warnings.total > 0 ? (
        <TableScroll label="Unreadable values on rows shown">
          <PlainTable
            caption={<>Values that could not be read, on rows the report shows with a ⚠ ({warnings.total})</>}
            columns={["Row", "Column", "Value as written", "Reason"]}
          >
            {warnings.rows.map((warning) => (
              <tr key={`${warning.sheetRow}-${warning.column}`}>
                <td>{warning.sheetRow}</td>
                <td>{warning.column}</td>
                <td>{warning.value}</td>
                <td>{warning.reason}</td>
              </tr>
            ))}
          </PlainTable>
        </TableScroll>
      ) : null}
      {warnings.footer}
      {total === 0 ? (
        <p className="muted">Every row of the sheet is in this report.</p>
      ) : (
        <TableScroll label="Invalid Records table">
          <PlainTable columns={["Row", "Reason", "Row values"]}>
            {records.map((record) => (
              <tr key={`${record.sheetRow}-${record.reason}`} data-sheet-row={record.sheetRow}>
                <td>{record.sheetRow}</td>
                <td>{record.reason}</td>
                <td>
                  {Object.entries(record.values).map(([header, value]) => (
                    <span key={header} className="invalid-cell">
                      <b>{header}:</b> {cellText(value)}
                    </span>
                  ))}
                </td>
              </tr>
            ))}
          </PlainTable>
        </TableScroll>
      )}
      {footer}
    </section>
  );
}

/** "1–100 of 250" and a button for the next rows, while some are not shown. */
export function ShowMore({ shown, total, onMore }: { shown: number; total: number; onMore: () => void }) {
  if (shown >= total) return null;
  return (
    <p className="pager">
      <span>
        1–{shown} of {total}
      </span>
      <button type="button" className="button" onClick={onMore}>
        Show more
      </button>
    </p>
  );
}
