import mongoose, { type Types } from "mongoose";

import { connectDb } from "#db/connection.server";
import { claimFiles, deleteFile, deleteFilesOf, findFile, storeFile } from "#db/files.server";
import { SheetCache, type SheetCacheDoc } from "#db/models/sheet-cache.server";

import { pendingOwner } from "../attachments.server";
import type { SessionUser } from "../session.server";
import { refreshSheet, type RefreshResult } from "./refresh.server";
import { readGridFsFile, readWorkbook, type DiseaseSource, type ReadResult, type Upload } from "./source.server";
import { configKeyOf, loadDisease, objectId, sheetStatusOf, STATUS_ONLY, writeCopy, type SheetStatus } from "./store.server";
import type { WorkbookKind } from "./upload-guard.server";

// Uploaded workbooks. One path for every way a workbook arrives — the disease form (Add and Edit), the sheet resource
// (scripts, and the seed): checkWorkbook() runs the checks of upload-guard.server.ts on the bytes and reads them with
// the Sheet Name and Headers Range they will be used with, storing nothing; saveUploadedWorkbook() then makes the
// checked workbook the disease's source. A file that fails a check is never stored, and the previous source and copy
// stay as they were (the SheetSourceError says why).
//
// A workbook chosen in the disease form whose submission did not save (a field error, or 'Test sheet') is kept for
// its uploader (`pending:<user id>`, like news attachments), so without JavaScript — where a page sent back cannot
// refill a file input — the next Add still has it. Kept workbooks are never served; one not used within a day is
// deleted the next time that user keeps one.

const KEPT_FOR_MS = 24 * 3600 * 1000;

/** A workbook that passed the checks and was read with the settings it is meant for. */
export interface CheckedWorkbook {
  filename: string;
  data: Buffer;
  kind: WorkbookKind;
  read: ReadResult;
}

/** A workbook kept for its uploader between two submissions of the disease form. */
export interface KeptWorkbook {
  id: string;
  filename: string;
}

/** The name a workbook is stored and shown under: no path, no odd characters, at most 120 characters. */
export function workbookFilename(name: string) {
  return (
    name
      .replace(/[\\/]/g, "_")
      .replace(/[^\p{L}\p{N} ._()-]/gu, "")
      .slice(-120) || "workbook"
  );
}

const contentTypeOf = (kind: WorkbookKind) =>
  kind === "xlsx" ? "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" : "text/csv";

/** Checks a workbook's bytes (size, magic bytes, zip pre-check) and reads it with `settings`; stores nothing. */
export async function checkWorkbook(
  input: { filename: string; data: Buffer },
  settings: Pick<DiseaseSource, "sheetName" | "range">,
): Promise<CheckedWorkbook> {
  const filename = workbookFilename(input.filename);
  const { read, kind } = await readWorkbook(input.data, filename, settings);
  return { filename, data: input.data, kind, read };
}

/**
 * Makes a checked workbook the disease's source: stored in GridFS (or, for a kept workbook, that file claimed for the
 * disease), the copy cached, the previous upload's file deleted. Read with the disease's current settings.
 */
export async function saveUploadedWorkbook(
  diseaseId: string | Types.ObjectId,
  workbook: CheckedWorkbook,
  { uploadedBy, kept }: { uploadedBy?: string | Types.ObjectId; kept?: KeptWorkbook } = {},
): Promise<SheetStatus> {
  await connectDb();
  const id = objectId(diseaseId);
  const disease = await loadDisease(id);
  let file: Types.ObjectId;
  if (kept && uploadedBy) {
    await claimFiles([kept.id], { from: pendingOwner({ _id: new mongoose.Types.ObjectId(String(uploadedBy)) }), to: String(id) });
    file = new mongoose.Types.ObjectId(kept.id);
  } else {
    file = await storeFile(workbook.filename, workbook.data, {
      contentType: contentTypeOf(workbook.kind),
      purpose: "sheet-upload",
      owner: String(id),
    });
  }
  const upload: Upload = {
    file,
    filename: workbook.filename,
    kind: workbook.kind,
    size: workbook.data.length,
    uploadedAt: new Date(),
    uploadedBy: uploadedBy ? new mongoose.Types.ObjectId(String(uploadedBy)) : undefined,
  };
  const previous = await writeCopy(id, workbook.read, {
    configKey: configKeyOf(disease, upload),
    fetchedAt: new Date(),
    upload,
    version: { trigger: "upload", by: uploadedBy },
  });
  if (previous?.upload?.file && !previous.upload.file.equals(file)) await deleteFile(previous.upload.file);
  return sheetStatusOf((await SheetCache.findOne({ disease: id }).select(STATUS_ONLY).lean()) as SheetCacheDoc | null, disease);
}

