import { Form } from "@remix-run/react";

import { formatDateTime } from "~/utils/dates";
import { dataRowsText } from "~/utils/sheets/rows";
import type { SheetStatus } from "~/utils/sheets/store.server";

/**
 * The state of a disease's stored copy of its sheet, with 'Read the sheet again' (admin, edit page). The source itself
 * — the Google Sheet or an uploaded workbook, and the upload — is chosen in the disease form above.
 */
export function SheetSourcePanel({ diseaseId, status, here }: { diseaseId: string; status: SheetStatus; here: string }) {
  return (
    <section className="form-card wide sheet-source" aria-labelledby="sheet-source-title">
      <h2 id="sheet-source-title">Sheet source</h2>
      <p>
        {status.upload
          ? `Uploaded workbook “${status.upload.filename}” (instead of the Google Sheet).`
          : status.configuredSource === "google"
            ? "The Google Sheet of the Sheet ID above."
            : "No source yet: enter a Sheet ID or upload a workbook."}
      </p>
      <p className="muted">
        {status.hasCopy && status.fetchedAt
          ? `Last read ${formatDateTime(status.fetchedAt)}: ${dataRowsText(status.rowCount)}.`
          : "Not read yet."}
      </p>
      {status.lastError ? <p className="notice error">{status.lastError.message}</p> : null}
      {/* A native post (reloadDocument): the resource route answers with a redirect back here and a toast. */}
      <Form method="post" action={`/resources/sheet/${diseaseId}`} reloadDocument className="form-actions">
        <input type="hidden" name="intent" value="refresh" />
        <input type="hidden" name="redirectTo" value={here} />
        <button type="submit" className="button">
          Read the sheet again
        </button>
      </Form>
    </section>
  );
}
