import type { ReactNode } from "react";

// A read-only table of rows (previews, logs, lists without sorting): its caption, one row of column headers, then
// the body's rows, which each page writes itself.

export function PlainTable({
  className = "data-table",
  caption,
  hideCaption = false,
  columns,
  children,
}: {
  className?: string;
  caption?: ReactNode;
  /** The caption is for screen readers only. */
  hideCaption?: boolean;
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    <table className={className}>
      {caption ? <caption className={hideCaption ? "sr-only" : undefined}>{caption}</caption> : null}
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
