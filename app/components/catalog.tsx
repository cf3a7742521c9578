import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useFetcher, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useState, type MouseEvent } from "react";
import { useHydrated } from "~/utils/use-hydrated";
import { AreaSchema, DiseaseSchema, TEST_SHEET_INTENT } from "~/schemas/catalog";
import type { SheetStatus } from "~/utils/sheets/cache.server";
import type { SheetTestResult } from "~/utils/sheets/sheet-test.server";
import { REPORT_TYPES } from "~/utils/constants";
import { ErrorList, Field } from "./forms";

// Pieces shared by the therapeutic-area and disease screens. Everything is a real <Form> or link, so it works
// the same without JavaScript: the dialogs are pages and the card menu is a native <details>. With JavaScript the
// area form and the delete confirmations open as dialogs over the list (`inDialog`) and post with a fetcher to the
// same actions, whose redirect back to the list closes them.

/** How a form is shown: as its own page (cancel links back) or in a dialog (cancel closes it). */
export type FormPlacement = { cancelTo: string; inDialog?: undefined } | { inDialog: { action: string; onClose: () => void }; cancelTo?: undefined };

/** The form element and busy state of either placement; the dialog's fetcher is keyed by form id. */
function usePlacedForm(id: string, placement: FormPlacement) {
  const navigation = useNavigation();
  const fetcher = useFetcher<{ result?: SubmissionResult<string[]> }>({ key: id });
  const inDialog = placement.inDialog;
  return {
    FormTag: inDialog ? fetcher.Form : Form,
    action: inDialog?.action,
    busy: inDialog ? fetcher.state !== "idle" : navigation.state === "submitting",
    result: inDialog ? fetcher.data?.result : undefined,
    cancel: inDialog ? (
      <button type="button" className="button" onClick={inDialog.onClose}>
        Cancel
      </button>
    ) : (
      <Link className="button" to={placement.cancelTo}>
        Cancel
      </Link>
    ),
  };
}

/** A link to a dialog page that, once the page runs JavaScript, opens the dialog in place instead. */
export function opensDialog(open: (() => void) | undefined) {
  return open
    ? (event: MouseEvent<HTMLAnchorElement>) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return; // new tab: the page
        event.preventDefault();
        event.currentTarget.closest("details")?.removeAttribute("open"); // a card menu closes behind its dialog
        open();
      }
    : undefined;
}

