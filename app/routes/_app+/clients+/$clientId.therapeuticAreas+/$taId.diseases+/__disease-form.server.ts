import { setImmediate } from "node:timers/promises";
import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import mongoose from "mongoose";

import { JS_FIELD } from "~/components/forms";
import type { DiseaseSettings } from "~/models/disease.server";
import { sheetConfig } from "~/utils/env.server";
import { parseForm } from "~/utils/form-schema";
import { can } from "~/utils/permissions";
import { readUploadForm, rethrowResponse } from "~/utils/request.server";
import type { SessionUser } from "~/utils/session.server";
import { errorMessage, SheetSourceError } from "~/utils/sheets/errors.server";
import { testSheet, type SheetTestResult } from "~/utils/sheets/sheet-test.server";
import { readSource } from "~/utils/sheets/source.server";
import { guardWorkbook, type WorkbookKind } from "~/utils/sheets/upload-guard.server";
import {
  checkWorkbook,
  currentUpload,
  dropKeptWorkbook,
  findKeptWorkbook,
  keepWorkbook,
  removeUploadedWorkbook,
  saveUploadedWorkbook,
  workbookFilename,
  type CheckedWorkbook,
  type KeptWorkbook,
} from "~/utils/sheets/upload.server";
import { redirectWithToast } from "~/utils/toast.server";

import { chosenSource, diseaseSchema, SHEET_ID, TEST_SHEET_INTENT, WORKBOOK_REQUIRED } from "./__disease-form";

/** A workbook refused for these reasons is not kept for the next submission; one whose header row was not found
 *  at the Headers Range is (the admin may correct the range). */
const KEEPABLE = new Set(["bad-range"]);

const WORKBOOK_GONE = "The workbook chosen before is no longer here: choose the file again.";

/** The workbook a submission brings: a file chosen now, else the one kept from the last submission. */
async function workbookOf(
  form: FormData,
  user: SessionUser,
): Promise<{ filename: string; data: Buffer; kept: KeptWorkbook | null } | null> {
  const file = form.get("workbook");
  const keptId = form.get("keptWorkbook");
  if (file instanceof Blob && (file.size > 0 || (file as File).name)) {
    if (typeof keptId === "string" && keptId) await dropKeptWorkbook(user, keptId);
    const data = Buffer.from(await file.arrayBuffer());
    await setImmediate(); // reading a large file back is a step of its own (a 20 MB one: about 20 ms)
    return { filename: (file as File).name || "workbook", data, kept: null };
  }
  const kept = await findKeptWorkbook(user, typeof keptId === "string" ? keptId : undefined);
  return kept ? { filename: kept.filename, data: kept.data, kept: { id: kept.id, filename: kept.filename } } : null;
}

/**
 * The disease form's action, for Add (`diseaseId` absent) and Edit: field errors back to the form; 'Test sheet' reads
 * the chosen source as typed — the Google Sheet, or the workbook chosen in the form, else the disease's uploaded one —
 * and answers with what it found, saving nothing; otherwise `save`, then the source: a chosen workbook (checked from
 * its bytes before anything is saved, so a refused file changes nothing) becomes the disease's, or choosing Google
 * again drops the uploaded one. Then back to the list with `done` — or, when the save fails, the form as typed with the
 * spec's `failed` message on it (a disease just added is removed again).
 */
