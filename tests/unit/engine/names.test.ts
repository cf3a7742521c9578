import { describe, expect, test } from "vitest";

import { distinctNames } from "#workers/engine/names";

describe("the names that tell records of one product apart", () => {
  test("a product listed once keeps its name; one listed more than once gets its segment, and its company where that is not enough", () => {
    const items = [
      { product: "Leqembi", segment: "Early AD", company: "Eisai" },
      { product: "posdinemab", segment: "Early AD", company: "J&J" },
      { product: "posdinemab", segment: "Preclinical AD", company: "J&J" },
      { product: "ABBV-1", segment: "Mild AD", company: "AbbVie" },
      { product: "ABBV-1", segment: "Mild AD", company: "Partner" },
      { product: "Trial drug", segment: "", company: "Acme" },
      { product: "Trial drug", segment: "", company: "" },
    ];
    const name = distinctNames(items);
    expect(items.map(name)).toEqual([
      "Leqembi",
      "posdinemab · Early AD",
      "posdinemab · Preclinical AD",
      "ABBV-1 · Mild AD · AbbVie",
      "ABBV-1 · Mild AD · Partner",
      "Trial drug · Acme",
      "Trial drug",
    ]);
  });
});
