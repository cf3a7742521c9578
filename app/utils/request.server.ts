import { setImmediate } from "node:timers/promises";
import {
  unstable_createMemoryUploadHandler as createMemoryUploadHandler,
  unstable_parseMultipartFormData as parseMultipartFormData,
} from "@remix-run/node";

/**
 * The form of a POST. A body that is no readable form (JSON, broken multipart) is the sender's mistake: a 400, never a
 * 500. (server/request-guard.js already refuses bodies that do not even say they are forms, with a 415.)
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response("The form could not be read.", { status: 400 });
  }
}

/** In a catch that turns a failed write into the spec's message: a failure that is an answer of its own (the 503 of
 *  an unreachable database, a guard's redirect) goes out as it is instead. */
export function rethrowResponse(error: unknown) {
  if (error instanceof Response) throw error;
}

/** Whether the request's Accept-Encoding lists brotli (`br`, not with `q=0`). */
export function acceptsBrotli(request: Request): boolean {
  return (request.headers.get("Accept-Encoding") ?? "").split(",").some((entry) => {
    const [name, ...params] = entry.split(";").map((part) => part.trim().toLowerCase());
    const q = params.find((param) => param.startsWith("q="));
    return name === "br" && (!q || Number(q.slice(2)) > 0);
  });
}

/** Room for a form's other fields and the multipart boundaries around its files. */
export const UPLOAD_SLACK_BYTES = 64 * 1024;

/**
 * The form of a POST that may carry files (multipart/form-data), with its files held in memory: at most `maxBytes` of
 * body, checked from Content-Length before anything is read and again while reading. `{ error, status }` when it is too
 * large (413, `tooLarge` as the message) or unreadable (400).
 */
export async function readUploadForm(
  request: Request,
  { maxBytes, tooLarge }: { maxBytes: number; tooLarge: string },
): Promise<{ form: FormData } | { error: string; status: 400 | 413 }> {
  if (Number(request.headers.get("Content-Length") ?? 0) > maxBytes + UPLOAD_SLACK_BYTES) return { error: tooLarge, status: 413 };
  try {
    const multipart = (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data");
    const form = multipart
      ? await parseMultipartFormData(request, createMemoryUploadHandler({ maxPartSize: maxBytes }))
      : await request.formData();
    // The upload handler joins a file's chunks in one step as the body ends (a 20 MB file: about 50 ms): what the
    // caller does with the form next starts in a turn of its own (the event loop's 100 ms rule).
    await setImmediate();
    return { form };
  } catch (error) {
    const exceeded = error instanceof Error && /exceeded|too large|max/i.test(error.message);
    return exceeded ? { error: tooLarge, status: 413 } : { error: "The form could not be read.", status: 400 };
  }
}
