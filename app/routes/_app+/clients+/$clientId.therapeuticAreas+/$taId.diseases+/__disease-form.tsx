import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import * as z from "zod/mini";
import { REPORT_TYPE_IDS, REPORT_TYPES } from "#common/constants";
import { CheckboxField, CheckboxGroupField, ChipsField, ErrorList, Field, splitChips } from "~/components/forms";
import type { DiseaseSettings } from "~/models/disease.server";
import { constraintsOf, parseForm } from "~/utils/form-schema";
import type { SheetTestResult } from "~/utils/sheets/sheet-test.server";

// The disease form (user-app §2 "Disease form"), for Add and Edit: one schema, checked in the browser and again by the
// action (__disease-form.server.ts).

/** Headers Range: a cell such as A5, or a row span such as A5:AH5. */
const HEADERS_RANGE = /^[A-Z]{1,3}[1-9]\d{0,6}(:[A-Z]{1,3}[1-9]\d{0,6})?$/i;

const required = (label: string, max = 200) =>
  z.string({ error: `${label} is required` }).check(z.trim(), z.minLength(1, `${label} is required`), z.maxLength(max, `Maximum ${max} characters`));

/** Comma-separated keywords → a list without blanks or repeats. */
const keywordList = (text: string | undefined) => splitChips(text ?? "").slice(0, 100);

/** Disease Name, Sheet ID, Sheet Name and Headers Range required (user-app §5). */
export const DiseaseSchema = z.object({
  name: required("Disease Name"),
  sheetId: required("Sheet ID").check(z.regex(/^[A-Za-z0-9_-]+$/, "Sheet ID may contain only letters, digits, - and _")),
  sheetName: required("Sheet Name"),
  range: required("Headers Range", 20).check(z.regex(HEADERS_RANGE, "Headers Range must be a cell like A5 or a range like A5:AH5"), z.toUpperCase()),
  titlePrefix: z.optional(z.string().check(z.trim(), z.maxLength(200, "Maximum 200 characters"))),
  reports: z._default(z.array(z.enum(REPORT_TYPE_IDS, { error: "Unknown report type" })).check(z.maxLength(REPORT_TYPE_IDS.length)), []),
  tm: z._default(z.boolean(), false),
  verified: z._default(z.boolean(), false),
  mesh: z.pipe(z.optional(z.string().check(z.maxLength(2000, "Maximum 2000 characters"))), z.transform(keywordList)),
});

/** The form's second button: read the sheet with the settings as typed and report, without saving. */
export const TEST_SHEET_INTENT = "test-sheet";

export function DiseaseForm({
  mode,
  defaults,
  lastResult,
  sheetTest,
  cancelTo,
}: {
  mode: "add" | "edit";
  defaults?: DiseaseSettings;
  lastResult?: SubmissionResult<string[]> | null;
  sheetTest?: SheetTestResult | null;
  cancelTo: string;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `disease-${mode}`,
    lastResult,
    defaultValue: defaults && { ...defaults, mesh: defaults.mesh.join(", "), tm: defaults.tm ? "on" : undefined, verified: defaults.verified ? "on" : undefined },
    constraint: constraintsOf(DiseaseSchema),
    onValidate: ({ formData }) => parseForm(formData, { schema: DiseaseSchema }),
    shouldRevalidate: "onBlur",
  });
  const reports = [fields.reports.initialValue ?? defaults?.reports ?? []].flat().filter((r): r is string => typeof r === "string");
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
      <CheckboxGroupField
        legend="Reports"
        name={fields.reports.name}
        errorId={fields.reports.errorId}
        options={REPORT_TYPES.map((r) => ({ value: r.id, label: r.name }))}
        defaultValue={reports}
        errors={fields.reports.errors}
      />
      <CheckboxField label="Therapeutic Modality (tm)" inputProps={getInputProps(fields.tm, { type: "checkbox" })} errors={fields.tm.errors} />
      <CheckboxField label="Verified" inputProps={getInputProps(fields.verified, { type: "checkbox" })} errors={fields.verified.errors} />
      <ChipsField
        label="Mesh keywords"
        id={fields.mesh.id}
        name={fields.mesh.name}
        defaultValue={String(fields.mesh.initialValue ?? "")}
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
