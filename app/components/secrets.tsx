import { Form } from "@remix-run/react";
import { useState, type ReactNode } from "react";

import { Field } from "~/components/forms";
import { formatDateTime } from "~/utils/dates";
import { useHydrated } from "~/utils/use-hydrated";

// The pieces of a page of secrets that stand in for a sign-in (calendar feed addresses, API tokens): the secret shown
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
