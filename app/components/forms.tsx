import { getInputProps, getSelectProps, getTextareaProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Link, useNavigation } from "@remix-run/react";
import {
  useState,
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import type { $ZodType } from "zod/v4/core";

import { constraintsOf, parseForm, splitChips } from "~/utils/form-schema";
import { useHydrated } from "~/utils/use-hydrated";

// The form fields of every screen: a label, the control, an optional hint and the list of errors, with aria-invalid
// and aria-describedby set, so each error is announced with its field. Controls get their props from conform
// (getInputProps and friends); every field is a plain form control, so forms work without JavaScript.

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

interface FieldFrame {
  label: ReactNode;
  errors?: ListOfErrors;
  hint?: ReactNode;
  /** Marks the field red without its own message (e.g. a form-level sign-in failure). */
  invalid?: boolean;
}

/** The ids and aria attributes that tie a control to its hint and errors. */
function describe(id: string, { errors, hint, invalid }: FieldFrame) {
  const errorId = errors?.filter(Boolean).length ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const isInvalid = Boolean(errorId) || Boolean(invalid);
  return {
    errorId,
    hintId,
    isInvalid,
    aria: { "aria-invalid": isInvalid || undefined, "aria-describedby": [errorId, hintId].filter(Boolean).join(" ") || undefined },
  };
}

/** The hint and the errors under a control. */
function Notes({ id, frame }: { id: string; frame: FieldFrame }) {
  const { errorId, hintId } = describe(id, frame);
  return (
    <>
      {frame.hint ? (
        <p id={hintId} className="field-hint">
          {frame.hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={frame.errors} />
    </>
  );
}

/** Label on top, then the control, its hint and its errors. */
function Frame({ id, frame, control, className = "field" }: { id: string; frame: FieldFrame; control: ReactNode; className?: string }) {
  return (
    <div className={`${className}${describe(id, frame).isInvalid ? " field-invalid" : ""}`}>
      <label htmlFor={id}>{frame.label}</label>
      {control}
      <Notes id={id} frame={frame} />
    </div>
  );
}

type Named = { id: string; name: string };

/** A text-like input (text, email, password, number…). */
export function Field({ inputProps, ...frame }: FieldFrame & { inputProps: InputHTMLAttributes<HTMLInputElement> & Named }) {
  return <Frame id={inputProps.id} frame={frame} control={<input {...inputProps} {...describe(inputProps.id, frame).aria} />} />;
}

export function TextareaField({
  textareaProps,
  ...frame
}: FieldFrame & { textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement> & Named }) {
  return (
    <Frame id={textareaProps.id} frame={frame} control={<textarea {...textareaProps} {...describe(textareaProps.id, frame).aria} />} />
  );
}

/** A native select; `placeholder` adds an empty first choice (for optional fields, or 'choose one'). */
export function SelectField({
  selectProps,
  options,
  placeholder,
  ...frame
}: FieldFrame & {
  selectProps: SelectHTMLAttributes<HTMLSelectElement> & Named;
  options: ReadonlyArray<{ value: string; label: string; group?: string }>;
  placeholder?: string;
}) {
  const option = (o: { value: string; label: string }) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  );
  // Options that name a group are shown under it (an <optgroup> per run of the same group).
  const runs: Array<{ group?: string; options: Array<(typeof options)[number]> }> = [];
  for (const o of options) {
    const last = runs.at(-1);
    if (last && last.group === o.group) last.options.push(o);
    else runs.push({ group: o.group, options: [o] });
  }
  return (
    <Frame
      id={selectProps.id}
      frame={frame}
      control={
        <select {...selectProps} {...describe(selectProps.id, frame).aria}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {runs.map((run, i) =>
            run.group === undefined ? (
              run.options.map(option)
            ) : (
              <optgroup key={`${run.group}-${i}`} label={run.group}>
                {run.options.map(option)}
              </optgroup>
            ),
          )}
        </select>
      }
    />
  );
}

/** How large a chosen file may be, and what to say of one larger (the server refuses it again, in the same words). */
export interface FileLimit {
  maxBytes: number;
  tooLarge: (file: File) => string;
}

/**
 * Checks the files just chosen in `input` before anything is sent (logos, news attachments): the message for the
 * first one over `limit`, the input emptied so that the form never sends it; null when all fit.
 */
export function refuseOversized(input: HTMLInputElement, limit: FileLimit): string | null {
  const over = [...(input.files ?? [])].find((file) => file.size > limit.maxBytes);
  if (!over) return null;
  input.value = "";
  return limit.tooLarge(over);
}

/** A file input; `accept` should list what the server checks from the bytes anyway. With `limit` (and JavaScript), a
 *  file over it is refused as it is chosen, its message among the field's errors. */
export function FileField({
  inputProps,
  limit,
  ...frame
}: FieldFrame & { inputProps: Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & Named; limit?: FileLimit }) {
  const [refused, setRefused] = useState<string | null>(null);
  const errors = refused ? [refused, ...(frame.errors ?? [])] : frame.errors;
  return (
    <Frame
      id={inputProps.id}
      frame={{ ...frame, errors }}
      control={
        <input
          type="file"
          {...inputProps}
          onChange={(event) => {
            const refusal = limit ? refuseOversized(event.currentTarget, limit) : null;
            setRefused(refusal);
            if (!refusal) inputProps.onChange?.(event);
          }}
          {...describe(inputProps.id, { ...frame, errors }).aria}
        />
      }
    />
  );
}

/** One checkbox with its label to the right. */
export function CheckboxField({
  inputProps,
  ...frame
}: FieldFrame & { inputProps: Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & Named }) {
  return (
    <div className="checkbox-field">
      <label className="checkbox">
        <input type="checkbox" {...inputProps} {...describe(inputProps.id, frame).aria} /> {frame.label}
      </label>
      <Notes id={inputProps.id} frame={frame} />
    </div>
  );
}

/** Several checkboxes of one name (a multiple choice), in a fieldset with its legend. */
export function CheckboxGroupField({
  legend,
  name,
  errorId,
  options,
  defaultValue,
  errors,
}: {
  legend: ReactNode;
  name: string;
  errorId: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  defaultValue: readonly string[];
  errors?: ListOfErrors;
}) {
  const invalid = Boolean(errors?.filter(Boolean).length);
  return (
    <fieldset className="checkbox-group" aria-invalid={invalid || undefined} aria-describedby={invalid ? errorId : undefined}>
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className="checkbox">
          <input type="checkbox" name={name} value={o.value} defaultChecked={defaultValue.includes(o.value)} /> {o.label}
        </label>
      ))}
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}

/**
 * A list of short texts (keywords, names) sent as one comma-separated value. Without JavaScript it is a text input;
 * with it, each entry is a chip with its own remove button, and Enter or a comma adds what was typed.
 */
export function ChipsField({ id, name, defaultValue, ...frame }: FieldFrame & Named & { defaultValue: string }) {
  const hydrated = useHydrated();
  const [chips, setChips] = useState(() => splitChips(defaultValue));
  const [draft, setDraft] = useState("");
  const { aria } = describe(id, frame);
  if (!hydrated)
    return <Frame id={id} frame={frame} control={<input id={id} name={name} type="text" defaultValue={defaultValue} {...aria} />} />;
  const add = () => {
    if (draft.trim()) setChips((current) => splitChips([...current, draft].join(",")));
    setDraft("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter" || event.key === ",") {
      event.preventDefault();
      add();
    } else if (event.key === "Backspace" && !draft) setChips((current) => current.slice(0, -1));
  };
  return (
    <Frame
      id={id}
      frame={frame}
      className="field chips-field"
      control={
        <div className="chips">
          <ul aria-label={`${typeof frame.label === "string" ? frame.label : name}: entries`}>
            {chips.map((chip) => (
              <li key={chip} className="chip">
                {chip}
                <button
                  type="button"
                  className="chip-remove"
                  aria-label={`Remove ${chip}`}
                  onClick={() => setChips((current) => current.filter((c) => c !== chip))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
          <input
            id={id}
            type="text"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
            onBlur={add}
            {...aria}
          />
          <input type="hidden" name={name} value={[...chips, ...(draft.trim() ? [draft.trim()] : [])].join(", ")} />
        </div>
      }
    />
  );
}

// The same fields bound to a conform field: the control's props and the errors come from its metadata (`meta`), so a
// form names each field once. `extra` adds to (or overrides) the control's props.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any field's metadata, whatever its value's type
type Meta = FieldMetadata<any, any, any>;
type Bound = Omit<FieldFrame, "errors"> & { meta: Meta };
// No date types: a date is a DateFor (app/components/date-field.tsx), DD/MM/YYYY whatever the browser's own format.
type TextType = "text" | "email" | "url" | "number" | "password" | "search" | "tel";

/** A Field for `meta`: a text input unless `type` says otherwise. */
export function InputFor({
  meta,
  type = "text",
  extra,
  ...frame
}: Bound & { type?: TextType; extra?: InputHTMLAttributes<HTMLInputElement> }) {
  return <Field {...frame} inputProps={{ ...getInputProps(meta, { type }), ...extra }} errors={meta.errors} />;
}

/** A SelectField for `meta`. */
export function SelectFor({
  meta,
  ...rest
}: Bound & { options: ReadonlyArray<{ value: string; label: string; group?: string }>; placeholder?: string }) {
  return <SelectField {...rest} selectProps={getSelectProps(meta)} errors={meta.errors} />;
}

/** A TextareaField for `meta`. */
export function TextareaFor({ meta, extra, ...frame }: Bound & { extra?: TextareaHTMLAttributes<HTMLTextAreaElement> }) {
  return <TextareaField {...frame} textareaProps={{ ...getTextareaProps(meta), ...extra }} errors={meta.errors} />;
}

/** A CheckboxField for `meta`; `value` is what a ticked box sends ("on" unless told). */
export function CheckboxFor({ meta, value, ...frame }: Bound & { value?: string }) {
  return <CheckboxField {...frame} inputProps={getInputProps(meta, { type: "checkbox", value })} errors={meta.errors} />;
}

/** A ChipsField for `meta`, entries separated by commas. */
export function ChipsFor({ meta, ...frame }: Bound & { defaultValue: string }) {
  return <ChipsField id={meta.id} name={meta.name} hint="Separated by commas." {...frame} errors={meta.errors} />;
}

/**
 * A form's default button, put first in it: Enter in a field presses the form's first submit button, which would
 * otherwise be a no-JavaScript helper above Save (a cascade's 'Choose', a picker's 'Filter', a step button). It
 * submits as the form's own Save does (give it that button's name, value and onClick); unseen and out of the tab order.
 */
export function DefaultSubmit(props: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "className" | "children">) {
  return <button type="submit" className="sr-only" tabIndex={-1} aria-hidden="true" {...props} />;
}

/** A form's submit button: unavailable while the page's form is being sent, and saying `pending` (e.g. "Sending…")
 *  meanwhile when given (without JavaScript the browser's own indicator shows instead). */
export function SubmitButton({ className, pending, children }: { className: string; pending?: string; children: ReactNode }) {
  const submitting = useNavigation().state === "submitting";
  return (
    <button className={className} type="submit" disabled={submitting}>
      {submitting && pending ? pending : children}
    </button>
  );
}

/** A filter form's buttons: Apply, and Clear filters, which goes back to `clear`, the view with no filter. */
export function FilterActions({ clear }: { clear: string }) {
  return (
    <>
      <button type="submit" className="button primary">
        Apply
      </button>
      <Link to={clear} className="button">
        Clear filters
      </Link>
    </>
  );
}

/** What a repeatable list needs of its form: conform's list intents (in place with JavaScript, a round trip without). */
type ListIntents = {
  insert: { getButtonProps: (options: { name: string; defaultValue?: never }) => ButtonHTMLAttributes<HTMLButtonElement> };
  remove: { getButtonProps: (options: { name: string; index: number }) => ButtonHTMLAttributes<HTMLButtonElement> };
};

/**
 * A list of groups of fields with Add and Remove: `legend`, the groups (each `children(row, index)`, "{item} 2" to a
 * screen reader, with its Remove), `none` while there is none, the list's errors, then Add, which inserts `empty` —
 * or `add` instead (an upload that inserts what it uploaded). `noValidate`: the buttons skip the browser's own checks.
 */
export function Repeatable<Row extends Record<string, unknown>>({
  form,
  list,
  legend,
  item,
  none = "None yet.",
  empty,
  add,
  noValidate,
  children,
}: {
  form: ListIntents;
  list: FieldMetadata<Row[] | undefined>;
  legend: string;
  item: string;
  none?: string;
  empty?: Record<string, unknown>;
  add?: ReactNode;
  noValidate?: boolean;
  children: (row: FieldMetadata<Row>, index: number) => ReactNode;
}) {
  const rows = list.getFieldList();
  return (
    <fieldset className="repeatable" aria-describedby={list.errors ? list.errorId : undefined}>
      <legend>{legend}</legend>
      {rows.length === 0 ? <p className="field-hint">{none}</p> : null}
      {rows.map((row, index) => (
        <div key={row.key} className="repeatable-row" role="group" aria-label={`${item} ${index + 1}`}>
          {children(row, index)}
          <button
            className="button"
            {...form.remove.getButtonProps({ name: list.name, index })}
            formNoValidate={noValidate}
            aria-label={`Remove ${item.toLowerCase()} ${index + 1}`}
          >
            Remove
          </button>
        </div>
      ))}
      <ErrorList id={list.errorId} errors={list.errors} />
      {add ?? (
        <button
          className="button"
          {...form.insert.getButtonProps({ name: list.name, defaultValue: empty as never })}
          formNoValidate={noValidate}
        >
          Add {item.toLowerCase()}
        </button>
      )}
    </fieldset>
  );
}

/** Name of the hidden field that tells an action the browser runs JavaScript (see `JsMarker`). */
export const JS_FIELD = "_js";

/**
 * Rendered only after hydration: actions that finish differently with and without JavaScript (a message then a
 * timed navigation, versus a plain redirect) look for it.
 */
export function JsMarker() {
  const hydrated = useHydrated();
  return hydrated ? <input type="hidden" name={JS_FIELD} value="1" /> : null;
}

/** conform's form checked by `schema` in the browser as the server checks it (parseForm), with the schema's constraints
 *  on the fields. The constraints matter: without them conform cannot tell a file form's fields apart and a submission
 *  with JavaScript never leaves. `options`: the form's id, the last result, its values, and when it is checked. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's own bound for a form's shape
export function useSchemaForm<I extends Record<string, any>, O>(
  schema: $ZodType<O, I>,
  {
    defaultValue,
    ...options
  }: {
    id: string;
    lastResult?: SubmissionResult<string[]> | null;
    defaultValue?: unknown;
    shouldValidate?: "onSubmit" | "onBlur" | "onInput";
    shouldRevalidate?: "onSubmit" | "onBlur" | "onInput";
  },
) {
  return useForm<I, O>({
    ...options,
    defaultValue: defaultValue as never,
    constraint: constraintsOf(schema),
    onValidate: ({ formData }) => parseForm(formData, { schema }),
  });
}
