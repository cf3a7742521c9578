import { getInputProps, getSelectProps, type FieldMetadata, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { Link, useNavigation } from "@remix-run/react";
import type { ComponentType, ReactNode } from "react";
import type { $ZodType } from "zod/v4/core";

import { ACTIVE_STATUSES, IMAGE_MAX_BYTES } from "#common/constants";
import { LOGO_TOO_LARGE } from "#common/messages";
import { CheckboxField, ErrorList, FileField, SelectField, useSchemaForm, type FileLimit } from "~/components/forms";
import { HistoryPanel } from "~/components/history-panel";
import type { AuditEntry } from "~/utils/audit";
import { useHydrated } from "~/utils/use-hydrated";

// What the console's record forms (clients, companies, compounds, keywords, events) share: one schema checked as the
// user leaves a field and again as they type in it, the status select, the logo fields, the footer, and the page.

/** What a record form is given: Add or Edit, what its page loaded (its values and what it offers to choose from) and
 *  what its last submit sent back (the result, and what it offers now: null from a form that could not be read). */
export interface RecordFormProps<Loaded, Sent = object, Mode = "add" | "edit"> {
  mode: Mode;
  loaded: Loaded;
  sent?: { result?: SubmissionResult<string[]> | null; dropped?: Record<string, string> | null } & {
    [K in keyof Sent]?: Sent[K] | null;
  };
}

/** A record's Add or Edit page: its `form` given the page's props, then `children`, then on an edit page (one that
 *  loaded a `history`) the record's History. */
export function RecordFormPage<Loaded extends { defaultValue: unknown; history?: AuditEntry[] }, Sent, Mode extends string>({
  form: Form,
  children,
  ...props
}: RecordFormProps<Loaded, Sent, Mode> & { form: ComponentType<RecordFormProps<Loaded, Sent, Mode>>; children?: ReactNode }) {
  return (
    <>
      <Form {...props} />
      {children}
      {props.loaded.history ? <HistoryPanel entries={props.loaded.history} /> : null}
    </>
  );
}

/** Accepted logo files: the server checks the bytes (PNG, JPEG, GIF, WebP) and re-encodes them; this only hints. */
export const LOGO_ACCEPT = "image/png,image/jpeg,image/gif,image/webp";
/** A logo's size, checked as it is chosen (the server refuses a larger one with the same message). */
export const LOGO_LIMIT: FileLimit = { maxBytes: IMAGE_MAX_BYTES, tooLarge: () => LOGO_TOO_LARGE };

/** A logo field's hint: what it takes, and after a form came back without JavaScript, that the file `dropped` (its
 *  name) was not kept and must be chosen again (a page cannot fill a file input; with JavaScript the input keeps it). */
export function useLogoHint(takes: string, dropped: string | null | undefined) {
  const hydrated = useHydrated();
  return dropped && !hydrated ? `Choose the logo again: "${dropped}" was not kept when the form came back. ${takes}` : takes;
}

/** conform's form for a record: `schema` checked as the user leaves a field and again as they type in it (the server
 *  checks it again). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's own bound for a form's shape
export function useRecordForm<I extends Record<string, any>, O>(
  schema: $ZodType<O, I>,
  options: { id: string; lastResult?: SubmissionResult<string[]> | null; defaultValue: unknown },
) {
  return useSchemaForm(schema, { ...options, shouldValidate: "onBlur", shouldRevalidate: "onInput" });
}

export function StatusField({ meta }: { meta: FieldMetadata<string | undefined> }) {
  return (
    <SelectField
      label="Status"
      selectProps={getSelectProps(meta)}
      options={ACTIVE_STATUSES.map((s) => ({ value: s, label: s === "active" ? "Active" : "Inactive" }))}
      errors={meta.errors}
    />
  );
}

/** The current logo (`logo`, its thumbnail), a file to replace it and, when there is one, a box to remove it; `sent`:
 *  what the form's last submit answered (the logo it carried, which a form sent back has lost). */
export function LogoFields({
  logo,
  file,
  remove,
  sent,
}: {
  logo?: string | null;
  file: FieldMetadata<File | undefined>;
  remove: FieldMetadata<boolean | undefined>;
  sent: RecordFormProps<unknown>["sent"];
}) {
  const hint = useLogoHint("PNG, JPEG, GIF or WebP, at most 5 MB.", sent?.dropped?.[file.name]);
  return (
    <>
      {logo ? <img className="logo-preview" src={logo} alt="Current logo" width={80} /> : null}
      <FileField
        label="Logo"
        hint={hint}
        inputProps={{ ...getInputProps(file, { type: "file" }), accept: LOGO_ACCEPT }}
        limit={LOGO_LIMIT}
        errors={file.errors}
      />
      {logo ? (
        <CheckboxField label="Remove the logo" inputProps={getInputProps(remove, { type: "checkbox" })} errors={remove.errors} />
      ) : null}
    </>
  );
}

/** The form's own errors, Cancel back to the list and the submit button (Add or Update), off while submitting and
 *  when `disabled` — admin-console §4 keeps it off while the form is known to be invalid (clients, companies,
 *  compounds: pass `!form.valid`, which holds only once a field was checked). Only with JavaScript: without it nothing
 *  re-checks the fields as they are corrected, so a form sent back with errors must stay sendable. */
export function RecordFormFooter({
  form,
  mode,
  cancelTo,
  disabled = false,
}: {
  form: Pick<FormMetadata, "errorId" | "errors">;
  mode: "add" | "edit";
  cancelTo: string;
  disabled?: boolean;
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  return (
    <>
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="form-actions">
        <Link className="button" to={cancelTo}>
          Cancel
        </Link>
        <button className="button primary" type="submit" disabled={navigation.state === "submitting" || (disabled && hydrated)}>
          {mode === "add" ? "Add" : "Update"}
        </button>
      </div>
    </>
  );
}
