import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import * as z from "zod/mini";

import { ACTIVE_STATUSES, MONITOR_INTERVALS, MONITOR_SOURCE_KINDS } from "#common/constants";
import { FIELD_REQUIRED, SOURCE_URL_REQUIRED } from "#common/messages";
import { RecordFormFooter, StatusField, useRecordForm, type RecordFormProps } from "~/components/console/record-form";
import { InputFor, SelectFor } from "~/components/forms";
import { MONITORING } from "~/utils/administration";
import type { FormValuesOf } from "~/utils/form-schema";
import { httpUrl } from "~/utils/url";
import { requiredText } from "~/utils/user-validation";

// A keyword-monitoring source (issue 16): its name, what it is (an RSS/Atom feed with its address, PubMed, or the saved
// ClinicalTrials.gov imports), how often it is asked, and whether it is on. The address is always shown (the form
// works without JavaScript) and required for a feed only.

const KINDS = Object.keys(MONITOR_SOURCE_KINDS) as [keyof typeof MONITOR_SOURCE_KINDS, ...Array<keyof typeof MONITOR_SOURCE_KINDS>];
const INTERVALS = Object.keys(MONITOR_INTERVALS).map(Number);

export const SourceSchema = z
  .object({
    name: requiredText(120),
    kind: z.enum(KINDS, { error: FIELD_REQUIRED }),
    url: z.optional(z.string().check(z.trim(), z.maxLength(2000))),
    status: z.enum(ACTIVE_STATUSES, { error: FIELD_REQUIRED }),
    intervalMinutes: z.number({ error: FIELD_REQUIRED }).check(z.refine((n) => INTERVALS.includes(n), FIELD_REQUIRED)),
  })
  .check(z.refine((v) => v.kind !== "rss" || httpUrl(v.url) !== null, { path: ["url"], message: SOURCE_URL_REQUIRED }));

export const sourceDeleteQuestion = (name: string) => `Delete the source "${name}"? What it already brought into the fetch queue stays.`;

export type SourceFormValues = FormValuesOf<typeof SourceSchema>;

export function SourceForm({ mode, loaded: { defaultValue }, sent }: RecordFormProps<{ defaultValue: SourceFormValues }>) {
  const [form, fields] = useRecordForm(SourceSchema, { id: `source-${mode}`, lastResult: sent?.result, defaultValue });
  return (
    <Form method="post" className="form-card wide" {...getFormProps(form)}>
      <h1 className="page-title">{mode === "add" ? "Add Source" : "Edit Source"}</h1>
      <InputFor meta={fields.name} label="Name" />
      <SelectFor
        meta={fields.kind}
        label="Type"
        options={Object.entries(MONITOR_SOURCE_KINDS).map(([value, label]) => ({ value, label }))}
      />
      <InputFor
        meta={fields.url}
        label="Feed address"
        hint="For an RSS/Atom feed. PubMed is searched for every active keyword; the ClinicalTrials.gov source re-syncs the saved trial imports."
        type="url"
        extra={{ placeholder: "https://…" }}
      />
      <SelectFor
        meta={fields.intervalMinutes}
        label="Checked"
        options={Object.entries(MONITOR_INTERVALS).map(([value, label]) => ({ value, label }))}
      />
      <StatusField meta={fields.status} />
      <RecordFormFooter form={form} mode={mode} cancelTo={MONITORING} />
    </Form>
  );
}
