import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import * as z from "zod/mini";

import { FIELD_REQUIRED } from "#common/messages";
import { useRecordForm } from "~/components/console/record-form";
import { ScopeSelects, useScope, type ScopeChoices } from "~/components/console/scope-selects";
import { DefaultSubmit, ErrorList, InputFor, SelectField, SelectFor, TextareaFor } from "~/components/forms";
import { ProgressToken, TaskProgress } from "~/components/task-progress";
import type { SelectOption } from "~/utils/options";
import { MAX_NCT_IDS, NCT_ID, nctIdsIn, REGISTRY_PHASE_VALUES, REGISTRY_PHASES } from "~/utils/registry/query";
import { optionalText } from "~/utils/user-validation";

// The ClinicalTrials.gov import form (issue 15): where the trials go (client → area → disease, and optionally a
// compound of that disease), then what to import — NCT ids, or a search by condition, sponsor, intervention and phase.
// The two ways are radios; CSS shows the chosen one's fields, so without JavaScript too.

export const IMPORT_MODES = ["ids", "query"] as const;

export const RegistryImportSchema = z
  .object({
    client: z.string({ error: FIELD_REQUIRED }),
    therapeuticArea: z.string({ error: FIELD_REQUIRED }),
    disease: z.string({ error: FIELD_REQUIRED }),
    compound: z.optional(z.string()),
    mode: z.enum(IMPORT_MODES, { error: FIELD_REQUIRED }),
    ids: z.optional(z.string().check(z.maxLength(MAX_NCT_IDS * 14, `At most ${MAX_NCT_IDS} NCT IDs`))),
    condition: optionalText(200),
    sponsor: optionalText(200),
    intervention: optionalText(200),
    phase: z.optional(z.enum(REGISTRY_PHASE_VALUES, { error: "Choose a phase from the list." })),
  })
  .check(
    z.superRefine(
      (v, ctx) => {
        if (v.mode === "ids") {
          const ids = nctIdsIn(v.ids ?? "");
          const wrong = ids.filter((id) => !NCT_ID.test(id));
          const message = !ids.length
            ? "Enter at least one NCT ID."
            : wrong.length
              ? `Not an NCT ID: ${wrong.slice(0, 5).join(", ")}${wrong.length > 5 ? "…" : ""} (NCT and 8 digits, e.g. NCT01234567).`
              : ids.length > MAX_NCT_IDS
                ? `At most ${MAX_NCT_IDS} NCT IDs per import.`
                : null;
          if (message) ctx.addIssue({ code: "custom", path: ["ids"], message });
        }
        if (v.mode === "query" && !v.condition && !v.sponsor && !v.intervention) {
          ctx.addIssue({ code: "custom", path: ["condition"], message: "Enter a condition, a sponsor or an intervention." });
        }
      },
      { when: () => true },
    ),
  );
export type RegistryImportOutput = z.output<typeof RegistryImportSchema>;

export type RegistryImportValues = {
  client: string;
  therapeuticArea: string;
  disease: string;
  compound: string;
  mode: string;
  ids: string;
  condition: string;
  sponsor: string;
  intervention: string;
  phase: string;
};
export const EMPTY_IMPORT: RegistryImportValues = {
  client: "",
  therapeuticArea: "",
  disease: "",
  compound: "",
  mode: "ids",
  ids: "",
  condition: "",
  sponsor: "",
  intervention: "",
  phase: "",
};

export function RegistryImportForm({
  options,
  lastResult,
  progress,
}: {
  options: ScopeChoices & { compounds: SelectOption[] };
  lastResult?: SubmissionResult<string[]> | null;
  /** The token under which the import's request reports how far it got. */
  progress: string;
}) {
  const [form, fields] = useRecordForm(RegistryImportSchema, { id: "registry-import", lastResult, defaultValue: EMPTY_IMPORT });
  const initial = { ...EMPTY_IMPORT, ...(lastResult?.initialValue as Partial<RegistryImportValues> | undefined) };
  const scope = useScope({ initial, options, compounds: true });
  const { selection, shown } = scope;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") !== "cascade";
  return (
    <Form method="post" className="form-card wide registry-import" {...getFormProps(form)}>
      {/* Enter in a field imports, never 'Choose'. */}
      <DefaultSubmit />
      <ScopeSelects fields={fields} scope={scope} />
      <SelectField
        key={selection.disease}
        label="Compound (optional)"
        selectProps={{
          id: fields.compound.id,
          name: fields.compound.name,
          defaultValue: selection.disease === initial.disease ? initial.compound : "",
        }}
        options={selection.disease ? shown.compounds : []}
        placeholder={selection.disease ? "None" : "Choose a disease first"}
        errors={fields.compound.errors}
      />
      <fieldset className="choice-group" aria-describedby={fields.mode.errors?.length ? fields.mode.errorId : undefined}>
        <legend>Import</legend>
        {[
          ["ids", "By NCT IDs"],
          ["query", "By a search"],
        ].map(([value, label]) => (
          <label key={value} className="checkbox">
            <input type="radio" name={fields.mode.name} value={value} defaultChecked={initial.mode === value} /> {label}
          </label>
        ))}
        <ErrorList id={fields.mode.errorId} errors={fields.mode.errors} />
      </fieldset>
      <div className="mode-ids">
        <TextareaFor
          meta={fields.ids}
          label="NCT IDs"
          hint={`One or more, separated by spaces, commas or lines (at most ${MAX_NCT_IDS}), e.g. NCT01234567.`}
          extra={{ rows: 4 }}
        />
      </div>
      <div className="mode-query">
        <InputFor meta={fields.condition} label="Condition or disease" />
        <InputFor meta={fields.sponsor} label="Sponsor" />
        <InputFor meta={fields.intervention} label="Intervention" />
        <SelectFor meta={fields.phase} label="Phase" options={REGISTRY_PHASES} placeholder="Any phase" />
      </div>
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="form-actions">
        <button className="button primary" type="submit" disabled={busy}>
          Import
        </button>
      </div>
      <ProgressToken token={progress} />
      <TaskProgress token={progress} active={busy} starting="Asking ClinicalTrials.gov…" />
    </Form>
  );
}
