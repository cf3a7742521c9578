import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

import { ATTACHMENT_MAX_BYTES, IMAGE_MAX_BYTES } from "#common/constants";
import { ATTACHMENTS_PER_UPLOAD } from "~/utils/attachments.server";
import { UPLOAD_SLACK_BYTES } from "~/utils/request.server";
import { uploadLimit } from "~/utils/upload-limits.server";

// The table of routes that take files (server/remix.js caps every other body at 1 MB) against the routes themselves:
// a route whose action reads an upload (readUploadForm, itself or through its form's `__*.server.ts` or a service such
// as the console's importer) has its line, and no other route has one.

const APP = path.resolve(import.meta.dirname, "../../app");
const ROUTES = path.join(APP, "routes");
const files = (readdirSync(ROUTES, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f));
const sources = new Map(files.map((f) => [f, readFileSync(path.join(ROUTES, f), "utf8")]));
const services = (readdirSync(path.join(APP, "services"), { recursive: true }) as string[])
  .filter((f) => /\.tsx?$/.test(f))
  .map((f) => [`~/services/${f.replace(/\.tsx?$/, "")}`, readFileSync(path.join(APP, "services", f), "utf8")] as const);
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

/** Route files whose action reads an upload. */
function uploadRoutes() {
  const found = new Set<string>();
  // A service's function that reads one: the routes that import it.
  for (const [module, text] of services)
    for (const call of text.matchAll(/readUploadForm\(/g)) {
      const helper = [...text.slice(0, call.index).matchAll(/export async function (\w+)/g)].at(-1)![1];
      const importing = new RegExp(`import \\{[^}]*\\b${helper}\\b[^}]*\\} from "${module}"`);
      for (const [route, code] of sources) if (isRoute(route) && importing.test(code)) found.add(route);
    }
  for (const [file, text] of sources) {
    for (const call of text.matchAll(/readUploadForm\(/g)) {
      if (isRoute(file)) {
        found.add(file);
        continue;
      }
      // A form's server module: the routes that import the exported function that reads it.
      const helper = [...text.slice(0, call.index).matchAll(/export async function (\w+)/g)].at(-1)![1];
      const importing = new RegExp(`import \\{[^}]*\\b${helper}\\b[^}]*\\} from "\\.\\.?/${path.basename(file, ".ts")}"`);
      for (const [route, code] of sources) if (isRoute(route) && importing.test(code)) found.add(route);
    }
  }
  return found;
}

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
