import type { Submission, SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";

import { IMAGE_MAX_BYTES, type AuditEntity } from "#common/constants";
import { LOGO_TOO_LARGE } from "#common/messages";
import { historyOf, readableHistory } from "~/models/audit.server";
import type { LogoUpload } from "~/models/client.server";
import { requireUserWith } from "~/services/auth.server";
import { ImageError } from "~/utils/images.server";
import { readUploadForm, rethrowResponse } from "~/utils/request.server";
import type { SessionUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

import { requireManagedRecord, type ManagedKind } from "./managed.server";

// The end every console record form's action shares (admin-console §3, §4): whatever the form checks first (its
// cascade, its times, its uploads), a form that does not pass stays on the page with its errors and changes nothing,
// a failed write says so on the form, and a saved record goes to its list with the spec's message.

/** A refusal a save names in words of its own: on `field`, or on the form when `field` is "". */
export type Refusal = { field: string; message: string };

/** The answer to a form whose body could not be read (too large, broken): the form again, saying why — a body too
 *  large on `tooLargeOn`, the field of its file, else on the form. */
export const unreadableForm = <Extra extends object>(
  { error, status }: { error: string; status: number },
  extra: Extra,
  { tooLargeOn = "" }: { tooLargeOn?: string } = {},
) =>
  data(
    { result: { status: "error", error: { [status === 413 ? tooLargeOn : ""]: [error] } } satisfies SubmissionResult<string[]>, ...extra },
    { status },
  );

/** How much a form with a logo may send (clients, companies, compounds; the company logos page): its readUploadForm's
 *  limit, a logo of at most IMAGE_MAX_BYTES, with the spec's 'Maximum allowed file size is 5MB!' past it (which
 *  unreadableForm puts on the Logo field). */
const LOGO_UPLOAD = { maxBytes: IMAGE_MAX_BYTES, tooLarge: LOGO_TOO_LARGE };

/** The files a submission carried, by field (their names): a form sent back cannot hold them again (a page cannot
 *  fill a file input), so its page asks for them once more. */
export const droppedFiles = (submission: Pick<Submission<unknown>, "payload">) =>
  Object.fromEntries(
    Object.entries(submission.payload).flatMap(([field, value]) => (value instanceof File && value.size > 0 ? [[field, value.name]] : [])),
  );

/** How a record form's values are saved, and what is answered (see saveRecordForm). */
type SaveOptions<Value, Saved, Extra> = {
  /** Or what makes it, only for a form answered again (a save that succeeds needs none). */
  extra: Extra | (() => Promise<Extra>);
  fieldErrors?: Record<string, string[]>;
  save: (value: Value) => Promise<Saved>;
  to: string | ((saved: Saved) => string);
  done: string;
  failed: string;
  refused?: (error: unknown) => Refusal | undefined;
};

/**
 * The parsed form's end: a form that did not pass, or `fieldErrors` found beside the schema (a refused cascade choice,
 * a company not offered), goes back with its errors — 200 for a list button's re-render, 400 otherwise; else `save`
 * writes the values: a refusal the save throws (`refused` recognises it) goes back on its field (400), any other
 * failure on the form as `failed` (500, logged), and success goes to `to` (or where the saved record is) with `done`.
 * `extra`: what the page needs beside the form's result (its options), answered with it every time the form is
 * answered, as is `dropped` (the files it carried, which the page asks for again).
 */
export async function saveRecordForm<Value, Saved, Extra extends object>(
  request: Request,
  submission: Submission<Value>,
  { extra, fieldErrors = {}, save, to, done, failed, refused }: SaveOptions<Value, Saved, Extra>,
) {
  const refusedBefore = Object.keys(fieldErrors).length > 0;
  const dropped = droppedFiles(submission);
  const extraOf = async () => (typeof extra === "function" ? await extra() : extra);
  if (submission.status !== "success" || refusedBefore) {
    return data(
      { result: submission.reply(refusedBefore ? { fieldErrors } : {}), dropped, ...(await extraOf()) },
      { status: submission.status === undefined && !refusedBefore ? 200 : 400 },
    );
  }
  let saved: Saved;
  try {
    saved = await save(submission.value);
  } catch (error) {
    rethrowResponse(error);
    const refusal = refused?.(error);
    if (refusal) {
      const reply = refusal.field ? { fieldErrors: { [refusal.field]: [refusal.message] } } : { formErrors: [refusal.message] };
      return data({ result: submission.reply(reply), dropped, ...(await extraOf()) }, { status: 400 });
    }
    console.warn(failed, error);
    return data({ result: submission.reply({ formErrors: [failed] }), dropped, ...(await extraOf()) }, { status: 500 });
  }
  return redirectWithToast(request, typeof to === "string" ? to : to(saved), { type: "success", message: done });
}

/** An edit page's data: what `loading` loads for the form, and beside it the record's History (its newest changes). */
export async function withHistory<Loaded extends object>(
  viewer: SessionUser,
  entity: AuditEntity,
  record: { _id: unknown },
  loading: Loaded | Promise<Loaded>,
) {
  const [loaded, history] = await Promise.all([loading, historyOf({ entity, entityId: String(record._id) })]);
  return { ...loaded, history: await readableHistory(viewer, history) };
}

/**
 * What a kind's Add and Edit routes share, re-exported by each from its form's server module: Add's loader, Edit's
 * loader and the action of both. Each calls the kind's guard first: on Edit (the address names the record by the
 * kind's `param`) the managed record's guard (`requireManagedRecord`), on Add the kind's permission. The loaders then
 * load what `page` gives the form (Edit's with the record's History beside it); the action hands the request to
 * `submit` (which saves, or answers the form).
 */
export function recordFormRoutes<Record extends { _id: unknown }, Loaded extends object, Answer>(
  kind: ManagedKind<Record>,
  {
    page,
    submit,
  }: {
    page: (opened: { request: Request; actor: SessionUser; record?: Record }) => Loaded | Promise<Loaded>;
    submit: (request: Request, actor: SessionUser, record?: Record) => Promise<Answer>;
  },
) {
  const guardAdd = (request: Request) => requireUserWith(request, kind.permission);
  const guardEdit = ({ request, params }: LoaderFunctionArgs) => requireManagedRecord(request, params[kind.param], kind);
  return {
    addLoader: async ({ request }: LoaderFunctionArgs) => page({ request, actor: await guardAdd(request) }),
    editLoader: async (args: LoaderFunctionArgs) => {
      const { actor, record } = await guardEdit(args);
      return withHistory(actor, kind.entity, record, page({ request: args.request, actor, record }));
    },
    action: async (args: ActionFunctionArgs) => {
      const { actor, record } = args.params[kind.param] === undefined ? { actor: await guardAdd(args.request) } : await guardEdit(args);
      return submit(args.request, actor, record);
    },
  };
}

/** The logo an edit form shows for a record (clients, companies, compounds): its 200 px thumbnail, else the logo. */
export const logoOf = (record: { logo?: string | null; thumbnails?: { w200?: string | null } | null }) =>
  record.thumbnails?.w200 ?? record.logo ?? null;

/** A form with a logo (clients, companies, compounds, the company logos page): its body read within LOGO_UPLOAD's limit; one too large
 *  or unreadable is answered at once (`answer`: the form again, saying why, with `extra`). */
export async function readLogoForm<Extra extends object>(request: Request, extra: Extra) {
  const read = await readUploadForm(request, LOGO_UPLOAD);
  return "error" in read ? { answer: unreadableForm(read, extra, { tooLargeOn: "logo" }) } : { form: read.form };
}

/** saveRecordForm for a form with a logo: `save` is given the values, the chosen logo file as the models store it (its
 *  bytes, or null for none) and whether to remove the current one; an unusable logo (not an image, too large once
 *  decoded) is refused on the Logo field, beside the form's own `refused`. */
export function saveWithLogo<Value extends { logo?: File; removeLogo?: boolean }, Saved, Extra extends object>(
  request: Request,
  submission: Submission<Value>,
  {
    save,
    refused,
    ...options
  }: Omit<SaveOptions<Value, Saved, Extra>, "save"> & {
    save: (values: Omit<Value, "logo" | "removeLogo">, logo: LogoUpload, removeLogo: boolean) => Promise<Saved>;
  },
) {
  return saveRecordForm(request, submission, {
    ...options,
    save: async ({ logo: file, removeLogo = false, ...values }) =>
      save(values, file ? { data: new Uint8Array(await file.arrayBuffer()), filename: file.name } : null, removeLogo),
    refused: (error) => (error instanceof ImageError ? { field: "logo", message: error.message } : refused?.(error)),
  });
}
