import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import * as z from "zod/mini";

import { REPORT_TYPE_IDS, REPORT_TYPES } from "#common/constants";
import { CheckboxFor, CheckboxGroupField, ChipsFor, DefaultSubmit, ErrorList, FileField, InputFor, JsMarker } from "~/components/forms";
import type { DiseaseSettings } from "~/models/disease.server";
import { formatDateTime } from "~/utils/dates";
import { constraintsOf, parseForm, splitChips } from "~/utils/form-schema";
import { dataRowsText } from "~/utils/sheets/rows";
import type { SheetTestResult } from "~/utils/sheets/sheet-test.server";

// The disease form (user-app §2 "Disease form"), for Add and Edit: one schema, checked in the browser and again by the
// action (__disease-form.server.ts). The sheet part starts with where the sheet comes from — a Google Sheet (Sheet ID)
// or an uploaded workbook (a file chosen right here; the form is multipart and works without JavaScript) — and CSS
// shows the fields of the chosen source only (`:has()`, so without JavaScript too). Errors stay until the next
// submission: nothing moves on blur, so the first click on Add after an error is never lost under a shifting layout.

/** Headers Range: a cell such as A5, or a row span such as A5:AH5. */
const HEADERS_RANGE = /^[A-Z]{1,3}[1-9]\d{0,6}(:[A-Z]{1,3}[1-9]\d{0,6})?$/i;
export const SHEET_ID = /^[A-Za-z0-9_-]+$/;

export const SHEET_SOURCES = ["google", "upload"] as const;
export type SheetSourceChoice = (typeof SHEET_SOURCES)[number];

export const WORKBOOK_REQUIRED = "Choose the workbook to upload (.xlsx or .csv)";

/** The source a submission chose; one that says none (a script) keeps the disease's: its workbook if it has one. */
export function chosenSource(value: unknown, hasWorkbook: boolean): SheetSourceChoice {
  return value === "google" || value === "upload" ? value : hasWorkbook ? "upload" : "google";
}

const required = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .check(z.trim(), z.minLength(1, `${label} is required`), z.maxLength(max, `Maximum ${max} characters`));

/** Comma-separated keywords → a list without blanks or repeats. */
const keywordList = (text: string | undefined) => splitChips(text ?? "").slice(0, 100);

/**
 * Disease Name, Sheet Name and Headers Range required (user-app §5); the Sheet ID only for the Google source, a
 * workbook only for the upload source — on Edit the disease's uploaded workbook (`hasWorkbook`) may stay as it is.
 */
export function diseaseSchema({ hasWorkbook }: { hasWorkbook: boolean }) {
  return z
    .object({
      name: required("Disease Name"),
      source: z.optional(z.enum(SHEET_SOURCES, { error: "Choose where the sheet comes from" })),
      sheetId: z.optional(z.string().check(z.trim(), z.maxLength(200, "Maximum 200 characters"))),
      workbook: z.optional(z.file()),
      /** A workbook the server kept from the last submission (see upload.server.ts). */
      keptWorkbook: z.optional(z.string().check(z.maxLength(24))),
      sheetName: required("Sheet Name"),
      range: required("Headers Range", 20).check(
        z.regex(HEADERS_RANGE, "Headers Range must be a cell like A5 or a range like A5:AH5"),
        z.toUpperCase(),
      ),
      titlePrefix: z.optional(z.string().check(z.trim(), z.maxLength(200, "Maximum 200 characters"))),
      reports: z._default(
        z.array(z.enum(REPORT_TYPE_IDS, { error: "Unknown report type" })).check(z.maxLength(REPORT_TYPE_IDS.length)),
        [],
      ),
      tm: z._default(z.boolean(), false),
      verified: z._default(z.boolean(), false),
      mesh: z.pipe(z.optional(z.string().check(z.maxLength(2000, "Maximum 2000 characters"))), z.transform(keywordList)),
    })
    .check(
      z.superRefine(
        (value, ctx) => {
          if (typeof value !== "object" || value === null) return;
          if (chosenSource(value.source, hasWorkbook) === "google") {
            if (!value.sheetId) ctx.addIssue({ code: "custom", path: ["sheetId"], message: "Sheet ID is required", input: value.sheetId });
            else if (!SHEET_ID.test(value.sheetId))
              ctx.addIssue({
                code: "custom",
                path: ["sheetId"],
                message: "Sheet ID may contain only letters, digits, - and _",
                input: value.sheetId,
              });
          } else if (!value.workbook && !value.keptWorkbook && !hasWorkbook) {
            ctx.addIssue({ code: "custom", path: ["workbook"], message: WORKBOOK_REQUIRED, input: value.workbook });
          }
        },
        // Also when other fields failed: every error of the form shows at once.
        { when: () => true },
      ),
    );
}

