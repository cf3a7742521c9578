import { domToBlob } from "modern-screenshot";

import { drawEverything, whenDrawn } from "./render/progressive";

/** user-app §9: image export scale. */
export const EXPORT_SCALE = 2.5;
/** Chromium's largest canvas: 16384² pixels in all, 65535 a side. */
export const MAX_CANVAS = { pixels: 16384 * 16384, side: 65535 };

/** 2.5, or for a report too big for a canvas at 2.5× (a table of several hundred rows) the largest scale that fits:
 *  saved whole, smaller, rather than not at all. */
export function exportScale(width: number, height: number) {
  return Math.min(EXPORT_SCALE, Math.sqrt(MAX_CANVAS.pixels / (width * height)), MAX_CANVAS.side / Math.max(width, height));
}

/** Elements of a report that scroll on screen: the export opens them, so it keeps their scroll offsets for after. */
const SCROLLERS = ".rb-columns, .rb-landscape3, .rt-chart-scroll, .rt-table-scroll";

/**
 * Saves `node` (the report with its title and footnotes) as a PNG at 2.5× once every chunk is drawn, whole: the
 * `exporting` class opens its scrollers and lets it grow to its content's full width (a board wider than the screen,
 * the chart) and height (long tables), and the image is taken at that size.
 */
export async function exportAsImage(node: HTMLElement, fileName: string) {
  // Every row of a windowed table, not only those near its scroll position.
  const release = drawEverything(node);
  await whenDrawn(node);
  const offsets = [...node.querySelectorAll<HTMLElement>(SCROLLERS)].map((el) => ({ el, left: el.scrollLeft, top: el.scrollTop }));
  node.classList.add("exporting");
  let blob: Blob;
  try {
    // Its box, or more if anything still overflows it (scroll size plus borders).
    const box = node.getBoundingClientRect();
    const width = Math.max(box.width, node.scrollWidth + node.offsetWidth - node.clientWidth);
    const height = Math.max(box.height, node.scrollHeight + node.offsetHeight - node.clientHeight);
    blob = await domToBlob(node, { width, height, scale: exportScale(width, height), type: "image/png", backgroundColor: "#ffffff" });
  } finally {
    release();
    node.classList.remove("exporting");
    for (const { el, left, top } of offsets) el.scrollTo(left, top);
  }
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
