import { getFormProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { Form, Link, useFetcher, useNavigation, type ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import * as z from "zod/mini";

import {
  AGE_UNITS,
  COMPOUND_PRIORITIES,
  THERAPY_TYPES,
  TRIAL_DATE_TYPES,
  TRIAL_GENDERS,
  TRIAL_PHASES,
  TRIAL_STATUSES,
} from "#common/constants";
import { FIELD_REQUIRED } from "#common/messages";
import { useRecordForm, type RecordFormProps } from "~/components/console/record-form";
import { CompoundSelect, ScopeSelects, useScope, type ScopeChoices } from "~/components/console/scope-selects";
import { DateFor } from "~/components/date-field";
import { CheckboxFor, ChipsFor, DefaultSubmit, ErrorList, InputFor, Repeatable, SelectFor, TextareaFor } from "~/components/forms";
import { RichTextFor } from "~/components/rich-text";
import { dateField } from "~/utils/date-schema";
import { parseForm, splitChips } from "~/utils/form-schema";
import type { SelectOption } from "~/utils/options";
import { useHydrated } from "~/utils/use-hydrated";
import { optionalText, requiredText } from "~/utils/user-validation";

// The trial form (admin-console §2 'Trial form', §3 'Trial form fields', §5): seven steps, each with its own schema,
// checked strictly (the original let some steps through unchecked: a defect, not a rule). Every step's fields are in
// one form: the step shown is the URL's (or the action's) and the others are hidden, so every post carries the whole
// trial. Without JavaScript each step button posts the form: the server keeps it as a draft (TrialDraft) and shows the
// step asked for, once the steps before it pass. With JavaScript the stepper moves in place, checks the step it
// leaves, marks steps with errors, and saves the draft with a fetcher at each move, so a reload keeps what was typed.
// Field names are the contract's, spellings included (`patientSegmentByAge&Sex`, `secondayEndpoints`).

export const TRIAL_STEPS = [
  "Client & TA & Disease",
  "Trial Information Part 1",
  "Trial Information Part 2",
  "Trial Information Part 3",
  "Trial Detail Part 1",
  "Trial Detail Part 2",
  "Trial Results",
] as const;
export const LAST_STEP = TRIAL_STEPS.length - 1;

/** The form's intents: a step to show ("step:3"), the final save, the cascade's 'Choose', the fetcher's save. */
export const INTENT = { save: "save", autosave: "autosave", step: (n: number) => `step:${n}` } as const;

const MAX_ROWS = 50;
const rows = <T extends z.ZodMiniType>(row: T) =>
  z.array(row, { error: FIELD_REQUIRED }).check(z.minLength(1, FIELD_REQUIRED), z.maxLength(MAX_ROWS, `At most ${MAX_ROWS}`));
const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: FIELD_REQUIRED });
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.optional(z.enum(values, { error: "Choose from the list" }));
/** A chip list, sent as one comma-separated text (ChipsField); at least one entry. */
const chips = z.string({ error: FIELD_REQUIRED }).check(
  z.maxLength(4000, "Maximum 4000 characters"),
  z.refine((v) => splitChips(v).length > 0, FIELD_REQUIRED),
);
/** Rich text (HTML), sanitised by the server before it is kept. */
const richText = z.optional(z.string().check(z.maxLength(100_000, "Too long (at most 100,000 characters of HTML).")));
const longText = optionalText(4000);
const count = (what: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? FIELD_REQUIRED : `Enter a ${what}`) })
    .check(z.int(`Enter a whole ${what}`), z.minimum(0, "Cannot be negative"), z.maximum(10_000_000, "Too large"));
const age = z.optional(
  z.number({ error: "Enter an age" }).check(z.int("Enter a whole number"), z.minimum(0, "Cannot be negative"), z.maximum(200, "Too large")),
);

