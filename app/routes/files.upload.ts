import type { ActionFunctionArgs } from "@remix-run/node";

import { ATTACHMENT_MAX_BYTES } from "#common/constants";
import { requireUserWith } from "~/services/auth.server";
import { AttachmentError, ATTACHMENTS_PER_UPLOAD, storeAttachments } from "~/utils/attachments.server";
import { readUploadForm } from "~/utils/request.server";

// POST /files/upload (user-app §7), multipart field 'file' (one or several): the news editor's attachments, checked from
// their bytes and stored for the uploader until the item is saved. Answers { files: [{ name, link }] } in the order
// sent, or { error } with 400 (nothing to store, an empty file, an unreadable form), 413 (too large, too many) or 415
// (not a kind of file accepted); a refused file stores none. A resource route answers with Responses: `data()` here
// would lose its status on the way out (Remix serialises it as a 200).
const answer = (body: { files: Array<{ name: string; link: string }> } | { error: string }, status = 200) =>
  Response.json(body, { status });

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWith(request, "news:manage");
  const tooLarge = `Attach at most ${ATTACHMENTS_PER_UPLOAD} files of ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB.`;
  const read = await readUploadForm(request, { maxBytes: ATTACHMENTS_PER_UPLOAD * ATTACHMENT_MAX_BYTES, tooLarge });
  if ("error" in read) return answer({ error: read.error }, read.status);
  const files = read.form.getAll("file").filter((f): f is File => typeof f !== "string");
  if (!files.length) return answer({ error: "Choose a file to upload." }, 400);
  try {
    return answer({ files: await storeAttachments(user, files) });
  } catch (error) {
    if (error instanceof AttachmentError) return answer({ error: error.message }, error.status);
    throw error;
  }
}
