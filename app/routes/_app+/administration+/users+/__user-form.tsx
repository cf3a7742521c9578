import { getFormProps } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import * as z from "zod/mini";

import { FIELD_REQUIRED } from "#common/messages";
import { useRecordForm, type RecordFormProps } from "~/components/console/record-form";
import { DefaultSubmit, ErrorList, InputFor, SelectFor } from "~/components/forms";
import { GRANT_KEY, type AccessTree } from "~/utils/access";
import { USERS_LIST } from "~/utils/administration";
import { useHydrated } from "~/utils/use-hydrated";
import { emailField, requiredText } from "~/utils/user-validation";

import { PermissionsPicker } from "./__permissions-picker";

/**
 * The user form (admin-console §2, §5), for Add, Edit and Accept. Reading taken: the role is required — its empty value
 * is the state of a sign-up request, not a choice — so accepting a request means deciding the person's role. The
 * status is set here by the top-level admin only (blocking and unblocking are theirs).
 */
export const UserSchema = z.object({
  first: requiredText(80),
  last: requiredText(80),
  email: emailField(FIELD_REQUIRED),
  role: z.enum(["admin", "editor", "external"], { error: FIELD_REQUIRED }),
  status: z.optional(z.enum(["active", "inactive", "blocked", "terminated"])),
  grants: z.optional(z.array(z.string().check(z.regex(GRANT_KEY, "Unknown permission")))),
});

/** The intent of Enter without JavaScript (see submitUserForm). */
export const ENTER_INTENT = "enter";

export type UserFormMode = "add" | "edit" | "accept";
const TITLES: Record<UserFormMode, string> = { add: "Add User", edit: "Edit User", accept: "Accept User" };
const SUBMIT: Record<UserFormMode, string> = { add: "Add", edit: "Update", accept: "Accept" };
const ROLE_LABELS: Record<string, string> = { admin: "Admin", editor: "Editor", external: "External" };
const STATUS_OPTIONS = ["active", "inactive", "blocked", "terminated"].map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }));

export interface UserFormValues {
  first: string;
  last: string;
  email: string;
  role: string;
  status?: string;
  grants: string[];
}

/** Loaded: the access the actor holds, the roles they may give, the values, how many of the user's grants lie
 *  outside the actor's access (kept as they are) and whether the status select is shown (never on Add). Sent back: the
 *  picker's filter as last submitted (without JavaScript). */
export function UserForm({
  mode,
  loaded: { tree, roles, defaultValue, hiddenGrants, withStatus = false },
  sent: { result: lastResult, filter } = {},
}: RecordFormProps<
  { tree: AccessTree; roles: readonly string[]; defaultValue: UserFormValues; hiddenGrants: number; withStatus?: boolean },
  { filter: string },
  UserFormMode
>) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const [form, fields] = useRecordForm(UserSchema, { id: `user-${mode}`, lastResult, defaultValue });
  const initial = (lastResult?.initialValue ?? null) as Partial<Record<keyof UserFormValues, unknown>> | null;
  const checked = initial ? [initial.grants ?? []].flat().map(String) : defaultValue.grants;
  return (
    <Form method="post" className="form-card wide user-form" {...getFormProps(form)}>
      {/* Enter in a field saves. Without JavaScript it sends ENTER_INTENT: the action tells Enter typed in the picker's
          filter (the filter changed) from Enter anywhere else, so a filter confirmed with Enter never saves. */}
      <DefaultSubmit name="intent" value={hydrated ? "save" : ENTER_INTENT} />
      <h1 className="page-title">{TITLES[mode]}</h1>
      <div className="field-row">
        <InputFor meta={fields.first} label="First name" extra={{ autoComplete: "off" }} />
        <InputFor meta={fields.last} label="Last name" extra={{ autoComplete: "off" }} />
      </div>
      <InputFor meta={fields.email} label="Email" type="email" extra={{ autoComplete: "off" }} />
      <div className="field-row">
        <SelectFor
          meta={fields.role}
          label="Role"
          options={roles.map((r) => ({ value: r, label: ROLE_LABELS[r] ?? r }))}
          placeholder="Choose a role"
        />
        {withStatus ? <SelectFor meta={fields.status} label="Status" options={STATUS_OPTIONS} /> : null}
      </div>
      <PermissionsPicker
        tree={tree}
        defaultChecked={checked}
        defaultFilter={filter ?? ""}
        errors={fields.grants.errors}
        errorId={fields.grants.errorId}
      />
      {hiddenGrants ? (
        <p className="field-hint">This user also has access to {hiddenGrants} diseases outside yours; it stays as it is.</p>
      ) : null}
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="form-actions">
        <Link className="button" to={USERS_LIST}>
          Cancel
        </Link>
        <button className="button primary" type="submit" name="intent" value="save" disabled={busy}>
          {SUBMIT[mode]}
        </button>
      </div>
    </Form>
  );
}
