// @vitest-environment jsdom
// The image export's scale: 2.5 (user-app §9), unless the whole report would not fit in a browser canvas at 2.5×.
import { describe, expect, test } from "vitest";

import { EXPORT_SCALE, exportScale, MAX_CANVAS } from "~/reports/export-image";

describe("exportScale", () => {
  test("is 2.5 for a report a canvas holds at 2.5×, however wide", () => {
    expect(exportScale(1772, 1166)).toBe(EXPORT_SCALE);
    expect(exportScale(3373, 327)).toBe(EXPORT_SCALE);
    expect(exportScale(1320, 15_000)).toBe(EXPORT_SCALE);
  });

  test("shrinks a longer report just enough for the canvas to hold all of it", () => {
    for (const [width, height] of [
      [1320, 38_821],
      [1320, 76_700],
      [12_000, 9000],
    ]) {
      const scale = exportScale(width, height);
      expect(scale).toBeLessThan(EXPORT_SCALE);
      expect(Math.floor(width * scale) * Math.floor(height * scale)).toBeLessThanOrEqual(MAX_CANVAS.pixels);
      expect(Math.max(width, height) * scale).toBeLessThanOrEqual(MAX_CANVAS.side);
      // No smaller than it has to be: one limit or the other is (all but) reached.
      expect(Math.max((width * height * scale ** 2) / MAX_CANVAS.pixels, (Math.max(width, height) * scale) / MAX_CANVAS.side)).toBeCloseTo(
        1,
        6,
      );
    }
  });
});
