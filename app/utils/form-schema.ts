import { parse, type Submission } from "@conform-to/react";
import { safeParse, safeParseAsync, type $ZodType, type input, type output } from "zod/v4/core";

import { FIELD_UNREADABLE, FORM_UNREADABLE } from "#common/messages";

// One schema per form, checked in the browser as the user types and again by the action. Schemas are written with
// `zod/mini` (its functions tree-shake: a sign-in page ships a few KB of it instead of zod's whole classic API, which
// with conform's adapter made 98 KB gzipped — measured by `npm run bench`). This module is the adapter: it reads a
// form the way conform's zod adapter does — an empty text is "not given", a ticked checkbox ("on") is true, one value
// of a multiple field is still a list — and maps issues to field names. A value of a shape no control sends (a field
// sent twice, a tampered list intent) is the form's error, never the request's failure.

type Constraint = { required?: boolean; minLength?: number; maxLength?: number; multiple?: boolean };
// zod's core types describe every schema kind; this module reads only `def.type` and the inner schemas.
type Def = {
  type: string;
  innerType?: $ZodType;
  in?: $ZodType;
  element?: $ZodType;
  shape?: Record<string, $ZodType>;
  getter?: () => $ZodType;
};
const defOf = (schema: $ZodType) => schema._zod.def as unknown as Def;
// conform's own fields: a list's insert or remove, the form's state.
const INTENT = "__intent__";
const STATE = "__state__";
const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "catch", "readonly", "nonoptional"]);

/** A form value as the schema expects it. */
function coerce(schema: $ZodType, value: unknown): unknown {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return coerce(def.innerType!, value);
  switch (def.type) {
    case "pipe":
      return coerce(def.in!, value);
    case "lazy":
      return coerce(def.getter!(), value);
    case "object": {
      if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
      const record = value as Record<string, unknown>;
      const out: Record<string, unknown> = { ...record };
      for (const [key, field] of Object.entries(def.shape!)) out[key] = coerce(field, record[key]);
      return out;
    }
    case "array":
      if (value === undefined || value === "") return undefined;
      return (Array.isArray(value) ? value : [value]).map((item) => coerce(def.element!, item));
    case "boolean":
      return value === "on" ? true : value === "" ? undefined : value;
    case "number":
      return typeof value === "string" ? (value.trim() === "" ? undefined : Number(value)) : value;
    case "file":
      return typeof File !== "undefined" && value instanceof File && value.size === 0 && value.name === "" ? undefined : value;
    default:
      return value === "" ? undefined : value;
  }
}

/** Kinds of schema a field holds a single value of. */
const SCALARS = new Set(["string", "enum", "number", "boolean", "literal", "date", "bigint", "template_literal", "file"]);
const MAX_LIST = 1000;

/**
 * The fields whose value has a shape no control of the form sends — a single-value field sent twice (a list), fields
 * nested under it ("ids.x"), a lone value where a group of fields goes — taken out of `payload` (so the form sent back
 * does not echo them) and named. The schema never sees them: its own checks meet only the shapes they were written for.
 */
function misshapen(
  schema: $ZodType,
  payload: Record<PropertyKey, unknown> | unknown[],
  key: PropertyKey,
  path: PropertyKey[],
): PropertyKey[][] {
  const def = defOf(schema);
  const value = (payload as Record<PropertyKey, unknown>)[key];
  if (value === undefined) return [];
  if (WRAPPERS.has(def.type)) return misshapen(def.innerType!, payload, key, path);
  if (def.type === "pipe") return misshapen(def.in!, payload, key, path);
  if (def.type === "lazy") return misshapen(def.getter!(), payload, key, path);
  const group = typeof value === "object" && value !== null && !(typeof File !== "undefined" && value instanceof File);
  let wrong = false;
  if (def.type === "object") {
    if (!group || Array.isArray(value)) wrong = true;
    else
      return Object.entries(def.shape!).flatMap(([name, field]) =>
        misshapen(field, value as Record<string, unknown>, name, [...path, name]),
      );
  } else if (def.type === "array") {
    const list = Array.isArray(value) ? value : [value];
    // No form lists more (a name like "x[999999999]" makes a list that long, which the schema would walk).
    wrong = list.length > MAX_LIST || list.some((_, i) => misshapen(def.element!, list, i, [...path, i]).length > 0);
  } else wrong = SCALARS.has(def.type) && group;
  if (wrong) delete (payload as Record<PropertyKey, unknown>)[key];
  return wrong ? [path] : [];
}

/** "reports[1]", "name.first": the form field an issue's path names; "" is the form itself. */
const fieldName = (path: PropertyKey[]) =>
  path.reduce<string>(
    (name, segment) => (typeof segment === "number" ? `${name}[${segment}]` : name ? `${name}.${String(segment)}` : String(segment)),
    "",
  );

