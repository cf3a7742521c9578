import { describe, expect, test } from "vitest";

import { INLINE_ITEMS, joinModel, PART_BYTES, PART_SLICE, sliceLength, splitModel } from "#workers/engine/parts";

describe("a model sent to the page in parts", () => {
  test("light items go PART_SLICE a message; heavy ones as many as PART_BYTES holds, never fewer than INLINE_ITEMS", () => {
    expect(sliceLength(Array.from({ length: 5000 }, (_, k) => ({ k })))).toBe(PART_SLICE);
    const heavy = Array.from({ length: 5000 }, (_, k) => ({ k, text: "x".repeat(2000) }));
    const n = sliceLength(heavy);
    expect(n).toBeLessThan(PART_SLICE);
    expect(JSON.stringify(heavy.slice(0, n)).length).toBeLessThanOrEqual(PART_BYTES);
    expect(JSON.stringify(heavy.slice(0, n + 20)).length).toBeGreaterThan(PART_BYTES);
    expect(sliceLength(Array.from({ length: 500 }, () => ({ text: "x".repeat(100_000) })))).toBe(INLINE_ITEMS);
  });

  test("the page puts the slices back together into the model the worker built", async () => {
    const model = {
      rows: Array.from({ length: 3000 }, (_, k) => ({ k, chips: Array.from({ length: 3 }, (_, c) => `event ${k}.${c} `.repeat(60)) })),
      items: Array.from({ length: 4500 }, (_, k) => k),
      stats: { shown: 7500 },
    };
    const { shell, parts } = splitModel(model);
    const slices = parts.map((p) => sliceLength(p.items));
    expect(slices[0]).toBeLessThan(PART_SLICE); // the rows: heavy
    expect(slices[1]).toBe(PART_SLICE);
    let messages = 0;
    const joined = await joinModel(
      structuredClone(shell),
      parts.map((p) => ({ path: p.path, length: p.items.length })),
      async (index, offset) => (messages++, structuredClone(parts[index]!.items.slice(offset, offset + slices[index]!))),
    );
    expect(joined).toEqual(model);
    expect(messages).toBe(Math.ceil(3000 / slices[0]!) + Math.ceil(4500 / PART_SLICE));
  });
});
