import mongoose, { type Types } from "mongoose";
import { connectDb } from "./connection.server";

// Uploaded and generated files live in GridFS (bucket "files"), so every app server sees the same files.
// They are addressed as `/files/<id>` (app/routes/files.$fileId.ts).

export function filesBucket() {
  const db = mongoose.connection.db;
  if (!db) throw new Error("not connected: call connectDb() first");
  return new mongoose.mongo.GridFSBucket(db, { bucketName: "files" });
}

export function fileUrl(id: Types.ObjectId | string) {
  return `/files/${String(id)}`;
}

export function storeFile(filename: string, data: Buffer, metadata: { contentType: string } & Record<string, unknown>) {
  const bucket = filesBucket();
  return new Promise<Types.ObjectId>((resolve, reject) => {
    const stream = bucket.openUploadStream(filename, { metadata });
    stream.once("finish", () => resolve(stream.id as Types.ObjectId));
    stream.once("error", reject);
    stream.end(data);
  });
}

/** The file's record and a web stream of its bytes, or null when there is no such file. */
export async function openFile(id: string) {
  if (!mongoose.isValidObjectId(id)) return null;
  await connectDb();
  const objectId = new mongoose.Types.ObjectId(id);
  const [file] = await filesBucket().find({ _id: objectId }).limit(1).toArray();
  if (!file) return null;
  const stream = filesBucket().openDownloadStream(objectId);
  return { file, body: stream };
}
