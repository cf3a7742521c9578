import { data } from "@remix-run/node";

import { COMPOUND_ADDED, COMPOUND_SAVE_FAILED, COMPOUND_UPDATED } from "#common/messages";
import { splitChips } from "~/components/forms";
import { scopeOptions, scopeProblem } from "~/models/cascade.server";
import { companyChoices } from "~/models/company.server";
import { createCompound, updateCompound, type CompoundValues, type ManagedCompound } from "~/models/compound.server";
import { cascadeResult, clearRefused, readCascade } from "~/services/console/cascade.server";
import { LOGO_UPLOAD, logoOf, logoRefusal, logoUpload, saveRecordForm, unreadableForm } from "~/services/console/record-form.server";
import { COMPOUNDS_LIST } from "~/utils/administration";
import { parseForm } from "~/utils/form-schema";
import { readPicked } from "~/utils/options";
import { readUploadForm } from "~/utils/request.server";
import type { SessionUser } from "~/utils/session.server";

import { CompoundSchema, type CompoundChoices, type CompoundFormOutput, type CompoundFormValues } from "./__compound-form";

/** The form's values for a compound (empty for Add: active, Medium priority, no licensees). */
export function compoundFormValues(compound?: ManagedCompound | null): CompoundFormValues {
  const id = (value: unknown) => (value ? String(value) : "");
  return {
    name: {
      brand: compound?.name?.brand ?? "",
      generic: compound?.name?.generic ?? "",
      scientific: compound?.name?.scientific ?? "",
      other: (compound?.name?.other ?? []).join(", "),
    },
    client: id(compound?.client),
    therapeuticArea: id(compound?.therapeuticArea),
    disease: id(compound?.disease),
    originator: id(compound?.originator),
    licensee: (compound?.licensee ?? []).map((l) => ({ region: l.region ?? "", companies: (l.companies ?? []).map(String) })),
    approvedInGeographies: (compound?.approvedInGeographies ?? []).join(", "),
    compoundWebsite: compound?.compoundWebsite ?? "",
    routeOfAdministration: compound?.routeOfAdministration ?? "",
    mechanismOfAction: compound?.mechanismOfAction ?? "",
    therapeuticModality: compound?.therapeuticModality ?? "",
    priority: String(compound?.priority ?? 2),
    developmentPhase: compound?.developmentPhase ?? "",
    isDMT: compound?.isDMT ? "on" : "",
    status: compound?.status ?? "active",
  };
}

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

/** What the form's checked values store (also an import row's, checked by the same schema). */
export const compoundValuesOf = (value: CompoundFormOutput): CompoundValues => ({
  name: {
    brand: value.name?.brand,
    generic: value.name?.generic,
    scientific: value.name?.scientific,
    other: splitChips(value.name?.other ?? ""),
  },
  client: value.client,
  therapeuticArea: value.therapeuticArea,
  disease: value.disease,
  originator: value.originator,
  licensee: (value.licensee ?? []).map((l) => ({ region: l.region, companies: [...new Set(l.companies)] })),
  approvedInGeographies: splitChips(value.approvedInGeographies ?? ""),
  compoundWebsite: value.compoundWebsite,
  routeOfAdministration: value.routeOfAdministration,
  mechanismOfAction: value.mechanismOfAction,
  therapeuticModality: value.therapeuticModality,
  priority: value.priority,
  developmentPhase: value.developmentPhase,
  isDMT: value.isDMT ?? false,
  status: value.status,
});

/**
 * The compound form's action for Add and Edit: 'Choose' and the licensee list's buttons re-render the form with the
 * choices of its selection; a client or area outside the editor's permissions gets the spec's message and is cleared
 * with what depends on it; a company not offered, field errors, an unusable logo and a failed write stay on the form
 * ('Unexpected error occurred'); success goes to the list with the spec's message.
 */
export async function submitCompoundForm(request: Request, user: SessionUser, compound?: ManagedCompound) {
  const read = await readUploadForm(request, LOGO_UPLOAD);
  if ("error" in read) return unreadableForm(read, { choices: null }, { tooLargeOn: "logo" });
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
  return saveRecordForm(request, submission, {
    extra: { choices },
    fieldErrors: problem
      ? { [problem.field]: [problem.message] }
      : originator
        ? { originator }
        : submission.status === "success"
          ? strayCompany(submission.value, companies)
          : {},
    save: async ({ logo: file, removeLogo = false, ...value }) => {
      const [values, logo] = [compoundValuesOf(value), await logoUpload(file)];
      return compound ? updateCompound({ actor: user, compound, values, logo, removeLogo }) : createCompound({ actor: user, values, logo });
    },
    to: COMPOUNDS_LIST,
    done: compound ? COMPOUND_UPDATED : COMPOUND_ADDED,
    failed: COMPOUND_SAVE_FAILED,
    refused: logoRefusal,
  });
}

/** A company the form names that its pickers did not offer, on its field. */
function strayCompany(value: CompoundFormOutput, offered: CompoundChoices["companies"]): Record<string, string[]> {
  const { originator, licensee } = compoundValuesOf(value);
  const ids = new Set(offered.map((c) => c.value));
  const stray = [originator, ...licensee.flatMap((l) => l.companies)].find((id) => !ids.has(id));
  if (!stray) return {};
  const field = stray === originator ? "originator" : `licensee[${licensee.findIndex((l) => l.companies.includes(stray))}].companies`;
  return { [field]: ["Choose companies from the list."] };
}
