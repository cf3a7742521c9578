import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import * as z from "zod/mini";
import { ACTIVE_STATUSES, COMPANY_TYPES } from "#common/constants";
import { FIELD_REQUIRED } from "#common/messages";
import { CheckboxField, ErrorList, Field, FileField, SelectField } from "~/components/forms";
import { MultiPicker } from "~/components/multi-picker";
import { COMPANIES_LIST } from "~/utils/administration";
import { constraintsOf, parseForm } from "~/utils/form-schema";
import { requiredText } from "~/utils/user-validation";
import { LOGO_ACCEPT } from "../client+/__client-form";

// The company form (admin-console §2, §3, §5): name and type required; website, alias, headquarters, parent company
// (a searchable picker of the active companies, never the company itself or one of its own), status and logo.

const optionalText = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max, `Maximum ${max} characters`)));

export const CompanySchema = z.object({
  name: requiredText(200),
  type: z.enum(COMPANY_TYPES, { error: FIELD_REQUIRED }),
  website: z.optional(z.string().check(z.trim(), z.maxLength(500, "Maximum 500 characters"), z.refine((v) => /^https?:\/\/\S+$/i.test(v), "Enter a web address starting with http:// or https://"))),
  alias: optionalText(200),
  headquarters: optionalText(200),
  parentCompany: z.optional(z.string()),
  status: z.enum(ACTIVE_STATUSES, { error: FIELD_REQUIRED }),
  logo: z.optional(z.file()),
  removeLogo: z.optional(z.boolean()),
});

export type CompanyFormValues = { name: string; type: string; website: string; alias: string; headquarters: string; parentCompany: string; status: string };

export function CompanyForm({
  mode,
  defaultValue,
  parents,
  logo,
  lastResult,
}: {
  mode: "add" | "edit";
  defaultValue: CompanyFormValues;
  parents: Array<{ value: string; label: string }>;
  logo?: string | null;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof CompanySchema>>({
    id: `company-${mode}`,
    lastResult,
    defaultValue,
    constraint: constraintsOf(CompanySchema),
    onValidate: ({ formData }) => parseForm(formData, { schema: CompanySchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const parent = String((lastResult?.initialValue as Partial<CompanyFormValues> | undefined)?.parentCompany ?? defaultValue.parentCompany ?? "");
  return (
    <Form method="post" encType="multipart/form-data" className="form-card wide" {...getFormProps(form)}>
      <button type="submit" className="sr-only" tabIndex={-1} aria-hidden="true" />
      <h1 className="page-title">{mode === "add" ? "Add Company" : "Edit Company"}</h1>
      <Field label="Name" inputProps={getInputProps(fields.name, { type: "text" })} errors={fields.name.errors} />
      <SelectField label="Type" selectProps={getSelectProps(fields.type)} options={COMPANY_TYPES.map((t) => ({ value: t, label: t }))} placeholder="Choose…" errors={fields.type.errors} />
      <Field label="Website" inputProps={getInputProps(fields.website, { type: "url" })} errors={fields.website.errors} />
      <Field label="Alias" inputProps={getInputProps(fields.alias, { type: "text" })} errors={fields.alias.errors} />
      <Field label="Headquarters" inputProps={getInputProps(fields.headquarters, { type: "text" })} errors={fields.headquarters.errors} />
      <MultiPicker id={fields.parentCompany.id} name={fields.parentCompany.name} label="Parent company" options={parents} defaultValue={parent ? [parent] : []} errors={fields.parentCompany.errors} single />
      <SelectField label="Status" selectProps={getSelectProps(fields.status)} options={ACTIVE_STATUSES.map((s) => ({ value: s, label: s === "active" ? "Active" : "Inactive" }))} errors={fields.status.errors} />
      {logo ? <img className="logo-preview" src={logo} alt="Current logo" width={80} /> : null}
      <FileField label="Logo" hint="PNG, JPEG, GIF or WebP, at most 5 MB." inputProps={{ ...getInputProps(fields.logo, { type: "file" }), accept: LOGO_ACCEPT }} errors={fields.logo.errors} />
      {logo ? <CheckboxField label="Remove the logo" inputProps={getInputProps(fields.removeLogo, { type: "checkbox" })} errors={fields.removeLogo.errors} /> : null}
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="form-actions">
        <Link className="button" to={COMPANIES_LIST}>
          Cancel
        </Link>
        <button className="button primary" type="submit" disabled={navigation.state === "submitting"}>
          {mode === "add" ? "Add" : "Update"}
        </button>
      </div>
    </Form>
  );
}
