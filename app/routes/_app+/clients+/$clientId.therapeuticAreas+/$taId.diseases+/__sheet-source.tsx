import { Form } from "@remix-run/react";
import { FileField } from "~/components/forms";
import { formatDateTime } from "~/utils/dates";
import type { SheetStatus } from "~/utils/sheets/store.server";

/** Where a disease's report data comes from, with upload, re-read and back-to-Google actions (admin, edit page). */
export function SheetSourcePanel({ diseaseId, status, here }: { diseaseId: string; status: SheetStatus; here: string }) {
  const action = `/resources/sheet/${diseaseId}`;
  // Native posts (reloadDocument): the resource route answers a form with a redirect back here and a toast.
  const post = (intent: string, label: string) => (
    <Form method="post" action={action} reloadDocument>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={here} />
      <button type="submit" className="button">
        {label}
      </button>
    </Form>
  );
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
      <p className="muted">{status.hasCopy && status.fetchedAt ? `Last read ${formatDateTime(status.fetchedAt)}: ${status.rowCount} rows.` : "Not read yet."}</p>
      {status.lastError ? <p className="notice error">{status.lastError.message}</p> : null}
      <Form method="post" action={action} encType="multipart/form-data" reloadDocument className="upload-form">
        <input type="hidden" name="intent" value="upload" />
        <input type="hidden" name="redirectTo" value={here} />
        <FileField
          label="Workbook (.xlsx or .csv)"
          inputProps={{ id: "sheet-upload-file", name: "file", required: true, accept: ".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv" }}
        />
        <button type="submit" className="button primary">
          Upload workbook
        </button>
      </Form>
      <div className="form-actions">
        {post("refresh", "Read the sheet again")}
        {status.upload ? post("remove-upload", "Use the Google Sheet again") : null}
      </div>
    </section>
  );
}
