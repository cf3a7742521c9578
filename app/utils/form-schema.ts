import { parse, type Submission } from "@conform-to/react";
import type { $ZodType, input, output } from "zod/v4/core";
import { safeParse, safeParseAsync } from "zod/v4/core";

// One schema per form, checked in the browser as the user types and again by the action. Schemas are written with
// `zod/mini` (its functions tree-shake: a sign-in page ships a few KB of it instead of zod's whole classic API, which
// with conform's adapter made 98 KB gzipped — measured by `npm run bench`). This module is the adapter: it reads a
// form the way conform's zod adapter does — an empty text is "not given", a ticked checkbox ("on") is true, one value
// of a multiple field is still a list — and maps issues to field names.

type Constraint = { required?: boolean; minLength?: number; maxLength?: number; multiple?: boolean };
// zod's core types describe every schema kind; this module reads only `def.type` and the inner schemas.
type Def = { type: string; innerType?: $ZodType; in?: $ZodType; element?: $ZodType; shape?: Record<string, $ZodType>; getter?: () => $ZodType };
const defOf = (schema: $ZodType) => schema._zod.def as unknown as Def;
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

/** "reports[1]", "name.first": the form field an issue's path names; "" is the form itself. */
const fieldName = (path: PropertyKey[]) =>
  path.reduce<string>((name, segment) => (typeof segment === "number" ? `${name}[${segment}]` : name ? `${name}.${String(segment)}` : String(segment)), "");

type Result = { success: true; data: unknown } | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } };
function resolved(result: Result) {
  if (result.success) return { value: result.data };
  const error: Record<string, string[]> = {};
  for (const issue of result.error.issues) (error[fieldName(issue.path)] ??= []).push(issue.message);
  return { error };
}

/** The submission of a form checked against `schema` (conform's `Submission`, with `reply()` for the page). */
export function parseForm<S extends $ZodType>(payload: FormData | URLSearchParams, { schema }: { schema: S }) {
  return parse(payload, { resolve: (value) => resolved(safeParse(schema, coerce(schema, value)) as Result) }) as Submission<input<S>, string[], output<S>>;
}

/** `parseForm` for schemas with asynchronous checks (e.g. the current password, checked against the database). */
export function parseFormAsync<S extends $ZodType>(payload: FormData | URLSearchParams, { schema }: { schema: S }) {
  return parse(payload, {
    resolve: async (value) => resolved((await safeParseAsync(schema, coerce(schema, value))) as Result),
  }) as Promise<Submission<input<S>, string[], output<S>>>;
}

function constraintOf(schema: $ZodType): Constraint {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return { ...constraintOf(def.innerType!), required: def.type === "nonoptional" };
  if (def.type === "pipe") return constraintOf(def.in!);
  const bag = schema._zod.bag as { minimum?: number; maximum?: number };
  if (def.type === "array") return { multiple: true };
  if (def.type !== "string") return { required: true };
  return { required: true, ...(bag.minimum ? { minLength: bag.minimum } : {}), ...(bag.maximum !== undefined ? { maxLength: bag.maximum } : {}) };
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
