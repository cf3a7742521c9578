import { fileTypeFromBuffer } from "file-type";

import { ATTACHMENT_MAX_BYTES } from "#common/constants";
import { attachmentTooLarge } from "#common/messages";
import { deleteFile, deleteFilesOf, fileUrl, findFile, storeFile } from "#db/files.server";

import { imageKindOf } from "./images.server";
import type { SessionUser } from "./session.server";

// News attachments (user-app §5): files an admin uploads while writing an item, through one endpoint (POST
// /files/upload) with JavaScript or with the form itself without. What a file is, is read from its bytes, never from
// its name or the browser's claim; it is stored with the type found, and served as a download (images inline).
// An upload belongs to its uploader (`pending:<user id>`) until the item is saved and claims it; uploads never saved
// with an item are deleted a day later, the next time that admin uploads.

/** At most this many files in one upload (and one form). */
export const ATTACHMENTS_PER_UPLOAD = 10;
const ABANDONED_AFTER_MS = 24 * 3600 * 1000;

/** A refused upload: its message for the form, and the status POST /files/upload answers it with. */
export class AttachmentError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 | 415 = 400,
  ) {
    super(message);
  }
}

export const pendingOwner = (user: Pick<SessionUser, "_id">) => `pending:${String(user._id)}`;

const OOXML: Record<string, string> = {
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
};
const OLE2: Record<string, string> = { doc: "application/msword", xls: "application/vnd.ms-excel", ppt: "application/vnd.ms-powerpoint" };
const TEXT: Record<string, string> = { txt: "text/plain; charset=utf-8", csv: "text/csv; charset=utf-8" };

/** The content type of an accepted attachment, from its bytes (file-type; the Office formats of old share one
 *  container, told apart by the name); null for anything else. */
export async function sniffAttachment(data: Uint8Array, filename: string): Promise<string | null> {
  const ext = filename.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? "";
  const image = await imageKindOf(data);
  if (image) return `image/${image}`;
  const found = await fileTypeFromBuffer(data);
  if (found?.ext === "pdf") return "application/pdf";
  if (found && found.ext in OOXML) return OOXML[found.ext]!;
  if (found?.ext === "cfb") return OLE2[ext] ?? null;
  if (!found && TEXT[ext] && !data.subarray(0, 64 * 1024).includes(0)) {
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(data.subarray(0, 64 * 1024 - 4));
      return TEXT[ext];
    } catch {
      return null;
    }
  }
  return null;
}

/** Checks and stores uploaded files as `user`'s pending attachments; their names and links, in order. Throws
 *  AttachmentError (with a message for the form) and stores nothing when any file is refused. */
export async function storeAttachments(user: SessionUser, files: File[]) {
  if (files.length > ATTACHMENTS_PER_UPLOAD) throw new AttachmentError(`Attach at most ${ATTACHMENTS_PER_UPLOAD} files at once.`, 413);
  const checked: Array<{ name: string; data: Buffer; contentType: string }> = [];
  for (const file of files) {
    const name = file.name.replace(/[\\/]/g, "_").slice(0, 200) || "attachment";
    if (file.size === 0) throw new AttachmentError(`"${name}" is empty.`);
    if (file.size > ATTACHMENT_MAX_BYTES) throw new AttachmentError(attachmentTooLarge(name), 413);
    const data = Buffer.from(await file.arrayBuffer());
    const contentType = await sniffAttachment(data, name);
    if (!contentType) throw new AttachmentError(`"${name}" is not a PDF, an image, an Office document or a text file.`, 415);
    checked.push({ name, data, contentType });
  }
  const owner = pendingOwner(user);
  await deleteFilesOf(owner, { before: new Date(Date.now() - ABANDONED_AFTER_MS) });
  const stored: Array<{ name: string; link: string }> = [];
  for (const file of checked)
    stored.push({
      name: file.name,
      link: fileUrl(await storeFile(file.name, file.data, { contentType: file.contentType, purpose: "news-attachment", owner })),
    });
  return stored;
}

/** Deletes a stored file if it is an attachment of the news item `newsId` (links to anything else are left alone). */
export async function deleteOwnedAttachment(fileId: string, newsId: string) {
  const file = await findFile(fileId);
  if (file?.metadata.purpose === "news-attachment" && file.metadata.owner === newsId) await deleteFile(file.id);
}
