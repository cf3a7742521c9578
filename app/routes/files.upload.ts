import { data, type ActionFunctionArgs } from "@remix-run/node";
import { ATTACHMENT_MAX_BYTES, ATTACHMENTS_PER_UPLOAD, AttachmentError, storeAttachments } from "~/utils/attachments.server";
import { requireUserWith } from "~/utils/auth.server";
import { readUploadForm } from "~/utils/request.server";

// POST /files/upload (user-app §7), multipart field 'file' (one or several): the news editor's attachments, checked from
// their bytes and stored for the uploader until the item is saved. Answers { files: [{ name, link }] } in the order
// sent, or { error } with 400 (a refused file: none is stored) or 413 (too large).
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWith(request, "news:manage");
  const tooLarge = `Attach at most ${ATTACHMENTS_PER_UPLOAD} files of ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB.`;
  const read = await readUploadForm(request, { maxBytes: ATTACHMENTS_PER_UPLOAD * ATTACHMENT_MAX_BYTES, tooLarge });
  if ("error" in read) return data({ error: read.error }, { status: read.status });
  const files = read.form.getAll("file").filter((f): f is File => typeof f !== "string");
  if (!files.length) return data({ error: "Choose a file to upload." }, { status: 400 });
  try {
    return { files: await storeAttachments(user, files) };
  } catch (error) {
    if (error instanceof AttachmentError) return data({ error: error.message }, { status: 400 });
    throw error;
  }
}
