import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import type { $ZodType } from "zod/v4/core";

import { ErrorList, Field, InputFor, useSchemaForm } from "~/components/forms";
import { formatDateTime } from "~/utils/dates";
import { SECRET_NAME_MAX } from "~/utils/secret-schema";
import { useHydrated } from "~/utils/use-hydrated";

// A page of secrets that stand in for a sign-in (calendar feed addresses, API tokens) and its pieces: the secret shown
// once when made, and each one's Revoke.

/** Copies `text` to the clipboard (with JavaScript only: without, the field beside it is selected and copied by hand). */
function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  if (!useHydrated()) return null;
  return (
    <button
      type="button"
      className="button secondary"
      onClick={() => {
        void navigator.clipboard.writeText(text).then(() => setCopied(true));
      }}
    >
      {copied ? "Copied" : label}
    </button>
  );
}

/** A secret just made: the message, the secret in a read-only field (selected on focus) and, with JavaScript, Copy. */
export function ShownOnce({
  children,
  label,
  id,
  value,
  copy,
}: {
  children: ReactNode;
  label: string;
  id: string;
  value: string;
  copy: string;
}) {
  return (
    <div role="status" className="notice success">
      <p>{children}</p>
      <Field label={label} inputProps={{ id, name: id, readOnly: true, value, onFocus: (e) => e.currentTarget.select() }} />
      <CopyButton text={value} label={copy} />
    </div>
  );
}

/** A secret's state in its list: revoked (when), expired, or a Revoke button posting `intent=revoke` and its id. */
export function RevokeCell({
  name,
  revokedAt,
  expired = false,
  field,
  id,
}: {
  name: string;
  revokedAt: string | null;
  expired?: boolean;
  field: string;
  id: string;
}) {
  if (revokedAt) return <>{`Revoked ${formatDateTime(revokedAt)}`}</>;
  if (expired) return <>Expired</>;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="revoke" />
      <input type="hidden" name={field} value={id} />
      <button type="submit" className="button secondary" aria-label={`Revoke ${name}`}>
        Revoke
      </button>
    </Form>
  );
}

/**
 * A page of secrets: its `title` and what they are (`intro`); the one just made, as `shown` (once, from the action's
 * answer `sent`); the form making one — its name (see secretName) and its other `fields` of `schema`, posting
 * `intent=create` — or, where the user can make none, what `unavailable` says; then the list (`children`) under
 * `listTitle`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's own bound for a form's shape
export function SecretsPage<I extends Record<string, any> & { name: string }, O, Created>({
  title,
  intro,
  sent,
  shown,
  form: { schema, id, defaultValue, title: formTitle, nameHint, fields, submit, unavailable },
  listTitle,
  children,
}: {
  title: string;
  intro: ReactNode;
  sent: { result: SubmissionResult<string[]>; created: Created | null } | undefined;
  shown: (created: Created) => ReactNode;
  form: {
    schema: $ZodType<O, I>;
    id: string;
    defaultValue?: unknown;
    title: string;
    nameHint: string;
    fields: (fields: ReturnType<typeof useSchemaForm<I, O>>[1]) => ReactNode;
    submit: string;
    unavailable?: string;
  };
  listTitle: string;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const [form, fieldset] = useSchemaForm(schema, {
    id,
    lastResult: navigation.state === "idle" ? sent?.result : undefined,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <section className="page">
      <h1 className="page-title">{title}</h1>
      <p>{intro}</p>
      {sent?.created ? shown(sent.created) : null}
      <h2>{formTitle}</h2>
      {unavailable ? (
        <p>{unavailable}</p>
      ) : (
        <Form method="post" className="form-card" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="create" />
          <InputFor meta={fieldset.name} label="Name" hint={nameHint} extra={{ maxLength: SECRET_NAME_MAX }} />
          {fields(fieldset)}
          <ErrorList id={form.errorId} errors={form.errors} />
          <button className="button primary" type="submit" disabled={navigation.state === "submitting"}>
            {submit}
          </button>
        </Form>
      )}
      <h2>{listTitle}</h2>
      {children}
    </section>
  );
}