type Result = { success: true; data: unknown } | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } };
type Resolved = { value?: unknown; error?: Record<string, string[]> };
function resolved(result: Result): Resolved {
  if (result.success) return { value: result.data };
  const error: Record<string, string[]> = {};
  for (const issue of result.error.issues) (error[fieldName(issue.path)] ??= []).push(issue.message);
  return { error };
}

/** Checks a form's values against `schema`, the shapes first (`misshapen`): a field of the wrong shape is an error of
 *  that field, and the schema is not run. */
function resolver(schema: $ZodType, check: (value: unknown) => Resolved | Promise<Resolved>) {
  return (value: Record<string, unknown>): Resolved | Promise<Resolved> => {
    const bad = misshapen(schema, { form: value }, "form", []);
    return bad.length
      ? { error: Object.fromEntries(bad.map((path) => [fieldName(path), [FIELD_UNREADABLE]])) }
      : check(coerce(schema, value));
  };
}

/** conform's `parse`, where a tampered `__intent__` or `__state__` (JSON it reads and applies without a guard: it
 *  throws on a name that is no list, or no JSON) makes the whole form's error rather than failing the request. */
function parseGuarded(payload: FormData | URLSearchParams, resolve: ReturnType<typeof resolver>) {
  try {
    return parse(payload, { resolve });
  } catch (error) {
    if (!payload.has(INTENT) && !payload.has(STATE)) throw error;
    const fields = new FormData();
    for (const [name, value] of payload.entries()) if (name !== INTENT && name !== STATE) fields.append(name, value);
    return parse(fields, { resolve: () => ({ error: { "": [FORM_UNREADABLE] } }) });
  }
}

/** The submission of a form checked against `schema` (conform's `Submission`, with `reply()` for the page). */
export function parseForm<S extends $ZodType>(payload: FormData | URLSearchParams, { schema }: { schema: S }) {
  return parseGuarded(
    payload,
    resolver(schema, (value) => resolved(safeParse(schema, value) as Result)),
  ) as unknown as Submission<input<S>, string[], output<S>>;
}

/** `parseForm` for schemas with asynchronous checks (e.g. the current password, checked against the database). */
export function parseFormAsync<S extends $ZodType>(payload: FormData | URLSearchParams, { schema }: { schema: S }) {
  return parseGuarded(
    payload,
    resolver(schema, async (value) => resolved((await safeParseAsync(schema, value)) as Result)),
  ) as unknown as Promise<Submission<input<S>, string[], output<S>>>;
}

function constraintOf(schema: $ZodType): Constraint {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return { ...constraintOf(def.innerType!), required: def.type === "nonoptional" };
  if (def.type === "pipe") return constraintOf(def.in!);
  const bag = schema._zod.bag as { minimum?: number; maximum?: number };
  if (def.type === "array") return { multiple: true };
  if (def.type !== "string") return { required: true };
  return {
    required: true,
    ...(bag.minimum ? { minLength: bag.minimum } : {}),
    ...(bag.maximum !== undefined ? { maxLength: bag.maximum } : {}),
  };
}

/** The fields' HTML constraints (required, minlength, maxlength) for conform's `useForm({ constraint })`, so the
 *  controls announce them; the form itself is `noValidate`, the schema gives the messages. */
export function constraintsOf(schema: $ZodType): Record<string, Constraint> {
  const def = defOf(schema);
  if (def.type === "pipe") return constraintsOf(def.in!);
  return Object.fromEntries(Object.entries(def.shape ?? {}).map(([name, field]) => [name, constraintOf(field)]));
}

/** A multiple field's values as a form sent back gives them: one value comes back as a string, none as nothing. */
export const listOf = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : typeof value === "string" ? [value] : []);

/** What a form's control holds for a field of type `T`: a box true or false, a list or a group field by field, text for
 *  anything else (a number, a day, a choice); a file input holds nothing a page can fill in. */
type FormValue<T> = T extends boolean
  ? boolean
  : T extends File
    ? never
    : T extends readonly (infer Item)[]
      ? FormValue<Item>[]
      : T extends string | number | Date
        ? string
        : T extends object
          ? FormValuesOfInput<T>
          : string;
type FormValuesOfInput<T> = {
  [K in keyof T as [FormValue<NonNullable<T[K]>>] extends [never] ? never : K]-?: FormValue<NonNullable<T[K]>>;
};

/**
 * A form's values as a page fills its controls (the default values of Add, the record's on Edit), derived from its
 * schema: every field of the schema is required here, so a field the page forgets to fill is a type error rather than
 * an empty input.
 */
export type FormValuesOf<Schema extends $ZodType> = FormValuesOfInput<input<Schema>>;

/** The entries of a chips field's value (components/forms.tsx ChipsFor), trimmed and without repeats (the server reads them so too). */
export const splitChips = (text: string) => [
  ...new Set(
    text
      .split(",")
      .map((c) => c.trim())
      .filter(Boolean),
  ),
];
