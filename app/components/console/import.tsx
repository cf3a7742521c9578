import { Form, Link, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

import { FileField } from "~/components/forms";
import { PlainTable } from "~/components/plain-table";
import { ProgressStatus, usePolled } from "~/components/task-progress";
import { IMPORT_FIELD, IMPORT_MAX_ROWS, OUTCOMES, type ImportColumn, type ImportRow, type Outcome } from "~/utils/import";

// The console's spreadsheet imports (admin-console §5): the upload page, and a run's page — its preview, its progress
// while it is applied, its report. Shared by compounds (.xlsm) and keywords (.xlsx); the server side is
// app/services/console/import.server.ts, what both read app/utils/import.ts.

const LABELS: Record<Outcome, string> = { create: "To create", update: "To update", unchanged: "Unchanged", refused: "Refused" };

type Importing = { title: string; noun: string; extension: string; list: string; columns: readonly ImportColumn[] };

export function ImportUploadPage({ title, noun, extension, list, columns, error }: Importing & { error?: string | null }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <section>
      <header className="page-header">
        <h1 className="page-title">{title}</h1>
        <Link className="button" to={list}>
          Back to the list
        </Link>
      </header>
      <div className="form-card wide">
        <p>
          Fill in the template, one row per line of the list, and upload it. You will see what the import would do with each row — create,
          update, leave unchanged or refuse, and why — before anything changes.
        </p>
        <p>
          <a className="button" href={`${list}/import/template`} download>
            Download the template (.{extension})
          </a>
        </p>
        <Form method="post" encType="multipart/form-data">
          <FileField
            label={`The ${noun} file (.${extension})`}
            hint={`One .${extension} file of at most ${IMPORT_MAX_ROWS.toLocaleString("en-US")} rows.`}
            inputProps={{ id: "import-file", name: IMPORT_FIELD, accept: `.${extension}`, required: true }}
            errors={error ? [error] : undefined}
          />
          <div className="form-actions">
            <button className="button primary" type="submit" disabled={busy}>
              Preview
            </button>
          </div>
          {busy ? (
            <p role="status" className="field-hint">
              Uploading and checking the file…
            </p>
          ) : null}
        </Form>
      </div>
      <h2>Columns</h2>
      <PlainTable columns={["Column", "Required", "What to write"]}>
        {columns.map((c) => (
          <tr key={c.key}>
            <td>{c.header}</td>
            <td>{c.required ? "Yes" : ""}</td>
            <td>
              {c.hint}
              {c.choices ? ` One of: ${c.choices.join(", ")}.` : ""}
            </td>
          </tr>
        ))}
      </PlainTable>
    </section>
  );
}

type Counts = Record<Outcome, number>;
type Report = {
  created?: number | null;
  updated?: number | null;
  unchanged?: number | null;
  refused?: number | null;
  problems?: Array<{ row?: number | null; name?: string | null; column?: string | null; message?: string | null }> | null;
};
export type ImportRunData = { id: string; filename: string; noun: string; list: string } & (
  | { state: "preview"; counts: Counts; show: Outcome | null; page: number; pages: number; rows: ImportRow[] }
  | { state: "importing"; done: number; total: number; stalled: boolean }
  | { state: "done"; result?: Report | null }
);

export function ImportRunPage({ title, run }: { title: string; run: ImportRunData }) {
  const navigation = useNavigation();
  return (
    <section>
      <header className="page-header">
        <h1 className="page-title">{title}</h1>
        <Link className="button" to={run.list}>
          Back to the list
        </Link>
      </header>
      <p>
        File: <strong>{run.filename}</strong>
      </p>
      {run.state === "done" ? (
        <ImportReport run={run} />
      ) : run.state === "importing" && run.stalled && navigation.state === "idle" ? (
        <Form method="post" className="form-card">
          <p role="status">
            This import stopped before it finished (its server was restarted). Resume it: the rows already written are found unchanged.
          </p>
          <button className="button primary" type="submit">
            Resume the import
          </button>
        </Form>
      ) : run.state === "importing" || navigation.state === "submitting" ? (
        <ImportProgress id={run.id} initial={run.state === "importing" ? run : null} />
      ) : (
        <ImportPreview run={run} />
      )}
    </section>
  );
}