/** The form's second button: read the sheet with the settings as typed and report, without saving. */
export const TEST_SHEET_INTENT = "test-sheet";

const WORKBOOK_ACCEPT = ".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv";

export function DiseaseForm({
  mode,
  defaults,
  currentWorkbook,
  keptWorkbook,
  lastResult,
  sheetTest,
  cancelTo,
}: {
  mode: "add" | "edit";
  defaults?: DiseaseSettings;
  /** Edit: the disease's uploaded workbook, when it has one. */
  currentWorkbook?: { filename: string; uploadedAt: string } | null;
  /** A workbook chosen in the last submission and kept by the server for this one. */
  keptWorkbook?: { id: string; filename: string } | null;
  lastResult?: SubmissionResult<string[]> | null;
  sheetTest?: SheetTestResult | null;
  cancelTo: string;
}) {
  const navigation = useNavigation();
  const hasWorkbook = Boolean(currentWorkbook);
  const schema = useMemo(() => diseaseSchema({ hasWorkbook }), [hasWorkbook]);
  const [form, fields] = useForm({
    id: `disease-${mode}`,
    lastResult,
    defaultValue: {
      ...(defaults && {
        ...defaults,
        mesh: defaults.mesh.join(", "),
        tm: defaults.tm ? "on" : undefined,
        verified: defaults.verified ? "on" : undefined,
      }),
      source: hasWorkbook ? "upload" : "google",
    },
    constraint: constraintsOf(schema),
    onValidate: ({ formData }) => parseForm(formData, { schema }),
    // Checked when sent, and errors stay until the next submission: a message vanishing as a field loses focus
    // moved the buttons up under the pointer between mousedown and mouseup, and the click on Add was lost.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  const source = chosenSource(fields.source.initialValue, hasWorkbook);
  const reports = [fields.reports.initialValue ?? defaults?.reports ?? []].flat().filter((r): r is string => typeof r === "string");
  const submitting = navigation.state === "submitting";
  const workbookProps = getInputProps(fields.workbook, { type: "file" });
  return (
    <Form method="post" encType="multipart/form-data" className="form-card wide disease-form" {...getFormProps(form)}>
      {/* Enter in a field submits with this first button (Add/Update), not with 'Test sheet'. */}
      <DefaultSubmit disabled={submitting} />
      <JsMarker />
      <h1 className="page-title">{mode === "add" ? "Add Disease" : "Edit Disease"}</h1>
      <InputFor meta={fields.name} label="Disease Name" extra={{ autoFocus: true }} />
      <fieldset
        className="choice-group sheet-source-choice"
        aria-describedby={fields.source.errors?.length ? fields.source.errorId : undefined}
      >
        <legend>Sheet source</legend>
        <label className="checkbox">
          <input type="radio" name={fields.source.name} value="google" defaultChecked={source === "google"} /> Google Sheet
        </label>
        <label className="checkbox">
          <input type="radio" name={fields.source.name} value="upload" defaultChecked={source === "upload"} /> Uploaded workbook
        </label>
        <ErrorList id={fields.source.errorId} errors={fields.source.errors} />
      </fieldset>
      <div className="source-google">
        <InputFor
          meta={fields.sheetId}
          label="Sheet ID"
          hint="The Google Sheet must be shared so that anyone with the link can view it."
          extra={{ "aria-required": true }}
        />
      </div>
      <div className="source-upload">
        <FileField
          label="Workbook (.xlsx or .csv)"
          inputProps={{
            id: workbookProps.id,
            name: workbookProps.name,
            accept: WORKBOOK_ACCEPT,
            "aria-required": !currentWorkbook && !keptWorkbook,
          }}
          errors={fields.workbook.errors}
          hint={
            keptWorkbook
              ? `“${keptWorkbook.filename}” is chosen. Choose another file only to use that one instead.`
              : currentWorkbook
                ? `Now “${currentWorkbook.filename}”, uploaded ${formatDateTime(currentWorkbook.uploadedAt)}. Choose a file only to replace it.`
                : "An .xlsx workbook (the tab named as the Sheet Name, else the first tab) or a .csv file."
          }
        />
        {keptWorkbook ? <input type="hidden" name={fields.keptWorkbook.name} value={keptWorkbook.id} /> : null}
      </div>
      <InputFor meta={fields.sheetName} label="Sheet Name" hint="The tab's name, exactly as written." />
      <InputFor
        meta={fields.range}
        label="Headers Range"
        hint="The header row's first cell, e.g. A5 (or a span such as A5:AH5)."
        extra={{ placeholder: "A5" }}
      />
      <InputFor meta={fields.titlePrefix} label="Title Prefix (optional)" />
      <CheckboxGroupField
        legend="Reports"
        name={fields.reports.name}
        errorId={fields.reports.errorId}
        options={REPORT_TYPES.map((r) => ({ value: r.id, label: r.name }))}
        defaultValue={reports}
        errors={fields.reports.errors}
      />
      <CheckboxFor meta={fields.tm} label="Therapeutic Modality (tm)" />
      <CheckboxFor meta={fields.verified} label="Verified" />
      <ChipsFor
        meta={fields.mesh}
        label="Mesh keywords"
        defaultValue={String(fields.mesh.initialValue ?? "")}
        hint="Separate keywords with commas."
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      {sheetTest ? <SheetTestReport result={sheetTest} /> : null}
      <div className="form-actions">
        <Link className="button" to={cancelTo}>
          Cancel
        </Link>
        <button className="button" type="submit" name="intent" value={TEST_SHEET_INTENT} disabled={submitting}>
          Test sheet
        </button>
        <button className="button primary" type="submit" disabled={submitting}>
          {mode === "add" ? "Add" : "Update"}
        </button>
      </div>
    </Form>
  );
}

/** What 'Test sheet' found: the data rows read (from which workbook) and, per chosen report, its missing columns or
 *  what it would show. */
function SheetTestReport({ result }: { result: SheetTestResult }) {
  if (!result.ok) {
    return (
      <div className="notice error" role="alert">
        {result.error}
      </div>
    );
  }
  const failing = result.reports.filter((r) => r.missingColumns.length > 0);
  const from = result.filename ? ` from “${result.filename}”${result.sheetName ? `, tab “${result.sheetName}”` : ""}` : "";
  return (
    <div className={`notice ${failing.length ? "error" : "success"}`} role="status">
      <p>
        Sheet read{from}: {dataRowsText(result.rows)}.
      </p>
      <ul className="sheet-test">
        {result.reports.map((report) => (
          <li key={report.id}>
            <strong>{report.name}</strong>:{" "}
            {report.missingColumns.length > 0 ? (
              <>Missing required columns — {report.missingColumns.map((column) => `${column}: not available`).join("; ")}</>
            ) : (
              `${report.shown} shown, ${report.invalid} invalid records`
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
