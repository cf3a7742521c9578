import { data, redirect } from "@remix-run/node";

import { TRIAL_ADDED, TRIAL_SAVE_FAILED, TRIAL_UPDATED } from "#common/messages";
import { trialRegistryHistory } from "~/models/registry.server";
import {
  createTrial,
  deleteTrialDraft,
  findTrialDraft,
  saveTrialDraft,
  TRIAL_LISTS,
  TRIAL_RICH_TEXTS,
  TRIAL_TEXTS,
  updateTrial,
  type ManagedTrial,
  type TrialValues,
} from "~/models/trial.server";
import { cascadeResult, compoundCascadeOptions, readCompoundCascade } from "~/services/console/cascade.server";
import { confirmedDeleteRoutes } from "~/services/console/confirm.server";
import { TRIALS } from "~/services/console/managed.server";
import { recordFormRoutes, saveRecordForm } from "~/services/console/record-form.server";
import { TRIALS_LIST } from "~/utils/administration";
import { isoDay } from "~/utils/dates";
import { parseForm, splitChips } from "~/utils/form-schema";
import { readFormData } from "~/utils/request.server";
import type { SessionUser } from "~/utils/session.server";
import { safeRedirect } from "~/utils/url";

import { INTENT, LAST_STEP, STEP_SCHEMAS, TrialSchema, type TrialFormOutput, type TrialFormValues } from "./__trial-form";

// The fields the form and the trial hold alike, each group of the trial's (TRIAL_TEXTS, TRIAL_RICH_TEXTS, TRIAL_LISTS)
// converted one way in trialFormValues and back in trialValuesOfForm; the others are converted one by one.

/** An object of `keys`, each with its `value`. */
const each = <K extends string, V>(keys: readonly K[], value: (key: K) => V) =>
  Object.fromEntries(keys.map((key) => [key, value(key)])) as Record<K, V>;
/** The `keys` of `from`, as they are. */
const pick = <T, K extends keyof T & string>(from: T, keys: readonly K[]) => each(keys, (key) => from[key]) as Pick<T, K>;

/** The form's values for a trial (empty for Add: active, Medium priority, one empty row in each required list). */
export function trialFormValues(trial?: ManagedTrial | null): TrialFormValues {
  const id = (value: unknown) => (value ? String(value) : "");
  const day = (value: Date | null | undefined) => (value ? isoDay(value) : "");
  const number = (value: number | null | undefined) => (value === null || value === undefined ? "" : String(value));
  const list = (value: string[] | null | undefined) => (value ?? []).join(", ");
  const t = trial;
  return {
    client: id(t?.client),
    therapeuticArea: id(t?.therapeuticArea),
    disease: id(t?.disease),
    compound: id(t?.compound),
    ...each([...TRIAL_TEXTS, ...TRIAL_RICH_TEXTS], (key) => t?.[key] ?? ""),
    ...each(TRIAL_LISTS, (key) => list(t?.[key])),
    startDateTime: day(t?.startDateTime),
    enrollment: t
      ? t.enrollment.map((e) => ({ enrollmentNumber: number(e.enrollmentNumber), enrollmentType: e.enrollmentType ?? "" }))
      : [{ enrollmentNumber: "", enrollmentType: "" }],
    primaryCompletionDate: day(t?.primaryCompletionDate),
    priority: String(t?.priority ?? 2),
    status: (t?.status ?? "active") === "active" ? "active" : "",
    notes: t ? t.notes.map((n) => ({ details: n.details ?? "" })) : [{ details: "" }],
    trialArms: t ? t.trialArms.map((a) => ({ armsDetails: a.armsDetails ?? "" })) : [{ armsDetails: "" }],
    primaryEndpoints: t
      ? t.primaryEndpoints.map((g) => ({
          details: g.details ?? "",
          endpoints: g.endpoints.map((e) => ({
            group: e.group ?? "",
            subgroup: e.subgroup ?? "",
            primaryEndpoint: e.primaryEndpoint ?? "",
          })),
        }))
      : [{ details: "", endpoints: [{ group: "", subgroup: "", primaryEndpoint: "" }] }],
    secondayEndpoints: (t?.secondayEndpoints ?? []).map((g) => ({
      details: g.details ?? "",
      endpoints: g.endpoints.map((e) => ({
        group: e.group ?? "",
        subgroup: e.subgroup ?? "",
        secondaryEndpoint: e.secondaryEndpoint ?? "",
      })),
    })),
    minAge: number(t?.minAge),
    maxAge: number(t?.maxAge),
    results: { details: t?.results?.details ?? "", resultsMeetExpectation: t?.results?.resultsMeetExpectation ? "on" : "" },
  };
}

