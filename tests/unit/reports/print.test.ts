// @vitest-environment jsdom
// Fitting a report to the printed page: the zoom chosen for its width, wrapping below a readable zoom, and the sheet
// left as it was after printing. (jsdom has no layout: the sheet's widths are stubbed; the browser tests print for real.)
import { describe, expect, test } from "vitest";
import { fitForPrint, MIN_PRINT_ZOOM, PRINT_WIDTH, printZoom } from "~/reports/print";

const noWrap = () => {
  throw new Error("wrapped a report that fits side by side");
};

describe("printZoom", () => {
  test("a report that fits the page keeps its size", () => {
    expect(printZoom(PRINT_WIDTH - 1, noWrap)).toBe(1);
  });

  test("a wider report is zoomed out to the page width, side by side, down to the readable limit", () => {
    expect(printZoom(PRINT_WIDTH * 1.6, noWrap)).toBe(1 / 1.6);
    expect(printZoom(PRINT_WIDTH / MIN_PRINT_ZOOM, noWrap)).toBe(MIN_PRINT_ZOOM);
  });

  test("below it the board columns wrap, at the readable limit", () => {
    expect(printZoom(PRINT_WIDTH * 3, () => PRINT_WIDTH * 1.2)).toBe(MIN_PRINT_ZOOM);
  });

  test("a report that cannot wrap (a wide table) is still fitted to the page: small print beats a cut report", () => {
    expect(printZoom(PRINT_WIDTH * 3, () => PRINT_WIDTH * 3)).toBe(1 / 3);
  });
});

describe("fitForPrint", () => {
  /** A sheet whose content is `oneRow` px wide side by side and `wrapped` px wrapped, inside 20 px padding. */
  function sheetOf(oneRow: number, wrapped: number) {
    const sheet = document.createElement("div");
    sheet.style.padding = "0 20px";
    sheet.style.border = "0px solid";
    sheet.getBoundingClientRect = () => ({ width: 40 + (sheet.classList.contains("print-wrap") ? wrapped : oneRow) }) as DOMRect;
    document.body.append(sheet);
    return sheet;
  }

  test("zooms the sheet to the page, side by side while readable, and undoes it after printing", () => {
    const sheet = sheetOf(PRINT_WIDTH * 1.5, PRINT_WIDTH);
    const undo = fitForPrint(sheet);
    expect([...sheet.classList]).toEqual(["printing"]);
    expect(sheet.style.getPropertyValue("--print-zoom")).toBe("0.66");
    expect(sheet.style.width).toBe("");
    undo();
    expect([...sheet.classList]).toEqual([]);
    expect(sheet.style.getPropertyValue("--print-zoom")).toBe("");
  });

  test("wraps the board columns when side by side would be too small to read", () => {
    const sheet = sheetOf(PRINT_WIDTH * 2.5, PRINT_WIDTH * 0.8);
    const undo = fitForPrint(sheet);
    expect([...sheet.classList]).toEqual(["printing", "print-wrap"]);
    expect(sheet.style.getPropertyValue("--print-zoom")).toBe(String(MIN_PRINT_ZOOM));
    undo();
    expect([...sheet.classList]).toEqual([]);
  });
});
