import { domToBlob } from "modern-screenshot";
import { whenDrawn } from "./render/progressive";

/** user-app §9: image export scale. */
export const EXPORT_SCALE = 2.5;

/** Saves `node` (the report with its title and footnotes) as a PNG at 2.5× once every chunk is drawn, whole. */
export async function exportAsImage(node: HTMLElement, fileName: string) {
  await whenDrawn(node);
  node.classList.add("exporting"); // scrollers open up, so the image holds the whole report
  let blob: Blob;
  try {
    blob = await domToBlob(node, { scale: EXPORT_SCALE, type: "image/png", backgroundColor: "#ffffff" });
  } finally {
    node.classList.remove("exporting");
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
