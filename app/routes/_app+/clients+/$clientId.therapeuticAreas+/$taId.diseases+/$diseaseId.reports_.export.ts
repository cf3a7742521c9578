import type { LoaderFunctionArgs } from "@remix-run/node";

import { REPORT_NAMES } from "#common/constants";
import { reportTitle } from "~/reports/view";
import { buildDeck } from "~/services/deck-pool.server";
import { sheetStatus } from "~/utils/sheets/store.server";
import { redirectWithToast } from "~/utils/toast.server";

import { deckLogos, exportedReport, exportResponse } from "./__reports.server";

/**
 * 'Export as PowerPoint' (issue #14): the report the page shows, with the page's options (type, tm, lot, fs,
 * footnotes), as a .pptx built here from the engine's model; guarded as exportedReport says.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { client, disease, type, view, options, model, page } = await exportedReport(request, params);
  const status = await sheetStatus(disease.id);
  const tab = status.sheetName ? ` “${status.sheetName}”` : "";
  const deck = await buildDeck({
    deck: "report",
    model,
    info: {
      title: reportTitle(disease, REPORT_NAMES[type]),
      disease: disease.name,
      client: client.name,
      source: status.upload ? `${status.upload.filename}${tab ? `, sheet${tab}` : ""}` : `Google Sheet${tab}`,
      readAt: status.fetchedAt,
      exportedAt: new Date(),
      options: [
        ...(options.tm ? ["Therapeutic modality view"] : []),
        ...(type === "landscape-type-2" && options.combineLot ? ["Lines of therapy combined"] : []),
        ...(type === "timeline-chart" && options.startAtFirstLaunch ? ["Axis from the first launch"] : []),
      ],
      footnotes: view.footnotes,
      fontSize: view.fontSize,
      logos: await deckLogos(model),
    },
  });
  if (!deck.ok) throw await redirectWithToast(request, page, { type: "error", message: deck.message });
  return exportResponse(deck.bytes, {
    disease,
    type,
    extension: "pptx",
    contentType: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  });
}
