import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";

import { COMPANY_TYPES } from "#common/constants";
import { LogoFields, RecordFormFooter, StatusField, useRecordForm, type RecordFormProps } from "~/components/console/record-form";
import { DefaultSubmit, InputFor, SelectFor } from "~/components/forms";
import { MultiPicker } from "~/components/multi-picker";
import { COMPANIES_LIST } from "~/utils/administration";
import { CompanySchema } from "~/utils/company-schema";
import type { FormValuesOf } from "~/utils/form-schema";
import type { SelectOption } from "~/utils/options";

// The company form (admin-console §2, §3, §5): name and type required; website, alias, headquarters, parent company
// (a searchable picker of the active companies, never the company itself or one of its own), status and logo.

export type CompanyFormValues = FormValuesOf<typeof CompanySchema>;

export function CompanyForm({
  mode,
  loaded: { defaultValue, parents, logo },
  sent,
}: RecordFormProps<{ defaultValue: CompanyFormValues; parents: SelectOption[]; logo?: string | null }>) {
  const lastResult = sent?.result;
  const [form, fields] = useRecordForm(CompanySchema, { id: `company-${mode}`, lastResult, defaultValue });
  const parent = String(
    (lastResult?.initialValue as Partial<CompanyFormValues> | undefined)?.parentCompany ?? defaultValue.parentCompany ?? "",
  );
  return (
    <Form method="post" encType="multipart/form-data" className="form-card wide" {...getFormProps(form)}>
      <DefaultSubmit />
      <h1 className="page-title">{mode === "add" ? "Add Company" : "Edit Company"}</h1>
      <InputFor meta={fields.name} label="Name" />
      <SelectFor meta={fields.type} label="Type" options={COMPANY_TYPES.map((t) => ({ value: t, label: t }))} placeholder="Choose…" />
      <InputFor meta={fields.website} label="Website" type="url" />
      <InputFor meta={fields.alias} label="Alias" />
      <InputFor meta={fields.headquarters} label="Headquarters" />
      <MultiPicker
        id={fields.parentCompany.id}
        name={fields.parentCompany.name}
        label="Parent company"
        options={parents}
        defaultValue={parent ? [parent] : []}
        errors={fields.parentCompany.errors}
        single
      />
      <StatusField meta={fields.status} />
      <LogoFields logo={logo} file={fields.logo} remove={fields.removeLogo} sent={sent} />
      <RecordFormFooter form={form} mode={mode} cancelTo={COMPANIES_LIST} disabled={!form.valid} />
    </Form>
  );
}
