import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";

import { USER_ACCEPTED, USER_ADDED, USER_CREATE_FAILED, USER_UPDATE_FAILED, USER_UPDATED } from "#common/messages";
import { grantKeys, holdingsOf } from "~/models/grants.server";
import { createManagedUser, updateManagedUser, UserFormError, type ManagedUserDoc, type UserValues } from "~/models/user.server";
import { saveRecordForm } from "~/services/console/record-form.server";
import { applyPickerIntent, isPickerIntent, treeKeys } from "~/utils/access";
import { USERS_LIST } from "~/utils/administration";
import { parseForm } from "~/utils/form-schema";
import { assignableRoles, type UserActions } from "~/utils/permissions";
import { readFormData } from "~/utils/request.server";
import type { SessionUser } from "~/utils/session.server";

import { FILTER_SHOWN } from "./__permissions-picker";
import { ENTER_INTENT, UserSchema, type UserFormValues } from "./__user-form";

/** What the user form needs besides its values: the editing administrator's access tree and roles, and the target's
 *  grants inside it (checked) and outside it (counted, kept). */
export async function userFormData(actor: SessionUser, target?: ManagedUserDoc) {
  const tree = await holdingsOf(actor);
  const held = new Set(treeKeys(tree));
  const current = target ? [...grantKeys(target.permissions)] : [];
  const grants = current.filter((k) => held.has(k));
  const defaultValue: UserFormValues = {
    first: target?.name?.first ?? "",
    last: target?.name?.last ?? "",
    email: target?.email ?? "",
    role: target?.role ?? "",
    status: target && target.status !== "pending" ? target.status : undefined,
    grants,
  };
  return { tree, roles: assignableRoles(actor), defaultValue, hiddenGrants: current.length - grants.length };
}

const NOT_ASSIGNABLE = "You cannot give this role.";

/**
 * The user form's action for Add, and for Edit and Accept of `managed` (the user and what the actor may do to them). A picker button (`intent` grant-all, reset, select-area:…, filter)
 * only re-renders the form with the new choice — the no-JavaScript path of the picker; `intent=save` (the default)
 * checks the form and saves it: field errors and refusals (email taken, access not held, role not assignable) back
 * to the form, a failed write as the spec's message, success to the list with its message.
 */
export async function submitUserForm(
  request: Request,
  actor: SessionUser,
  managed?: { target: ManagedUserDoc; actions: Pick<UserActions, "accept" | "setStatus"> },
) {
  const { target, actions: { accept, setStatus: withStatus } = { accept: false, setStatus: false } } = managed ?? {};
  const form = await readFormData(request);
  const filter = String(form.get("filter") ?? "").slice(0, 100);
  // Enter without JavaScript (the form's default button): typed in the filter when the filter differs from the one the
  // form was drawn with (then it filters), anywhere else otherwise (then it saves).
  const sent = form.get("intent") ?? "save";
  const intent = sent !== ENTER_INTENT ? sent : filter !== String(form.get(FILTER_SHOWN) ?? "").slice(0, 100) ? "filter" : "save";
  if (intent !== "save") {
    const tree = await holdingsOf(actor);
    const held = new Set(treeKeys(tree));
    const chosen = new Set(
      form
        .getAll("grants")
        .map(String)
        .filter((k) => held.has(k)),
    );
    const grants = isPickerIntent(intent) ? applyPickerIntent(intent, chosen, tree) : chosen;
    const typed = Object.fromEntries(["first", "last", "email", "role", "status"].map((name) => [name, String(form.get(name) ?? "")]));
    const result: SubmissionResult<string[]> = { initialValue: { ...typed, grants: [...grants] } };
    return data({ result, filter });
  }
  const submission = parseForm(form, { schema: UserSchema });
  const assignable = submission.status !== "success" || (assignableRoles(actor) as readonly string[]).includes(submission.value.role);
  return saveRecordForm(request, submission, {
    extra: { filter },
    fieldErrors: assignable ? {} : { role: [NOT_ASSIGNABLE] },
    save: async ({ status, grants, ...rest }) => {
      const values: UserValues = { ...rest, grants: grants ?? [], ...(withStatus && status ? { status } : {}) };
      if (target) await updateManagedUser({ actor, target, values, accept });
      else await createManagedUser({ actor, values });
    },
    to: USERS_LIST,
    done: !target ? USER_ADDED : accept ? USER_ACCEPTED : USER_UPDATED,
    failed: target ? USER_UPDATE_FAILED : USER_CREATE_FAILED,
    refused: (error) => (error instanceof UserFormError ? error : undefined),
  });
}