const endpoints = <T extends z.ZodMiniType>(endpoint: T) => z.object({ details: longText, endpoints: rows(endpoint) });
const primaryEndpoints = endpoints(
  z.object({ group: requiredText(200), subgroup: requiredText(200), primaryEndpoint: requiredText(2000) }),
);
const secondaryEndpoints = endpoints(
  z.object({ group: requiredText(200), subgroup: requiredText(200), secondaryEndpoint: requiredText(2000) }),
);

/** Each step's fields (§5: required unless listed optional; fields §5 names in neither list are optional). */
const STEP_SHAPES = [
  {
    client: z.string({ error: FIELD_REQUIRED }),
    therapeuticArea: z.string({ error: FIELD_REQUIRED }),
    disease: z.string({ error: FIELD_REQUIRED }),
    compound: z.optional(z.string()),
  },
  {
    eventTitle: requiredText(300),
    trialStatus: choice(TRIAL_STATUSES),
    trialIdentifier: requiredText(100),
    startDateTime: dateField(),
    acronyms: optionalText(200),
    startDateType: choice(TRIAL_DATE_TYPES),
    lineOfTherapy: optionalText(200),
    patientSegmentByDisease: optionalText(500),
    "patientSegmentByAge&Sex": requiredText(300),
    enrollment: rows(z.object({ enrollmentNumber: count("number"), enrollmentType: choice(TRIAL_DATE_TYPES) })),
  },
  {
    pcdType: optionalChoice(TRIAL_DATE_TYPES),
    phase: choice(TRIAL_PHASES),
    dosageBeingEvaluated: richText,
    otherDrugs: chips,
    comparator: optionalText(500),
    primaryDrugs: requiredText(500),
    class: optionalText(300),
    routeOfAdministration: requiredText(200),
    biomarkers: requiredText(500),
    diagnosticTest: requiredText(500),
    therapyType: choice(THERAPY_TYPES),
    primaryCompletionDate: z.optional(dateField()),
  },
  {
    sponsors: chips,
    collaborators: chips,
    objective: richText,
    countries: chips,
    regions: chips,
    priority: z.number({ error: FIELD_REQUIRED }).check(z.refine((n) => n === 1 || n === 2 || n === 3, FIELD_REQUIRED)),
    /** The YES/NO switch: ticked is active. */
    status: z.optional(z.enum(["active"])),
    notes: rows(z.object({ details: requiredText(4000) })),
  },
  {
    trialArms: rows(z.object({ armsDetails: requiredText(4000) })),
    primaryEndpoints: rows(primaryEndpoints),
    secondayEndpoints: z.optional(z.array(secondaryEndpoints).check(z.maxLength(MAX_ROWS, `At most ${MAX_ROWS}`))),
  },
  {
    minAge: age,
    minAgeUnits: optionalChoice(AGE_UNITS),
    maxAge: age,
    maxAgeUnits: optionalChoice(AGE_UNITS),
    gender: optionalChoice(TRIAL_GENDERS),
    inclusionCriteria: richText,
    exclusionCriteria: richText,
    studyDesign: longText,
    studyKeywords: chips,
    patientPopulation: longText,
    treatmentPlan: longText,
  },
  {
    results: z.optional(z.object({ details: richText, resultsMeetExpectation: z.optional(z.boolean()) })),
  },
] as const;

/** An age range in the same unit must not end before it starts. */
const agesInOrder = z.superRefine((v: { minAge?: number; maxAge?: number; minAgeUnits?: string; maxAgeUnits?: string }, ctx) => {
  if (
    v.minAge !== undefined &&
    v.maxAge !== undefined &&
    (v.minAgeUnits ?? "Years") === (v.maxAgeUnits ?? "Years") &&
    v.maxAge < v.minAge
  ) {
    ctx.addIssue({ code: "custom", path: ["maxAge"], message: "The maximum age must not be below the minimum" });
  }
});

