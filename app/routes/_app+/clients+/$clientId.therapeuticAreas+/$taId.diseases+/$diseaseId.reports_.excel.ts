import type { LoaderFunctionArgs } from "@remix-run/node";

import { REPORT_NAMES } from "#common/constants";
import { reportTitle } from "~/reports/view";
import { buildDeck } from "~/services/deck-pool.server";
import { redirectWithToast } from "~/utils/toast.server";

import { exportedReport, exportResponse } from "./__reports.server";

/**
 * 'Export as Excel' (issue 27): the report the page shows, with the page's options (type, tm, lot, first), as an .xlsx
 * of its rows and the rows it left out (app/reports/workbook.server.ts), written by a deck worker off the event loop;
 * guarded as the deck is (exportedReport).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { disease, type, model, page } = await exportedReport(request, params);
  const workbook = await buildDeck({
    deck: "workbook",
    model,
    info: { title: reportTitle(disease, REPORT_NAMES[type]), exportedAt: new Date() },
  });
  if (!workbook.ok) throw await redirectWithToast(request, page, { type: "error", message: workbook.message });
  return exportResponse(workbook.bytes, {
    disease,
    type,
    extension: "xlsx",
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  });
}
