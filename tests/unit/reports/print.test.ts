// @vitest-environment jsdom
// Fitting a report to the printed page: the zoom chosen for its width, and the sheet
// left as it was after printing. (jsdom has no layout: the sheet's widths are stubbed; the browser tests print for real.)
import { describe, expect, test } from "vitest";

import { fitForPrint, PRINT_WIDTH, printZoom } from "~/reports/print";

describe("printZoom", () => {
  test("a report that fits the page keeps its size", () => {
    expect(printZoom(PRINT_WIDTH - 1)).toBe(1);
  });

  test("a wider report is zoomed out to the page width, side by side, however wide: every column on the first page", () => {
    expect(printZoom(PRINT_WIDTH * 1.6)).toBe(1 / 1.6);
    expect(printZoom(PRINT_WIDTH * 3)).toBe(1 / 3);
  });
});

describe("fitForPrint", () => {
  test("zooms the sheet to the page and undoes it after printing", () => {
    const sheet = document.createElement("div");
    sheet.style.padding = "0 20px";
    sheet.style.border = "0px solid";
    sheet.getBoundingClientRect = () => ({ width: 40 + PRINT_WIDTH * 1.5 }) as DOMRect;
    document.body.append(sheet);
    const undo = fitForPrint(sheet);
    expect([...sheet.classList]).toEqual(["printing"]);
    expect(sheet.style.getPropertyValue("--print-zoom")).toBe("0.66");
    expect(sheet.style.width).toBe("");
    undo();
    expect([...sheet.classList]).toEqual([]);
    expect(sheet.style.getPropertyValue("--print-zoom")).toBe("");
  });
});