/**
 * An uploaded workbook becomes the disease's source: checked, read with the disease's Sheet Name and Headers Range,
 * stored and cached (the sheet resource's upload, and the seed).
 */
export async function storeUploadedWorkbook(input: {
  diseaseId: string | Types.ObjectId;
  filename: string;
  data: Buffer;
  uploadedBy?: string | Types.ObjectId;
}): Promise<SheetStatus> {
  await connectDb();
  const disease = await loadDisease(objectId(input.diseaseId));
  const workbook = await checkWorkbook(input, disease);
  return saveUploadedWorkbook(input.diseaseId, workbook, { uploadedBy: input.uploadedBy });
}

/** Goes back to Google Sheets: forgets the uploaded workbook and refreshes from the Sheet ID (`by`: who asked). */
export async function removeUploadedWorkbook(diseaseId: string | Types.ObjectId, by?: string | Types.ObjectId): Promise<RefreshResult> {
  await connectDb();
  const id = objectId(diseaseId);
  const previous = await SheetCache.findOneAndUpdate({ disease: id }, { $unset: { upload: 1 } }, { returnDocument: "before", lean: true });
  if (previous?.upload?.file) await deleteFile(previous.upload.file);
  return refreshSheet(id, by);
}

/** The disease's uploaded workbook, if it has one (the disease form's 'keep the current workbook'). */
export async function currentUpload(diseaseId: string | Types.ObjectId): Promise<Upload | null> {
  await connectDb();
  const header = (await SheetCache.findOne({ disease: objectId(diseaseId) })
    .select("upload")
    .lean()) as Pick<SheetCacheDoc, "upload"> | null;
  return header?.upload ?? null;
}

/** Keeps a workbook that passed the byte checks for `user`'s next submission of the form. */
export async function keepWorkbook(
  user: Pick<SessionUser, "_id">,
  workbook: { filename: string; data: Buffer; kind: WorkbookKind },
): Promise<KeptWorkbook> {
  await connectDb();
  const owner = pendingOwner(user);
  await deleteFilesOf(owner, { before: new Date(Date.now() - KEPT_FOR_MS) });
  const id = await storeFile(workbook.filename, workbook.data, {
    contentType: contentTypeOf(workbook.kind),
    purpose: "sheet-upload",
    owner,
  });
  return { id: String(id), filename: workbook.filename };
}

/** A workbook kept for `user` (by the id the form sent back), with its bytes; null for any other id. */
export async function findKeptWorkbook(
  user: Pick<SessionUser, "_id">,
  id: string | undefined,
): Promise<(KeptWorkbook & { data: Buffer }) | null> {
  if (!id) return null;
  const file = await findFile(id);
  if (!file || file.metadata.purpose !== "sheet-upload" || file.metadata.owner !== pendingOwner(user)) return null;
  return { id: String(file.id), filename: file.filename, data: await readGridFsFile(file.id) };
}

/** Deletes a workbook kept for `user` (replaced by a newly chosen file). */
export async function dropKeptWorkbook(user: Pick<SessionUser, "_id">, id: string) {
  if (await findFile(id).then((f) => f?.metadata.purpose === "sheet-upload" && f.metadata.owner === pendingOwner(user)))
    await deleteFile(id);
}
