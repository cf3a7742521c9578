import { data } from "@remix-run/node";
import type { $ZodType, output } from "zod/v4/core";

import { parseForm } from "./form-schema";
import { readFormData } from "./request.server";
import { redirectWithToast } from "./toast.server";

/** How a page of secrets revokes one: the id its form posts in `field`, revoked by `revoke` (false for another's, an
 *  unknown id or one already revoked: nothing changes), then back to `page` saying `done` or `missing`. */
type Revoke = { field: string; page: string; revoke: (id: string) => Promise<boolean>; done: string; missing: string };

/** Why a secret was not made: sent back with the form, as its schema's errors are. */
type Refused = { refused: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } };
/** A create's refusal, for secretsAction. */
export const refused = (reply: Refused["refused"]): Refused => ({ refused: reply });

/**
 * A page of secrets' action (calendar feeds, API tokens): Revoke (`intent=revoke`), or the create form read by `schema`
 * and, once valid, made by `create` (or `refused`). The form comes back reset with the new secret, or with its errors
 * (a 400).
 */
export async function secretsAction<S extends $ZodType, Created>(
  request: Request,
  { schema, create, revoke }: { schema: S; create: (value: output<S>) => Promise<{ created: Created } | Refused>; revoke: Revoke },
) {
  const form = await readFormData(request);
  if (form.get("intent") === "revoke") throw await revokeFromForm(request, form, revoke);
  const submission = parseForm(form, { schema });
  if (submission.status !== "success") return data({ result: submission.reply(), created: null }, { status: 400 });
  const made = await create(submission.value);
  if ("refused" in made) return data({ result: submission.reply(made.refused), created: null }, { status: 400 });
  return { result: submission.reply({ resetForm: true }), created: made.created };
}

async function revokeFromForm(request: Request, form: FormData, { field, page, revoke, done, missing }: Revoke) {
  const id = form.get(field);
  const revoked = typeof id === "string" && id.length > 0 && (await revoke(id));
  return redirectWithToast(request, page, revoked ? { type: "success", message: done } : { type: "error", message: missing });
}
