import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

import { ATTACHMENT_MAX_BYTES, IMAGE_MAX_BYTES } from "#common/constants";
import { ATTACHMENTS_PER_UPLOAD } from "~/utils/attachments.server";
import { UPLOAD_SLACK_BYTES } from "~/utils/request.server";
import { uploadLimit } from "~/utils/upload-limits.server";

// The table of routes that take files (server/remix.js caps every other body at 1 MB) against the routes themselves:
// a route whose action reads an upload (readUploadForm) has its line, and no other route has one. The action is
// followed through what it calls — its form's `__*.server.ts`, a service, or a console kit's route pieces that the
// route re-exports (`export { action } from "./__x-form.server"`, made by `recordFormRoutes(KIND, { submit })`).

const APP = path.resolve(import.meta.dirname, "../../app");
const ROUTES = path.join(APP, "routes");
const files = (readdirSync(ROUTES, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f));
const isRoute = (file: string) => !path.basename(file).startsWith("__");

/** A route file's address as remix-flat-routes makes it, with each parameter filled by its name. */
const urlOf = (file: string) =>
  `/${file
    .replace(/\.tsx?$/, "")
    .replace(/\+\//g, ".")
    .split(".")
    .filter((s) => !s.startsWith("_"))
    .map((s) => s.replace(/^\$/, "").replace(/_$/, ""))
    .join("/")}`;

/** The source of a module of the app (its path without extension), or undefined outside app/. */
const sourceCache = new Map<string, string | undefined>();
function sourceOf(module: string) {
  if (!sourceCache.has(module)) {
    const file = [".ts", ".tsx"].map((ext) => module + ext).find((f) => existsSync(f));
    sourceCache.set(module, file ? readFileSync(file, "utf8") : undefined);
  }
  return sourceCache.get(module);
}

/** Where `specifier`, imported by `module`, lives (app modules only). */
const resolve = (module: string, specifier: string) =>
  specifier.startsWith("~/")
    ? path.join(APP, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.join(path.dirname(module), specifier)
      : undefined;

/** The module `name` is imported from (or re-exported from) in `module`, and its name there. */
function importOf(module: string, name: string): [string, string] | undefined {
  for (const m of sourceOf(module)!.matchAll(/(?:import|export) (?:type )?\{([^}]*)\} from "([^"]+)"/g))
    for (const part of m[1]!.split(",")) {
      const [from, as = from] = part.trim().split(/\s+as\s+/);
      const target = resolve(module, m[2]!);
      if (as === name && target) return [target, from!];
    }
}

/** The text of `name`'s top-level definition in `source` (a function, or a const): to the next top-level line. */
function definitionIn(source: string, name: string) {
  const start = source.search(new RegExp(`^(?:export )?(?:async )?(?:function ${name}\\b|const ${name} = )`, "m"));
  if (start < 0) return undefined;
  const end = source.slice(start + 1).search(/\n[A-Za-z/]/);
  return source.slice(start, end < 0 ? undefined : start + 1 + end);
}

/** `export const { a, b } = kit(args);`: the kit's name and its arguments' text, for the destructured `name`. */
function destructuredIn(source: string, name: string) {
  for (const m of source.matchAll(/^export const \{([^}]*)\} = (\w+)\(([\s\S]*?)\n?\);$/gm))
    if (m[1]!.split(",").some((part) => part.trim() === name)) return { kit: m[2]!, args: m[3]! };
}

/** The text of property `name` of the object a kit's function returns: its line to the next of the same indent. */
function propertyIn(body: string, name: string) {
  const m = new RegExp(`\\n( +)${name}: `).exec(body);
  if (!m) return undefined;
  const rest = body.slice(m.index + 1);
  const end = rest.slice(1).search(new RegExp(`\\n {0,${m[1]!.length}}[\\w}]`));
  return end < 0 ? rest : rest.slice(0, end + 1);
}

/** Whether `text`, in `module`, calls readUploadForm or something that does (`given`: a kit's parameters, by name). */
function callsUpload(module: string, text: string, given: Record<string, string> = {}, seen = new Set<string>()): boolean {
  if (/\breadUploadForm\(/.test(text)) return true;
  return [...text.matchAll(/\b([A-Za-z_$][\w$]*)\(/g)].some(([, called]) =>
    Object.hasOwn(given, called!) ? givenReads(module, given[called!]!, seen) : readsUpload(module, called!, seen),
  );
}

/** Whether a kit's parameter as a call gives it reads an upload: a function by its name, or an expression calling one. */
const givenReads = (module: string, value: string, seen: Set<string>) =>
  /^[\w$]+$/.test(value) ? readsUpload(module, value, seen) : callsUpload(module, value, {}, seen);

/** Whether `name`, as `module` knows it, reads an upload: defined there, destructured from a kit's call, or imported. */
function readsUpload(module: string, name: string, seen = new Set<string>()): boolean {
  const key = `${module}#${name}`;
  if (seen.has(key)) return false;
  seen.add(key);
  const source = sourceOf(module);
  if (source === undefined) return false;
  const definition = definitionIn(source, name);
  if (definition) return callsUpload(module, definition, {}, seen);
  const destructured = destructuredIn(source, name);
  if (destructured) {
    const [kitModule, kitName] = importOf(module, destructured.kit) ?? [module, destructured.kit];
    const property = propertyIn(definitionIn(sourceOf(kitModule) ?? "", kitName) ?? "", name);
    // The kit's parameters as this call gives them (`submit: submitXForm`, or `page`, `submit` as they are).
    const given = Object.fromEntries(
      [...destructured.args.matchAll(/^ {2}(\w+)(?:: ([\s\S]*?))?,$/gm)].map(([, param, value]) => [param!, value ?? param!]),
    );
    return property !== undefined && (callsUpload(kitModule, property, {}, seen) || callsUpload(module, property, given, seen));
  }
  const imported = importOf(module, name);
  return imported ? readsUpload(imported[0], imported[1], seen) : false;
}

/** Route files whose action reads an upload. */
const uploadRoutes = () =>
  new Set(files.filter((file) => isRoute(file) && readsUpload(path.join(ROUTES, file.replace(/\.tsx?$/, "")), "action")));

test("every route that takes files has its cap, and no other route has one", () => {
  const uploads = uploadRoutes();
  expect(uploads.size).toBeGreaterThanOrEqual(15);
  for (const file of files.filter(isRoute))
    expect(uploadLimit(urlOf(file)) !== undefined, `${file} (${urlOf(file)})`).toBe(uploads.has(file));
});

test("each cap is its route's own, with room for the form's other fields", () => {
  expect(uploadLimit("/administration/company/edit/65f0c0ffee0000000000abcd")).toBe(IMAGE_MAX_BYTES + UPLOAD_SLACK_BYTES);
  expect(uploadLimit("/manage-company-logos")).toBe(IMAGE_MAX_BYTES + UPLOAD_SLACK_BYTES);
  expect(uploadLimit("/files/upload")).toBe(ATTACHMENTS_PER_UPLOAD * ATTACHMENT_MAX_BYTES + UPLOAD_SLACK_BYTES);
  process.env.SHEET_UPLOAD_MAX_BYTES = String(3 * 1024 * 1024);
  try {
    expect(uploadLimit("/resources/sheet/65f0c0ffee0000000000abcd")).toBe(3 * 1024 * 1024 + UPLOAD_SLACK_BYTES);
  } finally {
    delete process.env.SHEET_UPLOAD_MAX_BYTES;
  }
});
