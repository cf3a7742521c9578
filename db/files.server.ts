import mongoose, { type Types } from "mongoose";

import { isObjectId } from "#common/ids";

import { connectDb, trusted } from "./connection.server";
import { StoredFile } from "./models/stored-file.server";

// Uploaded and generated files live in GridFS (bucket "files"), so every app server sees the same files. Each file
// records what it belongs to — its purpose and the id of the owning record — and is served at `/resources/files/<id>` only to
// users who may see that owner (app/models/file.server.ts decides).

export type FilePurpose = "company-logo" | "compound-logo" | "client-logo" | "sheet-upload" | "sheet-version" | "news-attachment";

export interface FileMetadata {
  contentType: string;
  purpose: FilePurpose;
  /** Id of the company, client, disease or news item the file belongs to. */
  owner: string;
  [extra: string]: unknown;
}

export function filesBucket() {
  const db = mongoose.connection.db;
  if (!db) throw new Error("not connected: call connectDb() first");
  return new mongoose.mongo.GridFSBucket(db, { bucketName: "files" });
}

export function fileUrl(id: Types.ObjectId | string) {
  return `/resources/files/${String(id)}`;
}

export function storeFile(filename: string, data: Buffer, metadata: FileMetadata) {
  const bucket = filesBucket();
  return new Promise<Types.ObjectId>((resolve, reject) => {
    const stream = bucket.openUploadStream(filename, { metadata });
    stream.once("finish", () => resolve(stream.id as Types.ObjectId));
    stream.once("error", reject);
    stream.end(data);
  });
}

/** A stored file's record (name, length, metadata), or null when there is no such file. */
export async function findFile(id: string) {
  if (!isObjectId(id)) return null;
  await connectDb();
  const [file] = await filesBucket()
    .find({ _id: new mongoose.Types.ObjectId(id) })
    .limit(1)
    .toArray();
  if (!file) return null;
  const metadata = (file.metadata ?? {}) as Partial<FileMetadata>;
  return { id: file._id, filename: file.filename, length: file.length, metadata };
}

/** Removes a stored file; one already gone is fine. */
export async function deleteFile(id: Types.ObjectId | string) {
  if (!isObjectId(String(id))) return;
  await filesBucket()
    .delete(new mongoose.Types.ObjectId(String(id)))
    .catch(() => undefined);
}

/** The file id in a `fileUrl`, or null for any other address. */
export function fileIdOf(url: string | null | undefined) {
  const id = url?.match(/^\/resources\/files\/([0-9a-f]{24})$/i)?.[1];
  return id ?? null;
}

/** The bytes of a stored file as a Node stream. */
export function openFileStream(id: Types.ObjectId) {
  return filesBucket().openDownloadStream(id);
}

/** Moves uploads from one owner to another (a news item's pending uploads to the saved item); others are untouched. */
export async function claimFiles(ids: string[], { from, to }: { from: string; to: string }) {
  const valid = ids.filter(isObjectId);
  if (valid.length)
    await StoredFile.updateMany({ _id: trusted({ $in: valid }), "metadata.owner": from }, { $set: { "metadata.owner": to } });
}

/** Deletes an owner's files uploaded before `before` (uploads abandoned with the form they were made for). */
export async function deleteFilesOf(owner: string, { before }: { before: Date }) {
  const stale = await StoredFile.find({ "metadata.owner": owner, uploadDate: trusted({ $lt: before }) })
    .select("_id")
    .limit(100)
    .lean();
  for (const file of stale) await deleteFile(String(file._id));
}