/** The schema of each step, as the browser checks a step before leaving it and the server before showing the next. */
export const STEP_SCHEMAS = STEP_SHAPES.map((shape, i) => (i === 5 ? z.object(shape).check(agesInOrder) : z.object(shape)));
/** The whole trial: every step (the final save). */
export const TrialSchema = z.object(Object.assign({}, ...STEP_SHAPES) as UnionToShape).check(agesInOrder);
type UnionToShape = (typeof STEP_SHAPES)[0] &
  (typeof STEP_SHAPES)[1] &
  (typeof STEP_SHAPES)[2] &
  (typeof STEP_SHAPES)[3] &
  (typeof STEP_SHAPES)[4] &
  (typeof STEP_SHAPES)[5] &
  (typeof STEP_SHAPES)[6];
export type TrialFormOutput = z.output<typeof TrialSchema>;

/** Which step a field (by its form name, "enrollment[0].enrollmentType") belongs to; -1 for the form itself. */
export function stepOf(name: string): number {
  const key = name.split(/[.[]/)[0]!;
  return STEP_SHAPES.findIndex((shape) => key in shape);
}

/** The steps with errors among a form's errors (conform's `allErrors`, or a server reply's `error`). */
export const stepsWithErrors = (errors: Record<string, unknown> | null | undefined) =>
  new Set(Object.entries(errors ?? {}).flatMap(([name, list]) => (Array.isArray(list) && list.length ? [stepOf(name)] : [])));

/** The form's values as strings (conform's default value); chips as one comma-separated text, checkboxes "on" or "". */
export interface TrialFormValues {
  client: string;
  therapeuticArea: string;
  disease: string;
  compound: string;
  eventTitle: string;
  trialStatus: string;
  trialIdentifier: string;
  startDateTime: string;
  acronyms: string;
  startDateType: string;
  lineOfTherapy: string;
  patientSegmentByDisease: string;
  "patientSegmentByAge&Sex": string;
  enrollment: Array<{ enrollmentNumber: string; enrollmentType: string }>;
  pcdType: string;
  phase: string;
  dosageBeingEvaluated: string;
  otherDrugs: string;
  comparator: string;
  primaryDrugs: string;
  class: string;
  routeOfAdministration: string;
  biomarkers: string;
  diagnosticTest: string;
  therapyType: string;
  primaryCompletionDate: string;
  sponsors: string;
  collaborators: string;
  objective: string;
  countries: string;
  regions: string;
  priority: string;
  status: string;
  notes: Array<{ details: string }>;
  trialArms: Array<{ armsDetails: string }>;
  primaryEndpoints: Array<{ details: string; endpoints: Array<{ group: string; subgroup: string; primaryEndpoint: string }> }>;
  secondayEndpoints: Array<{ details: string; endpoints: Array<{ group: string; subgroup: string; secondaryEndpoint: string }> }>;
  minAge: string;
  minAgeUnits: string;
  maxAge: string;
  maxAgeUnits: string;
  gender: string;
  inclusionCriteria: string;
  exclusionCriteria: string;
  studyDesign: string;
  studyKeywords: string;
  patientPopulation: string;
  treatmentPlan: string;
  results: { details: string; resultsMeetExpectation: string };
}

export type TrialChoices = ScopeChoices & { compounds: SelectOption[] };

/** The stepper's draft saves change nothing the page shows: the Add and Edit pages are not loaded again for them. */
export const keepPageOnAutosave: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") !== INTENT.autosave && defaultShouldRevalidate;

const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));
const text = (value: unknown) => (typeof value === "string" ? value : "");

type Fields = ReturnType<typeof useRecordForm<z.input<typeof TrialSchema>, TrialFormOutput>>[1];
type FormMeta = FormMetadata<z.input<typeof TrialSchema>, string[]>;

