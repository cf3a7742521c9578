import type { ReportType } from "#workers/engine/constants";
import type { ModelOf } from "#workers/engine/model";

import { renderEventCalendar } from "./event-calendar";
import { renderEvents2 } from "./events2";
import { renderLandscape1 } from "./landscape1";
import { renderLandscape2 } from "./landscape2";
import { renderLandscape3 } from "./landscape3";
import { renderTimelineChart } from "./timeline-chart";
import { renderTimelineTable } from "./timeline-table";
import type { Renderer } from "./types";

/** The D3 renderer of each report type; the news list ('list') is drawn by React from the database. */
export const RENDERERS: { [T in Exclude<ReportType, "list">]: Renderer<ModelOf<T>> } = {
  "landscape-type-1": renderLandscape1,
  "landscape-type-2": renderLandscape2,
  "landscape-type-3": renderLandscape3,
  "timeline-chart": renderTimelineChart,
  "timeline-table": renderTimelineTable,
  "event-calendar": renderEventCalendar,
  "events-2": renderEvents2,
};
