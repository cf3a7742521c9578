import { data } from "@remix-run/node";

import { COMPOUND_ADDED, COMPOUND_SAVE_FAILED, COMPOUND_UPDATED, compoundInUse } from "#common/messages";
import { scopeOptions, scopeProblem } from "~/models/cascade.server";
import { companyChoices } from "~/models/company.server";
import {
  compoundFormValues,
  compoundName,
  compoundReferences,
  compoundValuesOf,
  createCompound,
  strayCompany,
  updateCompound,
  type ManagedCompound,
} from "~/models/compound.server";
import { cascadeResult, clearRefused, readCascade } from "~/services/console/cascade.server";
import { confirmedDeleteRoutes } from "~/services/console/confirm.server";
import { COMPOUNDS } from "~/services/console/managed.server";
import { logoOf, readLogoForm, recordFormRoutes, saveWithLogo } from "~/services/console/record-form.server";
import { COMPOUNDS_LIST } from "~/utils/administration";
import { CompoundSchema, type CompoundFormValues } from "~/utils/compound-schema";
import { parseForm } from "~/utils/form-schema";
import { readPicked } from "~/utils/options";
import type { SessionUser } from "~/utils/session.server";

import type { CompoundChoices } from "./__compound-form";

/** The companies a compound names (originator and licensees): kept choosable if made inactive since. */
const companiesNamed = (values: { originator?: string; licensee?: Array<{ companies?: string[] }> }) =>
  [values.originator ?? "", ...(values.licensee ?? []).flatMap((l) => l.companies ?? [])].filter(Boolean);

/** The form's choices for a selection: the cascade's and the company pickers'. */
export async function compoundChoices(
  user: SessionUser,
  values: Pick<CompoundFormValues, "client" | "therapeuticArea" | "disease" | "originator" | "licensee">,
): Promise<CompoundChoices> {
  const [scope, companies] = await Promise.all([
    scopeOptions({ user, client: values.client, area: values.therapeuticArea, disease: values.disease }),
    companyChoices(companiesNamed(values)),
  ]);
  return { ...scope.options, companies };
}

/** What the Add and Edit pages load: the compound's values (Add's without one), their choices and its logo. */
export async function compoundFormPage(user: SessionUser, compound?: ManagedCompound) {
  const defaultValue = compoundFormValues(compound);
  return { defaultValue, choices: await compoundChoices(user, defaultValue), logo: compound ? logoOf(compound) : null };
}

/**
 * The compound form's action for Add and Edit: 'Choose' and the licensee list's buttons re-render the form with the
 * choices of its selection; a client or area outside the editor's permissions gets the spec's message and is cleared
 * with what depends on it; a company not offered, field errors, an unusable logo and a failed write stay on the form
 * ('Unexpected error occurred'); success goes to the list with the spec's message.
 */
export async function submitCompoundForm(request: Request, user: SessionUser, compound?: ManagedCompound) {
  const read = await readLogoForm(request, { choices: null });
  if ("answer" in read) return read.answer;
  const form = read.form;
  const { cascade } = readCascade(form);
  const text = (name: string) => String(form.get(name) ?? "");
  const selection = { client: text("client"), therapeuticArea: text("therapeuticArea"), disease: text("disease") };
  const named = [
    text("originator"),
    ...[...form.entries()].flatMap(([key, v]) => (/^licensee\[\d+\]\.companies$/.test(key) && typeof v === "string" ? [v] : [])),
  ];
  const [scope, companies] = await Promise.all([
    scopeOptions({ user, client: selection.client, area: selection.therapeuticArea, disease: selection.disease }),
    companyChoices(named),
  ]);
  const choices: CompoundChoices = { ...scope.options, companies };
  const problem = await scopeProblem({ values: selection, options: scope.options });
  if (problem) clearRefused(form, problem.field);
  const originator = readPicked(form, "originator", companies);
  const submission = parseForm(form, { schema: CompoundSchema });
  if (cascade) return data({ result: cascadeResult(submission.reply().initialValue, problem), choices });
  return saveWithLogo(request, submission, {
    extra: { choices },
    fieldErrors: problem
      ? { [problem.field]: [problem.message] }
      : originator
        ? { originator }
        : submission.status === "success"
          ? strayCompany(submission.value, companies)
          : {},
    save: async (value, logo, removeLogo) => {
      const values = compoundValuesOf(value);
      return compound ? updateCompound({ actor: user, compound, values, logo, removeLogo }) : createCompound({ actor: user, values, logo });
    },
    to: COMPOUNDS_LIST,
    done: compound ? COMPOUND_UPDATED : COMPOUND_ADDED,
    failed: COMPOUND_SAVE_FAILED,
  });
}

/** Add's loader, Edit's and the action of both, each calling the guard first (`recordFormRoutes`). */
export const { addLoader, editLoader, action } = recordFormRoutes(COMPOUNDS, {
  page: ({ actor, record }) => compoundFormPage(actor, record),
  submit: submitCompoundForm,
});

/** The Delete route's loader and action, each calling the guard first (`confirmedDeleteRoutes`): the kind's `deletion`. */
export const { deleteLoader, deleteAction } = confirmedDeleteRoutes(COMPOUNDS, async (compound) => {
  const refs = await compoundReferences(compound);
  const name = compoundName(compound);
  return { id: String(compound._id), name, inUse: refs.news + refs.events + refs.trials > 0 ? compoundInUse(name, refs) : null };
});