export function TrialForm({
  mode,
  loaded,
  sent,
}: RecordFormProps<
  /** What the page loaded (trialFormData): the values, the cascade's choices, the step to show (the URL's), the draft,
   *  and where Create or Update returns to (a same-site path checked by the server). */
  { defaultValue: TrialFormValues; choices: TrialChoices; step: number; draftId: string | null; redirectTo: string },
  /** What the last submit sent back over it: the choices, step and draft the form moved to. */
  { choices: TrialChoices; step: number; draftId: string | null }
>) {
  const { defaultValue, redirectTo } = loaded;
  const choices = sent?.choices ?? loaded.choices;
  const shownStep = sent?.step ?? loaded.step;
  const draftId = sent?.draftId ?? loaded.draftId;
  const lastResult = sent?.result;
  const [form, fields] = useRecordForm(TrialSchema, { id: `trial-${mode}`, lastResult, defaultValue });
  const initial = (lastResult?.initialValue as Partial<TrialFormValues> | undefined) ?? defaultValue;
  const scope = useScope({ initial, options: choices, compounds: true });
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const fetcher = useFetcher<{ draftId: string }>();
  const formRef = useRef<HTMLFormElement>(null);
  const [step, setStep] = useState(shownStep);
  // A step the server asked for (a failed check, a step link followed without JavaScript) is the one shown.
  useEffect(() => setStep(shownStep), [shownStep, lastResult]);
  const draft = fetcher.data?.draftId ?? draftId;
  // The draft and the step shown go into the address as the stepper moves, so a reload comes back to them. The page is
  // not loaded again for it (the router's own location stays: the form posts its draft in a hidden field anyway).
  useEffect(() => {
    if (!hydrated || !draft) return;
    const here = `${window.location.pathname}?${new URLSearchParams({ draft, step: String(step), redirectTo })}`;
    if (here !== `${window.location.pathname}${window.location.search}`) window.history.replaceState(window.history.state, "", here);
  }, [hydrated, draft, step, redirectTo]);
  const failing = stepsWithErrors(form.allErrors);

  /** With JavaScript: check the steps between here and `target` (forward only), show the first that fails, or move;
   *  then keep the draft on the server. */
  const goTo = (target: number) => (event: MouseEvent<HTMLButtonElement>) => {
    const element = formRef.current;
    if (!hydrated || !element) return;
    event.preventDefault();
    let next = target;
    for (let s = step; s < target; s++) {
      const checked = parseForm(new FormData(element), { schema: STEP_SCHEMAS[s]! });
      if (checked.status !== "success") {
        // Each field of the step is checked, so its errors show and the stepper marks it.
        for (const name of new Set(
          [...element.querySelectorAll<HTMLElement>(`[data-step="${s}"] [name]`)].map((e) => e.getAttribute("name")!),
        ))
          form.validate({ name });
        for (const name of Object.keys(checked.error ?? {})) form.validate({ name });
        next = s;
        break;
      }
    }
    setStep(next);
    const body = new FormData(element);
    body.set("intent", INTENT.autosave);
    body.set("step", String(next));
    fetcher.submit(body, { method: "post" });
    if (next !== target)
      requestAnimationFrame(() => element.querySelector<HTMLElement>(`[data-step="${next}"] [aria-invalid="true"]`)?.focus());
    else element.querySelector<HTMLElement>(`[data-step="${next}"] h2`)?.focus();
  };
  /** The final save with JavaScript: the whole form is checked (conform stops a failing one); show the first step
   *  that fails. */
  const onSave = () => {
    const element = formRef.current;
    if (!element) return;
    const checked = parseForm(new FormData(element), { schema: TrialSchema });
    if (checked.status !== "success") setStep(Math.min(...stepsWithErrors(checked.error)));
  };

  const stepButton = (target: number, label: ReactNode, className = "button") => (
    <button type="submit" name="intent" value={INTENT.step(target)} className={className} formNoValidate onClick={goTo(target)}>
      {label}
    </button>
  );
  const section = (index: number, body: ReactNode) => (
    <section data-step={index} hidden={index !== step} aria-labelledby={`trial-step-${index}`} className="trial-step">
      <h2 id={`trial-step-${index}`} tabIndex={-1}>
        Step {index + 1} of {TRIAL_STEPS.length}: {TRIAL_STEPS[index]}
      </h2>
      {body}
    </section>
  );

  return (
    <Form method="post" className="form-card wide" ref={formRef} {...getFormProps(form)}>
      {/* Enter in a field goes on to the next step, or saves on the last. */}
      {step < LAST_STEP ? (
        <DefaultSubmit name="intent" value={INTENT.step(step + 1)} formNoValidate onClick={goTo(step + 1)} />
      ) : (
        <DefaultSubmit name="intent" value={INTENT.save} onClick={onSave} />
      )}
      <header className="page-header">
        <Link to={redirectTo} className="back-link">
          ← Back
        </Link>
        <h1 className="page-title">{mode === "add" ? "Add Trial" : "Update Trial"}</h1>
      </header>
      <input type="hidden" name="step" value={step} />
      {draft ? <input type="hidden" name="draft" value={draft} /> : null}
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {/* Where the background save of the draft is: a reload before it lands would miss the step just left. */}
      {hydrated ? (
        <p className="draft-status muted" role="status">
          {fetcher.state !== "idle" ? "Saving draft…" : fetcher.data ? "Draft saved" : ""}
        </p>
      ) : null}
      <nav aria-label="Trial form steps">
        <ol className="stepper">
          {TRIAL_STEPS.map((name, index) => (
            <li
              key={name}
              className={`${index === step ? "current" : ""}${failing.has(index) ? " has-errors" : ""}`}
              aria-current={index === step ? "step" : undefined}
            >
              {stepButton(
                index,
                <>
                  <span className="stepper-number">{index + 1}</span> {name}
                  {failing.has(index) ? <span className="stepper-error"> (has errors)</span> : null}
                </>,
                "stepper-button",
              )}
            </li>
          ))}
        </ol>
      </nav>

      {section(0, <LinksStep fields={fields} scope={scope} initial={initial} />)}
      {section(1, <Part1Step form={form} fields={fields} />)}
      {section(2, <Part2Step fields={fields} initial={initial} />)}
      {section(3, <Part3Step form={form} fields={fields} initial={initial} />)}
      {section(4, <Detail1Step form={form} fields={fields} />)}
      {section(5, <Detail2Step fields={fields} initial={initial} />)}
      {section(6, <ResultsStep fields={fields} initial={initial} />)}

      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="form-actions">
        {step > 0 ? stepButton(step - 1, "Back") : null}
        {step < LAST_STEP ? (
          stepButton(step + 1, "Next", "button primary")
        ) : (
          <button
            type="submit"
            name="intent"
            value={INTENT.save}
            className="button primary"
            disabled={navigation.state === "submitting"}
            onClick={onSave}
          >
            {mode === "add" ? "Create" : "Update"}
          </button>
        )}
      </div>
    </Form>
  );
}

