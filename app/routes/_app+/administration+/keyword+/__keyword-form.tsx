import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";

import { KEYWORD_PRIORITIES } from "#common/constants";
import { RecordFormFooter, StatusField, useRecordForm, type RecordFormProps } from "~/components/console/record-form";
import { ScopeSelects, useScope, type ScopeChoices } from "~/components/console/scope-selects";
import { DefaultSubmit, InputFor, SelectFor } from "~/components/forms";
import { KEYWORDS_LIST } from "~/utils/administration";
import type { FormValuesOf } from "~/utils/form-schema";
import { KeywordSchema } from "~/utils/keyword-schema";

// The keyword form (admin-console §2, §3, §5): name, status, client → therapeutic area → disease (the shared cascade,
// limited to what the user holds) and priority (1 Low, 2 Medium, 3 High: the label shown, the number stored).

export type KeywordFormValues = FormValuesOf<typeof KeywordSchema>;

export function KeywordForm({
  mode,
  loaded: { defaultValue, ...loaded },
  sent,
}: RecordFormProps<{ defaultValue: KeywordFormValues; options: ScopeChoices }, { options: ScopeChoices }>) {
  const lastResult = sent?.result;
  const options = sent?.options ?? loaded.options;
  const [form, fields] = useRecordForm(KeywordSchema, { id: `keyword-${mode}`, lastResult, defaultValue });
  const initial = (lastResult?.initialValue as Partial<KeywordFormValues> | undefined) ?? defaultValue;
  const scope = useScope({ initial, options });
  return (
    <Form method="post" className="form-card wide" {...getFormProps(form)}>
      <DefaultSubmit />
      <h1 className="page-title">{mode === "add" ? "Add Keyword" : "Edit Keyword"}</h1>
      <InputFor meta={fields.name} label="Name" />
      <StatusField meta={fields.status} />
      <ScopeSelects fields={fields} scope={scope} />
      <SelectFor
        meta={fields.priority}
        label="Priority"
        options={Object.entries(KEYWORD_PRIORITIES).map(([value, label]) => ({ value, label }))}
        placeholder="Choose…"
      />
      <RecordFormFooter form={form} mode={mode} cancelTo={KEYWORDS_LIST} />
    </Form>
  );
}
