// Printing a report whole: the browser lays a page out at the paper's width and cuts what is wider (Chromium first
// shrinks it, but by at most 1.5×), so before printing the report is measured and zoomed to fit the page width.
import { drawEverything } from "./render/progressive";

/** Printable width of a landscape page in CSS px: Letter (11 in; A4 is wider) less the 10 mm @page margins of
 *  app/styles/reports.css, as Chromium lays it out (981 px across unscaled; A4 1048). Fits either paper. */
export const PRINT_WIDTH = 980;
/** Below this zoom the text is too small to read on paper: board columns wrap onto further rows instead. */
export const MIN_PRINT_ZOOM = 0.5;

/**
 * The zoom that fits a report on the page: `oneRow` is its width with the board columns side by side; only when that
 * would go below MIN_PRINT_ZOOM does `wrap()` wrap them and give the width then. A report that cannot wrap (a wide
 * table) still fits the page, even below MIN_PRINT_ZOOM: small print beats a cut report.
 */
export function printZoom(oneRow: number, wrap: () => number): number {
  const zoom = Math.min(1, PRINT_WIDTH / oneRow);
  return zoom >= MIN_PRINT_ZOOM ? zoom : Math.min(MIN_PRINT_ZOOM, PRINT_WIDTH / wrap());
}

/** Width of `sheet`'s content at its narrowest (min-content, every scroller open): what print has to fit. */
function contentWidth(sheet: HTMLElement) {
  const style = getComputedStyle(sheet);
  const frame = ["paddingLeft", "paddingRight", "borderLeftWidth", "borderRightWidth"] as const;
  return sheet.getBoundingClientRect().width - frame.reduce((sum, side) => sum + Number.parseFloat(style[side]), 0);
}

/**
 * Lays `sheet` out for print (the `printing` class: scrollers open, the chart at the page width; `print-wrap`: board
 * columns wrap) and sets the zoom that fits it on the page (`--print-zoom`, applied by the print style sheet).
 * Runs from `beforeprint`, before the browser lays the page out; the returned function undoes it (`afterprint`).
 */
export function fitForPrint(sheet: HTMLElement): () => void {
  // Every row of a windowed table, at once: the browser lays the pages out as soon as this returns.
  const release = drawEverything(sheet, true);
  sheet.classList.add("printing");
  sheet.style.width = "min-content";
  const zoom = printZoom(contentWidth(sheet), () => {
    sheet.classList.add("print-wrap");
    return contentWidth(sheet);
  });
  sheet.style.width = "";
  // In hundredths, rounded down: zoomed borders stay whole pixels, which adds a few px to a wide board.
  sheet.style.setProperty("--print-zoom", String(Math.floor(zoom * 100) / 100));
  return () => {
    release();
    sheet.classList.remove("printing", "print-wrap");
    sheet.style.removeProperty("--print-zoom");
  };
}
