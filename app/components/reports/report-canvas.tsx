import { useEffect, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from "react";

import type { CompareWith } from "#workers/engine.worker";
import type { EngineEventInput, InvalidRecord, ReportModel } from "#workers/engine/model";
import { exportAsImage } from "~/reports/export-image";
import { fitForPrint } from "~/reports/print";
import { RENDERERS } from "~/reports/render";
import { drawEverything, whenDrawn } from "~/reports/render/progressive";
import { LAUNCH_TABLE_LINK, type Renderer } from "~/reports/render/types";
import { watchScrollCues } from "~/reports/scroll-cues";
import { useReportModel, type ModelOptions } from "~/reports/use-report-model";
import { fitZoomFloor, type ReportView, type Zoom } from "~/reports/view";
import { useHydrated } from "~/utils/use-hydrated";
import { useWorkerUrl } from "~/utils/worker-client";

import { InvalidRecordsTable, ShowMore } from "./invalid-records";
import { DeckLink, EmptyReport, ExcelLink, Footnotes, ReportProblem } from "./report-parts";

interface CanvasProps {
  type: string;
  title: string;
  fileName: string;
  sheetUrl: string;
  /** The earlier version whose changes the drawn report marks (issue 30), or null. */
  compare?: CompareWith | null;
  options: ModelOptions;
  events: EngineEventInput[];
  view: ReportView;
  back: string;
  /** The PowerPoint export of this view; null where there is none (the news list). */
  deckHref: string | null;
  excelHref: string | null;
  /** Whether the export links work before the page's scripts run: the server built this view (its tables). */
  exportsWithoutScripts: boolean;
  /** The Launch table of this disease and view, where the timeline chart's launches are listed; null without one. */
  launchTable?: string | null;
  /** Drawn instead of a D3 report (the news list). */
  children?: ReactNode;
  /** Shown while the report is being built and drawn (the server's tables, when the page came with them). */
  meanwhile?: ReactNode;
}

/** The report drawn in the browser: the engine builds the model in its worker, D3 draws it. */
export function ReportCanvas({
  type,
  title,
  fileName,
  sheetUrl,
  compare = null,
  options,
  events,
  view,
  back,
  deckHref,
  excelHref,
  exportsWithoutScripts,
  launchTable = null,
  children,
  meanwhile,
}: CanvasProps) {
  const engineUrl = useWorkerUrl("engine");
  // Until hydrated (and without JavaScript) only what works without scripts: the server's tables (`meanwhile`) and the
  // export links. The same elements stay once hydrated, so the tables' nodes are kept rather than built again.
  const hydrated = useHydrated();
  const [attempt, setAttempt] = useState(0);
  const { state, moreInvalid } = useReportModel(engineUrl, { type, sheetUrl, compare, options, events, attempt });
  const sheet = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const host = useRef<HTMLDivElement>(null);
  const [exporting, setExporting] = useState(false);
  const boxWidth = useWidth(body, hydrated);
  // Fitted to the width, the timeline chart is laid out for its box (months narrower, labels as large) rather than
  // shrunk: its width in em of the report's font.
  const chartWidth = type === "timeline-chart" && view.zoom === "fit" && boxWidth ? boxWidth / view.fontSize : null;

  // The Launch table's link carries the view (zoom, font size): a change of view updates the link where it is drawn
  // rather than drawing the whole report again.
  const launchTableNow = useRef(launchTable);
  launchTableNow.current = launchTable;
  const hasLaunchTable = launchTable !== null;
  useEffect(() => {
    if (state.status !== "ready" || !host.current || state.model.type === "list") return;
    const render = RENDERERS[state.model.type] as Renderer<ReportModel>;
    const { logos } = state;
    const options = { logoUrl: (company: string) => logos[company] ?? null, width: chartWidth, launchTable: launchTableNow.current };
    return render(host.current, state.model, options);
  }, [state, chartWidth, hasLaunchTable]);
  useEffect(() => {
    if (launchTable)
      for (const link of host.current?.querySelectorAll(`.${LAUNCH_TABLE_LINK}`) ?? []) link.setAttribute("href", launchTable);
  }, [launchTable]);

  useReportZoom(host, body, view.zoom, view.fontSize, [state, chartWidth, boxWidth]);
  useEffect(() => (state.status === "ready" && host.current ? watchScrollCues(host.current) : undefined), [state, chartWidth, view.zoom]);

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

  if (state.status === "failed")
    return <ReportProblem failure={state.failure} type={type} back={back} retry={() => setAttempt((n) => n + 1)} />;
  const model = state.status === "ready" ? state.model : null;
  const style = { "--report-font-size": `${view.fontSize}px` } as CSSProperties;
  const exportsShown = hydrated || exportsWithoutScripts;

  return (
    <>
      {hydrated || (exportsShown && (deckHref || excelHref)) ? (
        <div className="report-actions">
          {hydrated ? (
            <>
              <button
                type="button"
                className="button"
                disabled={!model}
                onClick={() => {
                  // Once every chunk (and every row of a windowed table) is drawn, so the page holds the whole report.
                  if (!sheet.current) return;
                  const release = drawEverything(sheet.current);
                  whenDrawn(sheet.current)
                    .then(() => window.print())
                    .finally(release);
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
            </>
          ) : null}
          {deckHref && exportsShown ? <DeckLink href={deckHref} /> : null}
          {excelHref && exportsShown ? <ExcelLink href={excelHref} /> : null}
        </div>
      ) : null}
      <div ref={sheet} className="report-sheet" style={style} aria-busy={hydrated && !model && !meanwhile ? true : undefined}>
        <h2 className="report-title">{title}</h2>
        {model ? null : meanwhile}
        {hydrated ? (
          <div className={`report-with-notes${view.vertical ? " vertical" : ""}`}>
            <div ref={body} className="report-body">
              {model || meanwhile ? null : (
                <p className="report-loading" role="status">
                  Loading report…
                </p>
              )}
              {model && model.type !== "list" && model.stats.shownRecords === 0 ? <EmptyReport type={type} stats={model.stats} /> : null}
              {children ?? (
                <div ref={host} className="report-host" data-report={type} data-zoom={view.zoom} data-ready={model ? "true" : undefined} />
              )}
            </div>
            {model && view.footnotes ? <Footnotes footnotes={model.footnotes} general={model.generalFootnotes} /> : null}
          </div>
        ) : (
          children
        )}
      </div>
      {model && view.invalid && model.type !== "list" ? (
        <ClientInvalidRecords key={`${type}-${attempt}-${JSON.stringify(options)}`} model={model} more={moreInvalid} />
      ) : null}
    </>
  );
}

/** Invalid Records from the worker: the first page comes with the model, 'Show more' asks for the next. The warnings
 *  come whole with the model and are shown a page at a time too. */
function ClientInvalidRecords({ model, more }: { model: ReportModel; more: (offset: number) => Promise<InvalidRecord[]> }) {
  const [records, setRecords] = useState(model.invalidRecords);
  const [warningsShown, setWarningsShown] = useState(WARNINGS_PAGE);
  const total = model.stats.invalidRecords;
  const warnings = model.warnings;
  return (
    <InvalidRecordsTable
      records={records}
      total={total}
      warnings={{
        rows: warnings.slice(0, warningsShown),
        total: warnings.length,
        footer: (
          <ShowMore
            shown={Math.min(warningsShown, warnings.length)}
            total={warnings.length}
            onMore={() => setWarningsShown((n) => n + WARNINGS_PAGE)}
          />
        ),
      }}
      footer={
        <ShowMore
          shown={records.length}
          total={total}
          onMore={() => void more(records.length).then((next) => setRecords((r) => [...r, ...next]))}
        />
      }
    />
  );
}

/** Warnings shown at a time (as many as the invalid records the worker sends a page of). */
const WARNINGS_PAGE = 100;

/** The content width of `ref`'s element, kept up to date (null until measured); its element is there once `shown`. */
function useWidth(ref: RefObject<HTMLElement>, shown: boolean) {
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // Not while printing (fitForPrint's `printing` class): laid out for the page, a report redrawn for that width would
    // lose the rows drawEverything put in for print.
    const observer = new ResizeObserver(([entry]) => {
      if (!el.closest(".printing")) setWidth(Math.round(entry!.contentRect.width));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, shown]);
  return width;
}

/**
 * Zooms the drawn report (CSS zoom, so scroll sizes follow): a percentage as chosen, or for "fit" as much as makes
 * its full width (every phase column, every year) fit its box — never more than 100 %, and never less than keeps text
 * readable (fitZoomFloor): past that the report scrolls sideways in its box. Measured again when the drawn report
 * gets wider (logos and late chunks can widen it) and whenever `deps` change (the box, the font size).
 * Print and export lay the report out at 100 % and fit it themselves.
 */
function useReportZoom(host: RefObject<HTMLElement>, box: RefObject<HTMLElement>, zoom: Zoom, fontSize: number, deps: unknown[]) {
  // An effect, declared after the drawing's: it runs once the first chunk is drawn, so the elements it watches exist.
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    if (zoom !== "fit") {
      el.style.setProperty("--report-zoom", String(zoom / 100));
      return;
    }
    let live = true;
    const fit = () => {
      if (!live || !box.current) return;
      // Measured with the report's scrollers open (reports.css), at 100 %: its full width.
      delete el.dataset.fitFloor;
      el.style.setProperty("--report-zoom", "1");
      const floor = fitZoomFloor(fontSize);
      let zoom = Math.max(floor, Math.min(1, box.current.clientWidth / el.scrollWidth));
      // A table given more room at a smaller zoom may lay its columns out wider: shrink again until it fits.
      for (let pass = 0; pass < 3; pass++) {
        el.style.setProperty("--report-zoom", String(Math.floor(zoom * 1000) / 1000));
        if (el.scrollWidth <= el.clientWidth + 1 || zoom === floor) break;
        zoom = Math.max(floor, zoom * (el.clientWidth / el.scrollWidth));
      }
      // Still wider than its box at the least readable zoom: its scrollers close again and it scrolls sideways.
      if (el.scrollWidth > el.clientWidth + 1) el.dataset.fitFloor = "";
    };
    fit();
    // Heights grow with every chunk drawn; only a change of width needs fitting again: the first real layout of what
    // was measured while still skipped (`content-visibility`: the fit above sees the groups of cards at their guessed
    // size), a long name or a logo in a late chunk. The widths come from an observer, after the browser's own layout,
    // so nothing here forces a layout of the whole drawn report (fitting again once the drawing ended took one 2.7 s
    // task on a 50k-row board).
    // Its first report of an element is the width just fitted, not a change (fitting again there took a second forced
    // layout of the drawn report, 0.2-0.6 s on a 50k-row board).
    const widths = new Map<Element, number>();
    const grown = new ResizeObserver((entries) => {
      let changed = false;
      for (const { target, contentRect } of entries) {
        const width = Math.round(contentRect.width);
        if (widths.has(target) && widths.get(target) !== width) changed = true;
        widths.set(target, width);
      }
      if (changed) fit();
    });
    for (const wide of el.querySelectorAll(".rb-grid, .rb-columns, .rt-chart")) grown.observe(wide);
    return () => {
      live = false;
      grown.disconnect();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller lists what changes the layout
  }, [zoom, fontSize, ...deps]);
}
