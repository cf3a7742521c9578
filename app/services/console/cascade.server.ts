import type { SubmissionResult } from "@conform-to/react";

import { CASCADE_INTENT, SHOWN } from "~/utils/scope";

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
