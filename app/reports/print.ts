// Printing a report whole: the browser lays a page out at the paper's width and cuts what is wider (Chromium first
// shrinks it, but by at most 1.5×), so before printing the report is measured and zoomed to fit the page width.
import { drawEverything } from "./render/progressive";

/** Printable width of a landscape page in CSS px: Letter (11 in; A4 is wider) less the 10 mm @page margins of
 *  app/styles/reports.css, as Chromium lays it out (981 px across unscaled; A4 1048). Fits either paper. */
export const PRINT_WIDTH = 980;
/**
 * The zoom that fits a report of width `width` on the page. Never wrapped: every phase column stays on the first
 * page, side by side, as on screen (issue 14: a board's last phase printed on a second row); a very wide report
 * prints small rather than cut or split.
 */
export function printZoom(width: number): number {
  return Math.min(1, PRINT_WIDTH / width);
}

/** Width of `sheet`'s content at its narrowest (min-content, every scroller open): what print has to fit. */
function contentWidth(sheet: HTMLElement) {
  const style = getComputedStyle(sheet);
  const frame = ["paddingLeft", "paddingRight", "borderLeftWidth", "borderRightWidth"] as const;
  return sheet.getBoundingClientRect().width - frame.reduce((sum, side) => sum + Number.parseFloat(style[side]), 0);
}

/**
 * Lays `sheet` out for print (the `printing` class: scrollers open, the report at its natural width) and sets the zoom
 * that fits it on the page (`--print-zoom`, applied by the print style sheet).
 * Runs from `beforeprint`, before the browser lays the page out; the returned function undoes it (`afterprint`).
 */
export function fitForPrint(sheet: HTMLElement): () => void {
  // Every row of a windowed table, at once: the browser lays the pages out as soon as this returns.
  const release = drawEverything(sheet, true);
  sheet.classList.add("printing");
  sheet.style.width = "min-content";
  const zoom = printZoom(contentWidth(sheet));
  sheet.style.width = "";
  // In hundredths, rounded down: zoomed borders stay whole pixels, which adds a few px to a wide board.
  sheet.style.setProperty("--print-zoom", String(Math.floor(zoom * 100) / 100));
  return () => {
    release();
    sheet.classList.remove("printing");
    sheet.style.removeProperty("--print-zoom");
  };
}
