import type { LoaderFunctionArgs } from "@remix-run/node";

import { REPORT_NAMES } from "#common/constants";
import { reportTitle } from "~/reports/view";

import { exportReport } from "./__reports.server";

/**
 * 'Export as Excel' (issue 27): the report the page shows, with the page's options (type, tm, lot, first), as an .xlsx
 * of its rows and the rows it left out (app/reports/workbook.server.ts), written by a deck worker off the event loop;
 * guarded as the deck is (exportReport).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return exportReport(request, params, {
    extension: "xlsx",
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    want: async ({ disease, type }) => ({
      as: "workbook",
      info: { title: reportTitle(disease, REPORT_NAMES[type]), exportedAt: new Date() },
    }),
  });
}
