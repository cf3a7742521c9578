import mongoose, { type Types } from "mongoose";
import { connectDb } from "#db/connection.server";
import { deleteFile, storeFile } from "#db/files.server";
import { SheetCache, type SheetCacheDoc } from "#db/models/sheet-cache.server";
import { SheetSourceError } from "./errors.server";
import { parseHeaderRange } from "./range.server";
import { refreshSheet, type RefreshResult } from "./refresh.server";
import type { ReadResult } from "./source.server";
import { configKeyOf, loadDisease, objectId, statusOf, writeCopy, type SheetStatus, type Upload } from "./store.server";
import { guardWorkbook } from "./upload-guard.server";
import { parseWorkbook } from "./workbook.server";

/**
 * An uploaded workbook becomes the disease's source: checked (size, magic bytes, zip pre-check), parsed with
 * the disease's Sheet Name and Headers Range, stored in GridFS and cached. A file that fails any step is not
 * stored and the previous source and copy stay as they were (the SheetSourceError says why).
 */
export async function storeUploadedWorkbook(input: {
  diseaseId: string | Types.ObjectId;
  filename: string;
  data: Buffer;
  uploadedBy?: string | Types.ObjectId;
}): Promise<SheetStatus> {
  await connectDb();
  const diseaseId = objectId(input.diseaseId);
  const disease = await loadDisease(diseaseId);
  const filename = input.filename.replace(/[\\/]/g, "_").replace(/[^\p{L}\p{N} ._()-]/gu, "").slice(-120) || "workbook";
  const kind = await guardWorkbook(input.data, filename);
  const range = parseHeaderRange(disease.range);
  const parsed = await parseWorkbook(input.data, kind, range, disease.sheetName);
  if (parsed.rows.length === 0 || parsed.rows[0].length === 0) {
    throw new SheetSourceError("unreadable", `"${filename}" has no header row at ${disease.range || "A1"}. Check the Headers Range of the disease or the file.`);
  }
  const contentType = kind === "xlsx" ? "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" : "text/csv";
  const file = await storeFile(filename, input.data, { contentType, purpose: "sheet-upload", owner: String(diseaseId) });
  const upload: Upload = {
    file,
    filename,
    kind,
    size: input.data.length,
    uploadedAt: new Date(),
    uploadedBy: input.uploadedBy ? new mongoose.Types.ObjectId(String(input.uploadedBy)) : undefined,
  };
  const read: ReadResult = { rows: parsed.rows, source: "upload", headerRow: range.headerRow, firstColumn: range.firstColumn, sheetName: parsed.sheetName };
  const previous = await writeCopy(diseaseId, read, { configKey: configKeyOf(disease, upload), fetchedAt: new Date(), upload });
  if (previous?.upload?.file && !previous.upload.file.equals(file)) await deleteFile(previous.upload.file);
  return statusOf((await SheetCache.findOne({ disease: diseaseId }).lean()) as SheetCacheDoc | null, disease);
}

/** Goes back to Google Sheets: forgets the uploaded workbook and refreshes from the Sheet ID. */
export async function removeUploadedWorkbook(diseaseId: string | Types.ObjectId): Promise<RefreshResult> {
  await connectDb();
  const id = objectId(diseaseId);
  const previous = await SheetCache.findOneAndUpdate({ disease: id }, { $unset: { upload: 1 } }, { returnDocument: "before", lean: true });
  if (previous?.upload?.file) await deleteFile(previous.upload.file);
  return refreshSheet(id);
}