function LinksStep({
  fields,
  scope,
  initial,
}: {
  fields: Fields;
  scope: ReturnType<typeof useScope<TrialChoices>>;
  initial: Partial<TrialFormValues>;
}) {
  return (
    <>
      <ScopeSelects fields={fields} scope={scope} />
      <CompoundSelect field={fields.compound} scope={scope} initial={initial} />
    </>
  );
}

function Part1Step({ form, fields }: { form: FormMeta; fields: Fields }) {
  return (
    <>
      <InputFor meta={fields.eventTitle} label="Title" />
      <SelectFor meta={fields.trialStatus} label="Trial status" options={options(TRIAL_STATUSES)} placeholder="Choose…" />
      <InputFor meta={fields.trialIdentifier} label="Trial identifier" hint="The registry id, e.g. NCT03887455." />
      <DateFor meta={fields.startDateTime} label="Start date" />
      <SelectFor meta={fields.startDateType} label="Start date type" options={options(TRIAL_DATE_TYPES)} placeholder="Choose…" />
      <InputFor meta={fields.acronyms} label="Acronyms" />
      <InputFor meta={fields.lineOfTherapy} label="Line of therapy" />
      <InputFor meta={fields.patientSegmentByDisease} label="Patient segment by disease" />
      <InputFor meta={fields["patientSegmentByAge&Sex"]} label="Patient segment by age & sex" />
      <Repeatable
        noValidate
        form={form}
        list={fields.enrollment}
        legend="Enrollment"
        item="Enrollment"
        empty={{ enrollmentNumber: "", enrollmentType: "" }}
      >
        {(row) => {
          const f = row.getFieldset();
          return (
            <>
              <InputFor meta={f.enrollmentNumber} label="Number enrolled" type="number" />
              <SelectFor meta={f.enrollmentType} label="Enrollment type" options={options(TRIAL_DATE_TYPES)} placeholder="Choose…" />
            </>
          );
        }}
      </Repeatable>
    </>
  );
}

