// Generated placeholder logos: a rounded square in a colour derived from the name with white initials,
// rendered to PNG with sharp and stored like an uploaded logo.
import sharp from "sharp";

import type { FilePurpose } from "#db/files.server";
import { storeLogo, type StoredImage } from "~/utils/images.server";

import { hashString } from "./random";

const STOP_WORDS = new Set(["&", "and", "of", "the", "in", "inc.", "group", "corporation"]);

function initialsOf(name: string): string {
  const words = name.split(/[\s-]+/).filter((w) => w && !STOP_WORDS.has(w.toLowerCase()));
  if (words.length === 0) return "?";
  if (words.length === 1) {
    const w = words[0];
    if (w.length <= 4 && w === w.toUpperCase()) return w;
    return w[0].toUpperCase() + (w[1] ?? "").toLowerCase();
  }
  return (words[0][0] + words[1][0]).toUpperCase();
}

export function slugify(text: string, max = 80): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, max)
    .replace(/-+$/g, "");
}

function hslToHex(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function logoSvg(name: string): string {
  const hue = hashString(name) % 360;
  const from = hslToHex(hue, 0.62, 0.46);
  const to = hslToHex((hue + 28) % 360, 0.58, 0.34);
  const initials = initialsOf(name);
  const size = initials.length > 2 ? 72 : 100;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect x="8" y="8" width="240" height="240" rx="48" ry="48" fill="url(#g)"/>
  <text x="128" y="128" dy="${(size * 0.35).toFixed(0)}" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif" font-weight="700" font-size="${size}" fill="#ffffff">${escapeXml(initials)}</text>
</svg>`;
}

type StoredLogo = StoredImage & { logoName: string };

/** Renders the logo of `name` and stores it as its owner's, the way an uploaded logo is (PNG plus 80 and 200 px
 *  thumbnails: app/utils/images.server.ts). */
export async function storeGeneratedLogo(name: string, owner: { purpose: FilePurpose; id: string }): Promise<StoredLogo> {
  const slug = slugify(name) || "logo";
  const png = await sharp(Buffer.from(logoSvg(name)), { density: 144 })
    .resize({ width: 512 })
    .png()
    .toBuffer();
  return { ...(await storeLogo(png, `${slug}.png`, owner)), logoName: `${slug}.png` };
}

/** Runs `fn` over `items` with at most `limit` in flight, keeping the order of results. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
