import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation, type ShouldRevalidateFunctionArgs } from "@remix-run/react";
import { useMemo } from "react";

import { NO_REPORTS, REPORT_NOT_AVAILABLE } from "#common/messages";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageFooter } from "~/components/page-footer";
import { NewsList } from "~/components/reports/news-list";
import { ReportCanvas } from "~/components/reports/report-canvas";
import { ReportToolbar } from "~/components/reports/report-toolbar";
import { WhatChanged } from "~/components/reports/what-changed";
import { SheetPrefetch } from "~/reports/sheet-prefetch";
import { exportFileName, PRESENTATION_PARAMS, readView, reportTitle } from "~/reports/view";
import boardStyles from "~/styles/reports-boards.css";
import timeStyles from "~/styles/reports-time.css";
import reportStyles from "~/styles/reports.css";
import { formatDateTime, formatDay } from "~/utils/dates";
import { fromJsonText } from "~/utils/json-text";
import { workerUrlOf } from "~/utils/worker-client";

import { FollowForm } from "./__follow-form";
import { followDisease, loadReportPage } from "./__reports.server";
import { ServerReportView, TablesLeftOut } from "./__server-report";

// The report viewer (user-app §2): report-type navigation, the controls, and the report drawn in the browser by
// the engine's worker and D3 — or, without JavaScript, the same engine's data as tables from the server.

export const links: LinksFunction = () => [reportStyles, boardStyles, timeStyles].map((href) => ({ rel: "stylesheet", href }));

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadReportPage(request, params);
}

/** Follows the disease (issue 30): the page's "E-mail me what changes" form. */
export async function action({ request, params }: ActionFunctionArgs) {
  return followDisease(request, params);
}

/** Font size, footnotes and the invalid-records switch change only the look: no new data needed. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    for (const name of PRESENTATION_PARAMS) params.delete(name);
    params.sort();
    return params.toString();
  };
  return strip(currentUrl) === strip(nextUrl) ? false : defaultShouldRevalidate;
}

export default function ReportPage() {
  const data = useLoaderData<typeof loader>();
  const { client, area, disease, type } = data;
  const location = useLocation();
  const server = useMemo(() => (data.server ? fromJsonText(data.server) : null), [data.server]);
  const view = readView(new URLSearchParams(location.search));
  const areas = `/clients/${client.id}/therapeuticAreas`;
  const diseases = `${areas}/${area.id}/diseases`;
  const report = disease.reports.find((r) => r.id === type);
  const title = reportTitle(disease, report?.name ?? "");
  // The deck and the workbook of the report as shown: the same query (type, tm, lot, fs, footnotes…). The news list
  // has neither, nor (without JavaScript) a report the server could not build (ReportCanvas: `exportsWithoutScripts`).
  // The page itself does not ask whether it is hydrated: the render that follows hydration, which cannot pause, then
  // leaves it alone and renders only the parts that change.
  const exportable = type && type !== "list";
  const exportHref = (file: string) => (exportable ? `${diseases}/${disease.id}/reports/${file}${location.search}` : null);
  const deckHref = exportHref("export");
  const excelHref = exportHref("excel");
  const tabLink = (id: string) => {
    const params = new URLSearchParams({ type: id });
    for (const name of [...PRESENTATION_PARAMS, "asOf", "compare"])
      for (const value of new URLSearchParams(location.search).getAll(name)) params.append(name, value);
    return `?${params}`;
  };
  const without = (name: string) => {
    const params = new URLSearchParams(location.search);
    params.delete(name);
    return `?${params}`;
  };

  return (
    <section className="page report-page">
      <Breadcrumbs
        items={[
          { label: "Clients", to: "/dashboard" },
          { label: client.name, to: areas },
          { label: area.name, to: diseases },
          { label: disease.name },
        ]}
      />
      <h1 className="page-title">{disease.name}</h1>
      {disease.reports.length > 0 ? (
        <nav className="report-tabs" aria-label="Reports">
          <ul>
            {disease.reports.map((r) => (
              <li key={r.id}>
                {/* The spec's id as the tooltip: what the address and the sheet's settings call the report. */}
                <Link to={tabLink(r.id)} title={r.id} aria-current={r.id === type ? "page" : undefined} preventScrollReset>
                  {r.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {data.resolution === "none" ? <p className="empty">{NO_REPORTS}</p> : null}
      {data.resolution === "unknown" ? <p className="empty">{REPORT_NOT_AVAILABLE}</p> : null}
      {type ? (
        <>
          {type !== "list" ? <SheetPrefetch url={data.sheetUrl} /> : null}
          <ReportToolbar type={type} view={view} showTm={type === "landscape-type-1" && disease.tm} />
          <FollowForm disease={disease.name} frequency={data.follow} />
          {data.asOf ? <AsOfBanner asOf={data.asOf} today={without("asOf")} /> : null}
          {data.changes ? <WhatChanged panel={data.changes} stop={without("compare")} /> : null}
          {/* The server's tables until the drawing is ready (without JavaScript, in its place), and where the page
              arrived without them (a link followed in the app, or a browser that draws: TablesLeftOut) "Loading report…". */}
          <ReportCanvas
            key={`${disease.id}-${type}`}
            type={type}
            title={title}
            fileName={exportFileName(disease, report?.name ?? type, "png")}
            sheetUrl={data.sheetUrl}
            compare={data.changes?.ok ? data.compare : null}
            options={data.options}
            events={data.events}
            view={view}
            back={diseases}
            deckHref={deckHref}
            excelHref={excelHref}
            exportsWithoutScripts={!!server?.ok}
            launchTable={disease.reports.some((r) => r.id === "timeline-table") ? tabLink("timeline-table") : null}
            meanwhile={
              server ? (
                <ServerReportView report={server} type={type} view={view} back={diseases} />
              ) : data.tablesLeftOut && type !== "list" ? (
                <TablesLeftOut page={`${location.pathname}${location.search}`} />
              ) : undefined
            }
          >
            {data.news ? <NewsList news={data.news} /> : undefined}
          </ReportCanvas>
        </>
      ) : null}
      <PageFooter />
    </section>
  );
}

/** Says that the report is the sheet as it stood on a day (issue 30), or that there was none yet, with the way back. */
function AsOfBanner({ asOf, today }: { asOf: { day: string; readAt: string | null; message: string | null }; today: string }) {
  return (
    <p className="notice as-of" role="status">
      {asOf.readAt ? `As of ${formatDay(asOf.day)}: the sheet as it stood then, read ${formatDateTime(asOf.readAt)}. ` : `${asOf.message} `}
      <Link to={today} preventScrollReset>
        Back to today’s report
      </Link>
    </p>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const report = data?.disease.reports.find((r) => r.id === data.type);
  const engine = workerUrlOf(matches.find((m) => m.id === "root")?.data, "engine");
  return [
    { title: `${[data?.disease.name, report?.name].filter(Boolean).join(" – ") || "Reports"} | Pharmascope` },
    // The engine's worker script loads with the page's own scripts, not after them (it is cached for a year, so the
    // worker started after hydration finds it): on a slow connection one round trip less before the report is drawn.
    ...(engine && data?.type && data.type !== "list" ? [{ tagName: "link", rel: "modulepreload", href: engine }] : []),
  ];
};

export const ErrorBoundary = GeneralErrorBoundary;
