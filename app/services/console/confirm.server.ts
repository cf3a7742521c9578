import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { readFormData } from "~/utils/request.server";
import type { Toast } from "~/utils/toast";
import { redirectAfter } from "~/utils/toast.server";
import { returnTo, safeRedirect } from "~/utils/url";

import { requireManagedRecord, type DeletableKind } from "./managed.server";

// The server half of a confirmation (admin-console §4: a record is deleted — a news item published — only once the user
// confirmed; a dialog over the list with JavaScript, the record's confirmation page without). The route's guard runs
// first.

/** Where a confirmation page's Cancel and its confirmation return: the view it was opened from (`?redirectTo=`, a
 *  same-site path), else `list`. */
export const confirmBackOf = (request: Request, list: string) => safeRedirect(new URL(request.url).searchParams.get("redirectTo"), list);

/**
 * The confirmed write (a delete): `write` runs, then back to the view the confirmation came from (`redirectTo`, when it
 * is a view of one of `lists`; else the first) with `done` — or `failed` when the write fails, or the refusal's own
 * words when `refused` recognises the error (a record still named elsewhere).
 */
export async function applyConfirmed(
  request: Request,
  lists: [string, ...string[]],
  write: () => Promise<unknown>,
  {
    done,
    failed,
    refused,
    action,
  }: {
    /** The success toast; a function of the view returned to when each screen has its own words. */
    done: string | ((back: string) => string);
    failed: string;
    refused?: (error: unknown) => string | undefined;
    /** The success toast's button (a user's Undo). */
    action?: Toast["action"];
  },
) {
  const back = returnTo(await readFormData(request), ...lists);
  return redirectAfter(request, back, write, { done: typeof done === "string" ? done : done(back), failed, refused, action });
}

/**
 * A kind's Delete route (its confirmation page), re-exported by the route from its form's server module: the loader and
 * the action each call the managed record's guard first. The loader gives the page what `shown` says of the record and
 * where Cancel returns; the action deletes the record as the kind's `deletion` says, then goes back to the view the
 * confirmation came from with the kind's words.
 */
export function confirmedDeleteRoutes<Record, Shown extends object>(
  kind: DeletableKind<Record>,
  shown: (record: Record) => Shown | Promise<Shown>,
) {
  const { remove, lists = [kind.list], ...toasts } = kind.deletion;
  return {
    deleteLoader: async ({ request, params }: LoaderFunctionArgs) => {
      const { record } = await requireManagedRecord(request, params[kind.param], kind);
      return { ...(await shown(record)), back: confirmBackOf(request, kind.list) };
    },
    deleteAction: async ({ request, params }: ActionFunctionArgs) => {
      const { actor, record } = await requireManagedRecord(request, params[kind.param], kind);
      return applyConfirmed(request, lists, () => remove(actor, record), toasts);
    },
  };
}
