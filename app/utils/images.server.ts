import sharp from "sharp";
import { fileUrl, storeFile, type FilePurpose } from "#db/files.server";

// Uploaded images (client logos, later company and compound logos): recognised from their bytes, decoded and
// re-encoded with sharp — so what is stored and served is always a plain PNG made here, never the uploaded bytes (an
// SVG with script, a polyglot file) — and stored in GridFS with 80 and 200 px wide thumbnails.

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Larger pictures are refused before decoding (a small file can claim a huge canvas). */
const MAX_PIXELS = 40_000_000;
const LOGO_SIZE = 512;

export class ImageError extends Error {}

/** The kinds accepted, by their first bytes: PNG, JPEG, GIF and WebP. */
export function sniffImage(data: Uint8Array): "png" | "jpeg" | "gif" | "webp" | null {
  const starts = (...bytes: number[]) => bytes.every((b, i) => data[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (starts(0xff, 0xd8, 0xff)) return "jpeg";
  if (starts(0x47, 0x49, 0x46, 0x38)) return "gif";
  if (starts(0x52, 0x49, 0x46, 0x46) && data[8] === 0x57 && data[9] === 0x45 && data[10] === 0x42 && data[11] === 0x50) return "webp";
  return null;
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
  if (data.byteLength > IMAGE_MAX_BYTES) throw new ImageError(`The image is larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB.`);
  if (!sniffImage(data)) throw new ImageError("Choose a PNG, JPEG, GIF or WebP image.");
  const source = () => sharp(data, { limitInputPixels: MAX_PIXELS, failOn: "error" }).rotate();
  let sizes: Buffer[];
  try {
    sizes = await Promise.all(
      [LOGO_SIZE, 80, 200].map((width) => source().resize({ width, height: width, fit: "inside", withoutEnlargement: true }).png().toBuffer()),
    );
  } catch {
    throw new ImageError("The image could not be read. Choose another file.");
  }
  const base = filename.replace(/\.[^.]*$/, "").replace(/[^\p{L}\p{N}_-]+/gu, "-").slice(0, 80) || "logo";
  const meta = (kind: string, width: number) => ({ contentType: "image/png", purpose: owner.purpose, owner: owner.id, kind, width });
  const [logo, w80, w200] = await Promise.all([
    storeFile(`${base}.png`, sizes[0]!, meta("logo", LOGO_SIZE)),
    storeFile(`${base}-w80.png`, sizes[1]!, meta("thumbnail", 80)),
    storeFile(`${base}-w200.png`, sizes[2]!, meta("thumbnail", 200)),
  ]);
  return { logo: fileUrl(logo), thumbnails: { w80: fileUrl(w80), w200: fileUrl(w200) } };
}