/** What a checked form saves. */
export const trialValuesOfForm = (v: TrialFormOutput): TrialValues => ({
  client: v.client,
  therapeuticArea: v.therapeuticArea,
  disease: v.disease,
  compound: v.compound ?? null,
  ...pick(v, TRIAL_TEXTS),
  ...each(TRIAL_RICH_TEXTS, (key) => v[key] ?? ""),
  ...each(TRIAL_LISTS, (key) => splitChips(v[key])),
  // Both are days (the schema): the instants they start, UTC.
  startDateTime: new Date(`${v.startDateTime}T00:00:00Z`),
  enrollment: v.enrollment.map((e) => ({ enrollmentNumber: e.enrollmentNumber, enrollmentType: e.enrollmentType })),
  primaryCompletionDate: v.primaryCompletionDate ? new Date(`${v.primaryCompletionDate}T00:00:00Z`) : null,
  priority: v.priority as 1 | 2 | 3,
  status: v.status === "active" ? "active" : "inactive",
  notes: v.notes,
  trialArms: v.trialArms,
  primaryEndpoints: v.primaryEndpoints,
  secondayEndpoints: v.secondayEndpoints ?? [],
  minAge: v.minAge ?? null,
  maxAge: v.maxAge ?? null,
  results: { details: v.results?.details ?? "", resultsMeetExpectation: v.results?.resultsMeetExpectation ?? false },
});

const textOf = (value: unknown) => (typeof value === "string" ? value : "");

const stepOfParam = (value: unknown) => {
  const n = Number.parseInt(textOf(value), 10);
  return Number.isFinite(n) ? Math.min(LAST_STEP, Math.max(0, n)) : null;
};

/**
 * What the Add and Edit pages show: the user's draft named in the URL (of this trial, or of a new one) when it has not
 * expired, else the trial (or an empty form); the step asked for; where to return after saving (a same-site path,
 * else the list).
 */
export async function trialFormData(request: Request, { user, trial }: { user: SessionUser; trial: ManagedTrial | null }) {
  const search = new URL(request.url).searchParams;
  const draft = await findTrialDraft({ user, trial: trial?._id, id: search.get("draft") });
  const defaultValue = { ...trialFormValues(trial), ...draft?.values } as TrialFormValues;
  return {
    defaultValue,
    choices: await compoundCascadeOptions(user, defaultValue),
    step: stepOfParam(search.get("step")) ?? draft?.step ?? 0,
    draftId: draft?.id ?? null,
    redirectTo: safeRedirect(search.get("redirectTo"), TRIALS_LIST),
  };
}

/** The names a draft keeps: the trial's fields (not the form's own: intent, step, draft, redirectTo). */
const FIELD_NAMES = new Set(Object.keys(TrialSchema.def.shape));
const fieldsOf = (payload: Record<string, unknown>) => Object.fromEntries(Object.entries(payload).filter(([key]) => FIELD_NAMES.has(key)));

/**
 * The trial form's action, for Add and Edit. Whatever the intent, what was sent is first kept in the user's draft. Then:
 * the fetcher's save answers with the draft's id; 'Choose' (the cascade) and a list's Add or Remove show the form again;
 * a step link shows that step — going forward, only once each step before it passes its own schema, else the first
 * that fails with its errors; the final save checks every step (showing the first that fails), writes the trial, drops
 * the draft and returns to `redirectTo` with the spec's message, or stays with 'Error occurred while creating the
 * trial.' when the write fails.
 */
