import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { SHEET_LOAD_FAILED } from "#common/messages";
import { findPermittedDisease } from "~/models/disease.server";
import { readAsOf } from "~/reports/view";
import { requireApiUser } from "~/services/auth.server";
import { openSheet, openSheetVersion, sheetBody } from "~/services/report-model.server";
import { formatDateTime } from "~/utils/dates";
import { sheetConfig } from "~/utils/env.server";
import { can } from "~/utils/permissions";
import { acceptsBrotli, readUploadForm } from "~/utils/request.server";
import type { SessionUser } from "~/utils/session.server";
import { SheetSourceError } from "~/utils/sheets/errors.server";
import { refreshSheet } from "~/utils/sheets/refresh.server";
import { dataRowsText } from "~/utils/sheets/rows";
import { restoreVersion, sheetStatus } from "~/utils/sheets/store.server";
import { removeUploadedWorkbook, storeUploadedWorkbook } from "~/utils/sheets/upload.server";
import { redirectWithToast } from "~/utils/toast.server";
import { safeRedirect } from "~/utils/url";

// The disease's report sheet as JSON, for the report viewer: GET → { sheet: SheetData }; ?asOf=YYYY-MM-DD: the version
//   in force at the end of that day (issue 30), 404 with the message when the sheet had not been read by then;
//   ?version=<id>: that version of this disease's sheet (a report compared with the previous version), else 404.
//   401 anonymous (JSON, no redirect: this is fetched by scripts), 404 malformed or unknown id, 403 not
//   permitted, 502 with the spec's message when there is no usable copy (user-app §8).
//   The copy comes from the database cache; `Cache-Control: private, no-cache` with an ETag from the fetch time,
//   so a browser revalidates each time and gets a 304 without the body while the copy is unchanged. Today's copy goes
//   to a browser that accepts brotli as it was compressed when stored (decision 025).
// POST (admin or top-level admin, on a disease they may see):
//   intent=refresh        re-read the source now; 200 { ok, status } or 502 { ok: false, error, status }
//   intent=upload + file  (multipart) an .xlsx or .csv becomes the source; 200 { ok, status } or 4xx { error }
//                         (the disease form uploads through its own action, with the same checks: upload.server.ts)
//   status.rowCount counts data rows, the header row not included.
//   intent=remove-upload  back to Google Sheets (refreshes)
//   intent=status         the cache's status
//   intent=restore + version=<id>  that version's content becomes the copy again (issue 30); 400 when it cannot be read
//   redirectTo=/path      (forms) answer with a redirect there and a toast instead of JSON

const NO_STORE = { "Cache-Control": "private, no-store" };

function json(body: unknown, status = 200, headers: Record<string, string> = NO_STORE) {
  return Response.json(body, { status, headers });
}

/** The disease if permitted; else a JSON 404 (malformed or unknown id) or 403 is thrown. */
async function requirePermittedDisease(user: SessionUser, diseaseId: string | undefined) {
  const found = await findPermittedDisease({ user, id: diseaseId });
  if (found.status === "not-found") throw json({ error: "Disease not found" }, 404);
  if (found.status === "forbidden") throw json({ error: "You don't have access to this disease" }, 403);
  return found.disease;
}

/** Weak comparison of If-None-Match (a list, or *) with our ETag. */
function matches(ifNoneMatch: string | null, etag: string) {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === bare;
  });
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const disease = await requirePermittedDisease(user, params.diseaseId);
  const search = new URL(request.url).searchParams;
  const version = search.get("version");
  const opened = version ? await openSheetVersion(disease.id, version) : await openSheet(disease.id, readAsOf(search.get("asOf")));
  if (!opened.ok) return json({ error: opened.message }, opened.failure === "version" ? 404 : 502);
  const etag = `W/"${opened.sheet.version}"`;
  const headers = { "Cache-Control": "private, no-cache", ETag: etag, Vary: "Cookie, Accept-Encoding" };
  if (matches(request.headers.get("If-None-Match"), etag)) return new Response(null, { status: 304, headers });
  const made = await sheetBody(opened.sheet, { brotli: acceptsBrotli(request) });
  if (!made.ok) return json({ error: made.message }, made.failure === "busy" ? 503 : 502);
  // Already compressed (the compression middleware leaves a body with a Content-Encoding alone), or compressed there.
  const encoded: Record<string, string> = made.encoding ? { "Content-Encoding": made.encoding } : {};
  return new Response(made.body, { headers: { ...headers, ...encoded, "Content-Type": "application/json" } });
}

const INTENTS = ["refresh", "upload", "remove-upload", "status", "restore"] as const;

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  const disease = await requirePermittedDisease(user, params.diseaseId);
  if (!can(user, "sheet:manage")) return json({ error: "Only administrators can change the sheet source." }, 403);

  const limit = sheetConfig().SHEET_UPLOAD_MAX_BYTES;
  const read = await readUploadForm(request, {
    maxBytes: limit,
    tooLarge: `The upload is larger than the limit of ${Math.round(limit / 1024 / 1024)} MB.`,
  });
  if ("error" in read) return json({ error: read.error }, read.status);
  const { form } = read;
  const intent = form.get("intent");
  if (typeof intent !== "string" || !(INTENTS as readonly string[]).includes(intent)) {
    return json({ error: `Unknown intent; use one of ${INTENTS.join(", ")}.` }, 400);
  }

  // A form on the disease's edit page sends `redirectTo`: the answer is then a redirect back with a toast, so the
  // form works without JavaScript too. Scripts get JSON.
  const back = form.get("redirectTo");
  const reply = async (body: { ok: boolean; error?: string } & Record<string, unknown>, status: number, done: string) =>
    typeof back === "string"
      ? redirectWithToast(
          request,
          safeRedirect(back),
          body.ok ? { type: "success", message: done } : { type: "error", message: body.error ?? SHEET_LOAD_FAILED },
        )
      : json(body, status);

  if (intent === "status") return json({ ok: true, status: await sheetStatus(disease.id) });
  if (intent === "restore") {
    const result = await restoreVersion(disease.id, String(form.get("version") ?? ""), user._id);
    return reply(result, result.ok ? 200 : 400, result.ok ? `Sheet restored to the version read ${formatDateTime(result.readAt)}.` : "");
  }
  if (intent === "refresh" || intent === "remove-upload") {
    const result = intent === "refresh" ? await refreshSheet(disease.id, user._id) : await removeUploadedWorkbook(disease.id, user._id);
    return reply(result, result.ok ? 200 : 502, `Sheet read again: ${dataRowsText(result.status.rowCount)}.`);
  }
  const file = form.get("file");
  if (!(file instanceof Blob) || typeof (file as File).name !== "string" || file.size === 0) {
    return reply({ ok: false, error: "Choose an .xlsx or .csv file to upload." }, 400, "");
  }
  try {
    const status = await storeUploadedWorkbook({
      diseaseId: disease.id,
      filename: (file as File).name || "workbook",
      data: Buffer.from(await file.arrayBuffer()),
      uploadedBy: user._id,
    });
    return reply({ ok: true, status }, 200, `Workbook uploaded: ${dataRowsText(status.rowCount)}.`);
  } catch (error) {
    if (error instanceof SheetSourceError)
      return reply({ ok: false, error: error.message, code: error.code }, error.status === 502 ? 400 : error.status, "");
    throw error;
  }
}
