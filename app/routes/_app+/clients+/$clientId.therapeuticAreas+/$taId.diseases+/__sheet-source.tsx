import { Form } from "@remix-run/react";

import { PlainTable } from "~/components/plain-table";
import { formatDateTime, formatDay } from "~/utils/dates";
import { dataRowsText } from "~/utils/sheets/rows";
import type { SheetStatus } from "~/utils/sheets/store.server";
import type { VersionSummary } from "~/utils/sheets/versions.server";

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

/** How a version came to be, in words. */
function howRead(v: VersionSummary, readAtOf: (id: string) => string | null) {
  const who = v.byName ? ` by ${v.byName}` : "";
  if (v.trigger === "restore") {
    const from = v.restoredFrom ? readAtOf(v.restoredFrom) : null;
    return `Restored${who}${from ? ` from the version read ${formatDateTime(from)}` : ""}`;
  }
  if (v.trigger === "upload") return `Workbook uploaded${who}${v.origin ? `: ${v.origin}` : ""}`;
  if (v.trigger === "import") return "Imported";
  return `Read from the Google Sheet${who || " (a scheduled or first read)"}${v.origin ? `, tab ${v.origin}` : ""}`;
}

/**
 * Every content the disease's sheet has had, newest first (issue 30): when and how each was read, its rows, the reports
 * as they stood with it, and Restore, which makes an earlier version the copy the reports show until the next read.
 */
export function SheetVersionsPanel({
  diseaseId,
  versions,
  reports,
  here,
}: {
  diseaseId: string;
  versions: VersionSummary[];
  /** The disease's report page: a version's reports are this with `asOf` its day. */
  reports: string;
  here: string;
}) {
  const readAtOf = (id: string) => versions.find((v) => v.id === id)?.readAt ?? null;
  return (
    <section className="form-card wide sheet-source" aria-labelledby="sheet-versions-title">
      <h2 id="sheet-versions-title">Versions of the sheet</h2>
      {versions.length === 0 ? (
        <p className="muted">None yet: the first read of the sheet will be its first version.</p>
      ) : (
        <>
          <p className="muted">
            A version is kept each time a read changes the sheet. A report shows an earlier one with “As of” (the version read by the end of
            that day, UTC); Restore makes it the sheet the reports show until the next read.
          </p>
          <PlainTable caption="Versions of the sheet, newest first" hideCaption columns={["Read", "How", "Rows", "Reports", ""]}>
            {versions.map((v, i) => (
              <tr key={v.id}>
                <td>{formatDateTime(v.readAt)}</td>
                <td>{howRead(v, readAtOf)}</td>
                <td className="numeric">{dataRowsText(v.rows)}</td>
                <td>
                  {i === 0 ? (
                    <a href={reports}>Today’s</a>
                  ) : (
                    <a href={`${reports}?asOf=${v.readAt.slice(0, 10)}`}>As of {formatDay(v.readAt)}</a>
                  )}
                </td>
                <td>
                  {i === 0 ? (
                    <span className="muted">In use</span>
                  ) : (
                    <Form method="post" action={`/resources/sheet/${diseaseId}`} reloadDocument>
                      <input type="hidden" name="intent" value="restore" />
                      <input type="hidden" name="version" value={v.id} />
                      <input type="hidden" name="redirectTo" value={here} />
                      <button type="submit" className="button" aria-label={`Restore the version read ${formatDateTime(v.readAt)}`}>
                        Restore
                      </button>
                    </Form>
                  )}
                </td>
              </tr>
            ))}
          </PlainTable>
        </>
      )}
    </section>
  );
}