export async function submitTrialForm(request: Request, user: SessionUser, trial?: ManagedTrial) {
  const form = await readFormData(request);
  const intent = textOf(form.get("intent"));
  const shown = stepOfParam(form.get("step")) ?? 0;
  const redirectTo = safeRedirect(form.get("redirectTo"), TRIALS_LIST);
  const { cascade, options: choices, problem } = await readCompoundCascade(form, user);
  const whole = parseForm(form, { schema: TrialSchema });
  const scopeErrors = problem ? { [problem.field]: [problem.message] } : {};

  /** The first of `steps` that fails its schema (step 0 also the cascade's check), with its reply. */
  const firstFailing = (steps: number[]) => {
    for (const step of steps) {
      const checked = parseForm(form, { schema: STEP_SCHEMAS[step]! });
      if (checked.status !== "success" || (step === 0 && problem))
        return { step, result: checked.reply({ fieldErrors: step === 0 ? scopeErrors : {} }) };
    }
    return null;
  };
  const target = intent.startsWith("step:") ? stepOfParam(intent.slice(5)) : null;
  const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
  const failed =
    intent === INTENT.save
      ? firstFailing(range(0, LAST_STEP + 1))
      : target !== null && target > shown
        ? firstFailing(range(shown, target))
        : null;
  const step =
    failed?.step ??
    (intent === INTENT.autosave || intent === INTENT.save || whole.status === undefined ? shown : cascade ? 0 : (target ?? shown));

  const draftId = await saveTrialDraft({
    user,
    trial: trial?._id,
    id: form.get("draft"),
    step,
    values: fieldsOf(whole.payload as Record<string, unknown>),
  });
  const again = (result: ReturnType<typeof whole.reply> | null, status = 200) => data({ result, step, draftId, choices }, { status });
  if (intent === INTENT.autosave) return again(null);
  if (cascade) return again(cascadeResult(whole.reply().initialValue, problem));
  if (whole.status === undefined) return again(whole.reply());
  if (failed && intent === INTENT.save) {
    // Every step's errors, so the stepper marks each step that needs work.
    return again(whole.reply({ fieldErrors: scopeErrors }), 400);
  }
  if (failed) return again(failed.result, 400);
  if (intent !== INTENT.save || whole.status !== "success") {
    const query = new URLSearchParams({ draft: draftId, step: String(step), redirectTo });
    return redirect(`${new URL(request.url).pathname}?${query}`);
  }
  return saveRecordForm(request, whole, {
    extra: { step, draftId, choices },
    save: async (value) => {
      const values = trialValuesOfForm(value);
      // Its compound's name as the cascade's choices, read above to check the compound, name it: no second read.
      const compoundName = choices.compounds.find((c) => c.value === values.compound)?.label ?? "";
      await (trial ? updateTrial({ actor: user, trial, values, compoundName }) : createTrial({ actor: user, values, compoundName }));
      await deleteTrialDraft({ user, id: draftId });
    },
    to: redirectTo,
    done: trial ? TRIAL_UPDATED : TRIAL_ADDED,
    failed: TRIAL_SAVE_FAILED,
  });
}

/** Add's loader, Edit's and the action of both, each calling the guard first (`recordFormRoutes`). Edit's page also
 *  shows, for a trial imported from ClinicalTrials.gov, what the registry's syncs changed (issue 15). */
export const { addLoader, editLoader, action } = recordFormRoutes(TRIALS, {
  page: async ({ request, actor, record: trial }) => {
    const [form, registry] = await Promise.all([
      trialFormData(request, { user: actor, trial: trial ?? null }),
      trial?.registry?.source ? trialRegistryHistory(String(trial._id)) : null,
    ]);
    return { ...form, trialId: trial ? String(trial._id) : null, registry };
  },
  submit: submitTrialForm,
});

/** The Delete route's loader and action, each calling the guard first (`confirmedDeleteRoutes`): the kind's `deletion`. */
export const { deleteLoader, deleteAction } = confirmedDeleteRoutes(TRIALS, (trial) => ({ title: trial.eventTitle }));