function Part2Step({ fields, initial }: { fields: Fields; initial: Partial<TrialFormValues> }) {
  return (
    <>
      <SelectFor meta={fields.phase} label="Phase" options={options(TRIAL_PHASES)} placeholder="Choose…" />
      <SelectFor meta={fields.pcdType} label="Primary completion date type" options={options(TRIAL_DATE_TYPES)} placeholder="Not given" />
      <DateFor meta={fields.primaryCompletionDate} label="Primary completion date" />
      <RichTextFor meta={fields.dosageBeingEvaluated} label="Dosage being evaluated" defaultValue={text(initial.dosageBeingEvaluated)} />
      <InputFor meta={fields.primaryDrugs} label="Primary drugs" />
      <ChipsFor meta={fields.otherDrugs} label="Other drugs" defaultValue={text(initial.otherDrugs)} />
      <InputFor meta={fields.comparator} label="Comparator" />
      <InputFor meta={fields.class} label="Class" />
      <InputFor meta={fields.routeOfAdministration} label="Route of administration" />
      <InputFor meta={fields.biomarkers} label="Biomarkers" />
      <InputFor meta={fields.diagnosticTest} label="Diagnostic test" />
      <SelectFor meta={fields.therapyType} label="Therapy type" options={options(THERAPY_TYPES)} placeholder="Choose…" />
    </>
  );
}

function Part3Step({ form, fields, initial }: { form: FormMeta; fields: Fields; initial: Partial<TrialFormValues> }) {
  const chip = (meta: FieldMetadata<string>, label: string) => (
    <ChipsFor meta={meta} label={label} defaultValue={text(initial[meta.name as keyof TrialFormValues])} />
  );
  return (
    <>
      {chip(fields.sponsors, "Sponsors")}
      {chip(fields.collaborators, "Collaborators")}
      <RichTextFor meta={fields.objective} label="Objective" defaultValue={text(initial.objective)} />
      {chip(fields.countries, "Countries")}
      {chip(fields.regions, "Regions")}
      <SelectFor
        meta={fields.priority}
        label="Priority"
        options={Object.entries(COMPOUND_PRIORITIES).map(([value, label]) => ({ value, label }))}
        placeholder="Choose…"
      />
      <CheckboxFor meta={fields.status} label="Status: active (YES) or inactive (NO)" value="active" />
      <Repeatable noValidate form={form} list={fields.notes} legend="Notes" item="Note" empty={{ details: "" }}>
        {(row) => {
          const f = row.getFieldset();
          return <TextareaFor meta={f.details} label="Details" extra={{ rows: 3 }} />;
        }}
      </Repeatable>
    </>
  );
}

function Detail1Step({ form, fields }: { form: FormMeta; fields: Fields }) {
  return (
    <>
      <Repeatable noValidate form={form} list={fields.trialArms} legend="Trial arms" item="Arm" empty={{ armsDetails: "" }}>
        {(row) => {
          const f = row.getFieldset();
          return <TextareaFor meta={f.armsDetails} label="Arm details" extra={{ rows: 2 }} />;
        }}
      </Repeatable>
      <EndpointGroups form={form} list={fields.primaryEndpoints} kind="primary" />
      <EndpointGroups form={form} list={fields.secondayEndpoints} kind="secondary" />
    </>
  );
}

