import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";

import { COMPOUND_PRIORITIES, DEVELOPMENT_PHASES, REGIONS, THERAPEUTIC_MODALITIES } from "#common/constants";
import { LogoFields, RecordFormFooter, StatusField, useRecordForm, type RecordFormProps } from "~/components/console/record-form";
import { ScopeSelects, useScope, type ScopeChoices } from "~/components/console/scope-selects";
import { CheckboxFor, ChipsFor, DefaultSubmit, ErrorList, InputFor, Repeatable, SelectFor } from "~/components/forms";
import { MultiPicker } from "~/components/multi-picker";
import { COMPOUNDS_LIST } from "~/utils/administration";
import { CompoundSchema, PHASE_NEEDING_DETAILS, type CompoundFormValues } from "~/utils/compound-schema";
import { listOf } from "~/utils/form-schema";

// The compound form (admin-console §2, §3, §5): names (brand, generic, scientific, other names as chips), client →
// therapeutic area → disease (the shared cascade, limited to what the editor holds), originator and licensees (company
// pickers; licensees a list of region + companies), approved geographies, logo, website, route of administration,
// mechanism of action, modality, priority (1 High, 2 Medium, 3 Low), development phase, isDMT and status. Its rules:
// app/utils/compound-schema.ts.

export type CompoundChoices = ScopeChoices & { companies: Array<{ value: string; label: string }> };

const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

export function CompoundForm({
  mode,
  loaded: { defaultValue, logo, ...loaded },
  sent,
}: RecordFormProps<{ defaultValue: CompoundFormValues; choices: CompoundChoices; logo?: string | null }, { choices: CompoundChoices }>) {
  const lastResult = sent?.result;
  const choices = sent?.choices ?? loaded.choices;
  const [form, fields] = useRecordForm(CompoundSchema, { id: `compound-${mode}`, lastResult, defaultValue });
  const returned = lastResult?.initialValue as Partial<CompoundFormValues> | undefined;
  const initial = returned ?? defaultValue;
  const scope = useScope({ initial, options: choices });
  const names = fields.name.getFieldset();
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  return (
    <Form method="post" encType="multipart/form-data" className="form-card wide" {...getFormProps(form)}>
      {/* Enter in a field saves (the first submit button is the form's default), never 'Choose' or a list button. */}
      <DefaultSubmit />
      <h1 className="page-title">{mode === "add" ? "Add Compound" : "Edit Compound"}</h1>
      <fieldset className="repeatable" aria-describedby={fields.name.errors ? fields.name.errorId : undefined}>
        <legend>Names</legend>
        <InputFor meta={names.brand} label="Brand name" />
        <InputFor meta={names.generic} label="Generic name" />
        <InputFor meta={names.scientific} label="Scientific name" />
        <ChipsFor
          meta={names.other}
          label="Other names"
          hint="Codes and former names, separated by commas."
          defaultValue={text(returned?.name?.other ?? defaultValue.name.other)}
        />
        <ErrorList id={fields.name.errorId} errors={fields.name.errors} />
      </fieldset>
      <ScopeSelects fields={fields} scope={scope} />
      <MultiPicker
        id={fields.originator.id}
        name={fields.originator.name}
        label="Originator company"
        options={choices.companies}
        defaultValue={listOf(initial.originator)}
        errors={fields.originator.errors}
        single
      />
      <Repeatable
        form={form}
        list={fields.licensee}
        legend="Licensees"
        item="Licensee"
        none="No licensees yet."
        empty={{ region: "", companies: [] }}
      >
        {(licensee, index) => {
          const f = licensee.getFieldset();
          return (
            <>
              <SelectFor meta={f.region} label="Region" options={options(REGIONS)} placeholder="Choose…" />
              <MultiPicker
                id={f.companies.id}
                name={f.companies.name}
                label="Companies"
                options={choices.companies}
                defaultValue={listOf(returned?.licensee?.[index]?.companies ?? defaultValue.licensee[index]?.companies)}
                errors={f.companies.errors}
              />
            </>
          );
        }}
      </Repeatable>
      <ChipsFor
        meta={fields.approvedInGeographies}
        label="Approved in geographies"
        hint={`For example ${REGIONS.slice(0, 4).join(", ")}; separated by commas.`}
        defaultValue={text(initial.approvedInGeographies)}
      />
      <InputFor meta={fields.compoundWebsite} label="Website" type="url" />
      <SelectFor meta={fields.developmentPhase} label="Development phase" options={options(DEVELOPMENT_PHASES)} placeholder="Choose…" />
      <InputFor meta={fields.routeOfAdministration} label="Route of administration" hint={`Required for ${PHASE_NEEDING_DETAILS}.`} />
      <InputFor meta={fields.mechanismOfAction} label="Mechanism of action" hint={`Required for ${PHASE_NEEDING_DETAILS}.`} />
      <SelectFor
        meta={fields.therapeuticModality}
        label="Therapeutic modality"
        options={options(THERAPEUTIC_MODALITIES)}
        placeholder="Choose…"
      />
      <SelectFor
        meta={fields.priority}
        label="Priority"
        options={Object.entries(COMPOUND_PRIORITIES).map(([value, label]) => ({ value, label }))}
        placeholder="Choose…"
      />
      <CheckboxFor meta={fields.isDMT} label="Disease-modifying therapy (DMT)" />
      <StatusField meta={fields.status} />
      <LogoFields logo={logo} file={fields.logo} remove={fields.removeLogo} sent={sent} />
      <RecordFormFooter form={form} mode={mode} cancelTo={COMPOUNDS_LIST} disabled={!form.valid} />
    </Form>
  );
}