function ImportPreview({ run }: { run: Extract<ImportRunData, { state: "preview" }> }) {
  const { counts, show, page, pages, rows } = run;
  const writes = counts.create + counts.update;
  const link = (next: { show?: Outcome | null; page?: number }) => {
    const query = new URLSearchParams();
    const outcome = next.show === undefined ? show : next.show;
    if (outcome) query.set("show", outcome);
    if ((next.page ?? 1) > 1) query.set("page", String(next.page));
    return `?${query}`;
  };
  return (
    <>
      <p role="status">
        Importing would create {counts.create}, update {counts.update} and leave {counts.unchanged} unchanged; {counts.refused}{" "}
        {counts.refused === 1 ? "row is" : "rows are"} refused.
      </p>
      <nav className="filter-links" aria-label="Rows shown">
        <Link to={link({ show: null })} aria-current={show === null ? "page" : undefined}>
          All ({OUTCOMES.reduce((n, o) => n + counts[o], 0)})
        </Link>
        {OUTCOMES.map((o) => (
          <Link key={o} to={link({ show: o })} aria-current={show === o ? "page" : undefined}>
            {LABELS[o]} ({counts[o]})
          </Link>
        ))}
      </nav>
      <PlainTable
        className="data-table import-preview"
        caption="What importing does with each row"
        hideCaption
        columns={["Row", "Name", "Result", "Details"]}
      >
        {rows.map((r) => (
          <tr key={r.row} className={`import-${r.outcome}`}>
            <td>{r.row}</td>
            <td>{r.name || "—"}</td>
            <td>{LABELS[r.outcome]}</td>
            <td>
              {r.problems.length ? (
                <ul className="plain-list">
                  {r.problems.map((p, i) => (
                    <li key={i}>
                      {p.column}: {p.message}
                    </li>
                  ))}
                </ul>
              ) : r.changes?.length ? (
                `Changes ${r.changes.join(", ")}`
              ) : (
                ""
              )}
            </td>
          </tr>
        ))}
      </PlainTable>
      {pages > 1 ? (
        <nav className="pager" aria-label="Preview pages">
          {page > 1 ? <Link to={link({ page: page - 1 })}>Previous</Link> : null}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? <Link to={link({ page: page + 1 })}>Next</Link> : null}
        </nav>
      ) : null}
      <Form method="post" className="form-actions">
        <Link className="button" to={`${run.list}/import`}>
          Upload another file
        </Link>
        <button className="button primary" type="submit" disabled={writes === 0}>
          {writes === 0 ? "Nothing to import" : `Import ${writes} ${writes === 1 ? "row" : "rows"}`}
        </button>
      </Form>
      {counts.refused > 0 && writes > 0 ? (
        <p className="field-hint">Refused rows are left out; fix them in the file and import it again.</p>
      ) : null}
    </>
  );
}

/** How far an import is: polled once a second with JavaScript; without it the page reloads itself. */
function ImportProgress({ id, initial }: { id: string; initial: { done: number; total: number } | null }) {
  const polled = usePolled<{ state: string; done: number; total: number } | null>(`/resources/import-progress/${id}`, true);
  const { revalidate } = useRevalidator();
  const navigation = useNavigation();
  const progress = polled ?? initial;
  // Finished while this page was open (not the request that applies it, which lands on the report itself).
  useEffect(() => {
    if (polled?.state === "done" && navigation.state === "idle") revalidate();
  }, [polled?.state, navigation.state, revalidate]);
  return (
    <>
      <noscript>
        <meta httpEquiv="refresh" content="2" />
      </noscript>
      <ProgressStatus
        id="import-progress"
        label={
          progress && progress.total
            ? `Importing: ${progress.done.toLocaleString("en-US")} of ${progress.total.toLocaleString("en-US")} rows checked and written…`
            : "Checking the rows…"
        }
        done={progress?.done ?? 0}
        total={progress?.total ?? 0}
      />
    </>
  );
}

function ImportReport({ run }: { run: Extract<ImportRunData, { state: "done" }> }) {
  const r = run.result ?? {};
  const problems = r.problems ?? [];
  return (
    <>
      <p role="status">
        Imported: {r.created ?? 0} created, {r.updated ?? 0} updated, {r.unchanged ?? 0} unchanged, {r.refused ?? 0} refused.
      </p>
      {problems.length ? (
        <PlainTable caption="Refused rows" columns={["Row", "Name", "Column", "Why"]}>
          {problems.map((p, i) => (
            <tr key={i}>
              <td>{p.row}</td>
              <td>{p.name || "—"}</td>
              <td>{p.column}</td>
              <td>{p.message}</td>
            </tr>
          ))}
        </PlainTable>
      ) : null}
      <div className="form-actions">
        <Link className="button" to={`${run.list}/import`}>
          Import another file
        </Link>
        <Link className="button primary" to={run.list}>
          Back to the list
        </Link>
      </div>
    </>
  );
}
