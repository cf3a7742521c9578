import { describe, expect, test } from "vitest";

import { prefixPattern, queryWords, searchTokens } from "#common/search";

describe("search tokens", () => {
  test("words are lower case, accents folded, split on anything else, each once", () => {
    expect(searchTokens("Lecanemab (Leqembi®) — Eisai/Biogen", "Éisai, Phase 3", null)).toEqual([
      "lecanemab",
      "leqembi",
      "eisai",
      "biogen",
      "phase",
      "3",
    ]);
    expect(searchTokens("NCT03887455; TRAILBLAZER-ALZ 2")).toEqual(["nct03887455", "trailblazer", "alz", "2"]);
  });

  test("a search box gives at most five words of at most 40 characters, and a pattern that matches word starts", () => {
    expect(queryWords("  Alzhéimer's   disease ")).toEqual(["alzheimer", "s", "disease"]);
    expect(queryWords("a b c d e f g")).toHaveLength(5);
    expect(queryWords("x".repeat(100))[0]).toHaveLength(40);
    expect(queryWords(null)).toEqual([]);
    expect(prefixPattern("alz").test("alzheimer")).toBe(true);
    expect(prefixPattern("alz").test("salz")).toBe(false);
  });
});
