import type { InputHTMLAttributes, ReactNode } from "react";
import { useHydrated } from "~/utils/use-hydrated";

export type ListOfErrors = Array<string | null | undefined> | null | undefined;

export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const shown = errors?.filter(Boolean);
  if (!shown?.length) return null;
  return (
    <ul id={id} className="error-list">
      {shown.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

/** A labelled input that announces its errors (aria-invalid, aria-describedby) and lists all of them. */
export function Field({
  label,
  inputProps,
  errors,
  invalid,
  hint,
}: {
  label: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string; name: string };
  errors?: ListOfErrors;
  /** Marks the field red without its own message (e.g. a form-level sign-in failure). */
  invalid?: boolean;
  hint?: ReactNode;
}) {
  const errorId = errors?.length ? `${inputProps.id}-error` : undefined;
  const hintId = hint ? `${inputProps.id}-hint` : undefined;
  const isInvalid = Boolean(errorId) || invalid;
  return (
    <div className={`field${isInvalid ? " field-invalid" : ""}`}>
      <label htmlFor={inputProps.id}>{label}</label>
      <input
        {...inputProps}
        aria-invalid={isInvalid || undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(" ") || undefined}
      />
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** Name of the hidden field that tells an action the browser runs JavaScript (see `JsMarker`). */
export const JS_FIELD = "_js";

/**
 * Rendered only after hydration: actions that finish differently with and without JavaScript (a message then a
 * timed navigation, versus a plain redirect) read it with `submittedWithJs`.
 */
export function JsMarker() {
  const hydrated = useHydrated();
  return hydrated ? <input type="hidden" name={JS_FIELD} value="1" /> : null;
}