export async function submitDiseaseForm(
  request: Request,
  {
    user,
    diseaseId,
    save,
    undo,
    done,
    failed,
    back,
  }: {
    user: SessionUser;
    diseaseId?: string;
    /** Saves the settings; the disease's id. */
    save: (settings: DiseaseSettings) => Promise<string>;
    /** Add: removes the disease `save` created, when its workbook could not be stored. */
    undo?: (id: string) => Promise<unknown>;
    done: string;
    failed: string;
    back: string;
  },
) {
  const limit = sheetConfig().SHEET_UPLOAD_MAX_BYTES;
  const body = await readUploadForm(request, {
    maxBytes: limit,
    tooLarge: `The workbook is larger than the limit of ${Math.round(limit / 1024 / 1024)} MB.`,
  });
  const answer = (
    result: unknown,
    status: number,
    extra: { sheetTest?: SheetTestResult | null; keptWorkbook?: KeptWorkbook | null } = {},
  ) =>
    data(
      { result: result as SubmissionResult<string[]>, sheetTest: extra.sheetTest ?? null, keptWorkbook: extra.keptWorkbook ?? null },
      { status },
    );
  if ("error" in body) return answer({ status: "error", error: { workbook: [body.error] } }, body.status);
  const form = body.form;

  const current = diseaseId ? await currentUpload(diseaseId) : null;
  const submission = parseForm(form, { schema: diseaseSchema({ hasWorkbook: Boolean(current) }) });
  const source = chosenSource(form.get("source"), Boolean(current));
  const testing = form.get("intent") === TEST_SHEET_INTENT;
  const admin = can(user, "sheet:manage");

  // The upload source's workbook, checked from its bytes as every upload is (upload.server.ts): with the settings
  // when they are valid, else the byte checks alone, so a refused file is reported with the other errors.
  const workbook = source === "upload" ? await workbookOf(form, user) : null;
  let checked: CheckedWorkbook | null = null;
  let kind: WorkbookKind | null = null;
  let workbookError: string | null = null;
  // The schema saw a kept workbook's id; one that is not this user's (or expired) is no workbook.
  if (source === "upload" && !workbook && !current && form.get("keptWorkbook")) workbookError = WORKBOOK_GONE;
  if (workbook) {
    try {
      if (submission.status === "success") ({ kind } = checked = await checkWorkbook(workbook, submission.value));
      else kind = await guardWorkbook(workbook.data, workbookFilename(workbook.filename));
    } catch (error) {
      if (!(error instanceof SheetSourceError)) throw error;
      workbookError = errorMessage(error, { admin });
      if (KEEPABLE.has(error.code)) kind = await guardWorkbook(workbook.data, workbookFilename(workbook.filename)).catch(() => null);
    }
  }
  // A page sent back cannot refill a file input: without JavaScript, a new workbook that passed the byte checks is
  // kept for the next submission (with JavaScript the browser still holds the chosen file).
  let kept = workbook?.kept ?? null;
  const keep = async () => {
    if (workbook && !workbook.kept && kind && form.get(JS_FIELD) !== "1")
      kept = await keepWorkbook(user, { filename: workbookFilename(workbook.filename), data: workbook.data, kind });
    return kept;
  };
  const workbookErrors = workbookError ? { fieldErrors: { workbook: [workbookError] } } : undefined;

  if (submission.status !== "success") return answer(submission.reply(workbookErrors), 400, { keptWorkbook: await keep() });
  const { source: _source, workbook: _file, keptWorkbook: _kept, ...fields } = submission.value;
  // The Sheet ID is kept with an upload as typed, if it is one (its field is hidden then, so it is not checked).
  const settings: DiseaseSettings = {
    ...fields,
    sheetId: source === "google" || SHEET_ID.test(fields.sheetId ?? "") ? (fields.sheetId ?? "") : "",
  };

  if (testing) {
    let sheetTest: SheetTestResult;
    if (source === "google") {
      sheetTest = await testSheet(settings, () => readSource({ _id: new mongoose.Types.ObjectId(), ...settings }, null), { admin });
    } else if (checked) {
      sheetTest = await testSheet(settings, async () => checked.read, { admin, filename: checked.filename });
    } else if (!workbook && current) {
      sheetTest = await testSheet(settings, () => readSource({ _id: new mongoose.Types.ObjectId(), ...settings }, current), {
        admin,
        filename: current.filename,
      });
    } else {
      sheetTest = { ok: false, error: workbookError ?? WORKBOOK_REQUIRED };
    }
    return answer(submission.reply(), 200, { sheetTest, keptWorkbook: await keep() });
  }
  if (workbookErrors) return answer(submission.reply(workbookErrors), 400, { keptWorkbook: await keep() });

  let saved: string | undefined;
  try {
    saved = await save(settings);
    if (source === "upload" && checked)
      await saveUploadedWorkbook(saved, checked, { uploadedBy: user._id, kept: workbook?.kept ?? undefined });
    else if (source === "google" && current) await removeUploadedWorkbook(saved);
  } catch (error) {
    rethrowResponse(error);
    console.warn("disease save failed", error);
    if (saved && undo) await undo(saved).catch((undoError: unknown) => console.warn("could not remove the half-added disease", undoError));
    return answer(submission.reply({ formErrors: [failed] }), 500, { keptWorkbook: await keep() });
  }
  return redirectWithToast(request, back, { type: "success", message: done });
}
