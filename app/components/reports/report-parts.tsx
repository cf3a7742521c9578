import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";

import { MISSING_COLUMNS, REPORT_1_FAILED, REPORT_BUSY, SHEET_LOAD_FAILED } from "#common/messages";
import type { ReportFailure, ReportStats } from "#workers/engine/model";
import { emptyReportText } from "~/reports/tables";

/** The sheet's footnotes for this report ('report-N-footnotes' and 'report-N-general-footnotes'). */
export function Footnotes({ footnotes, general }: { footnotes: string[]; general: string[] }) {
  if (footnotes.length === 0 && general.length === 0) return null;
  return (
    <aside className="report-footnotes" aria-label="Footnotes">
      {footnotes.length > 0 ? (
        <ol>
          {footnotes.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
      ) : null}
      {general.map((line) => (
        <p key={line} className="muted">
          {line}
        </p>
      ))}
    </aside>
  );
}

/**
 * A report with nothing to draw says why instead of showing an empty box: how many rows the report's rules left out,
 * with a link that opens them in Invalid Records (the current view plus invalid=true).
 */
export function EmptyReport({ type, stats }: { type: string; stats: Pick<ReportStats, "invalidRecords"> }) {
  const { search } = useLocation();
  const withInvalid = new URLSearchParams(search);
  withInvalid.set("invalid", "true");
  const text = emptyReportText(type, stats);
  return (
    <p className="report-empty" role="status">
      {type === "events-2" || stats.invalidRecords === 0 ? (
        text
      ) : (
        <>
          {text}, see{" "}
          <Link to={{ search: `?${withInvalid}` }} preventScrollReset>
            Invalid Records
          </Link>
        </>
      )}
    </p>
  );
}

/** Why a report cannot be shown, with the spec's texts (user-app §5 and §8) and a way on. */
export function ReportProblem({
  failure,
  type,
  back,
  retry,
}: {
  /** The engine's failure; from the server also "busy" (its workers' queue is full), "worker" (a worker failed) or
   *  "version" (a report as of a day without a readable version: `message` says which). */
  failure: { failure: ReportFailure["failure"] | "busy" | "worker" | "version"; missingColumns: string[]; message?: string };
  type: string;
  back: string;
  retry?: () => void;
}) {
  const { search } = useLocation();
  if (failure.failure === "missing-columns") {
    return (
      <div className="report-problem" role="alert">
        {type === "landscape-type-1" ? <p>{REPORT_1_FAILED}</p> : null}
        <h2>{MISSING_COLUMNS}</h2>
        <ul>
          {failure.missingColumns.map((column) => (
            <li key={column}>
              {column}: <span className="muted">not available</span>
            </li>
          ))}
        </ul>
        <Link to={back}>Back</Link>
      </div>
    );
  }
  return (
    <div className="report-problem" role="alert">
      <p>
        {failure.failure === "version"
          ? failure.message
          : failure.failure === "busy"
            ? REPORT_BUSY
            : type === "landscape-type-1" && failure.failure === "error"
              ? REPORT_1_FAILED
              : SHEET_LOAD_FAILED}
      </p>
      <p className="report-problem-actions">
        {retry ? (
          <button type="button" className="button primary" onClick={retry}>
            Try again
          </button>
        ) : (
          // Without JavaScript: the same address again (type and options included).
          <Link className="button primary" to={{ search }} reloadDocument>
            Try again
          </Link>
        )}
        <Link className="button" to={back}>
          Back
        </Link>
      </p>
    </div>
  );
}

/** A wide table's horizontal scroller, reachable by keyboard so it can be scrolled without a mouse. */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}

/** 'Export as PowerPoint': a plain link to the deck of the report as shown (the server answers with the file). */
export function DeckLink({ href }: { href: string }) {
  return (
    <a className="button" href={href} download>
      Export as PowerPoint
    </a>
  );
}

/** 'Export as Excel': a plain link to the workbook of the report as shown, its rows and the rows left out. */
export function ExcelLink({ href }: { href: string }) {
  return (
    <a className="button" href={href} download>
      Export as Excel
    </a>
  );
}
