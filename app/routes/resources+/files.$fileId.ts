import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";

import { findPermittedFile } from "~/models/file.server";
import { requireUser } from "~/services/auth.server";
import { notFound } from "~/utils/not-found.server";

/**
 * Serves a stored file (logos, attachments) to a signed-in user who may see what it belongs to; unknown and forbidden
 * ids get the same 404 (a page when a browser opened the address). Files never change under an id: cache hard, privately.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const file = await findPermittedFile({ id: params.fileId ?? "", user });
  if (!file) throw notFound(request, "File not found");
  const etag = `"${params.fileId}"`;
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers: { ETag: etag } });
  const contentType = String(file.metadata.contentType ?? "application/octet-stream");
  return new Response(createReadableStreamFromReadable(file.open()), {
    headers: {
      "Content-Type": contentType,
      "Content-Length": String(file.length),
      "Cache-Control": "private, max-age=31536000, immutable",
      ETag: etag,
      "X-Content-Type-Options": "nosniff",
      // Uploaded files are shown inline only when they are images; anything else downloads.
      "Content-Disposition": `${contentType.startsWith("image/") && contentType !== "image/svg+xml" ? "inline" : "attachment"}; filename="${encodeURIComponent(file.filename)}"`,
    },
  });
}
