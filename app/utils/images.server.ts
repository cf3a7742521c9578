import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";

import { IMAGE_MAX_BYTES } from "#common/constants";
import { LOGO_TOO_LARGE } from "#common/messages";
import { fileUrl, storeFile, type FilePurpose } from "#db/files.server";

// Uploaded images (client logos, later company and compound logos): recognised from their bytes, decoded and
// re-encoded with sharp — so what is stored and served is always a plain PNG made here, never the uploaded bytes (an
// SVG with script, a polyglot file) — and stored in GridFS with 80 and 200 px wide thumbnails.

/** Larger pictures are refused before decoding (a small file can claim a huge canvas). */
const MAX_PIXELS = 40_000_000;
const LOGO_SIZE = 512;

export class ImageError extends Error {}

const IMAGE_KINDS = { png: "png", jpg: "jpeg", gif: "gif", webp: "webp" } as const;

/** The kinds accepted, recognised from the bytes by file-type: PNG, JPEG, GIF and WebP (an animated PNG is a PNG). */
export async function imageKindOf(data: Uint8Array): Promise<(typeof IMAGE_KINDS)[keyof typeof IMAGE_KINDS] | null> {
  const found = await fileTypeFromBuffer(data);
  const ext = found?.ext === "apng" ? "png" : found?.ext;
  return ext && ext in IMAGE_KINDS ? IMAGE_KINDS[ext as keyof typeof IMAGE_KINDS] : null;
}

export interface StoredImage {
  logo: string;
  thumbnails: { w80: string; w200: string };
}

/**
 * Checks and stores a logo for `owner`: at most IMAGE_MAX_BYTES, a PNG, JPEG, GIF or WebP by its bytes, decodable, at
 * most MAX_PIXELS; stored as a PNG of at most 512 px with its thumbnails. Throws ImageError with a message for the form.
 */
export async function storeLogo(data: Uint8Array, filename: string, owner: { purpose: FilePurpose; id: string }): Promise<StoredImage> {
  if (data.byteLength > IMAGE_MAX_BYTES) throw new ImageError(LOGO_TOO_LARGE);
  if (!(await imageKindOf(data))) throw new ImageError("Choose a PNG, JPEG, GIF or WebP image.");
  // The canvas the header claims, read before any pixel is decoded (a pixel flood: a small file, a huge canvas).
  const { width = 0, height = 0 } = await sharp(data, { limitInputPixels: false })
    .metadata()
    .catch(() => ({ width: 0, height: 0 }));
  if (width * height > MAX_PIXELS)
    throw new ImageError(`The image is ${width} × ${height} pixels: choose one of at most ${MAX_PIXELS / 1_000_000} megapixels.`);
  // sharp's own limit as well: the decoder refuses more pixels than that whatever the header said.
  const source = () => sharp(data, { limitInputPixels: MAX_PIXELS, failOn: "error" }).rotate();
  let sizes: Buffer[];
  try {
    sizes = await Promise.all(
      [LOGO_SIZE, 80, 200].map((width) =>
        source().resize({ width, height: width, fit: "inside", withoutEnlargement: true }).png().toBuffer(),
      ),
    );
  } catch {
    throw new ImageError("The image could not be read. Choose another file.");
  }
  const base =
    filename
      .replace(/\.[^.]*$/, "")
      .replace(/[^\p{L}\p{N}_-]+/gu, "-")
      .slice(0, 80) || "logo";
  const meta = (kind: string, width: number) => ({ contentType: "image/png", purpose: owner.purpose, owner: owner.id, kind, width });
  const [logo, w80, w200] = await Promise.all([
    storeFile(`${base}.png`, sizes[0]!, meta("logo", LOGO_SIZE)),
    storeFile(`${base}-w80.png`, sizes[1]!, meta("thumbnail", 80)),
    storeFile(`${base}-w200.png`, sizes[2]!, meta("thumbnail", 200)),
  ]);
  return { logo: fileUrl(logo), thumbnails: { w80: fileUrl(w80), w200: fileUrl(w200) } };
}
