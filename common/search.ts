// Text search through an index: each searchable record keeps the words of its searchable texts in a token array
// (lower case, accents folded), with a multikey index. A search for "alz" is then /^alz/ on that array: an anchored,
// case-sensitive prefix, which the index serves as the range ["alz", "alx") element by element — never an unanchored
// case-insensitive regular expression, which no index can serve (docs/decisions/009).

/** The words of some texts as the index keeps them, each once: "Lecanemab (Leqembi®)" → ["lecanemab", "leqembi"]. */
export function searchTokens(...texts: Array<string | null | undefined>): string[] {
  const words = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const word of text
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u))
      if (word) words.add(word);
  }
  return [...words];
}

/** The words of what someone typed in a search box (at most 5, each at most 40 characters). */
export function queryWords(query: string | null | undefined): string[] {
  return searchTokens((query ?? "").slice(0, 200))
    .map((w) => w.slice(0, 40))
    .slice(0, 5);
}

/** Array elements that start with `prefix` (a word of `queryWords`). An explicit { $gte, $lt } range would be wrong on
 *  an array: two different elements may meet its two ends. */
export function prefixPattern(prefix: string) {
  return new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);
}

/** A name as two spellings of it compare equal: accents, case, runs of spaces (no-break and zero-width ones too) and
 *  typographic quotes ignored ("Eisai  Co." = "eisai co.", a sheet's "Alzheimer’s disease" = "Alzheimer's disease"). */
export const nameKey = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[\u2018\u2019\u201a\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f\u2033]/g, '"')
    .replace(/[\u200b-\u200d\u2060\ufeff]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
