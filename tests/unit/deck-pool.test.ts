import { expect, test, vi } from "vitest";

import { EXPORT_BUSY, EXPORT_FAILED } from "#common/messages";
import { buildDeck, DECK_QUEUE_LIMIT, DECK_WORKERS, stopDeckWorkers, type DeckJob } from "~/services/deck-pool.server";

// The deck workers (docs/decisions/020): decks come back as .pptx bytes; a job that fails, or whose worker dies, answers
// the export's error message instead of hanging, and the next job still gets its deck; a full queue refuses at once.

const newsJob = (count: number): DeckJob => ({
  deck: "news",
  items: Array.from({ length: count }, (_, i) => ({
    title: `Readout ${i}`,
    publishedAt: "2026-03-02T00:00:00.000Z",
    summary: "The readout in words. ".repeat(20),
    priority: "High",
    categories: ["Trial Results"],
    companies: ["Eisai"],
    compounds: [],
    sources: [{ name: "Press", link: "https://example.com/press" }],
  })),
  info: { client: "Alpha", range: "01/03/2026 – 31/03/2026", filters: [] },
});
/** What the pool logged for operators, taken (the test setup fails a test that leaves a console.error behind). */
function takeLogged() {
  const logged = vi.mocked(console.error).mock.calls.map((call) => call.join(" "));
  vi.mocked(console.error).mockClear();
  return logged;
}
const slides = (bytes: Uint8Array) =>
  new Set(
    Buffer.from(bytes)
      .toString("latin1")
      .match(/ppt\/slides\/slide\d+\.xml/g),
  ).size;

test("a deck comes back as .pptx bytes; a job the deck code fails on answers the export's error, and the worker goes on", async () => {
  const deck = await buildDeck(newsJob(3));
  if (!deck.ok) throw new Error(deck.message);
  expect(Buffer.from(deck.bytes.subarray(0, 2)).toString()).toBe("PK");
  expect(slides(deck.bytes)).toBe(1 + 1 + 3);
  const broken = { deck: "report", model: { type: "timeline-table" }, info: { title: "T", exportedAt: new Date() } } as unknown as DeckJob;
  expect(await buildDeck(broken)).toEqual({ ok: false, message: EXPORT_FAILED });
  expect(takeLogged()).toEqual([expect.stringMatching(/^report deck not built: Error: The deck could not be built: TypeError/)]);
  const after = await buildDeck(newsJob(1));
  expect(after.ok && slides(after.bytes)).toBe(3);
}, 60_000);

test("a worker that dies fails its job (no request hangs), and the next job gets a fresh worker", async () => {
  const running = buildDeck(newsJob(200));
  await stopDeckWorkers();
  expect(await running).toEqual({ ok: false, message: EXPORT_FAILED });
  expect(takeLogged()).toEqual(["news deck not built: Error: The deck worker stopped (exit code 1) before the deck was built"]);
  const next = await buildDeck(newsJob(2));
  expect(next.ok && slides(next.bytes)).toBe(4);
}, 60_000);

test("jobs beyond the workers and the queue are refused at once; the others are all built", async () => {
  const results = await Promise.all(Array.from({ length: DECK_WORKERS + DECK_QUEUE_LIMIT + 3 }, () => buildDeck(newsJob(1))));
  expect(results.slice(-3)).toEqual([1, 2, 3].map(() => ({ ok: false, message: EXPORT_BUSY })));
  expect(results.slice(0, -3).every((r) => r.ok)).toBe(true);
}, 60_000);
