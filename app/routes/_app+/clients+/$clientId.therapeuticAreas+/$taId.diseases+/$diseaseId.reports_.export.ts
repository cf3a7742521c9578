import type { LoaderFunctionArgs } from "@remix-run/node";

import { REPORT_NAMES } from "#common/constants";
import { MISSING_COLUMNS, SHEET_LOAD_FAILED } from "#common/messages";
import { exportFileName, readView, reportTitle, resolveReportType } from "~/reports/view";
import { requirePermitted } from "~/services/auth.server";
import { buildDeck } from "~/services/deck-pool.server";
import { sheetStatus } from "~/utils/sheets/store.server";
import { redirectWithToast } from "~/utils/toast.server";

import { buildServerModel, deckLogos, engineOptions } from "./__reports.server";

/**
 * 'Export as PowerPoint' (issue #14): the report the page shows, with the page's options (type, tm, lot, fs,
 * footnotes), as a .pptx built here from the engine's model. Guarded as the page is, except that a report the user
 * may not see is a 404: another's disease, a type this disease does not have, or the news list (no sheet model; the
 * news feed has its own deck). Without a type, the first configured report, as the page shows it.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { client, area, disease } = await requirePermitted(
    request,
    { clientId: params.clientId, taId: params.taId, diseaseId: params.diseaseId },
    { refusal: "not-found" },
  );
  const url = new URL(request.url);
  const view = readView(url.searchParams);
  const resolution = resolveReportType(disease.reports, view.type);
  const type = resolution.kind === "ok" || (resolution.kind === "redirect" && !view.type) ? resolution.type : null;
  if (!type || type === "list") throw new Response("Not found", { status: 404 });

  const options = await engineOptions(disease, type, view);
  const model = await buildServerModel(disease.id, type, options);
  // The page says what is wrong in full; the toast says why there is no file.
  const page = `/clients/${client.id}/therapeuticAreas/${area.id}/diseases/${disease.id}/reports${url.search}`;
  if (!model.ok) {
    const message = model.failure === "missing-columns" ? `${MISSING_COLUMNS}: ${model.missingColumns.join(", ")}` : SHEET_LOAD_FAILED;
    throw await redirectWithToast(request, page, { type: "error", message });
  }
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
  return new Response(deck.bytes, {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
      "Content-Disposition": attachment(exportFileName(disease, REPORT_NAMES[type], "pptx")),
      "Content-Length": String(deck.bytes.length),
      "Cache-Control": "private, no-store",
    },
  });
}

/** RFC 6266: a plain ASCII name as it is; any other with an ASCII stand-in and the UTF-8 name beside it. */
function attachment(name: string) {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_");
  if (ascii === name) return `attachment; filename="${name}"`;
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
