import type { LoaderFunctionArgs } from "@remix-run/node";

import { REPORT_NAMES } from "#common/constants";
import { reportTitle } from "~/reports/view";
import { formatDay } from "~/utils/dates";
import { sheetStatus } from "~/utils/sheets/store.server";

import { exportReport } from "./__reports.server";

/**
 * 'Export as PowerPoint' (issue #14): the report the page shows, with the page's options (type, tm, lot, fs,
 * footnotes), as a .pptx made by a deck worker from the engine's model; guarded as exportReport says.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return exportReport(request, params, {
    extension: "pptx",
    contentType: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    want: async ({ client, disease, type, view, options, sheet }) => {
      const status = await sheetStatus(disease.id);
      const tab = status.sheetName ? ` “${status.sheetName}”` : "";
      return {
        as: "deck",
        info: {
          title: reportTitle(disease, REPORT_NAMES[type]),
          disease: disease.name,
          client: client.name,
          source: status.upload ? `${status.upload.filename}${tab ? `, sheet${tab}` : ""}` : `Google Sheet${tab}`,
          readAt: sheet.asOf?.readAt ?? status.fetchedAt,
          exportedAt: new Date(),
          options: [
            ...(sheet.asOf ? [`As of ${formatDay(sheet.asOf.day)}`] : []),
            ...(options.tm ? ["Therapeutic modality view"] : []),
            ...(type === "landscape-type-2" && options.combineLot ? ["Lines of therapy combined"] : []),
            ...(type === "timeline-chart" && options.startAtFirstLaunch ? ["Axis from the first launch"] : []),
          ],
          footnotes: view.footnotes,
          fontSize: view.fontSize,
        },
      };
    },
  });
}
