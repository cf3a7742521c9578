import { memo } from "react";

import type { CalendarEvent } from "#workers/engine/model";
import { Pager } from "~/components/console/pager";
import { InlineScript } from "~/components/inline-script";
import { InvalidRecordsTable } from "~/components/reports/invalid-records";
import { EmptyReport, Footnotes, ReportProblem, TableScroll } from "~/components/reports/report-parts";
import { SCRIPTS_AWAITED_MS, SCRIPTS_RAN, withoutScripts } from "~/reports/drawn-here";
import type { PageTables } from "~/reports/outputs.server";
import type { ReportView } from "~/reports/view";
import { useHydrated } from "~/utils/use-hydrated";

import type { ServerReport } from "./__reports.server";

/**
 * With JavaScript the drawing takes the tables' place within moments, so until then only the first rows of each table are
 * laid out (reports.css, `data-first-rows`; the pagers, which would skip the rows kept back, wait too): all 100 rows of
 * a large sheet's tables cost the browser 0.1–0.3 s of style and layout in one task, before the page could answer a
 * click. Marked by a script as the browser reads the page, so a browser without JavaScript never is; lifted after 10 s,
 * should the page's scripts never come.
 */
const FIRST_ROWS_ONLY = `(function(r){r.setAttribute("data-first-rows","");setTimeout(function(){r.removeAttribute("data-first-rows")},${SCRIPTS_AWAITED_MS})})(document.currentScript.parentNode)`;

/**
 * The report without JavaScript: the engine's model, built on the server, as accessible tables a page at a time.
 * With JavaScript it is shown until the drawn report is ready (`drawing`: the page's scripts are building it), so a
 * slow connection shows the data as soon as the page arrives and never a blank report in between.
 */
export function ServerReportView({ report, type, view, back }: { report: ServerReport; type: string; view: ReportView; back: string }) {
  // Once hydrated, the page's scripts are drawing the report.
  const drawing = useHydrated();
  if (!report.ok) return <ReportProblem failure={report} type={type} back={back} />;
  return (
    <div className="server-report">
      <InlineScript code={FIRST_ROWS_ONLY} />
      <p className="notice" role={drawing ? "status" : undefined}>
        {drawing
          ? "Drawing the charts… Meanwhile, this is the report's data as tables."
          : "Charts need JavaScript. This is the report's data as tables."}
      </p>
      <p className="server-report-first-rows muted">The first 20 rows of each table are shown until the charts are drawn.</p>
      <Tables report={report} type={type} vertical={view.vertical} footnotes={view.footnotes} />
    </div>
  );
}

/**
 * In the tables' place when the page came without them, its cookie saying that the browser draws the report itself:
 * "Loading report…" until the drawing is ready. Should the browser now run without scripts, its <noscript> leads to the
 * tables (at once, or by the link where a browser does not follow a refresh); should the page's scripts not have come
 * within 10 s, an inline script does.
 */
export function TablesLeftOut({ page }: { page: string }) {
  const tables = withoutScripts(page);
  const awaitScripts = `setTimeout(function(){if(!window.${SCRIPTS_RAN})location.replace(${JSON.stringify(tables)})},${SCRIPTS_AWAITED_MS})`;
  return (
    <>
      <p className="report-loading" role="status">
        Loading report…
      </p>
      <InlineScript code={awaitScripts} />
      <noscript>
        <meta httpEquiv="refresh" content={`0; url=${tables}`} />
        <p className="notice">
          Charts need JavaScript. <a href={tables}>Show the report's data as tables</a>
        </p>
      </noscript>
    </>
  );
}

/**
 * The tables themselves, rendered again only when what they show changes: once hydrated the page renders again at once
 * (`drawing` turns true), in one task that cannot pause, which a hundred rows of tables need not be part of.
 */
const Tables = memo(function Tables({
  report,
  type,
  vertical,
  footnotes,
}: {
  report: PageTables;
  type: string;
  vertical: boolean;
  footnotes: boolean;
}) {
  return (
    <>
      <div className={`report-with-notes${vertical ? " vertical" : ""}`}>
        <div className="report-body">
          {report.stats.shownRecords === 0 ? <EmptyReport type={type} stats={report.stats} /> : null}
          {report.tables.map((table) => (
            <TableScroll key={table.caption} label={table.caption}>
              {table.key ? (
                <ul className="rt-key" aria-label={table.key.label}>
                  {table.key.entries.map((entry) => (
                    <li key={entry.label} className="rt-key-entry">
                      <span className="rt-swatch" aria-hidden="true" style={{ backgroundColor: entry.background }} />
                      {entry.label}
                    </li>
                  ))}
                </ul>
              ) : null}
              <table className="data-table">
                <caption>{table.caption}</caption>
                <thead>
                  {table.groups ? (
                    <tr>
                      {table.groups.map((group, g) =>
                        group.label ? (
                          <th key={g} scope="colgroup" colSpan={group.span}>
                            {group.label}
                          </th>
                        ) : (
                          <td key={g} colSpan={group.span} />
                        ),
                      )}
                    </tr>
                  ) : null}
                  <tr>
                    {table.columns.map((column) => (
                      <th key={column} scope="col">
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {table.rows.map((row, r) => (
                    <tr key={r}>
                      {row.map((cell, c) => {
                        const events = table.events?.[r]?.[c];
                        return <td key={c}>{events?.length ? <EventChips events={events} /> : cell}</td>;
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
              {table.rows.length === 0 && report.stats.shownRecords > 0 ? <p className="empty">Nothing to show in this table.</p> : null}
              <Pager page={table.page} label={`${table.caption} pages`} />
            </TableScroll>
          ))}
        </div>
        {footnotes ? <Footnotes footnotes={report.footnotes} general={report.generalFootnotes} /> : null}
      </div>
      {report.invalid ? (
        <InvalidRecordsTable
          records={report.invalid.records}
          total={report.stats.invalidRecords}
          warnings={{
            rows: report.invalid.warnings.rows,
            total: report.invalid.warnings.page.total,
            footer: <Pager page={report.invalid.warnings.page} param="wpage" label="Unreadable values pages" />,
          }}
          footer={<Pager page={report.invalid.page} param="ipage" label="Invalid records pages" />}
        />
      ) : null}
    </>
  );
});

/** A cell's events as the drawn calendar shows them: coloured by type, the type spelled out for screen readers where
 *  the text does not say it. */
function EventChips({ events }: { events: CalendarEvent[] }) {
  return (
    <ul className="rt-events">
      {events.map((event, i) => (
        <li
          key={i}
          className="rt-event"
          data-category={event.category}
          style={{ backgroundColor: event.colour.background, color: event.colour.text }}
        >
          {event.text}
          {event.text.includes(event.type) ? null : <span className="sr-only">, {event.type}</span>}
        </li>
      ))}
    </ul>
  );
}
