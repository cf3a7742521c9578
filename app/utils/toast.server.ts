import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { z } from "zod";

import { MAX_TOASTS } from "#common/constants";

import { appCookie } from "./env.server";
import { rethrowResponse } from "./request.server";
import { ToastSchema, type Toast, type ToastInput } from "./toast";

// Toasts travel in a flash cookie, so a message set before a redirect shows after it, with or without JavaScript.
const KEY = "toasts" as const;
/** The flashed toasts as stored; a damaged or outdated cookie reads as none. (Built once: the root loader reads it on
 *  every request.) */
const StoredToasts = z.array(ToastSchema).catch([]);
type FlashData = { toasts: Toast[] };
let storage: ReturnType<typeof createCookieSessionStorage<Record<string, never>, FlashData>> | undefined;
function toastStorage() {
  storage ??= createCookieSessionStorage<Record<string, never>, FlashData>({
    cookie: appCookie("__toast"),
  });
  return storage;
}

function complete(input: ToastInput): Toast {
  return {
    id: input.id ?? crypto.randomUUID(),
    type: input.type ?? "info",
    message: input.message,
    ...(input.action ? { action: input.action } : {}),
  };
}

/** Adds a toast to the response's flash cookie; returns the Set-Cookie header value. */
async function toastCookie(request: Request, input: ToastInput) {
  const session = await toastStorage().getSession(request.headers.get("Cookie"));
  const pending = StoredToasts.parse(session.get(KEY) ?? []);
  session.flash(KEY, [...pending, complete(input)].slice(-MAX_TOASTS));
  return toastStorage().commitSession(session);
}

/** Redirect with a toast, e.g. `throw await redirectWithToast(request, "/", { type: "error", message })`. */
export async function redirectWithToast(request: Request, url: string, input: ToastInput, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await toastCookie(request, input));
  return redirect(url, { ...init, headers });
}

/** Runs a write, then redirects to `url` with `done` as a success toast — or with `failed` as an error toast when the
 *  write throws (logged), so a failed delete says so on the page the user returns to; an error `refused` recognises
 *  (a refusal with its own words, such as a record still in use) is shown in those words instead, and not logged. */
export async function redirectAfter(
  request: Request,
  url: string,
  write: () => Promise<unknown>,
  {
    done,
    failed,
    action,
    refused,
  }: { done: string; failed: string; action?: Toast["action"]; refused?: (error: unknown) => string | undefined },
) {
  try {
    await write();
  } catch (error) {
    rethrowResponse(error);
    const refusal = refused?.(error);
    if (refusal === undefined) console.warn(`${failed} (${url})`, error);
    return redirectWithToast(request, url, { type: "error", message: refusal ?? failed });
  }
  return redirectWithToast(request, url, { type: "success", message: done, action });
}

/**
 * Reads the flashed toasts for the root loader and consumes them, unless `keep`: a page that moves on by itself
 * (/logout) shows them and leaves them for the page the user lands on.
 */
export async function getToasts(request: Request, { keep = false } = {}) {
  const session = await toastStorage().getSession(request.headers.get("Cookie"));
  const toasts = StoredToasts.parse(session.get(KEY) ?? []);
  const setCookie = toasts.length && !keep ? await toastStorage().destroySession(session) : null;
  return { toasts, setCookie };
}
