import type { SubmissionResult } from "@conform-to/react";

import { scopeOptionsWithCompounds, scopeProblem } from "~/models/cascade.server";
import { CASCADE_INTENT, SHOWN } from "~/utils/scope";
import type { SessionUser } from "~/utils/session.server";

// The server's half of the client → area → disease cascade (app/components/scope-selects.tsx) for forms without
// JavaScript: what a changed choice made stale is cleared before the form is read, as the page does in place.

/** Whether the form was sent by a 'Choose' button (re-render with the new options, save nothing); the intent and the
 *  selection's hidden fields are taken out of the form, and stale dependants cleared. `dependants`: the form's fields
 *  that hang on the disease (a news item's compounds). */
export function readCascade(form: FormData, dependants: string[] = []): { cascade: boolean } {
  const cascade = form.get("intent") === CASCADE_INTENT;
  const changed = (field: keyof typeof SHOWN) => (form.get(field) ?? "") !== (form.get(SHOWN[field]) ?? "");
  const cleared = changed("client") ? ["therapeuticArea", "disease"] : changed("therapeuticArea") ? ["disease"] : [];
  const stale = cleared.length || changed("disease") ? [...cleared, ...dependants] : [];
  for (const name of ["intent", ...Object.values(SHOWN), ...stale]) form.delete(name);
  return { cascade };
}

/** After `scopeProblem` refused a client or an area: it and what depends on it are cleared (user-app §4 "goes back"). */
export function clearRefused(form: FormData, field: string, dependants: string[] = []) {
  const chain = ["client", "therapeuticArea", "disease"];
  const from = chain.indexOf(field);
  if (from < 0 || field === "disease") return;
  for (const name of [...chain.slice(from), ...dependants]) form.delete(name);
}

/** The answer to 'Choose': the form's values again, with only the cascade's own refusal (if any) shown. */
export function cascadeResult(
  initialValue: SubmissionResult<string[]>["initialValue"],
  problem: { field: string; message: string } | null,
): SubmissionResult<string[]> {
  return {
    initialValue: initialValue ?? {},
    ...(problem ? { error: { [problem.field]: [problem.message] }, state: { validated: { [problem.field]: true } } } : {}),
  };
}

/** A selection of the cascade down to a compound, as a form's values or its defaults name the fields. */
type CompoundSelection = { client?: unknown; therapeuticArea?: unknown; disease?: unknown; compound?: unknown };
const textOf = (value: unknown) => (typeof value === "string" ? value : "");

/** The cascade's options for a selection, with the chosen disease's compounds, the compound it names kept choosable. */
export function compoundCascadeOptions(user: SessionUser, values: CompoundSelection) {
  const compound = textOf(values.compound);
  return scopeOptionsWithCompounds({
    user,
    client: textOf(values.client),
    area: textOf(values.therapeuticArea),
    disease: textOf(values.disease),
    keep: compound ? [compound] : [],
  });
}

/**
 * A form's cascade down to a compound (the event and trial forms, the registry import), read before its schema:
 * whether 'Choose' sent it, the options for what it selects, and the refusal of a client, area or disease the user
 * does not hold or of a compound not of the disease — whose field, and what hangs on it, is then cleared.
 */
export async function readCompoundCascade(form: FormData, user: SessionUser) {
  const { cascade } = readCascade(form, ["compound"]);
  const selection = {
    client: textOf(form.get("client")),
    therapeuticArea: textOf(form.get("therapeuticArea")),
    disease: textOf(form.get("disease")),
    compound: textOf(form.get("compound")),
  };
  const options = await compoundCascadeOptions(user, selection);
  const problem =
    (await scopeProblem({ values: selection, options })) ??
    (selection.disease && selection.compound && !options.compounds.some((c) => c.value === selection.compound)
      ? { field: "compound", message: "Choose a compound of this disease." }
      : null);
  if (problem) clearRefused(form, problem.field, ["compound"]);
  return { cascade, options, problem };
}
