// What makes two news items "the same" for the fetch queue (issue 16): the same article link, or the same title once
// case, accents, punctuation and spacing are ignored. Every news item keeps these keys (db/models/news.server.ts), so
// a fetched article is dropped when its disease already has it — fetched, drafted or published.

/** A text as words only: "Lecanemab's  Phase-3 (CLARITY)!" → "lecanemab s phase 3 clarity". */
export function normalisedText(text: string | null | undefined): string {
  return (text ?? "")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** Query parameters that only track who clicked: the same article with other values is the same article. */
const TRACKING = /^(utm_.*|fbclid|gclid|mc_cid|mc_eid|ref|rss|cmpid)$/i;

/** An article's address as a key: scheme, "www.", fragment, tracking parameters and a trailing slash ignored; the other
 *  parameters sorted. Null for anything that is not an http(s) address. */
export function normalisedLink(link: string | null | undefined): string | null {
  let url: URL;
  try {
    url = new URL((link ?? "").trim());
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const params = [...url.searchParams].filter(([name]) => !TRACKING.test(name)).sort(([a], [b]) => a.localeCompare(b));
  const query = new URLSearchParams(params).toString();
  return `${url.hostname.replace(/^www\./, "")}${url.pathname.replace(/\/+$/, "")}${query ? `?${query}` : ""}`;
}

/** The keys a news item is known by: its normalised title and each of its sources' links. */
export function fetchKeysOf(item: { title?: string | null; sources?: ReadonlyArray<{ link?: string | null }> | null }): string[] {
  const keys = new Set<string>();
  const title = normalisedText(item.title);
  if (title) keys.add(`t:${title}`);
  for (const s of item.sources ?? []) {
    const link = normalisedLink(s.link);
    if (link) keys.add(`l:${link}`);
  }
  return [...keys];
}

/**
 * Finds which keywords a text mentions: a keyword matches when its words appear in the text in order as whole words
 * ("PD-1" matches "anti-PD-1 antibody", "ALS" does not match "also"). Built once per run for every active keyword;
 * phrases are looked up by their first word, so a text costs about one map lookup per word however many keywords there
 * are (500 entries against 4,000 keywords: `npm run bench:db`).
 */
export function keywordMatcher<K extends { name: string }>(keywords: readonly K[]) {
  const phrases = new Map<string, { order: number; words: string[]; keywords: K[] }>();
  for (const k of keywords) {
    const phrase = normalisedText(k.name);
    if (!phrase) continue;
    const known = phrases.get(phrase);
    if (known) known.keywords.push(k);
    else phrases.set(phrase, { order: phrases.size, words: phrase.split(" "), keywords: [k] });
  }
  const byFirstWord = new Map<string, Array<{ order: number; words: string[]; keywords: K[] }>>();
  for (const p of phrases.values()) byFirstWord.set(p.words[0]!, [...(byFirstWord.get(p.words[0]!) ?? []), p]);
  return (...texts: Array<string | null | undefined>): K[] => {
    const words = texts.map(normalisedText).join(" ").split(" ");
    const found = new Set<{ order: number; keywords: K[] }>();
    words.forEach((word, at) => {
      for (const p of byFirstWord.get(word) ?? []) if (p.words.every((w, i) => words[at + i] === w)) found.add(p);
    });
    return [...found].sort((a, b) => a.order - b.order).flatMap((p) => p.keywords);
  };
}