function Detail2Step({ fields, initial }: { fields: Fields; initial: Partial<TrialFormValues> }) {
  return (
    <>
      <div className="field-row">
        <InputFor meta={fields.minAge} label="Minimum age" type="number" />
        <SelectFor meta={fields.minAgeUnits} label="Minimum age units" options={options(AGE_UNITS)} placeholder="Not given" />
        <InputFor meta={fields.maxAge} label="Maximum age" type="number" />
        <SelectFor meta={fields.maxAgeUnits} label="Maximum age units" options={options(AGE_UNITS)} placeholder="Not given" />
      </div>
      <SelectFor meta={fields.gender} label="Gender" options={options(TRIAL_GENDERS)} placeholder="Not given" />
      <RichTextFor meta={fields.inclusionCriteria} label="Inclusion criteria" defaultValue={text(initial.inclusionCriteria)} />
      <RichTextFor meta={fields.exclusionCriteria} label="Exclusion criteria" defaultValue={text(initial.exclusionCriteria)} />
      <TextareaFor meta={fields.studyDesign} label="Study design" extra={{ rows: 2 }} />
      <ChipsFor meta={fields.studyKeywords} label="Study keywords" defaultValue={text(initial.studyKeywords)} />
      <TextareaFor meta={fields.patientPopulation} label="Patient population" extra={{ rows: 2 }} />
      <TextareaFor meta={fields.treatmentPlan} label="Treatment plan" extra={{ rows: 2 }} />
    </>
  );
}

function ResultsStep({ fields, initial }: { fields: Fields; initial: Partial<TrialFormValues> }) {
  const results = fields.results.getFieldset();
  return (
    <>
      <RichTextFor meta={results.details} label="Results details" defaultValue={text(initial.results?.details)} />
      <CheckboxFor meta={results.resultsMeetExpectation} label="Results Met?" />
    </>
  );
}

type EndpointKind = "primary" | "secondary";
type EndpointKey = `${EndpointKind}Endpoint`;
type EndpointGroupValue = {
  details?: string;
  endpoints?: Array<{ group?: string; subgroup?: string } & Partial<Record<EndpointKey, string>>>;
};

/** The primary or secondary endpoint groups, each with its details and its own repeatable list of endpoints (group,
 *  subgroup, text). */
function EndpointGroups({
  form,
  list,
  kind,
}: {
  form: FormMeta;
  list: FieldMetadata<EndpointGroupValue[] | undefined>;
  kind: EndpointKind;
}) {
  const textKey: EndpointKey = `${kind}Endpoint`;
  const textLabel = `${kind === "primary" ? "Primary" : "Secondary"} endpoint`;
  const legend = `${textLabel}s`;
  const item = `${textLabel} group`;
  return (
    <Repeatable
      noValidate
      form={form}
      list={list}
      legend={legend}
      item={item}
      empty={{ details: "", endpoints: [{ group: "", subgroup: "", [textKey]: "" }] }}
    >
      {(group, g) => {
        const f = group.getFieldset();
        return (
          <div className="endpoint-group">
            <TextareaFor meta={f.details} label="Details" extra={{ rows: 2 }} />
            <Repeatable
              noValidate
              form={form}
              list={f.endpoints}
              legend={`Endpoints of ${item.toLowerCase()} ${g + 1}`}
              item="Endpoint"
              empty={{ group: "", subgroup: "", [textKey]: "" }}
            >
              {(endpoint) => {
                const e = endpoint.getFieldset() as Record<"group" | "subgroup" | EndpointKey, FieldMetadata<string | undefined>>;
                return (
                  <>
                    <InputFor meta={e.group} label="Group" />
                    <InputFor meta={e.subgroup} label="Subgroup" />
                    <InputFor meta={e[textKey]} label={textLabel} />
                  </>
                );
              }}
            </Repeatable>
          </div>
        );
      }}
    </Repeatable>
  );
}