/** Per-card edit/delete popover. */
export function CardMenu({ label, items }: { label: string; items: Array<{ label: string; to: string; open?: () => void }> }) {
  if (items.length === 0) return null;
  return (
    <details className="card-menu">
      <summary aria-label={`Actions for ${label}`} title="Actions">
        <span aria-hidden="true">⋮</span>
      </summary>
      <ul className="card-menu-popover">
        {items.map((item) => (
          <li key={item.label}>
            <Link
              to={item.to}
              onClick={opensDialog(item.open)}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The therapeutic area dialog as a page: titled New or Edit, button Add or Update. */
export function AreaForm({
  mode,
  defaultName,
  lastResult,
  ...placement
}: {
  mode: "new" | "edit";
  defaultName?: string;
  lastResult?: SubmissionResult<string[]> | null;
} & FormPlacement) {
  const placed = usePlacedForm(`area-${mode}`, placement);
  const [form, fields] = useForm({
    id: `area-${mode}`,
    lastResult: placed.result ?? lastResult,
    defaultValue: { name: defaultName ?? "" },
    constraint: getZodConstraint(AreaSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AreaSchema }),
    shouldRevalidate: "onInput",
  });
  return (
    <placed.FormTag method="post" action={placed.action} className="form-card" {...getFormProps(form)}>
      <h1 className="page-title">{mode === "new" ? "New" : "Edit"}</h1>
      <Field label="Area name" inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoFocus: true }} errors={fields.name.errors} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="form-actions">
        {placed.cancel}
        <button className="button primary" type="submit" disabled={placed.busy}>
          {mode === "new" ? "Add" : "Update"}
        </button>
      </div>
    </placed.FormTag>
  );
}

/** user-app §8: the question before an area is deleted. */
export const AREA_DELETE_QUESTION = "This will delete all the Diseases inside this therapeutic area. Are you sure?";
/** The question before a disease is deleted (the spec words only the area's). */
export const diseaseDeleteQuestion = (name: string) => `This will delete the disease ${name}. Are you sure?`;

/**
 * The list pages' dialogs: which one is open, closed again when a submission's redirect lands back on the page.
 * `opener` gives nothing before hydration, so links stay plain links to the dialog pages.
 */
export function useCatalogDialog<T>() {
  const hydrated = useHydrated();
  const location = useLocation();
  const [dialog, setDialog] = useState<T | null>(null);
  useEffect(() => setDialog(null), [location.key]);
  return { dialog, close: () => setDialog(null), opener: (value: T) => (hydrated ? () => setDialog(value) : undefined) };
}

/** Confirmation step of a delete: a POST form with the spec's question. */
export function ConfirmDelete({ title, question, ...placement }: { title: string; question: string } & FormPlacement) {
  const placed = usePlacedForm("confirm-delete", placement);
  return (
    <placed.FormTag method="post" action={placed.action} className="form-card">
      <h1 className="page-title">{title}</h1>
      <p>{question}</p>
      <div className="form-actions">
        {placed.cancel}
        <button className="button danger" type="submit" disabled={placed.busy}>
          Delete
        </button>
      </div>
    </placed.FormTag>
  );
}

export interface DiseaseDefaults {
  name?: string;
  sheetId?: string;
  sheetName?: string;
  range?: string;
  titlePrefix?: string;
  reports?: string[];
  tm?: boolean;
  verified?: boolean;
  mesh?: string;
}

/** The disease form (user-app §2 "Disease form"). */
export function DiseaseForm({
  mode,
  defaults,
  lastResult,
  sheetTest,
  cancelTo,
}: {
  mode: "add" | "edit";
  defaults?: DiseaseDefaults;
  lastResult?: SubmissionResult<string[]> | null;
  sheetTest?: SheetTestResult | null;
  cancelTo: string;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `disease-${mode}`,
    lastResult,
    defaultValue: {
      ...defaults,
      tm: defaults?.tm ? "on" : undefined,
      verified: defaults?.verified ? "on" : undefined,
    },
    constraint: getZodConstraint(DiseaseSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DiseaseSchema }),
    shouldRevalidate: "onBlur",
  });
  const selected = new Set((fields.reports.initialValue as string[] | string | undefined) ?? defaults?.reports ?? []);
  return (
    <Form method="post" className="form-card wide" {...getFormProps(form)}>
      <h1 className="page-title">{mode === "add" ? "Add Disease" : "Edit Disease"}</h1>
      <Field label="Disease Name" inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoFocus: true }} errors={fields.name.errors} />
      <Field
        label="Sheet ID"
        inputProps={getInputProps(fields.sheetId, { type: "text" })}
        errors={fields.sheetId.errors}
        hint="The Google Sheet must be shared so that anyone with the link can view it."
      />
      <Field label="Sheet Name" inputProps={getInputProps(fields.sheetName, { type: "text" })} errors={fields.sheetName.errors} />
      <Field
        label="Headers Range"
        inputProps={{ ...getInputProps(fields.range, { type: "text" }), placeholder: "A5" }}
        errors={fields.range.errors}
        hint="The header row's first cell, e.g. A5 (or a span such as A5:AH5)."
      />
      <Field label="Title Prefix (optional)" inputProps={getInputProps(fields.titlePrefix, { type: "text" })} errors={fields.titlePrefix.errors} />
      <fieldset className="checkbox-group" aria-describedby={fields.reports.errors ? fields.reports.errorId : undefined}>
        <legend>Reports</legend>
        {REPORT_TYPES.map((report) => (
          <label key={report.id} className="checkbox">
            <input type="checkbox" name={fields.reports.name} value={report.id} defaultChecked={selected.has(report.id)} /> {report.name}
          </label>
        ))}
        <ErrorList id={fields.reports.errorId} errors={fields.reports.errors} />
      </fieldset>
      <label className="checkbox">
        <input {...getInputProps(fields.tm, { type: "checkbox" })} /> Therapeutic Modality (tm)
      </label>
      <label className="checkbox">
        <input {...getInputProps(fields.verified, { type: "checkbox" })} /> Verified
      </label>
      <Field
        label="Mesh keywords"
        inputProps={getInputProps(fields.mesh, { type: "text" })}
        errors={fields.mesh.errors}
        hint="Separate keywords with commas."
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      {sheetTest ? <SheetTestReport result={sheetTest} /> : null}
      <div className="form-actions">
        <Link className="button" to={cancelTo}>
          Cancel
        </Link>
        <button className="button" type="submit" name="intent" value={TEST_SHEET_INTENT} disabled={navigation.state === "submitting"}>
          Test sheet
        </button>
        <button className="button primary" type="submit" disabled={navigation.state === "submitting"}>
          {mode === "add" ? "Add" : "Update"}
        </button>
      </div>
    </Form>
  );
}

/** What 'Test sheet' found: the rows read and, per chosen report, its missing columns or what it would show. */
function SheetTestReport({ result }: { result: SheetTestResult }) {
  if (!result.ok) {
    return (
      <div className="notice error" role="alert">
        {result.error}
      </div>
    );
  }
  const failing = result.reports.filter((r) => r.missingColumns.length > 0);
  return (
    <div className={`notice ${failing.length ? "error" : "success"}`} role="status">
      <p>Sheet read: {result.rows} data rows.</p>
      <ul className="sheet-test">
        {result.reports.map((report) => (
          <li key={report.id}>
            <strong>{report.name}</strong>:{" "}
            {report.missingColumns.length > 0 ? (
              <>
                Missing required columns — {report.missingColumns.map((column) => `${column}: not available`).join("; ")}
              </>
            ) : (
              `${report.shown} shown, ${report.invalid} invalid records`
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Where a disease's report data comes from, with upload, refresh and back-to-Google actions (admin, edit page). */
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
      <p className="muted">
        {status.hasCopy && status.fetchedAt
          ? `Last read ${new Date(status.fetchedAt).toLocaleString("en-GB", { timeZone: "UTC" })} UTC: ${status.rowCount} rows.`
          : "Not read yet."}
      </p>
      {status.lastError ? <p className="notice error">{status.lastError.message}</p> : null}
      <Form method="post" action={action} encType="multipart/form-data" reloadDocument className="upload-form">
        <input type="hidden" name="intent" value="upload" />
        <input type="hidden" name="redirectTo" value={here} />
        <label className="field">
          <span>Workbook (.xlsx or .csv)</span>
          <input type="file" name="file" accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv" required />
        </label>
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
