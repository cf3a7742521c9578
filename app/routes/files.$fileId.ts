import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { openFile } from "#db/files.server";
import { requireUser } from "~/utils/session.server";

/** Serves a stored file (logos, attachments) to signed-in users. Files never change under an id: cache hard. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const etag = `"${params.fileId}"`;
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers: { ETag: etag } });
  const found = await openFile(params.fileId ?? "");
  if (!found) throw new Response("File not found", { status: 404 });
  const { file, body } = found;
  const contentType = String(file.metadata?.contentType ?? "application/octet-stream");
  return new Response(createReadableStreamFromReadable(body), {
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
