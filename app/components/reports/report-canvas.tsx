import { useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from "react";
import type { EngineEventInput, InvalidRecord, ReportModel } from "#workers/engine/model";
import type { loader as rootLoader } from "~/root";
import { exportAsImage } from "~/reports/export-image";
import { fitForPrint } from "~/reports/print";
import { RENDERERS } from "~/reports/render";
import { drawEverything, whenDrawn } from "~/reports/render/progressive";
import type { Renderer } from "~/reports/render/types";
import { useReportModel } from "~/reports/use-report-model";
import type { ReportView } from "~/reports/view";
import { InvalidRecordsTable } from "./invalid-records";
import { Footnotes, ReportProblem } from "./report-parts";

interface CanvasProps {
  type: string;
  title: string;
  fileName: string;
  sheetUrl: string;
  options: { tm: boolean; combineLot: boolean };
  events: EngineEventInput[];
  view: ReportView;
  back: string;
  /** Drawn instead of a D3 report (the news list). */
  children?: ReactNode;
}

/** The report drawn in the browser: the engine builds the model in its worker, D3 draws it. */
export function ReportCanvas({ type, title, fileName, sheetUrl, options, events, view, back, children }: CanvasProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const [attempt, setAttempt] = useState(0);
  const { state, moreInvalid } = useReportModel(root?.workers.engine, { type, sheetUrl, options, events, attempt });
  const sheet = useRef<HTMLDivElement>(null);
  const host = useRef<HTMLDivElement>(null);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    if (state.status !== "ready" || !host.current || state.model.type === "list") return;
    const render = RENDERERS[state.model.type] as Renderer<ReportModel>;
    const { logos } = state;
    return render(host.current, state.model, { logoUrl: (company) => logos[company] ?? null });
  }, [state]);

  // Whatever starts printing (the button, the browser's menu), the report is fitted to the page first.
  useEffect(() => {
    let undo: (() => void) | null = null;
    const before = () => {
      if (sheet.current) undo = fitForPrint(sheet.current);
    };
    const after = () => {
      undo?.();
      undo = null;
    };
    window.addEventListener("beforeprint", before);
    window.addEventListener("afterprint", after);
    return () => {
      window.removeEventListener("beforeprint", before);
      window.removeEventListener("afterprint", after);
      after();
    };
  }, []);

  if (state.status === "failed") return <ReportProblem failure={state.failure} type={type} back={back} retry={() => setAttempt((n) => n + 1)} />;
  const model = state.status === "ready" ? state.model : null;
  const style = { "--report-font-size": `${view.fontSize}px` } as CSSProperties;

  return (
    <>
      <div className="report-actions">
        <button
          type="button"
          className="button"
          disabled={!model}
          onClick={() => {
            // Once every chunk (and every row of a windowed table) is drawn, so the page holds the whole report.
            if (!sheet.current) return;
            const release = drawEverything(sheet.current);
            whenDrawn(sheet.current).then(() => window.print()).finally(release);
          }}
        >
          Print
        </button>
        <button
          type="button"
          className="button"
          disabled={!model || exporting}
          onClick={() => {
            if (!sheet.current) return;
            setExporting(true);
            exportAsImage(sheet.current, fileName).finally(() => setExporting(false));
          }}
        >
          {exporting ? "Exporting…" : "Export as image"}
        </button>
      </div>
      <div ref={sheet} className="report-sheet" style={style} aria-busy={!model}>
        <h2 className="report-title">{title}</h2>
        <div className={`report-with-notes${view.vertical ? " vertical" : ""}`}>
          <div className="report-body">
            {model ? null : (
              <p className="report-loading" role="status">
                Loading report…
              </p>
            )}
            {children ?? <div ref={host} className="report-host" data-report={type} data-ready={model ? "true" : undefined} />}
          </div>
          {model && view.footnotes ? <Footnotes footnotes={model.footnotes} general={model.generalFootnotes} /> : null}
        </div>
      </div>
      {model && view.invalid && model.type !== "list" ? <ClientInvalidRecords key={`${type}-${attempt}-${JSON.stringify(options)}`} model={model} more={moreInvalid} /> : null}
    </>
  );
}

/** Invalid Records from the worker: the first page comes with the model, 'Show more' asks for the next. */
function ClientInvalidRecords({ model, more }: { model: ReportModel; more: (offset: number) => Promise<InvalidRecord[]> }) {
  const [records, setRecords] = useState(model.invalidRecords);
  const total = model.stats.invalidRecords;
  return (
    <InvalidRecordsTable
      records={records}
      total={total}
      footer={
        records.length < total ? (
          <p className="pager">
            <span>
              1–{records.length} of {total}
            </span>
            <button type="button" className="button" onClick={() => more(records.length).then((next) => setRecords((r) => [...r, ...next]))}>
              Show more
            </button>
          </p>
        ) : null
      }
    />
  );
}
